from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.challenge_state_enum import ChallengeStateEnum

if TYPE_CHECKING:
    from ..models.lobby_challenge_config import LobbyChallengeConfig
    from ..models.lobby_challenge_seat import LobbyChallengeSeat
    from ..models.lobby_challenger import LobbyChallenger


T = TypeVar("T", bound="LobbyChallenge")


@_attrs_define
class LobbyChallenge:
    """
    Attributes:
        id (int):
        game (str):
        game_name (str):
        challenger (LobbyChallenger):
        config (LobbyChallengeConfig):
        options (list[str]): options that differ from the defaults
        seats (list[LobbyChallengeSeat]):
        people_needed (int):
        people_accepted (int):
        time_per_move (str):
        move_time_limit_seconds (int):
        rated (bool):
        state (ChallengeStateEnum): * `open` - open
            * `accepted` - accepted
            * `declined` - declined
            * `cancelled` - cancelled
            * `expired` - expired
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        started_game (int | None): the game, once everyone accepted
        may_accept (bool):
        may_decline (bool):
        may_cancel (bool):
    """

    id: int
    game: str
    game_name: str
    challenger: LobbyChallenger
    config: LobbyChallengeConfig
    options: list[str]
    seats: list[LobbyChallengeSeat]
    people_needed: int
    people_accepted: int
    time_per_move: str
    move_time_limit_seconds: int
    rated: bool
    state: ChallengeStateEnum
    created_at: datetime.datetime
    expires_at: datetime.datetime
    started_game: int | None
    may_accept: bool
    may_decline: bool
    may_cancel: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = self.game

        game_name = self.game_name

        challenger = self.challenger.to_dict()

        config = self.config.to_dict()

        options = self.options

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        people_needed = self.people_needed

        people_accepted = self.people_accepted

        time_per_move = self.time_per_move

        move_time_limit_seconds = self.move_time_limit_seconds

        rated = self.rated

        state = self.state.value

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        started_game: int | None
        started_game = self.started_game

        may_accept = self.may_accept

        may_decline = self.may_decline

        may_cancel = self.may_cancel

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "game_name": game_name,
                "challenger": challenger,
                "config": config,
                "options": options,
                "seats": seats,
                "people_needed": people_needed,
                "people_accepted": people_accepted,
                "time_per_move": time_per_move,
                "move_time_limit_seconds": move_time_limit_seconds,
                "rated": rated,
                "state": state,
                "created_at": created_at,
                "expires_at": expires_at,
                "started_game": started_game,
                "may_accept": may_accept,
                "may_decline": may_decline,
                "may_cancel": may_cancel,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lobby_challenge_config import LobbyChallengeConfig
        from ..models.lobby_challenge_seat import LobbyChallengeSeat
        from ..models.lobby_challenger import LobbyChallenger

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        game_name = d.pop("game_name")

        challenger = LobbyChallenger.from_dict(d.pop("challenger"))

        config = LobbyChallengeConfig.from_dict(d.pop("config"))

        options = cast(list[str], d.pop("options"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = LobbyChallengeSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        people_needed = d.pop("people_needed")

        people_accepted = d.pop("people_accepted")

        time_per_move = d.pop("time_per_move")

        move_time_limit_seconds = d.pop("move_time_limit_seconds")

        rated = d.pop("rated")

        state = ChallengeStateEnum(d.pop("state"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_started_game(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        started_game = _parse_started_game(d.pop("started_game"))

        may_accept = d.pop("may_accept")

        may_decline = d.pop("may_decline")

        may_cancel = d.pop("may_cancel")

        lobby_challenge = cls(
            id=id,
            game=game,
            game_name=game_name,
            challenger=challenger,
            config=config,
            options=options,
            seats=seats,
            people_needed=people_needed,
            people_accepted=people_accepted,
            time_per_move=time_per_move,
            move_time_limit_seconds=move_time_limit_seconds,
            rated=rated,
            state=state,
            created_at=created_at,
            expires_at=expires_at,
            started_game=started_game,
            may_accept=may_accept,
            may_decline=may_decline,
            may_cancel=may_cancel,
        )

        lobby_challenge.additional_properties = d
        return lobby_challenge

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
