from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.exported_move_action import ExportedMoveAction


T = TypeVar("T", bound="ExportedMove")


@_attrs_define
class ExportedMove:
    """
    Attributes:
        number (int): 1, 2, ... in the order played
        seat (int):
        action (ExportedMoveAction): the action as the engine takes it
        at (datetime.datetime): when it was stored
        auto (bool): played by the clock's policy (a late seat), not by the seat
    """

    number: int
    seat: int
    action: ExportedMoveAction
    at: datetime.datetime
    auto: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        seat = self.seat

        action = self.action.to_dict()

        at = self.at.isoformat()

        auto = self.auto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "seat": seat,
                "action": action,
                "at": at,
                "auto": auto,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exported_move_action import ExportedMoveAction

        d = dict(src_dict)
        number = d.pop("number")

        seat = d.pop("seat")

        action = ExportedMoveAction.from_dict(d.pop("action"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        auto = d.pop("auto")

        exported_move = cls(
            number=number,
            seat=seat,
            action=action,
            at=at,
            auto=auto,
        )

        exported_move.additional_properties = d
        return exported_move

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
