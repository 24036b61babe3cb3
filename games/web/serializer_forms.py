"""Django forms made from the API's request serializers, so a page offers every option the API takes,
with the same defaults and help text, and cannot drift from it.

The form only renders and collects: each field reads its value in the plainest way (text, a choice,
a checkbox, a JSON object) and the serializer itself validates the lot, so a page says exactly what
the API would answer for the same values.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any, ClassVar

from django import forms
from rest_framework import serializers
from rest_framework.fields import empty

from games.api.json_requests import FROM_A_FORM

# The words for a JSON object's field: a textarea in which a person writes ``{"high_risk": true}``.
JSON_OBJECT_HELP = 'a JSON object, e.g. {"high_risk": true}; {} for the defaults'


def writable_fields(serializer_class: type[serializers.Serializer]) -> dict[str, serializers.Field]:
    """The request fields of a serializer, in its order."""
    return {name: field for name, field in serializer_class().fields.items() if not field.read_only}


def _initial(field: serializers.Field) -> Any:
    default = field.default
    if default is empty:
        return None
    value = default() if callable(default) else default
    if isinstance(value, dict):
        return json.dumps(value)
    if isinstance(value, timedelta):
        return field.to_representation(value)
    return value


def _number_attrs(field: serializers.IntegerField) -> dict[str, Any]:
    attrs: dict[str, Any] = {"inputmode": "numeric"}
    if field.min_value is not None:
        attrs["min"] = field.min_value
    if field.max_value is not None:
        attrs["max"] = field.max_value
    return attrs


class JsonObjectField(forms.CharField):
    """A JSON object typed into a textarea; empty is ``{}``."""

    widget = forms.Textarea(attrs={"rows": 3, "cols": 50, "spellcheck": "false"})

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        if not text:
            return {}
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError):
            raise forms.ValidationError(f"not JSON: write {JSON_OBJECT_HELP}") from None
        if not isinstance(parsed, dict):
            raise forms.ValidationError(f"not an object: write {JSON_OBJECT_HELP}")
        return parsed


def form_field(field: serializers.Field, *, label: str, help_text: str) -> forms.Field:
    """The form field that collects what ``field`` takes (the serializer checks it afterwards)."""
    initial = _initial(field)
    # A field with a default shows it; emptying it is refused rather than silently defaulted.
    required = not getattr(field, "allow_null", False)
    common: dict[str, Any] = {"label": label, "help_text": help_text, "initial": initial}
    if isinstance(field, serializers.BooleanField):
        return forms.BooleanField(required=False, **common)
    if isinstance(field, serializers.ChoiceField):
        # Without a default the API makes one choose; so does the page, rather than preselect one.
        choose = [("", "choose…")] if field.default is empty else []
        return forms.ChoiceField(choices=[*choose, *field.choices.items()], required=required, **common)
    if isinstance(field, serializers.DictField):
        return JsonObjectField(required=False, **common)
    if isinstance(field, serializers.IntegerField):
        # Collected as text, so the serializer's own words refuse "3.5" or "many" as the API does.
        widget = forms.NumberInput(attrs=_number_attrs(field))
        return forms.CharField(required=required, empty_value=None, widget=widget, **common)
    attrs = {"maxlength": field.max_length} if getattr(field, "max_length", None) else {}
    return forms.CharField(required=required, widget=forms.TextInput(attrs=attrs), **common)


class SerializerForm(forms.Form):
    """A form whose fields are a serializer's request fields (see :func:`serializer_form`).

    ``is_valid()`` runs the serializer on what the fields collected; its errors land next to their
    fields, and ``validated_data`` is the serializer's, ready for the service the API calls.
    """

    serializer_class: ClassVar[type[serializers.Serializer]]
    validated_data: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        fields = writable_fields(self.serializer_class)
        # A value a field already refused is left out; the serializer must not refuse it again.
        payload = {name: value for name, value in cleaned.items() if name in fields}
        serializer = self.serializer_class(data=payload, context={FROM_A_FORM: True})
        if serializer.is_valid():
            self.validated_data = dict(serializer.validated_data)
            return cleaned
        for name, messages in serializer.errors.items():
            if name in self.errors:
                continue
            self.add_error(name if name in self.fields else None, _flat(messages))
        return cleaned

    def add_service_error(self, message: str, field: str | None) -> None:
        """A refusal from the service, next to the field it names (or above the form)."""
        self.add_error(field if field in self.fields else None, message)


def _flat(messages: Any) -> list[str]:
    """A serializer's errors for one field (a list, or a dict for a nested field) as lines."""
    if isinstance(messages, Mapping):
        return [f"{key}: {line}" for key, value in messages.items() for line in _flat(value)]
    if isinstance(messages, list):
        return [line for item in messages for line in _flat(item)]
    return [str(messages)]


def serializer_form(
    serializer_class: type[serializers.Serializer],
    *,
    labels: Mapping[str, str],
    fallback_help: Callable[[str], str] = lambda name: "",
    base: type[SerializerForm] = SerializerForm,
) -> type[SerializerForm]:
    """A :class:`SerializerForm` with one field per request field of ``serializer_class``, with its
    default as the initial value and its help text (``fallback_help(name)`` where it has none)."""
    attrs: dict[str, Any] = {"serializer_class": serializer_class}
    for name, field in writable_fields(serializer_class).items():
        help_text = str(field.help_text or fallback_help(name))
        attrs[name] = form_field(
            field, label=labels.get(name) or str(field.label or name), help_text=help_text
        )
    return type(f"{serializer_class.__name__}Form", (base,), attrs)
