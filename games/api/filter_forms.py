"""The list filters' form: a choice given empty (``?state=``) is refused, not read as "any".

django-filter reads an empty value as no filter, but the OpenAPI document lists a choice parameter
as its enum, which has no empty value: a client sending one sent something the document calls
invalid, and gets the 400 that names the parameter (schemathesis checks that such a request is
refused). A parameter left out still means "any".
"""

from __future__ import annotations

from typing import Any

from django import forms


class NoEmptyChoices(forms.Form):
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name, field in self.fields.items():
            if isinstance(field, forms.ChoiceField) and name in self.data and self.data.get(name) == "":
                self.add_error(name, "give one of the choices, or leave the parameter out for any")
        return cleaned
