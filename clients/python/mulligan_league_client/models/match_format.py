from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_format_kind_enum import MatchFormatKindEnum

T = TypeVar("T", bound="MatchFormat")


@_attrs_define
class MatchFormat:
    """
    Attributes:
        kind (MatchFormatKindEnum): * `best_of` - best_of
            * `table` - table
        games (int):
        scoring (str):
        description (str):
    """

    kind: MatchFormatKindEnum
    games: int
    scoring: str
    description: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        games = self.games

        scoring = self.scoring

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "games": games,
                "scoring": scoring,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = MatchFormatKindEnum(d.pop("kind"))

        games = d.pop("games")

        scoring = d.pop("scoring")

        description = d.pop("description")

        match_format = cls(
            kind=kind,
            games=games,
            scoring=scoring,
            description=description,
        )

        match_format.additional_properties = d
        return match_format

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
