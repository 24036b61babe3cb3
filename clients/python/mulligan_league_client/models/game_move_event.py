from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_move_event_type_enum import GameMoveEventTypeEnum

if TYPE_CHECKING:
    from ..models.game_move_event_action import GameMoveEventAction


T = TypeVar("T", bound="GameMoveEvent")


@_attrs_define
class GameMoveEvent:
    """
    Attributes:
        id (int): the move's number
        type_ (GameMoveEventTypeEnum): * `move` - move
        game (int):
        number (int):
        seat (int):
        action (GameMoveEventAction): as this reader may see it (others' face-down offers hidden)
        auto (bool): played by the service for the seat (a timeout, a bot's fault)
        created_at (datetime.datetime):
        to_act (list[int]): the seats that must act next
        viewer_seat (int | None): the seat whose view this is; null: a spectator
        observation (Any): the game after this move, as viewer_seat sees it
        legal_actions (list[Any]): what viewer_seat may send now
    """

    id: int
    type_: GameMoveEventTypeEnum
    game: int
    number: int
    seat: int
    action: GameMoveEventAction
    auto: bool
    created_at: datetime.datetime
    to_act: list[int]
    viewer_seat: int | None
    observation: Any
    legal_actions: list[Any]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        game = self.game

        number = self.number

        seat = self.seat

        action = self.action.to_dict()

        auto = self.auto

        created_at = self.created_at.isoformat()

        to_act = self.to_act

        viewer_seat: int | None
        viewer_seat = self.viewer_seat

        observation = self.observation

        legal_actions = self.legal_actions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "game": game,
                "number": number,
                "seat": seat,
                "action": action,
                "auto": auto,
                "created_at": created_at,
                "to_act": to_act,
                "viewer_seat": viewer_seat,
                "observation": observation,
                "legal_actions": legal_actions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_move_event_action import GameMoveEventAction

        d = dict(src_dict)
        id = d.pop("id")

        type_ = GameMoveEventTypeEnum(d.pop("type"))

        game = d.pop("game")

        number = d.pop("number")

        seat = d.pop("seat")

        action = GameMoveEventAction.from_dict(d.pop("action"))

        auto = d.pop("auto")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_viewer_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer_seat = _parse_viewer_seat(d.pop("viewer_seat"))

        observation = d.pop("observation")

        legal_actions = cast(list[Any], d.pop("legal_actions"))

        game_move_event = cls(
            id=id,
            type_=type_,
            game=game,
            number=number,
            seat=seat,
            action=action,
            auto=auto,
            created_at=created_at,
            to_act=to_act,
            viewer_seat=viewer_seat,
            observation=observation,
            legal_actions=legal_actions,
        )

        game_move_event.additional_properties = d
        return game_move_event

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
