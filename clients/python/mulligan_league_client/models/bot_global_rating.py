from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BotGlobalRating")


@_attrs_define
class BotGlobalRating:
    """
    Attributes:
        game (str):
        rating (float):
        games_played (int):
    """

    game: str
    rating: float
    games_played: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        rating = self.rating

        games_played = self.games_played

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "rating": rating,
                "games_played": games_played,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game = d.pop("game")

        rating = d.pop("rating")

        games_played = d.pop("games_played")

        bot_global_rating = cls(
            game=game,
            rating=rating,
            games_played=games_played,
        )

        bot_global_rating.additional_properties = d
        return bot_global_rating

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
