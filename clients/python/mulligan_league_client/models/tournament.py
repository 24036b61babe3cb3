from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_fault_policy_enum import BotFaultPolicyEnum
from ..models.competition_state_enum import CompetitionStateEnum
from ..models.entrants_enum import EntrantsEnum
from ..models.format_enum import FormatEnum
from ..models.timeout_policy_enum import TimeoutPolicyEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_format import MatchFormat
    from ..models.organiser import Organiser
    from ..models.progress import Progress


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """A tournament as anyone may see it (never its seed).

    Attributes:
        id (int):
        name (str):
        game (str):
        format_ (FormatEnum): * `round_robin` - round robin
            * `double_round_robin` - double round robin
            * `swiss` - Swiss
            * `single_elimination` - single elimination
            * `double_elimination` - double elimination
        format_display (str):
        match_format (MatchFormat):
        move_time_limit (float | str): seconds per move Example: 86400.
        timeout_policy_display (str):
        bot_fault_policy_display (str):
        entrants_display (str): who may enter, in words
        state_display (str):
        organiser (None | Organiser):
        entry_count (int):
        progress (Progress):
        created_at (datetime.datetime):
        config (Any | Unset):
        seats_per_table (int | Unset):
        min_table_size (int | None | Unset):
        rounds (int | None | Unset): empty: as the format needs
        planned_rounds (int | None | Unset): fixed at the start; empty for elimination (until a champion)
        current_round (int | Unset): the latest round paired
        best_of (int | Unset): games per match at two-seat tables
        timeout_policy (TimeoutPolicyEnum | Unset): * `forfeit` - forfeit the game
            * `default_action` - play a default action
        allow_vacations (bool | Unset): a player's vacation extends their move deadlines in its games
        bot_move_time_ms (int | Unset): milliseconds a submitted bot has for each decision
        bot_time_bank_ms (int | Unset): extra milliseconds for the whole game, taken when a decision runs over
        bot_fault_policy (BotFaultPolicyEnum | Unset): * `forfeit` - forfeit the game
            * `default_move` - play a default move and take a strike
        bot_max_strikes (int | Unset): under the default-move policy, a bot is disqualified at this many faults
        entrants (EntrantsEnum | Unset): * `people` - people only
            * `bots` - bots only
            * `both` - people and bots
        late_entries (bool | Unset):
        max_entrants (int | None | Unset): the places: joins past this many are refused; empty: no limit
        rated (bool | Unset):
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
    format_: FormatEnum
    format_display: str
    match_format: MatchFormat
    move_time_limit: float | str
    timeout_policy_display: str
    bot_fault_policy_display: str
    entrants_display: str
    state_display: str
    organiser: None | Organiser
    entry_count: int
    progress: Progress
    created_at: datetime.datetime
    config: Any | Unset = UNSET
    seats_per_table: int | Unset = UNSET
    min_table_size: int | None | Unset = UNSET
    rounds: int | None | Unset = UNSET
    planned_rounds: int | None | Unset = UNSET
    current_round: int | Unset = UNSET
    best_of: int | Unset = UNSET
    timeout_policy: TimeoutPolicyEnum | Unset = UNSET
    allow_vacations: bool | Unset = UNSET
    bot_move_time_ms: int | Unset = UNSET
    bot_time_bank_ms: int | Unset = UNSET
    bot_fault_policy: BotFaultPolicyEnum | Unset = UNSET
    bot_max_strikes: int | Unset = UNSET
    entrants: EntrantsEnum | Unset = UNSET
    late_entries: bool | Unset = UNSET
    max_entrants: int | None | Unset = UNSET
    rated: bool | Unset = UNSET
    state: CompetitionStateEnum | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    finished_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.organiser import Organiser

        id = self.id

        name = self.name

        game = self.game

        format_ = self.format_.value

        format_display = self.format_display

        match_format = self.match_format.to_dict()

        move_time_limit: float | str
        move_time_limit = self.move_time_limit

        timeout_policy_display = self.timeout_policy_display

        bot_fault_policy_display = self.bot_fault_policy_display

        entrants_display = self.entrants_display

        state_display = self.state_display

        organiser: dict[str, Any] | None
        if isinstance(self.organiser, Organiser):
            organiser = self.organiser.to_dict()
        else:
            organiser = self.organiser

        entry_count = self.entry_count

        progress = self.progress.to_dict()

        created_at = self.created_at.isoformat()

        config = self.config

        seats_per_table = self.seats_per_table

        min_table_size: int | None | Unset
        if isinstance(self.min_table_size, Unset):
            min_table_size = UNSET
        else:
            min_table_size = self.min_table_size

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        planned_rounds: int | None | Unset
        if isinstance(self.planned_rounds, Unset):
            planned_rounds = UNSET
        else:
            planned_rounds = self.planned_rounds

        current_round = self.current_round

        best_of = self.best_of

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

        entrants: str | Unset = UNSET
        if not isinstance(self.entrants, Unset):
            entrants = self.entrants.value

        late_entries = self.late_entries

        max_entrants: int | None | Unset
        if isinstance(self.max_entrants, Unset):
            max_entrants = UNSET
        else:
            max_entrants = self.max_entrants

        rated = self.rated

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
                "format": format_,
                "format_display": format_display,
                "match_format": match_format,
                "move_time_limit": move_time_limit,
                "timeout_policy_display": timeout_policy_display,
                "bot_fault_policy_display": bot_fault_policy_display,
                "entrants_display": entrants_display,
                "state_display": state_display,
                "organiser": organiser,
                "entry_count": entry_count,
                "progress": progress,
                "created_at": created_at,
            }
        )
        if config is not UNSET:
            field_dict["config"] = config
        if seats_per_table is not UNSET:
            field_dict["seats_per_table"] = seats_per_table
        if min_table_size is not UNSET:
            field_dict["min_table_size"] = min_table_size
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if planned_rounds is not UNSET:
            field_dict["planned_rounds"] = planned_rounds
        if current_round is not UNSET:
            field_dict["current_round"] = current_round
        if best_of is not UNSET:
            field_dict["best_of"] = best_of
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
        if entrants is not UNSET:
            field_dict["entrants"] = entrants
        if late_entries is not UNSET:
            field_dict["late_entries"] = late_entries
        if max_entrants is not UNSET:
            field_dict["max_entrants"] = max_entrants
        if rated is not UNSET:
            field_dict["rated"] = rated
        if state is not UNSET:
            field_dict["state"] = state
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.match_format import MatchFormat
        from ..models.organiser import Organiser
        from ..models.progress import Progress

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        game = d.pop("game")

        format_ = FormatEnum(d.pop("format"))

        format_display = d.pop("format_display")

        match_format = MatchFormat.from_dict(d.pop("match_format"))

        def _parse_move_time_limit(data: object) -> float | str:
            return cast(float | str, data)

        move_time_limit = _parse_move_time_limit(d.pop("move_time_limit"))

        timeout_policy_display = d.pop("timeout_policy_display")

        bot_fault_policy_display = d.pop("bot_fault_policy_display")

        entrants_display = d.pop("entrants_display")

        state_display = d.pop("state_display")

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

        progress = Progress.from_dict(d.pop("progress"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        config = d.pop("config", UNSET)

        seats_per_table = d.pop("seats_per_table", UNSET)

        def _parse_min_table_size(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_table_size = _parse_min_table_size(d.pop("min_table_size", UNSET))

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        def _parse_planned_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        planned_rounds = _parse_planned_rounds(d.pop("planned_rounds", UNSET))

        current_round = d.pop("current_round", UNSET)

        best_of = d.pop("best_of", UNSET)

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

        _entrants = d.pop("entrants", UNSET)
        entrants: EntrantsEnum | Unset
        if isinstance(_entrants, Unset):
            entrants = UNSET
        else:
            entrants = EntrantsEnum(_entrants)

        late_entries = d.pop("late_entries", UNSET)

        def _parse_max_entrants(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_entrants = _parse_max_entrants(d.pop("max_entrants", UNSET))

        rated = d.pop("rated", UNSET)

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

        tournament = cls(
            id=id,
            name=name,
            game=game,
            format_=format_,
            format_display=format_display,
            match_format=match_format,
            move_time_limit=move_time_limit,
            timeout_policy_display=timeout_policy_display,
            bot_fault_policy_display=bot_fault_policy_display,
            entrants_display=entrants_display,
            state_display=state_display,
            organiser=organiser,
            entry_count=entry_count,
            progress=progress,
            created_at=created_at,
            config=config,
            seats_per_table=seats_per_table,
            min_table_size=min_table_size,
            rounds=rounds,
            planned_rounds=planned_rounds,
            current_round=current_round,
            best_of=best_of,
            timeout_policy=timeout_policy,
            allow_vacations=allow_vacations,
            bot_move_time_ms=bot_move_time_ms,
            bot_time_bank_ms=bot_time_bank_ms,
            bot_fault_policy=bot_fault_policy,
            bot_max_strikes=bot_max_strikes,
            entrants=entrants,
            late_entries=late_entries,
            max_entrants=max_entrants,
            rated=rated,
            state=state,
            started_at=started_at,
            finished_at=finished_at,
        )

        tournament.additional_properties = d
        return tournament

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
