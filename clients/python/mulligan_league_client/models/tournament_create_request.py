from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_fault_policy_enum import BotFaultPolicyEnum
from ..models.entrants_enum import EntrantsEnum
from ..models.format_enum import FormatEnum
from ..models.game_enum import GameEnum
from ..models.timeout_policy_enum import TimeoutPolicyEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_create_request_config import TournamentCreateRequestConfig


T = TypeVar("T", bound="TournamentCreateRequest")


@_attrs_define
class TournamentCreateRequest:
    """What a tournament and a league both say about time and faults, and their config check.

    Attributes:
        name (str): the name people see
        game (GameEnum):
        format_ (FormatEnum): * `round_robin` - round robin
            * `double_round_robin` - double round robin
            * `swiss` - Swiss
            * `single_elimination` - single elimination
            * `double_elimination` - double elimination
        move_time_limit (float | str | Unset): seconds (e.g. 90), or an ISO 8601 duration (e.g. "PT90S", "P1D") Default:
            86400.0. Example: 86400.
        timeout_policy (TimeoutPolicyEnum | Unset): * `forfeit` - forfeit the game
            * `default_action` - play a default action Default: TimeoutPolicyEnum.FORFEIT.
        allow_vacations (bool | Unset): a player's vacation extends their deadlines Default: True.
        bot_move_time_ms (int | Unset): milliseconds a submitted bot has for each decision Default: 2000.
        bot_time_bank_ms (int | Unset): extra milliseconds for a bot's whole game, drawn on when a decision runs over
            Default: 10000.
        bot_fault_policy (BotFaultPolicyEnum | Unset): * `forfeit` - forfeit the game
            * `default_move` - play a default move and take a strike Default: BotFaultPolicyEnum.DEFAULT_MOVE.
        bot_max_strikes (int | Unset): default_move: a bot is disqualified at this many Default: 3.
        config (TournamentCreateRequestConfig | Unset): the game's options
        seats_per_table (int | Unset): players at each table: 2, or 3 to 6 in round robins and Swiss Default: 2.
        min_table_size (int | None | Unset): multi-seat: the smallest table
        rounds (int | None | Unset): Swiss: empty for the recommended number for the field
        best_of (int | Unset): games per match at two-seat tables: an odd number, at most 9 Default: 1.
        entrants (EntrantsEnum | Unset): * `people` - people only
            * `bots` - bots only
            * `both` - people and bots Default: EntrantsEnum.BOTH.
        late_entries (bool | Unset): Swiss: entrants may still join after the start Default: False.
        max_entrants (int | None | Unset): the places: joins past this many are refused (409); empty: no limit
        rated (bool | Unset): the games move the players' Elo ratings Default: True.
    """

    name: str
    game: GameEnum
    format_: FormatEnum
    move_time_limit: float | str | Unset = 86400.0
    timeout_policy: TimeoutPolicyEnum | Unset = TimeoutPolicyEnum.FORFEIT
    allow_vacations: bool | Unset = True
    bot_move_time_ms: int | Unset = 2000
    bot_time_bank_ms: int | Unset = 10000
    bot_fault_policy: BotFaultPolicyEnum | Unset = BotFaultPolicyEnum.DEFAULT_MOVE
    bot_max_strikes: int | Unset = 3
    config: TournamentCreateRequestConfig | Unset = UNSET
    seats_per_table: int | Unset = 2
    min_table_size: int | None | Unset = UNSET
    rounds: int | None | Unset = UNSET
    best_of: int | Unset = 1
    entrants: EntrantsEnum | Unset = EntrantsEnum.BOTH
    late_entries: bool | Unset = False
    max_entrants: int | None | Unset = UNSET
    rated: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        game = self.game.value

        format_ = self.format_.value

        move_time_limit: float | str | Unset
        if isinstance(self.move_time_limit, Unset):
            move_time_limit = UNSET
        else:
            move_time_limit = self.move_time_limit

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

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

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

        best_of = self.best_of

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "game": game,
                "format": format_,
            }
        )
        if move_time_limit is not UNSET:
            field_dict["move_time_limit"] = move_time_limit
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
        if config is not UNSET:
            field_dict["config"] = config
        if seats_per_table is not UNSET:
            field_dict["seats_per_table"] = seats_per_table
        if min_table_size is not UNSET:
            field_dict["min_table_size"] = min_table_size
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if best_of is not UNSET:
            field_dict["best_of"] = best_of
        if entrants is not UNSET:
            field_dict["entrants"] = entrants
        if late_entries is not UNSET:
            field_dict["late_entries"] = late_entries
        if max_entrants is not UNSET:
            field_dict["max_entrants"] = max_entrants
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament_create_request_config import TournamentCreateRequestConfig

        d = dict(src_dict)
        name = d.pop("name")

        game = GameEnum(d.pop("game"))

        format_ = FormatEnum(d.pop("format"))

        def _parse_move_time_limit(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        move_time_limit = _parse_move_time_limit(d.pop("move_time_limit", UNSET))

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

        _config = d.pop("config", UNSET)
        config: TournamentCreateRequestConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = TournamentCreateRequestConfig.from_dict(_config)

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

        best_of = d.pop("best_of", UNSET)

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

        tournament_create_request = cls(
            name=name,
            game=game,
            format_=format_,
            move_time_limit=move_time_limit,
            timeout_policy=timeout_policy,
            allow_vacations=allow_vacations,
            bot_move_time_ms=bot_move_time_ms,
            bot_time_bank_ms=bot_time_bank_ms,
            bot_fault_policy=bot_fault_policy,
            bot_max_strikes=bot_max_strikes,
            config=config,
            seats_per_table=seats_per_table,
            min_table_size=min_table_size,
            rounds=rounds,
            best_of=best_of,
            entrants=entrants,
            late_entries=late_entries,
            max_entrants=max_entrants,
            rated=rated,
        )

        tournament_create_request.additional_properties = d
        return tournament_create_request

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
