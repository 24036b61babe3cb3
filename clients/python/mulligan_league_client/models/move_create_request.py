from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.move_create_request_action import MoveCreateRequestAction


T = TypeVar("T", bound="MoveCreateRequest")


@_attrs_define
class MoveCreateRequest:
    """
    Attributes:
        action (MoveCreateRequestAction): an engine action, e.g. {"type": "auction", "card": "As"}
        expected_move (int | Unset): the move count you saw; a stale value gets 409
        idempotency_key (str | Unset):
        seat (int | Unset): only if you hold several seats
    """

    action: MoveCreateRequestAction
    expected_move: int | Unset = UNSET
    idempotency_key: str | Unset = UNSET
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action.to_dict()

        expected_move = self.expected_move

        idempotency_key = self.idempotency_key

        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
            }
        )
        if expected_move is not UNSET:
            field_dict["expected_move"] = expected_move
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.move_create_request_action import MoveCreateRequestAction

        d = dict(src_dict)
        action = MoveCreateRequestAction.from_dict(d.pop("action"))

        expected_move = d.pop("expected_move", UNSET)

        idempotency_key = d.pop("idempotency_key", UNSET)

        seat = d.pop("seat", UNSET)

        move_create_request = cls(
            action=action,
            expected_move=expected_move,
            idempotency_key=idempotency_key,
            seat=seat,
        )

        move_create_request.additional_properties = d
        return move_create_request

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
