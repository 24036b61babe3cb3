from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_kind_enum import SeatKindEnum

T = TypeVar("T", bound="BotGameSeat")


@_attrs_define
class BotGameSeat:
    """
    Attributes:
        index (int): the seat, from 0
        competitor (int):
        name (str):
        kind (SeatKindEnum): * `player` - player
            * `bot` - bot
        player (int | None):
        bot (int | None):
        rank (int | None): 1 = first, once the game is over
        score (float | None):
        version (int | None): a submitted bot's version
    """

    index: int
    competitor: int
    name: str
    kind: SeatKindEnum
    player: int | None
    bot: int | None
    rank: int | None
    score: float | None
    version: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        competitor = self.competitor

        name = self.name

        kind = self.kind.value

        player: int | None
        player = self.player

        bot: int | None
        bot = self.bot

        rank: int | None
        rank = self.rank

        score: float | None
        score = self.score

        version: int | None
        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "competitor": competitor,
                "name": name,
                "kind": kind,
                "player": player,
                "bot": bot,
                "rank": rank,
                "score": score,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        competitor = d.pop("competitor")

        name = d.pop("name")

        kind = SeatKindEnum(d.pop("kind"))

        def _parse_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        player = _parse_player(d.pop("player"))

        def _parse_bot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bot = _parse_bot(d.pop("bot"))

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        def _parse_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        score = _parse_score(d.pop("score"))

        def _parse_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        version = _parse_version(d.pop("version"))

        bot_game_seat = cls(
            index=index,
            competitor=competitor,
            name=name,
            kind=kind,
            player=player,
            bot=bot,
            rank=rank,
            score=score,
            version=version,
        )

        bot_game_seat.additional_properties = d
        return bot_game_seat

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
