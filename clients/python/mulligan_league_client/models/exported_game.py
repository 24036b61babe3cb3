from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.exported_game_config import ExportedGameConfig
    from ..models.exported_game_outcome import ExportedGameOutcome
    from ..models.exported_league import ExportedLeague
    from ..models.exported_move import ExportedMove
    from ..models.exported_seat import ExportedSeat
    from ..models.exported_tournament import ExportedTournament


T = TypeVar("T", bound="ExportedGame")


@_attrs_define
class ExportedGame:
    """One line of the export: a finished game, complete (``python -m engine replay --verify`` replays it).

    Attributes:
        id (int):
        game (str): the engine's game id
        config (ExportedGameConfig):
        seed (int): the deal's seed (a finished game's is no secret)
        rated (bool):
        created_at (datetime.datetime):
        finished_at (datetime.datetime):
        tournament (ExportedTournament | None):
        league (ExportedLeague | None):
        seats (list[ExportedSeat]):
        moves (list[ExportedMove]): every move, in order
        outcome (ExportedGameOutcome): ranking, ranks, scores and details as the engine gives them; a forfeit's details
            name the late seats (reason timeout or bot_fault)
    """

    id: int
    game: str
    config: ExportedGameConfig
    seed: int
    rated: bool
    created_at: datetime.datetime
    finished_at: datetime.datetime
    tournament: ExportedTournament | None
    league: ExportedLeague | None
    seats: list[ExportedSeat]
    moves: list[ExportedMove]
    outcome: ExportedGameOutcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.exported_league import ExportedLeague
        from ..models.exported_tournament import ExportedTournament

        id = self.id

        game = self.game

        config = self.config.to_dict()

        seed = self.seed

        rated = self.rated

        created_at = self.created_at.isoformat()

        finished_at = self.finished_at.isoformat()

        tournament: dict[str, Any] | None
        if isinstance(self.tournament, ExportedTournament):
            tournament = self.tournament.to_dict()
        else:
            tournament = self.tournament

        league: dict[str, Any] | None
        if isinstance(self.league, ExportedLeague):
            league = self.league.to_dict()
        else:
            league = self.league

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        outcome = self.outcome.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "config": config,
                "seed": seed,
                "rated": rated,
                "created_at": created_at,
                "finished_at": finished_at,
                "tournament": tournament,
                "league": league,
                "seats": seats,
                "moves": moves,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exported_game_config import ExportedGameConfig
        from ..models.exported_game_outcome import ExportedGameOutcome
        from ..models.exported_league import ExportedLeague
        from ..models.exported_move import ExportedMove
        from ..models.exported_seat import ExportedSeat
        from ..models.exported_tournament import ExportedTournament

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        config = ExportedGameConfig.from_dict(d.pop("config"))

        seed = d.pop("seed")

        rated = d.pop("rated")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        def _parse_tournament(data: object) -> ExportedTournament | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tournament_type_1 = ExportedTournament.from_dict(data)

                return tournament_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExportedTournament | None, data)

        tournament = _parse_tournament(d.pop("tournament"))

        def _parse_league(data: object) -> ExportedLeague | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                league_type_1 = ExportedLeague.from_dict(data)

                return league_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExportedLeague | None, data)

        league = _parse_league(d.pop("league"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = ExportedSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = ExportedMove.from_dict(moves_item_data)

            moves.append(moves_item)

        outcome = ExportedGameOutcome.from_dict(d.pop("outcome"))

        exported_game = cls(
            id=id,
            game=game,
            config=config,
            seed=seed,
            rated=rated,
            created_at=created_at,
            finished_at=finished_at,
            tournament=tournament,
            league=league,
            seats=seats,
            moves=moves,
            outcome=outcome,
        )

        exported_game.additional_properties = d
        return exported_game

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
