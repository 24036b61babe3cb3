from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_kind_enum import SeatKindEnum

T = TypeVar("T", bound="ExportedSeat")


@_attrs_define
class ExportedSeat:
    """
    Attributes:
        index (int):
        competitor (int):
        name (str):
        kind (SeatKindEnum): * `player` - player
            * `bot` - bot
        player (int | None): the person's player id
        bot (int | None): the bot's id
        bot_version (int | None): the number of the submitted bot's version that played (built-in bots: null)
        rank (int | None): 1 = first; seats the rules tie share one
        score (float | None):
        rating_before (float | None): the game's Elo before it; null: not rated
        rating_after (float | None):
        league_rating_before (float | None): the league's rating; null outside leagues
        league_rating_after (float | None):
    """

    index: int
    competitor: int
    name: str
    kind: SeatKindEnum
    player: int | None
    bot: int | None
    bot_version: int | None
    rank: int | None
    score: float | None
    rating_before: float | None
    rating_after: float | None
    league_rating_before: float | None
    league_rating_after: float | None
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

        bot_version: int | None
        bot_version = self.bot_version

        rank: int | None
        rank = self.rank

        score: float | None
        score = self.score

        rating_before: float | None
        rating_before = self.rating_before

        rating_after: float | None
        rating_after = self.rating_after

        league_rating_before: float | None
        league_rating_before = self.league_rating_before

        league_rating_after: float | None
        league_rating_after = self.league_rating_after

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
                "bot_version": bot_version,
                "rank": rank,
                "score": score,
                "rating_before": rating_before,
                "rating_after": rating_after,
                "league_rating_before": league_rating_before,
                "league_rating_after": league_rating_after,
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

        def _parse_bot_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bot_version = _parse_bot_version(d.pop("bot_version"))

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

        def _parse_rating_before(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_before = _parse_rating_before(d.pop("rating_before"))

        def _parse_rating_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_after = _parse_rating_after(d.pop("rating_after"))

        def _parse_league_rating_before(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        league_rating_before = _parse_league_rating_before(d.pop("league_rating_before"))

        def _parse_league_rating_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        league_rating_after = _parse_league_rating_after(d.pop("league_rating_after"))

        exported_seat = cls(
            index=index,
            competitor=competitor,
            name=name,
            kind=kind,
            player=player,
            bot=bot,
            bot_version=bot_version,
            rank=rank,
            score=score,
            rating_before=rating_before,
            rating_after=rating_after,
            league_rating_before=league_rating_before,
            league_rating_after=league_rating_after,
        )

        exported_seat.additional_properties = d
        return exported_seat

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
