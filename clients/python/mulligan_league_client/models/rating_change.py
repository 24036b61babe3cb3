from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """
    Attributes:
        game (str): the game id
        game_pk (int): the game: /api/games/{game_pk}/
        rating_before (float):
        rating_after (float):
        delta (float):
        at (datetime.datetime):
    """

    game: str
    game_pk: int
    rating_before: float
    rating_after: float
    delta: float
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        game_pk = self.game_pk

        rating_before = self.rating_before

        rating_after = self.rating_after

        delta = self.delta

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "game_pk": game_pk,
                "rating_before": rating_before,
                "rating_after": rating_after,
                "delta": delta,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game = d.pop("game")

        game_pk = d.pop("game_pk")

        rating_before = d.pop("rating_before")

        rating_after = d.pop("rating_after")

        delta = d.pop("delta")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        rating_change = cls(
            game=game,
            game_pk=game_pk,
            rating_before=rating_before,
            rating_after=rating_after,
            delta=delta,
            at=at,
        )

        rating_change.additional_properties = d
        return rating_change

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
