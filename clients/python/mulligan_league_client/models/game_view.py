from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_view_config import GameViewConfig
    from ..models.game_view_legal_actions_item import GameViewLegalActionsItem
    from ..models.game_view_outcome_type_0 import GameViewOutcomeType0
    from ..models.seat_summary import SeatSummary


T = TypeVar("T", bound="GameView")


@_attrs_define
class GameView:
    """A game as the caller may see it: their seat's observation, or a spectator's.

    Attributes:
        id (int):
        game (str):
        config (GameViewConfig):
        status (GameStatusEnum): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        rated (bool):
        move_count (int): send it back as expected_move with your move
        seats (list[SeatSummary]):
        your_seats (list[int]):
        viewer_seat (int | None): the seat whose view this is
        to_act (list[int]): the seats that must act
        observation (Any): the game's view for viewer_seat (the engine's observe)
        legal_actions (list[GameViewLegalActionsItem]): what viewer_seat may send now, if it must act: each an action
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        outcome (GameViewOutcomeType0 | None): ranking, ranks, places, scores, details
        seed (int | Unset): once the game is over, and every other game of its deal (the same seed) too
    """

    id: int
    game: str
    config: GameViewConfig
    status: GameStatusEnum
    rated: bool
    move_count: int
    seats: list[SeatSummary]
    your_seats: list[int]
    viewer_seat: int | None
    to_act: list[int]
    observation: Any
    legal_actions: list[GameViewLegalActionsItem]
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    outcome: GameViewOutcomeType0 | None
    seed: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_view_outcome_type_0 import GameViewOutcomeType0

        id = self.id

        game = self.game

        config = self.config.to_dict()

        status = self.status.value

        rated = self.rated

        move_count = self.move_count

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        your_seats = self.your_seats

        viewer_seat: int | None
        viewer_seat = self.viewer_seat

        to_act = self.to_act

        observation = self.observation

        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item = legal_actions_item_data.to_dict()
            legal_actions.append(legal_actions_item)

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, GameViewOutcomeType0):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "config": config,
                "status": status,
                "rated": rated,
                "move_count": move_count,
                "seats": seats,
                "your_seats": your_seats,
                "viewer_seat": viewer_seat,
                "to_act": to_act,
                "observation": observation,
                "legal_actions": legal_actions,
                "created_at": created_at,
                "finished_at": finished_at,
                "outcome": outcome,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_view_config import GameViewConfig
        from ..models.game_view_legal_actions_item import GameViewLegalActionsItem
        from ..models.game_view_outcome_type_0 import GameViewOutcomeType0
        from ..models.seat_summary import SeatSummary

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        config = GameViewConfig.from_dict(d.pop("config"))

        status = GameStatusEnum(d.pop("status"))

        rated = d.pop("rated")

        move_count = d.pop("move_count")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatSummary.from_dict(seats_item_data)

            seats.append(seats_item)

        your_seats = cast(list[int], d.pop("your_seats"))

        def _parse_viewer_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer_seat = _parse_viewer_seat(d.pop("viewer_seat"))

        to_act = cast(list[int], d.pop("to_act"))

        observation = d.pop("observation")

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in _legal_actions:
            legal_actions_item = GameViewLegalActionsItem.from_dict(legal_actions_item_data)

            legal_actions.append(legal_actions_item)

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

        def _parse_outcome(data: object) -> GameViewOutcomeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = GameViewOutcomeType0.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameViewOutcomeType0 | None, data)

        outcome = _parse_outcome(d.pop("outcome"))

        seed = d.pop("seed", UNSET)

        game_view = cls(
            id=id,
            game=game,
            config=config,
            status=status,
            rated=rated,
            move_count=move_count,
            seats=seats,
            your_seats=your_seats,
            viewer_seat=viewer_seat,
            to_act=to_act,
            observation=observation,
            legal_actions=legal_actions,
            created_at=created_at,
            finished_at=finished_at,
            outcome=outcome,
            seed=seed,
        )

        game_view.additional_properties = d
        return game_view

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
