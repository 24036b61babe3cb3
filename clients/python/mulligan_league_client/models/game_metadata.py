from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.config_field import ConfigField
    from ..models.config_preset import ConfigPreset


T = TypeVar("T", bound="GameMetadata")


@_attrs_define
class GameMetadata:
    """A registered game, as ``GET /api/catalog/`` lists it.

    Attributes:
        id (str): the game id other requests take, e.g. mulligan
        name (str):
        min_players (int):
        max_players (int):
        simultaneous (bool):
        chance (bool):
        hidden_information (bool):
        rules (None | str): the rules text's file name
        scoring (str):
        table_talk (bool):
        duplicate_deals (bool):
        bots (list[str]): the built-in bots' names
        config_fields (list[ConfigField]):
        config_presets (list[ConfigPreset]):
    """

    id: str
    name: str
    min_players: int
    max_players: int
    simultaneous: bool
    chance: bool
    hidden_information: bool
    rules: None | str
    scoring: str
    table_talk: bool
    duplicate_deals: bool
    bots: list[str]
    config_fields: list[ConfigField]
    config_presets: list[ConfigPreset]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        min_players = self.min_players

        max_players = self.max_players

        simultaneous = self.simultaneous

        chance = self.chance

        hidden_information = self.hidden_information

        rules: None | str
        rules = self.rules

        scoring = self.scoring

        table_talk = self.table_talk

        duplicate_deals = self.duplicate_deals

        bots = self.bots

        config_fields = []
        for config_fields_item_data in self.config_fields:
            config_fields_item = config_fields_item_data.to_dict()
            config_fields.append(config_fields_item)

        config_presets = []
        for config_presets_item_data in self.config_presets:
            config_presets_item = config_presets_item_data.to_dict()
            config_presets.append(config_presets_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "min_players": min_players,
                "max_players": max_players,
                "simultaneous": simultaneous,
                "chance": chance,
                "hidden_information": hidden_information,
                "rules": rules,
                "scoring": scoring,
                "table_talk": table_talk,
                "duplicate_deals": duplicate_deals,
                "bots": bots,
                "config_fields": config_fields,
                "config_presets": config_presets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.config_field import ConfigField
        from ..models.config_preset import ConfigPreset

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        min_players = d.pop("min_players")

        max_players = d.pop("max_players")

        simultaneous = d.pop("simultaneous")

        chance = d.pop("chance")

        hidden_information = d.pop("hidden_information")

        def _parse_rules(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rules = _parse_rules(d.pop("rules"))

        scoring = d.pop("scoring")

        table_talk = d.pop("table_talk")

        duplicate_deals = d.pop("duplicate_deals")

        bots = cast(list[str], d.pop("bots"))

        config_fields = []
        _config_fields = d.pop("config_fields")
        for config_fields_item_data in _config_fields:
            config_fields_item = ConfigField.from_dict(config_fields_item_data)

            config_fields.append(config_fields_item)

        config_presets = []
        _config_presets = d.pop("config_presets")
        for config_presets_item_data in _config_presets:
            config_presets_item = ConfigPreset.from_dict(config_presets_item_data)

            config_presets.append(config_presets_item)

        game_metadata = cls(
            id=id,
            name=name,
            min_players=min_players,
            max_players=max_players,
            simultaneous=simultaneous,
            chance=chance,
            hidden_information=hidden_information,
            rules=rules,
            scoring=scoring,
            table_talk=table_talk,
            duplicate_deals=duplicate_deals,
            bots=bots,
            config_fields=config_fields,
            config_presets=config_presets,
        )

        game_metadata.additional_properties = d
        return game_metadata

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
