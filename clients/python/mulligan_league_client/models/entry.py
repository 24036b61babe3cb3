from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Entry")


@_attrs_define
class Entry:
    """
    Attributes:
        id (int):
        competitor (int):
        name (str):
        kind (str):
        player (int | None):
        bot (int | None):
        dropped (bool):
        joined_at (datetime.datetime):
        seed (int | None | Unset): 1 = top seed, set at the start
        late (bool | Unset):
        first_round (int | Unset): the first round it can be paired in
        dropped_after_round (int | None | Unset):
    """

    id: int
    competitor: int
    name: str
    kind: str
    player: int | None
    bot: int | None
    dropped: bool
    joined_at: datetime.datetime
    seed: int | None | Unset = UNSET
    late: bool | Unset = UNSET
    first_round: int | Unset = UNSET
    dropped_after_round: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        competitor = self.competitor

        name = self.name

        kind = self.kind

        player: int | None
        player = self.player

        bot: int | None
        bot = self.bot

        dropped = self.dropped

        joined_at = self.joined_at.isoformat()

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        late = self.late

        first_round = self.first_round

        dropped_after_round: int | None | Unset
        if isinstance(self.dropped_after_round, Unset):
            dropped_after_round = UNSET
        else:
            dropped_after_round = self.dropped_after_round

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "competitor": competitor,
                "name": name,
                "kind": kind,
                "player": player,
                "bot": bot,
                "dropped": dropped,
                "joined_at": joined_at,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if late is not UNSET:
            field_dict["late"] = late
        if first_round is not UNSET:
            field_dict["first_round"] = first_round
        if dropped_after_round is not UNSET:
            field_dict["dropped_after_round"] = dropped_after_round

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        competitor = d.pop("competitor")

        name = d.pop("name")

        kind = d.pop("kind")

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

        dropped = d.pop("dropped")

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        late = d.pop("late", UNSET)

        first_round = d.pop("first_round", UNSET)

        def _parse_dropped_after_round(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dropped_after_round = _parse_dropped_after_round(d.pop("dropped_after_round", UNSET))

        entry = cls(
            id=id,
            competitor=competitor,
            name=name,
            kind=kind,
            player=player,
            bot=bot,
            dropped=dropped,
            joined_at=joined_at,
            seed=seed,
            late=late,
            first_round=first_round,
            dropped_after_round=dropped_after_round,
        )

        entry.additional_properties = d
        return entry

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
