from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_fault_policy_enum import BotFaultPolicyEnum
from ..models.competition_state_enum import CompetitionStateEnum
from ..models.entrants_enum import EntrantsEnum
from ..models.rating_system_enum import RatingSystemEnum
from ..models.timeout_policy_enum import TimeoutPolicyEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.organiser import Organiser


T = TypeVar("T", bound="League")


@_attrs_define
class League:
    """
    Attributes:
        id (int):
        name (str):
        game (str):
        rating_system_display (str):
        entrants_display (str): who may enter, in words
        move_time_limit (float | str): seconds per move Example: 86400.
        timeout_policy_display (str):
        bot_fault_policy_display (str):
        state_display (str):
        season (int | None): the current (latest) season's number
        organiser (None | Organiser):
        entry_count (int): entrants on the ladder
        games_played (int):
        created_at (datetime.datetime):
        config (Any | Unset):
        seats_per_table (int | Unset):
        rating_system (RatingSystemEnum | Unset): * `elo` - Elo
            * `openskill` - OpenSkill (Plackett-Luce)
        entrants (EntrantsEnum | Unset): * `people` - people only
            * `bots` - bots only
            * `both` - people and bots
        challenge_range (int | Unset): a person may challenge entrants at most this many places away on the ladder
        ratings_per_season (bool | Unset): true: every new season resets the league ratings to the initial rating (and
            games played to 0); false (default): ratings carry over from season to season
        timeout_policy (TimeoutPolicyEnum | Unset): * `forfeit` - forfeit the game
            * `default_action` - play a default action
        allow_vacations (bool | Unset): a player's vacation extends their move deadlines in its games
        bot_move_time_ms (int | Unset): milliseconds a submitted bot has for each decision
        bot_time_bank_ms (int | Unset): extra milliseconds for the whole game, taken when a decision runs over
        bot_fault_policy (BotFaultPolicyEnum | Unset): * `forfeit` - forfeit the game
            * `default_move` - play a default move and take a strike
        bot_max_strikes (int | Unset): under the default-move policy, a bot is disqualified at this many faults
        state (CompetitionStateEnum | Unset): * `draft` - draft
            * `registration` - registration open
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled
        started_at (datetime.datetime | None | Unset):
        finished_at (datetime.datetime | None | Unset):
    """

    id: int
    name: str
    game: str
    rating_system_display: str
    entrants_display: str
    move_time_limit: float | str
    timeout_policy_display: str
    bot_fault_policy_display: str
    state_display: str
    season: int | None
    organiser: None | Organiser
    entry_count: int
    games_played: int
    created_at: datetime.datetime
    config: Any | Unset = UNSET
    seats_per_table: int | Unset = UNSET
    rating_system: RatingSystemEnum | Unset = UNSET
    entrants: EntrantsEnum | Unset = UNSET
    challenge_range: int | Unset = UNSET
    ratings_per_season: bool | Unset = UNSET
    timeout_policy: TimeoutPolicyEnum | Unset = UNSET
    allow_vacations: bool | Unset = UNSET
    bot_move_time_ms: int | Unset = UNSET
    bot_time_bank_ms: int | Unset = UNSET
    bot_fault_policy: BotFaultPolicyEnum | Unset = UNSET
    bot_max_strikes: int | Unset = UNSET
    state: CompetitionStateEnum | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    finished_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.organiser import Organiser

        id = self.id

        name = self.name

        game = self.game

        rating_system_display = self.rating_system_display

        entrants_display = self.entrants_display

        move_time_limit: float | str
        move_time_limit = self.move_time_limit

        timeout_policy_display = self.timeout_policy_display

        bot_fault_policy_display = self.bot_fault_policy_display

        state_display = self.state_display

        season: int | None
        season = self.season

        organiser: dict[str, Any] | None
        if isinstance(self.organiser, Organiser):
            organiser = self.organiser.to_dict()
        else:
            organiser = self.organiser

        entry_count = self.entry_count

        games_played = self.games_played

        created_at = self.created_at.isoformat()

        config = self.config

        seats_per_table = self.seats_per_table

        rating_system: str | Unset = UNSET
        if not isinstance(self.rating_system, Unset):
            rating_system = self.rating_system.value

        entrants: str | Unset = UNSET
        if not isinstance(self.entrants, Unset):
            entrants = self.entrants.value

        challenge_range = self.challenge_range

        ratings_per_season = self.ratings_per_season

        timeout_policy: str | Unset = UNSET
        if not isinstance(self.timeout_policy, Unset):
            timeout_policy = self.timeout_policy.value

        allow_vacations = self.allow_vacations

        bot_move_time_ms = self.bot_move_time_ms

        bot_time_bank_ms = self.bot_time_bank_ms

        bot_fault_policy: str | Unset = UNSET
        if not isinstance(self.bot_fault_policy, Unset):
            bot_fault_policy = self.bot_fault_policy.value

        bot_max_strikes = self.bot_max_strikes

        state: str | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.value

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

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
                "name": name,
                "game": game,
                "rating_system_display": rating_system_display,
                "entrants_display": entrants_display,
                "move_time_limit": move_time_limit,
                "timeout_policy_display": timeout_policy_display,
                "bot_fault_policy_display": bot_fault_policy_display,
                "state_display": state_display,
                "season": season,
                "organiser": organiser,
                "entry_count": entry_count,
                "games_played": games_played,
                "created_at": created_at,
            }
        )
        if config is not UNSET:
            field_dict["config"] = config
        if seats_per_table is not UNSET:
            field_dict["seats_per_table"] = seats_per_table
        if rating_system is not UNSET:
            field_dict["rating_system"] = rating_system
        if entrants is not UNSET:
            field_dict["entrants"] = entrants
        if challenge_range is not UNSET:
            field_dict["challenge_range"] = challenge_range
        if ratings_per_season is not UNSET:
            field_dict["ratings_per_season"] = ratings_per_season
        if timeout_policy is not UNSET:
            field_dict["timeout_policy"] = timeout_policy
        if allow_vacations is not UNSET:
            field_dict["allow_vacations"] = allow_vacations
        if bot_move_time_ms is not UNSET:
            field_dict["bot_move_time_ms"] = bot_move_time_ms
        if bot_time_bank_ms is not UNSET:
            field_dict["bot_time_bank_ms"] = bot_time_bank_ms
        if bot_fault_policy is not UNSET:
            field_dict["bot_fault_policy"] = bot_fault_policy
        if bot_max_strikes is not UNSET:
            field_dict["bot_max_strikes"] = bot_max_strikes
        if state is not UNSET:
            field_dict["state"] = state
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.organiser import Organiser

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        game = d.pop("game")

        rating_system_display = d.pop("rating_system_display")

        entrants_display = d.pop("entrants_display")

        def _parse_move_time_limit(data: object) -> float | str:
            return cast(float | str, data)

        move_time_limit = _parse_move_time_limit(d.pop("move_time_limit"))

        timeout_policy_display = d.pop("timeout_policy_display")

        bot_fault_policy_display = d.pop("bot_fault_policy_display")

        state_display = d.pop("state_display")

        def _parse_season(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        season = _parse_season(d.pop("season"))

        def _parse_organiser(data: object) -> None | Organiser:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                organiser_type_1 = Organiser.from_dict(data)

                return organiser_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Organiser, data)

        organiser = _parse_organiser(d.pop("organiser"))

        entry_count = d.pop("entry_count")

        games_played = d.pop("games_played")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        config = d.pop("config", UNSET)

        seats_per_table = d.pop("seats_per_table", UNSET)

        _rating_system = d.pop("rating_system", UNSET)
        rating_system: RatingSystemEnum | Unset
        if isinstance(_rating_system, Unset):
            rating_system = UNSET
        else:
            rating_system = RatingSystemEnum(_rating_system)

        _entrants = d.pop("entrants", UNSET)
        entrants: EntrantsEnum | Unset
        if isinstance(_entrants, Unset):
            entrants = UNSET
        else:
            entrants = EntrantsEnum(_entrants)

        challenge_range = d.pop("challenge_range", UNSET)

        ratings_per_season = d.pop("ratings_per_season", UNSET)

        _timeout_policy = d.pop("timeout_policy", UNSET)
        timeout_policy: TimeoutPolicyEnum | Unset
        if isinstance(_timeout_policy, Unset):
            timeout_policy = UNSET
        else:
            timeout_policy = TimeoutPolicyEnum(_timeout_policy)

        allow_vacations = d.pop("allow_vacations", UNSET)

        bot_move_time_ms = d.pop("bot_move_time_ms", UNSET)

        bot_time_bank_ms = d.pop("bot_time_bank_ms", UNSET)

        _bot_fault_policy = d.pop("bot_fault_policy", UNSET)
        bot_fault_policy: BotFaultPolicyEnum | Unset
        if isinstance(_bot_fault_policy, Unset):
            bot_fault_policy = UNSET
        else:
            bot_fault_policy = BotFaultPolicyEnum(_bot_fault_policy)

        bot_max_strikes = d.pop("bot_max_strikes", UNSET)

        _state = d.pop("state", UNSET)
        state: CompetitionStateEnum | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = CompetitionStateEnum(_state)

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

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

        league = cls(
            id=id,
            name=name,
            game=game,
            rating_system_display=rating_system_display,
            entrants_display=entrants_display,
            move_time_limit=move_time_limit,
            timeout_policy_display=timeout_policy_display,
            bot_fault_policy_display=bot_fault_policy_display,
            state_display=state_display,
            season=season,
            organiser=organiser,
            entry_count=entry_count,
            games_played=games_played,
            created_at=created_at,
            config=config,
            seats_per_table=seats_per_table,
            rating_system=rating_system,
            entrants=entrants,
            challenge_range=challenge_range,
            ratings_per_season=ratings_per_season,
            timeout_policy=timeout_policy,
            allow_vacations=allow_vacations,
            bot_move_time_ms=bot_move_time_ms,
            bot_time_bank_ms=bot_time_bank_ms,
            bot_fault_policy=bot_fault_policy,
            bot_max_strikes=bot_max_strikes,
            state=state,
            started_at=started_at,
            finished_at=finished_at,
        )

        league.additional_properties = d
        return league

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
