from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeasonStanding")


@_attrs_define
class SeasonStanding:
    """
    Attributes:
        position (int): place on the final ladder (1 = top)
        entry (int):
        competitor (int):
        name (str):
        rating (float): Elo, or OpenSkill's ordinal (mu - 3 sigma)
        mu (float | None):
        sigma (float | None):
        provisional (bool):
        games_played (int):
    """

    position: int
    entry: int
    competitor: int
    name: str
    rating: float
    mu: float | None
    sigma: float | None
    provisional: bool
    games_played: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        entry = self.entry

        competitor = self.competitor

        name = self.name

        rating = self.rating

        mu: float | None
        mu = self.mu

        sigma: float | None
        sigma = self.sigma

        provisional = self.provisional

        games_played = self.games_played

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "entry": entry,
                "competitor": competitor,
                "name": name,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "provisional": provisional,
                "games_played": games_played,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        position = d.pop("position")

        entry = d.pop("entry")

        competitor = d.pop("competitor")

        name = d.pop("name")

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

        provisional = d.pop("provisional")

        games_played = d.pop("games_played")

        season_standing = cls(
            position=position,
            entry=entry,
            competitor=competitor,
            name=name,
            rating=rating,
            mu=mu,
            sigma=sigma,
            provisional=provisional,
            games_played=games_played,
        )

        season_standing.additional_properties = d
        return season_standing

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
