from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LadderEntry")


@_attrs_define
class LadderEntry:
    """
    Attributes:
        competitor (int):
        name (str):
        kind (str):
        player (int | None):
        game_id (str):
        rating (float):
        provisional (bool): Still on the higher provisional K: too few games for the number to mean much yet.
        games_played (int | Unset):
    """

    competitor: int
    name: str
    kind: str
    player: int | None
    game_id: str
    rating: float
    provisional: bool
    games_played: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        competitor = self.competitor

        name = self.name

        kind = self.kind

        player: int | None
        player = self.player

        game_id = self.game_id

        rating = self.rating

        provisional = self.provisional

        games_played = self.games_played

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "competitor": competitor,
                "name": name,
                "kind": kind,
                "player": player,
                "game_id": game_id,
                "rating": rating,
                "provisional": provisional,
            }
        )
        if games_played is not UNSET:
            field_dict["games_played"] = games_played

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        competitor = d.pop("competitor")

        name = d.pop("name")

        kind = d.pop("kind")

        def _parse_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        player = _parse_player(d.pop("player"))

        game_id = d.pop("game_id")

        rating = d.pop("rating")

        provisional = d.pop("provisional")

        games_played = d.pop("games_played", UNSET)

        ladder_entry = cls(
            competitor=competitor,
            name=name,
            kind=kind,
            player=player,
            game_id=game_id,
            rating=rating,
            provisional=provisional,
            games_played=games_played,
        )

        ladder_entry.additional_properties = d
        return ladder_entry

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
