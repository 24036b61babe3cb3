from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.league_game_seat import LeagueGameSeat


T = TypeVar("T", bound="LeagueGame")


@_attrs_define
class LeagueGame:
    """
    Attributes:
        id (int):
        game (str):
        season (int):
        challenge (bool):
        seats (list[LeagueGameSeat]):
        created_at (datetime.datetime):
        status (GameStatusEnum | Unset): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        finished_at (datetime.datetime | None | Unset):
    """

    id: int
    game: str
    season: int
    challenge: bool
    seats: list[LeagueGameSeat]
    created_at: datetime.datetime
    status: GameStatusEnum | Unset = UNSET
    finished_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = self.game

        season = self.season

        challenge = self.challenge

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        created_at = self.created_at.isoformat()

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

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
                "id": id,
                "game": game,
                "season": season,
                "challenge": challenge,
                "seats": seats,
                "created_at": created_at,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.league_game_seat import LeagueGameSeat

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        season = d.pop("season")

        challenge = d.pop("challenge")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = LeagueGameSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _status = d.pop("status", UNSET)
        status: GameStatusEnum | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = GameStatusEnum(_status)

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

        league_game = cls(
            id=id,
            game=game,
            season=season,
            challenge=challenge,
            seats=seats,
            created_at=created_at,
            status=status,
            finished_at=finished_at,
        )

        league_game.additional_properties = d
        return league_game

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
