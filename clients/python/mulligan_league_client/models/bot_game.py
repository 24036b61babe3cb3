from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum

if TYPE_CHECKING:
    from ..models.bot_game_seat import BotGameSeat
    from ..models.bot_seat import BotSeat


T = TypeVar("T", bound="BotGame")


@_attrs_define
class BotGame:
    """
    Attributes:
        id (int):
        game (str):
        status (GameStatusEnum): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        rated (bool):
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        seats (list[BotGameSeat]):
        bot_seats (list[BotSeat]): the seats this bot held
    """

    id: int
    game: str
    status: GameStatusEnum
    rated: bool
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    seats: list[BotGameSeat]
    bot_seats: list[BotSeat]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = self.game

        status = self.status.value

        rated = self.rated

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        bot_seats = []
        for bot_seats_item_data in self.bot_seats:
            bot_seats_item = bot_seats_item_data.to_dict()
            bot_seats.append(bot_seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "status": status,
                "rated": rated,
                "created_at": created_at,
                "finished_at": finished_at,
                "seats": seats,
                "bot_seats": bot_seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bot_game_seat import BotGameSeat
        from ..models.bot_seat import BotSeat

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        status = GameStatusEnum(d.pop("status"))

        rated = d.pop("rated")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = BotGameSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        bot_seats = []
        _bot_seats = d.pop("bot_seats")
        for bot_seats_item_data in _bot_seats:
            bot_seats_item = BotSeat.from_dict(bot_seats_item_data)

            bot_seats.append(bot_seats_item)

        bot_game = cls(
            id=id,
            game=game,
            status=status,
            rated=rated,
            created_at=created_at,
            finished_at=finished_at,
            seats=seats,
            bot_seats=bot_seats,
        )

        bot_game.additional_properties = d
        return bot_game

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
