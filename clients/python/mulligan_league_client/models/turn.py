from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Turn")


@_attrs_define
class Turn:
    """
    Attributes:
        game (int): the game's pk: /api/games/{game}/
        game_id (str): which game of the catalog, e.g. mulligan
        seats (list[int]): your seats that must act
        move_count (int): send it back as expected_move with your move
        deadline (datetime.datetime | None): when the turn times out, if it can
        seconds_left (float | None): until the deadline (0 when overdue)
        api_url (str):
        page_url (str):
    """

    game: int
    game_id: str
    seats: list[int]
    move_count: int
    deadline: datetime.datetime | None
    seconds_left: float | None
    api_url: str
    page_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        game_id = self.game_id

        seats = self.seats

        move_count = self.move_count

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        seconds_left: float | None
        seconds_left = self.seconds_left

        api_url = self.api_url

        page_url = self.page_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "game_id": game_id,
                "seats": seats,
                "move_count": move_count,
                "deadline": deadline,
                "seconds_left": seconds_left,
                "api_url": api_url,
                "page_url": page_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game = d.pop("game")

        game_id = d.pop("game_id")

        seats = cast(list[int], d.pop("seats"))

        move_count = d.pop("move_count")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        def _parse_seconds_left(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds_left = _parse_seconds_left(d.pop("seconds_left"))

        api_url = d.pop("api_url")

        page_url = d.pop("page_url")

        turn = cls(
            game=game,
            game_id=game_id,
            seats=seats,
            move_count=move_count,
            deadline=deadline,
            seconds_left=seconds_left,
            api_url=api_url,
            page_url=page_url,
        )

        turn.additional_properties = d
        return turn

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
