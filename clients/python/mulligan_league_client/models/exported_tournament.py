from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExportedTournament")


@_attrs_define
class ExportedTournament:
    """
    Attributes:
        id (int):
        round_ (int):
        table (int):
        match_game (int): the game's number within its match
    """

    id: int
    round_: int
    table: int
    match_game: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        round_ = self.round_

        table = self.table

        match_game = self.match_game

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "round": round_,
                "table": table,
                "match_game": match_game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        round_ = d.pop("round")

        table = d.pop("table")

        match_game = d.pop("match_game")

        exported_tournament = cls(
            id=id,
            round_=round_,
            table=table,
            match_game=match_game,
        )

        exported_tournament.additional_properties = d
        return exported_tournament

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
