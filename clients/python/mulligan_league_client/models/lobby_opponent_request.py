from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.lobby_opponent_kind_enum import LobbyOpponentKindEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="LobbyOpponentRequest")


@_attrs_define
class LobbyOpponentRequest:
    """
    Attributes:
        kind (LobbyOpponentKindEnum): * `builtin` - builtin
            * `bot` - bot
            * `player` - player
            * `open` - open
        name (str | Unset):  Default: ''.
        bot (int | Unset):
    """

    kind: LobbyOpponentKindEnum
    name: str | Unset = ""
    bot: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        name = self.name

        bot = self.bot

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = LobbyOpponentKindEnum(d.pop("kind"))

        name = d.pop("name", UNSET)

        bot = d.pop("bot", UNSET)

        lobby_opponent_request = cls(
            kind=kind,
            name=name,
            bot=bot,
        )

        lobby_opponent_request.additional_properties = d
        return lobby_opponent_request

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
