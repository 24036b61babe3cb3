from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BotLeagueRating")


@_attrs_define
class BotLeagueRating:
    """
    Attributes:
        league (int):
        name (str):
        rating_system (str):
        rating (float):
        mu (float | None):
        sigma (float | None):
        games_played (int):
        provisional (bool):
        active (bool):
    """

    league: int
    name: str
    rating_system: str
    rating: float
    mu: float | None
    sigma: float | None
    games_played: int
    provisional: bool
    active: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        league = self.league

        name = self.name

        rating_system = self.rating_system

        rating = self.rating

        mu: float | None
        mu = self.mu

        sigma: float | None
        sigma = self.sigma

        games_played = self.games_played

        provisional = self.provisional

        active = self.active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "league": league,
                "name": name,
                "rating_system": rating_system,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games_played": games_played,
                "provisional": provisional,
                "active": active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        league = d.pop("league")

        name = d.pop("name")

        rating_system = d.pop("rating_system")

        rating = d.pop("rating")

        def _parse_mu(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mu = _parse_mu(d.pop("mu"))

        def _parse_sigma(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        sigma = _parse_sigma(d.pop("sigma"))

        games_played = d.pop("games_played")

        provisional = d.pop("provisional")

        active = d.pop("active")

        bot_league_rating = cls(
            league=league,
            name=name,
            rating_system=rating_system,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games_played=games_played,
            provisional=provisional,
            active=active,
        )

        bot_league_rating.additional_properties = d
        return bot_league_rating

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
