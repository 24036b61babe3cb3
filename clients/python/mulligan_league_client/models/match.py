from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_ref import GameRef
    from ..models.seat import Seat


T = TypeVar("T", bound="Match")


@_attrs_define
class Match:
    """
    Attributes:
        table (int):
        seats (list[Seat]): in the seat order of the match's first game
        bye (bool):
        bracket_match (str):
        games (list[GameRef]):
        finished (bool):
        result (Any): by kind: two_seat, table, bye or walkover
    """

    table: int
    seats: list[Seat]
    bye: bool
    bracket_match: str
    games: list[GameRef]
    finished: bool
    result: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        bye = self.bye

        bracket_match = self.bracket_match

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        finished = self.finished

        result = self.result

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "seats": seats,
                "bye": bye,
                "bracket_match": bracket_match,
                "games": games,
                "finished": finished,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_ref import GameRef
        from ..models.seat import Seat

        d = dict(src_dict)
        table = d.pop("table")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        bye = d.pop("bye")

        bracket_match = d.pop("bracket_match")

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = GameRef.from_dict(games_item_data)

            games.append(games_item)

        finished = d.pop("finished")

        result = d.pop("result")

        match = cls(
            table=table,
            seats=seats,
            bye=bye,
            bracket_match=bracket_match,
            games=games,
            finished=finished,
            result=result,
        )

        match.additional_properties = d
        return match

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
