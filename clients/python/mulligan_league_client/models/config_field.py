from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.config_choice import ConfigChoice


T = TypeVar("T", bound="ConfigField")


@_attrs_define
class ConfigField:
    """
    Attributes:
        name (str): the config key
        label (str):
        kind (str): int, bool, choice, list or json
        default (Any):
        choices (list[ConfigChoice]): kind choice: the values allowed
        min_ (int | None):
        max_ (int | None):
        help_ (str):
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: list[ConfigChoice]
    min_: int | None
    max_: int | None
    help_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        label = self.label

        kind = self.kind

        default = self.default

        choices = []
        for choices_item_data in self.choices:
            choices_item = choices_item_data.to_dict()
            choices.append(choices_item)

        min_: int | None
        min_ = self.min_

        max_: int | None
        max_ = self.max_

        help_ = self.help_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "label": label,
                "kind": kind,
                "default": default,
                "choices": choices,
                "min": min_,
                "max": max_,
                "help": help_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.config_choice import ConfigChoice

        d = dict(src_dict)
        name = d.pop("name")

        label = d.pop("label")

        kind = d.pop("kind")

        default = d.pop("default")

        choices = []
        _choices = d.pop("choices")
        for choices_item_data in _choices:
            choices_item = ConfigChoice.from_dict(choices_item_data)

            choices.append(choices_item)

        def _parse_min_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_ = _parse_min_(d.pop("min"))

        def _parse_max_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_ = _parse_max_(d.pop("max"))

        help_ = d.pop("help")

        config_field = cls(
            name=name,
            label=label,
            kind=kind,
            default=default,
            choices=choices,
            min_=min_,
            max_=max_,
            help_=help_,
        )

        config_field.additional_properties = d
        return config_field

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
