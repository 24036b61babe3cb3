from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="ProgramVersionRequest")


@_attrs_define
class ProgramVersionRequest:
    """Documents the multipart upload (the view reads the fields itself).

    Attributes:
        file (File): a .py file, or a .zip / .tar / .tar.gz archive
        entry_command (str | Unset): argv to run: a JSON list (["node", "bot.js"]) or one field per argument; required
            for archives
    """

    file: File
    entry_command: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        entry_command = self.entry_command

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if entry_command is not UNSET:
            field_dict["entry_command"] = entry_command

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.entry_command, Unset):
            files.append(("entry_command", (None, str(self.entry_command).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        entry_command = d.pop("entry_command", UNSET)

        program_version_request = cls(
            file=file,
            entry_command=entry_command,
        )

        program_version_request.additional_properties = d
        return program_version_request

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
