from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.standings_standings_item import StandingsStandingsItem


T = TypeVar("T", bound="Standings")


@_attrs_define
class Standings:
    """
    Attributes:
        round_ (int): the standings are after this round
        final (bool):
        live (bool): computed now; a finished round's snapshot never changes
        standings (list[StandingsStandingsItem]): rank, entry, name, seed and every tiebreaker of the format
    """

    round_: int
    final: bool
    live: bool
    standings: list[StandingsStandingsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        final = self.final

        live = self.live

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "final": final,
                "live": live,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.standings_standings_item import StandingsStandingsItem

        d = dict(src_dict)
        round_ = d.pop("round")

        final = d.pop("final")

        live = d.pop("live")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = StandingsStandingsItem.from_dict(standings_item_data)

            standings.append(standings_item)

        standings = cls(
            round_=round_,
            final=final,
            live=live,
            standings=standings,
        )

        standings.additional_properties = d
        return standings

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
