"""Request serializers that take a JSON body as the OpenAPI document describes it.

DRF's fields are lenient for HTML forms: ``"5"`` and ``5.0`` pass as an integer, ``0`` and ``"yes"``
as a boolean, ``5`` as a string, and text is trimmed before it is checked. A client generated from
the document sends JSON types; a request the document calls invalid must be refused, and one it
calls valid accepted. So for a JSON body (not a form, whose values are all text) each value must
have its field's JSON type before DRF reads it, and a text field that may not be blank says in the
document that it needs a character other than white space (``pattern: \\S``), as DRF trims it.

The pages' forms (``games.web.serializer_forms``, which say so in the serializer's context with
:data:`FROM_A_FORM`) and buttons (a form's QueryDict) hand these serializers text: both are read as
before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.validators import RegexValidator
from django.http import QueryDict
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engine import registered_games

STRING_REQUIRED = "Not a valid string."
FROM_A_FORM = "from_a_form"  # a serializer context key: the data is a page form's text
NOT_ONLY_WHITE_SPACE = RegexValidator(r"\S", message="This field may not be blank.")


def json_type_problem(field: serializers.Field, value: Any) -> str | None:
    """Why ``value`` (from a JSON body) is not of ``field``'s JSON type, in DRF's words, or None."""
    if value is None:
        return None  # DRF says whether the field takes null
    if isinstance(field, serializers.BooleanField):
        fits = isinstance(value, bool)
    elif isinstance(field, serializers.IntegerField):
        fits = not isinstance(value, bool) and (
            isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        )
    elif isinstance(field, serializers.FloatField | serializers.DecimalField):
        fits = isinstance(value, int | float) and not isinstance(value, bool)
    elif isinstance(field, serializers.ChoiceField):
        fits = isinstance(value, str) or not all(isinstance(key, str) for key in field.choices)
        return None if fits else STRING_REQUIRED
    elif isinstance(field, serializers.CharField | serializers.DateTimeField | serializers.DateField):
        fits = isinstance(value, str)
        return None if fits else STRING_REQUIRED
    else:
        return None
    return None if fits else str(field.error_messages["invalid"])


# A request serializer: JSON values in their JSON types (the module's docstring). No docstring of
# its own: drf-spectacular would give it to every request component that has none.
class JsonRequest(serializers.Serializer):  # type: ignore[type-arg]
    def get_fields(self) -> dict[str, serializers.Field]:
        fields: dict[str, serializers.Field] = super().get_fields()
        for field in fields.values():
            text = isinstance(field, serializers.CharField) and not isinstance(field, serializers.ChoiceField)
            if text and not field.allow_blank and field.trim_whitespace and not field.read_only:
                field.validators.append(NOT_ONLY_WHITE_SPACE)
        return fields

    def to_internal_value(self, data: Any) -> Any:
        root = self.root
        from_a_form = isinstance(getattr(root, "initial_data", None), QueryDict) or root.context.get(
            FROM_A_FORM
        )
        if isinstance(data, Mapping) and not from_a_form:
            errors = {
                name: [problem]
                for name, field in self.fields.items()
                if not field.read_only and name in data
                for problem in [json_type_problem(field, data[name])]
                if problem is not None
            }
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "enum": [game.id for game in registered_games()]})
class GameIdField(serializers.CharField):
    """A game id of the catalog. Text as before (an unknown one is the service's to refuse, with
    its words); the document lists the ids the registry holds."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault("help_text", "a game id from /api/catalog/, e.g. mulligan")
        super().__init__(**kwargs)
