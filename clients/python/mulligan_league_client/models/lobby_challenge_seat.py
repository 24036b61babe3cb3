from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.lobby_challenge_seat_kind_enum import LobbyChallengeSeatKindEnum

T = TypeVar("T", bound="LobbyChallengeSeat")


@_attrs_define
class LobbyChallengeSeat:
    """
    Attributes:
        index (int):
        kind (LobbyChallengeSeatKindEnum): * `challenger` - the challenger
            * `bot` - a bot
            * `invitee` - an invited player
            * `open` - anyone
        name (str):
        bot (int | None):
        player (int | None):
        accepted (bool):
    """

    index: int
    kind: LobbyChallengeSeatKindEnum
    name: str
    bot: int | None
    player: int | None
    accepted: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        kind = self.kind.value

        name = self.name

        bot: int | None
        bot = self.bot

        player: int | None
        player = self.player

        accepted = self.accepted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "kind": kind,
                "name": name,
                "bot": bot,
                "player": player,
                "accepted": accepted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        kind = LobbyChallengeSeatKindEnum(d.pop("kind"))

        name = d.pop("name")

        def _parse_bot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bot = _parse_bot(d.pop("bot"))

        def _parse_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        player = _parse_player(d.pop("player"))

        accepted = d.pop("accepted")

        lobby_challenge_seat = cls(
            index=index,
            kind=kind,
            name=name,
            bot=bot,
            player=player,
            accepted=accepted,
        )

        lobby_challenge_seat.additional_properties = d
        return lobby_challenge_seat

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
