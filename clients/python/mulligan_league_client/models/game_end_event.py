from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_end_event_type_enum import GameEndEventTypeEnum
from ..models.game_status_enum import GameStatusEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_end_event_outcome_type_0 import GameEndEventOutcomeType0
    from ..models.seat_summary import SeatSummary


T = TypeVar("T", bound="GameEndEvent")


@_attrs_define
class GameEndEvent:
    """
    Attributes:
        id (int): one past the last move: no move follows an end
        type_ (GameEndEventTypeEnum): * `end` - end
        game (int):
        status (GameStatusEnum): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        move_count (int):
        outcome (GameEndEventOutcomeType0 | None): ranking, ranks, scores, details
        seats (list[SeatSummary]): with each seat's rank and score
        finished_at (datetime.datetime | None):
        seed (int | Unset): the deal, now that the game is over (a shared deal: once every game of it is)
    """

    id: int
    type_: GameEndEventTypeEnum
    game: int
    status: GameStatusEnum
    move_count: int
    outcome: GameEndEventOutcomeType0 | None
    seats: list[SeatSummary]
    finished_at: datetime.datetime | None
    seed: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_end_event_outcome_type_0 import GameEndEventOutcomeType0

        id = self.id

        type_ = self.type_.value

        game = self.game

        status = self.status.value

        move_count = self.move_count

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, GameEndEventOutcomeType0):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "game": game,
                "status": status,
                "move_count": move_count,
                "outcome": outcome,
                "seats": seats,
                "finished_at": finished_at,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_end_event_outcome_type_0 import GameEndEventOutcomeType0
        from ..models.seat_summary import SeatSummary

        d = dict(src_dict)
        id = d.pop("id")

        type_ = GameEndEventTypeEnum(d.pop("type"))

        game = d.pop("game")

        status = GameStatusEnum(d.pop("status"))

        move_count = d.pop("move_count")

        def _parse_outcome(data: object) -> GameEndEventOutcomeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = GameEndEventOutcomeType0.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameEndEventOutcomeType0 | None, data)

        outcome = _parse_outcome(d.pop("outcome"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatSummary.from_dict(seats_item_data)

            seats.append(seats_item)

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

        seed = d.pop("seed", UNSET)

        game_end_event = cls(
            id=id,
            type_=type_,
            game=game,
            status=status,
            move_count=move_count,
            outcome=outcome,
            seats=seats,
            finished_at=finished_at,
            seed=seed,
        )

        game_end_event.additional_properties = d
        return game_end_event

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
