from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum

if TYPE_CHECKING:
    from ..models.seat_summary import SeatSummary


T = TypeVar("T", bound="GameListItem")


@_attrs_define
class GameListItem:
    """
    Attributes:
        id (int):
        game (str): the game id of the catalog
        status (GameStatusEnum): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        move_count (int):
        seats (list[SeatSummary]):
        created_at (datetime.datetime):
    """

    id: int
    game: str
    status: GameStatusEnum
    move_count: int
    seats: list[SeatSummary]
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = self.game

        status = self.status.value

        move_count = self.move_count

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "status": status,
                "move_count": move_count,
                "seats": seats,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_summary import SeatSummary

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        status = GameStatusEnum(d.pop("status"))

        move_count = d.pop("move_count")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatSummary.from_dict(seats_item_data)

            seats.append(seats_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        game_list_item = cls(
            id=id,
            game=game,
            status=status,
            move_count=move_count,
            seats=seats,
            created_at=created_at,
        )

        game_list_item.additional_properties = d
        return game_list_item

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
