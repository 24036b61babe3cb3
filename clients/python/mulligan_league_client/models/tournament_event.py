from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum
from ..models.tournament_event_type_enum import TournamentEventTypeEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seat_summary import SeatSummary
    from ..models.tournament_event_byes_item import TournamentEventByesItem
    from ..models.tournament_event_outcome_type_0 import TournamentEventOutcomeType0
    from ..models.tournament_event_standings_type_0_item import TournamentEventStandingsType0Item
    from ..models.tournament_event_tables_item import TournamentEventTablesItem


T = TypeVar("T", bound="TournamentEvent")


@_attrs_define
class TournamentEvent:
    """
    Attributes:
        id (int): the event's number in this tournament: 1, 2, ...
        type_ (TournamentEventTypeEnum): * `round_start` - round start
            * `game_end` - game end
            * `standings` - standings
            * `finished` - finished
            * `cancelled` - cancelled
        tournament (int):
        created_at (datetime.datetime):
        round_ (int | Unset): round_start, game_end, standings
        tables (list[TournamentEventTablesItem] | Unset): round_start: each table's number, first game and seats (entry,
            competitor, name)
        byes (list[TournamentEventByesItem] | Unset): round_start
        game (int | Unset): game_end: the game
        table (int | Unset): game_end
        match_game (int | Unset): game_end: its number in the match
        status (GameStatusEnum | Unset): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        outcome (None | TournamentEventOutcomeType0 | Unset): game_end
        seats (list[SeatSummary] | Unset): game_end: with ranks and scores
        finished_at (datetime.datetime | Unset): game_end
        standings (list[TournamentEventStandingsType0Item] | None | Unset): standings (after the round), finished
    """

    id: int
    type_: TournamentEventTypeEnum
    tournament: int
    created_at: datetime.datetime
    round_: int | Unset = UNSET
    tables: list[TournamentEventTablesItem] | Unset = UNSET
    byes: list[TournamentEventByesItem] | Unset = UNSET
    game: int | Unset = UNSET
    table: int | Unset = UNSET
    match_game: int | Unset = UNSET
    status: GameStatusEnum | Unset = UNSET
    outcome: None | TournamentEventOutcomeType0 | Unset = UNSET
    seats: list[SeatSummary] | Unset = UNSET
    finished_at: datetime.datetime | Unset = UNSET
    standings: list[TournamentEventStandingsType0Item] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_event_outcome_type_0 import TournamentEventOutcomeType0

        id = self.id

        type_ = self.type_.value

        tournament = self.tournament

        created_at = self.created_at.isoformat()

        round_ = self.round_

        tables: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tables, Unset):
            tables = []
            for tables_item_data in self.tables:
                tables_item = tables_item_data.to_dict()
                tables.append(tables_item)

        byes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.byes, Unset):
            byes = []
            for byes_item_data in self.byes:
                byes_item = byes_item_data.to_dict()
                byes.append(byes_item)

        game = self.game

        table = self.table

        match_game = self.match_game

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        outcome: dict[str, Any] | None | Unset
        if isinstance(self.outcome, Unset):
            outcome = UNSET
        elif isinstance(self.outcome, TournamentEventOutcomeType0):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data.to_dict()
                seats.append(seats_item)

        finished_at: str | Unset = UNSET
        if not isinstance(self.finished_at, Unset):
            finished_at = self.finished_at.isoformat()

        standings: list[dict[str, Any]] | None | Unset
        if isinstance(self.standings, Unset):
            standings = UNSET
        elif isinstance(self.standings, list):
            standings = []
            for standings_type_0_item_data in self.standings:
                standings_type_0_item = standings_type_0_item_data.to_dict()
                standings.append(standings_type_0_item)

        else:
            standings = self.standings

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "tournament": tournament,
                "created_at": created_at,
            }
        )
        if round_ is not UNSET:
            field_dict["round"] = round_
        if tables is not UNSET:
            field_dict["tables"] = tables
        if byes is not UNSET:
            field_dict["byes"] = byes
        if game is not UNSET:
            field_dict["game"] = game
        if table is not UNSET:
            field_dict["table"] = table
        if match_game is not UNSET:
            field_dict["match_game"] = match_game
        if status is not UNSET:
            field_dict["status"] = status
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if seats is not UNSET:
            field_dict["seats"] = seats
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at
        if standings is not UNSET:
            field_dict["standings"] = standings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_summary import SeatSummary
        from ..models.tournament_event_byes_item import TournamentEventByesItem
        from ..models.tournament_event_outcome_type_0 import TournamentEventOutcomeType0
        from ..models.tournament_event_standings_type_0_item import TournamentEventStandingsType0Item
        from ..models.tournament_event_tables_item import TournamentEventTablesItem

        d = dict(src_dict)
        id = d.pop("id")

        type_ = TournamentEventTypeEnum(d.pop("type"))

        tournament = d.pop("tournament")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        round_ = d.pop("round", UNSET)

        _tables = d.pop("tables", UNSET)
        tables: list[TournamentEventTablesItem] | Unset = UNSET
        if _tables is not UNSET:
            tables = []
            for tables_item_data in _tables:
                tables_item = TournamentEventTablesItem.from_dict(tables_item_data)

                tables.append(tables_item)

        _byes = d.pop("byes", UNSET)
        byes: list[TournamentEventByesItem] | Unset = UNSET
        if _byes is not UNSET:
            byes = []
            for byes_item_data in _byes:
                byes_item = TournamentEventByesItem.from_dict(byes_item_data)

                byes.append(byes_item)

        game = d.pop("game", UNSET)

        table = d.pop("table", UNSET)

        match_game = d.pop("match_game", UNSET)

        _status = d.pop("status", UNSET)
        status: GameStatusEnum | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = GameStatusEnum(_status)

        def _parse_outcome(data: object) -> None | TournamentEventOutcomeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = TournamentEventOutcomeType0.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TournamentEventOutcomeType0 | Unset, data)

        outcome = _parse_outcome(d.pop("outcome", UNSET))

        _seats = d.pop("seats", UNSET)
        seats: list[SeatSummary] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SeatSummary.from_dict(seats_item_data)

                seats.append(seats_item)

        _finished_at = d.pop("finished_at", UNSET)
        finished_at: datetime.datetime | Unset
        if isinstance(_finished_at, Unset):
            finished_at = UNSET
        else:
            finished_at = datetime.datetime.fromisoformat(_finished_at)

        def _parse_standings(data: object) -> list[TournamentEventStandingsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                standings_type_0 = []
                _standings_type_0 = data
                for standings_type_0_item_data in _standings_type_0:
                    standings_type_0_item = TournamentEventStandingsType0Item.from_dict(standings_type_0_item_data)

                    standings_type_0.append(standings_type_0_item)

                return standings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TournamentEventStandingsType0Item] | None | Unset, data)

        standings = _parse_standings(d.pop("standings", UNSET))

        tournament_event = cls(
            id=id,
            type_=type_,
            tournament=tournament,
            created_at=created_at,
            round_=round_,
            tables=tables,
            byes=byes,
            game=game,
            table=table,
            match_game=match_game,
            status=status,
            outcome=outcome,
            seats=seats,
            finished_at=finished_at,
            standings=standings,
        )

        tournament_event.additional_properties = d
        return tournament_event

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
