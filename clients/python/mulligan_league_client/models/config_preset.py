from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.config_preset_config import ConfigPresetConfig


T = TypeVar("T", bound="ConfigPreset")


@_attrs_define
class ConfigPreset:
    """
    Attributes:
        name (str):
        label (str):
        config (ConfigPresetConfig): a config to send as it is
        help_ (str):
    """

    name: str
    label: str
    config: ConfigPresetConfig
    help_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        label = self.label

        config = self.config.to_dict()

        help_ = self.help_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "label": label,
                "config": config,
                "help": help_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.config_preset_config import ConfigPresetConfig

        d = dict(src_dict)
        name = d.pop("name")

        label = d.pop("label")

        config = ConfigPresetConfig.from_dict(d.pop("config"))

        help_ = d.pop("help")

        config_preset = cls(
            name=name,
            label=label,
            config=config,
            help_=help_,
        )

        config_preset.additional_properties = d
        return config_preset

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
