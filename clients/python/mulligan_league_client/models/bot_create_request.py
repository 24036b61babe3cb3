from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_create_kind_enum import BotCreateKindEnum
from ..models.game_enum import GameEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotCreateRequest")


@_attrs_define
class BotCreateRequest:
    """
    Attributes:
        name (str): shown on ladders; unique among players and bots
        game (GameEnum):
        kind (BotCreateKindEnum): * `program` - program
            * `http` - http
        url (str | Unset): HTTP bots: register this URL as version 1 at once
    """

    name: str
    game: GameEnum
    kind: BotCreateKindEnum
    url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        game = self.game.value

        kind = self.kind.value

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "game": game,
                "kind": kind,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        game = GameEnum(d.pop("game"))

        kind = BotCreateKindEnum(d.pop("kind"))

        url = d.pop("url", UNSET)

        bot_create_request = cls(
            name=name,
            game=game,
            kind=kind,
            url=url,
        )

        bot_create_request.additional_properties = d
        return bot_create_request

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
