from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BotFault")


@_attrs_define
class BotFault:
    """
    Attributes:
        id (int):
        game (int):
        version (int | None):
        seat (int):
        move_number (int):
        kind (str):
        message (str):
        consequence (str): default_move, forfeit or disqualified
        created_at (datetime.datetime):
        stderr_tail (str | Unset): the owner only
    """

    id: int
    game: int
    version: int | None
    seat: int
    move_number: int
    kind: str
    message: str
    consequence: str
    created_at: datetime.datetime
    stderr_tail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = self.game

        version: int | None
        version = self.version

        seat = self.seat

        move_number = self.move_number

        kind = self.kind

        message = self.message

        consequence = self.consequence

        created_at = self.created_at.isoformat()

        stderr_tail = self.stderr_tail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "version": version,
                "seat": seat,
                "move_number": move_number,
                "kind": kind,
                "message": message,
                "consequence": consequence,
                "created_at": created_at,
            }
        )
        if stderr_tail is not UNSET:
            field_dict["stderr_tail"] = stderr_tail

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        def _parse_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        version = _parse_version(d.pop("version"))

        seat = d.pop("seat")

        move_number = d.pop("move_number")

        kind = d.pop("kind")

        message = d.pop("message")

        consequence = d.pop("consequence")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        stderr_tail = d.pop("stderr_tail", UNSET)

        bot_fault = cls(
            id=id,
            game=game,
            version=version,
            seat=seat,
            move_number=move_number,
            kind=kind,
            message=message,
            consequence=consequence,
            created_at=created_at,
            stderr_tail=stderr_tail,
        )

        bot_fault.additional_properties = d
        return bot_fault

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
