from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.history_move_action import HistoryMoveAction


T = TypeVar("T", bound="HistoryMove")


@_attrs_define
class HistoryMove:
    """
    Attributes:
        number (int):
        seat (int):
        action (HistoryMoveAction): as you may see it (others' face-down offers hidden)
        created_at (datetime.datetime):
    """

    number: int
    seat: int
    action: HistoryMoveAction
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        seat = self.seat

        action = self.action.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "seat": seat,
                "action": action,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_move_action import HistoryMoveAction

        d = dict(src_dict)
        number = d.pop("number")

        seat = d.pop("seat")

        action = HistoryMoveAction.from_dict(d.pop("action"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        history_move = cls(
            number=number,
            seat=seat,
            action=action,
            created_at=created_at,
        )

        history_move.additional_properties = d
        return history_move

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
