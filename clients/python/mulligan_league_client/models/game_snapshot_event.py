from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_snapshot_event_type_enum import GameSnapshotEventTypeEnum

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="GameSnapshotEvent")


@_attrs_define
class GameSnapshotEvent:
    """
    Attributes:
        id (int): the number of the game's latest move (0 before the first)
        type_ (GameSnapshotEventTypeEnum): * `game` - game
        game (int): the game's id
        view (GameView): A game as the caller may see it: their seat's observation, or a spectator's.
    """

    id: int
    type_: GameSnapshotEventTypeEnum
    game: int
    view: GameView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        game = self.game

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "game": game,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_view import GameView

        d = dict(src_dict)
        id = d.pop("id")

        type_ = GameSnapshotEventTypeEnum(d.pop("type"))

        game = d.pop("game")

        view = GameView.from_dict(d.pop("view"))

        game_snapshot_event = cls(
            id=id,
            type_=type_,
            game=game,
            view=view,
        )

        game_snapshot_event.additional_properties = d
        return game_snapshot_event

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
