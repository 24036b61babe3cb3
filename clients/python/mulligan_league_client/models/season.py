from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.competition_state_enum import CompetitionStateEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.season_standing import SeasonStanding


T = TypeVar("T", bound="Season")


@_attrs_define
class Season:
    """A season; ``standings`` is its final ladder, stored when it closed (null while it runs).

    Attributes:
        number (int):
        state_display (str):
        games (int): league games created in the season
        created_at (datetime.datetime):
        standings (list[SeasonStanding] | None):
        state (CompetitionStateEnum | Unset): * `draft` - draft
            * `registration` - registration open
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled
        finished_at (datetime.datetime | None | Unset):
    """

    number: int
    state_display: str
    games: int
    created_at: datetime.datetime
    standings: list[SeasonStanding] | None
    state: CompetitionStateEnum | Unset = UNSET
    finished_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        state_display = self.state_display

        games = self.games

        created_at = self.created_at.isoformat()

        standings: list[dict[str, Any]] | None
        if isinstance(self.standings, list):
            standings = []
            for standings_type_0_item_data in self.standings:
                standings_type_0_item = standings_type_0_item_data.to_dict()
                standings.append(standings_type_0_item)

        else:
            standings = self.standings

        state: str | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.value

        finished_at: None | str | Unset
        if isinstance(self.finished_at, Unset):
            finished_at = UNSET
        elif isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "state_display": state_display,
                "games": games,
                "created_at": created_at,
                "standings": standings,
            }
        )
        if state is not UNSET:
            field_dict["state"] = state
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.season_standing import SeasonStanding

        d = dict(src_dict)
        number = d.pop("number")

        state_display = d.pop("state_display")

        games = d.pop("games")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_standings(data: object) -> list[SeasonStanding] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                standings_type_0 = []
                _standings_type_0 = data
                for standings_type_0_item_data in _standings_type_0:
                    standings_type_0_item = SeasonStanding.from_dict(standings_type_0_item_data)

                    standings_type_0.append(standings_type_0_item)

                return standings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SeasonStanding] | None, data)

        standings = _parse_standings(d.pop("standings"))

        _state = d.pop("state", UNSET)
        state: CompetitionStateEnum | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = CompetitionStateEnum(_state)

        def _parse_finished_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        finished_at = _parse_finished_at(d.pop("finished_at", UNSET))

        season = cls(
            number=number,
            state_display=state_display,
            games=games,
            created_at=created_at,
            standings=standings,
            state=state,
            finished_at=finished_at,
        )

        season.additional_properties = d
        return season

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
