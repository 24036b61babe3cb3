from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.league_entry_kind_enum import LeagueEntryKindEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeagueEntry")


@_attrs_define
class LeagueEntry:
    """A ladder row: ``rating`` is the Elo rating, or OpenSkill's ordinal (mu - 3 sigma).

    Attributes:
        id (int):
        position (int | None): place on the ladder (1 = top); null if left
        competitor (int):
        name (str):
        kind (LeagueEntryKindEnum): * `person` - person
            * `bot` - bot
        rating_system (str):
        rating (float):
        joined_at (datetime.datetime):
        mu (float | None | Unset):
        sigma (float | None | Unset):
        games_played (int | Unset):
        provisional (bool | Unset):
        active (bool | Unset):
    """

    id: int
    position: int | None
    competitor: int
    name: str
    kind: LeagueEntryKindEnum
    rating_system: str
    rating: float
    joined_at: datetime.datetime
    mu: float | None | Unset = UNSET
    sigma: float | None | Unset = UNSET
    games_played: int | Unset = UNSET
    provisional: bool | Unset = UNSET
    active: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        position: int | None
        position = self.position

        competitor = self.competitor

        name = self.name

        kind = self.kind.value

        rating_system = self.rating_system

        rating = self.rating

        joined_at = self.joined_at.isoformat()

        mu: float | None | Unset
        if isinstance(self.mu, Unset):
            mu = UNSET
        else:
            mu = self.mu

        sigma: float | None | Unset
        if isinstance(self.sigma, Unset):
            sigma = UNSET
        else:
            sigma = self.sigma

        games_played = self.games_played

        provisional = self.provisional

        active = self.active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "position": position,
                "competitor": competitor,
                "name": name,
                "kind": kind,
                "rating_system": rating_system,
                "rating": rating,
                "joined_at": joined_at,
            }
        )
        if mu is not UNSET:
            field_dict["mu"] = mu
        if sigma is not UNSET:
            field_dict["sigma"] = sigma
        if games_played is not UNSET:
            field_dict["games_played"] = games_played
        if provisional is not UNSET:
            field_dict["provisional"] = provisional
        if active is not UNSET:
            field_dict["active"] = active

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        competitor = d.pop("competitor")

        name = d.pop("name")

        kind = LeagueEntryKindEnum(d.pop("kind"))

        rating_system = d.pop("rating_system")

        rating = d.pop("rating")

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        def _parse_mu(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mu = _parse_mu(d.pop("mu", UNSET))

        def _parse_sigma(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        sigma = _parse_sigma(d.pop("sigma", UNSET))

        games_played = d.pop("games_played", UNSET)

        provisional = d.pop("provisional", UNSET)

        active = d.pop("active", UNSET)

        league_entry = cls(
            id=id,
            position=position,
            competitor=competitor,
            name=name,
            kind=kind,
            rating_system=rating_system,
            rating=rating,
            joined_at=joined_at,
            mu=mu,
            sigma=sigma,
            games_played=games_played,
            provisional=provisional,
            active=active,
        )

        league_entry.additional_properties = d
        return league_entry

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
