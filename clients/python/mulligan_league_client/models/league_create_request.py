from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_fault_policy_enum import BotFaultPolicyEnum
from ..models.entrants_enum import EntrantsEnum
from ..models.game_enum import GameEnum
from ..models.rating_system_enum import RatingSystemEnum
from ..models.timeout_policy_enum import TimeoutPolicyEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.league_create_request_config import LeagueCreateRequestConfig


T = TypeVar("T", bound="LeagueCreateRequest")


@_attrs_define
class LeagueCreateRequest:
    """What a tournament and a league both say about time and faults, and their config check.

    Attributes:
        name (str): the name people see
        game (GameEnum):
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
        config (LeagueCreateRequestConfig | Unset): the game's options
        seats_per_table (int | Unset): players at each table: 2 to 6 Default: 2.
        rating_system (RatingSystemEnum | Unset): * `elo` - Elo
            * `openskill` - OpenSkill (Plackett-Luce) Default: RatingSystemEnum.ELO.
        entrants (EntrantsEnum | Unset): * `people` - people only
            * `bots` - bots only
            * `both` - people and bots Default: EntrantsEnum.BOTH.
        challenge_range (int | Unset): people may challenge entrants at most this many ladder places away Default: 3.
        ratings_per_season (bool | Unset): true: each new season resets ratings to the initial rating; false: they carry
            over Default: False.
    """

    name: str
    game: GameEnum
    move_time_limit: float | str | Unset = 86400.0
    timeout_policy: TimeoutPolicyEnum | Unset = TimeoutPolicyEnum.FORFEIT
    allow_vacations: bool | Unset = True
    bot_move_time_ms: int | Unset = 2000
    bot_time_bank_ms: int | Unset = 10000
    bot_fault_policy: BotFaultPolicyEnum | Unset = BotFaultPolicyEnum.DEFAULT_MOVE
    bot_max_strikes: int | Unset = 3
    config: LeagueCreateRequestConfig | Unset = UNSET
    seats_per_table: int | Unset = 2
    rating_system: RatingSystemEnum | Unset = RatingSystemEnum.ELO
    entrants: EntrantsEnum | Unset = EntrantsEnum.BOTH
    challenge_range: int | Unset = 3
    ratings_per_season: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        game = self.game.value

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

        rating_system: str | Unset = UNSET
        if not isinstance(self.rating_system, Unset):
            rating_system = self.rating_system.value

        entrants: str | Unset = UNSET
        if not isinstance(self.entrants, Unset):
            entrants = self.entrants.value

        challenge_range = self.challenge_range

        ratings_per_season = self.ratings_per_season

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "game": game,
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
        if rating_system is not UNSET:
            field_dict["rating_system"] = rating_system
        if entrants is not UNSET:
            field_dict["entrants"] = entrants
        if challenge_range is not UNSET:
            field_dict["challenge_range"] = challenge_range
        if ratings_per_season is not UNSET:
            field_dict["ratings_per_season"] = ratings_per_season

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.league_create_request_config import LeagueCreateRequestConfig

        d = dict(src_dict)
        name = d.pop("name")

        game = GameEnum(d.pop("game"))

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
        config: LeagueCreateRequestConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = LeagueCreateRequestConfig.from_dict(_config)

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

        league_create_request = cls(
            name=name,
            game=game,
            move_time_limit=move_time_limit,
            timeout_policy=timeout_policy,
            allow_vacations=allow_vacations,
            bot_move_time_ms=bot_move_time_ms,
            bot_time_bank_ms=bot_time_bank_ms,
            bot_fault_policy=bot_fault_policy,
            bot_max_strikes=bot_max_strikes,
            config=config,
            seats_per_table=seats_per_table,
            rating_system=rating_system,
            entrants=entrants,
            challenge_range=challenge_range,
            ratings_per_season=ratings_per_season,
        )

        league_create_request.additional_properties = d
        return league_create_request

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
