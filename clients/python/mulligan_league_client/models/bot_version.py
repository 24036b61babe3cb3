from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BotVersion")


@_attrs_define
class BotVersion:
    """
    Attributes:
        number (int):
        filename (str):
        sha256 (str):
        size (int):
        uploaded_at (datetime.datetime):
        validation_status (str):
        validation_message (str):
        validation_game (int | None):
        active (bool):
        entry_command (list[str] | Unset): the owner only
        url (str | Unset): the owner only
    """

    number: int
    filename: str
    sha256: str
    size: int
    uploaded_at: datetime.datetime
    validation_status: str
    validation_message: str
    validation_game: int | None
    active: bool
    entry_command: list[str] | Unset = UNSET
    url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        filename = self.filename

        sha256 = self.sha256

        size = self.size

        uploaded_at = self.uploaded_at.isoformat()

        validation_status = self.validation_status

        validation_message = self.validation_message

        validation_game: int | None
        validation_game = self.validation_game

        active = self.active

        entry_command: list[str] | Unset = UNSET
        if not isinstance(self.entry_command, Unset):
            entry_command = self.entry_command

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "filename": filename,
                "sha256": sha256,
                "size": size,
                "uploaded_at": uploaded_at,
                "validation_status": validation_status,
                "validation_message": validation_message,
                "validation_game": validation_game,
                "active": active,
            }
        )
        if entry_command is not UNSET:
            field_dict["entry_command"] = entry_command
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        number = d.pop("number")

        filename = d.pop("filename")

        sha256 = d.pop("sha256")

        size = d.pop("size")

        uploaded_at = datetime.datetime.fromisoformat(d.pop("uploaded_at"))

        validation_status = d.pop("validation_status")

        validation_message = d.pop("validation_message")

        def _parse_validation_game(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        validation_game = _parse_validation_game(d.pop("validation_game"))

        active = d.pop("active")

        entry_command = cast(list[str], d.pop("entry_command", UNSET))

        url = d.pop("url", UNSET)

        bot_version = cls(
            number=number,
            filename=filename,
            sha256=sha256,
            size=size,
            uploaded_at=uploaded_at,
            validation_status=validation_status,
            validation_message=validation_message,
            validation_game=validation_game,
            active=active,
            entry_command=entry_command,
            url=url,
        )

        bot_version.additional_properties = d
        return bot_version

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
