from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Progress")


@_attrs_define
class Progress:
    """
    Attributes:
        games_finished (int):
        games_total (int): games started so far (a best-of adds games as needed)
        rounds_finished (int):
        planned_rounds (int | None):
    """

    games_finished: int
    games_total: int
    rounds_finished: int
    planned_rounds: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games_finished = self.games_finished

        games_total = self.games_total

        rounds_finished = self.rounds_finished

        planned_rounds: int | None
        planned_rounds = self.planned_rounds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games_finished": games_finished,
                "games_total": games_total,
                "rounds_finished": rounds_finished,
                "planned_rounds": planned_rounds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        games_finished = d.pop("games_finished")

        games_total = d.pop("games_total")

        rounds_finished = d.pop("rounds_finished")

        def _parse_planned_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        planned_rounds = _parse_planned_rounds(d.pop("planned_rounds"))

        progress = cls(
            games_finished=games_finished,
            games_total=games_total,
            rounds_finished=rounds_finished,
            planned_rounds=planned_rounds,
        )

        progress.additional_properties = d
        return progress

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
