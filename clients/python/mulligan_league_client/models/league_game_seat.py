from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeagueGameSeat")


@_attrs_define
class LeagueGameSeat:
    """
    Attributes:
        seat (int):
        competitor (int):
        name (str):
        rank (int | None):
        score (float | None):
    """

    seat: int
    competitor: int
    name: str
    rank: int | None
    score: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        competitor = self.competitor

        name = self.name

        rank: int | None
        rank = self.rank

        score: float | None
        score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "competitor": competitor,
                "name": name,
                "rank": rank,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        competitor = d.pop("competitor")

        name = d.pop("name")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        def _parse_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        score = _parse_score(d.pop("score"))

        league_game_seat = cls(
            seat=seat,
            competitor=competitor,
            name=name,
            rank=rank,
            score=score,
        )

        league_game_seat.additional_properties = d
        return league_game_seat

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
