from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_enum import GameEnum
from ..models.time_per_move_enum import TimePerMoveEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lobby_challenge_create_request_config import LobbyChallengeCreateRequestConfig
    from ..models.lobby_opponent_request import LobbyOpponentRequest


T = TypeVar("T", bound="LobbyChallengeCreateRequest")


@_attrs_define
class LobbyChallengeCreateRequest:
    """
    Attributes:
        game (GameEnum):
        opponents (list[LobbyOpponentRequest]): who sits in seats 2, 3, ... (you sit in seat 1); bots only: the game
            starts at once
        config (LobbyChallengeCreateRequestConfig | Unset): the game's options (see config_fields and config_presets in
            /api/catalog/); players is set from the seats
        time_per_move (TimePerMoveEnum | Unset): * `1h` - 1 hour
            * `6h` - 6 hours
            * `12h` - 12 hours
            * `1d` - 1 day
            * `2d` - 2 days
            * `3d` - 3 days
            * `7d` - 7 days
            * `14d` - 14 days Default: TimePerMoveEnum.VALUE_5.
        rated (bool | Unset):  Default: True.
    """

    game: GameEnum
    opponents: list[LobbyOpponentRequest]
    config: LobbyChallengeCreateRequestConfig | Unset = UNSET
    time_per_move: TimePerMoveEnum | Unset = TimePerMoveEnum.VALUE_5
    rated: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.value

        opponents = []
        for opponents_item_data in self.opponents:
            opponents_item = opponents_item_data.to_dict()
            opponents.append(opponents_item)

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        time_per_move: str | Unset = UNSET
        if not isinstance(self.time_per_move, Unset):
            time_per_move = self.time_per_move.value

        rated = self.rated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "opponents": opponents,
            }
        )
        if config is not UNSET:
            field_dict["config"] = config
        if time_per_move is not UNSET:
            field_dict["time_per_move"] = time_per_move
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lobby_challenge_create_request_config import LobbyChallengeCreateRequestConfig
        from ..models.lobby_opponent_request import LobbyOpponentRequest

        d = dict(src_dict)
        game = GameEnum(d.pop("game"))

        opponents = []
        _opponents = d.pop("opponents")
        for opponents_item_data in _opponents:
            opponents_item = LobbyOpponentRequest.from_dict(opponents_item_data)

            opponents.append(opponents_item)

        _config = d.pop("config", UNSET)
        config: LobbyChallengeCreateRequestConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = LobbyChallengeCreateRequestConfig.from_dict(_config)

        _time_per_move = d.pop("time_per_move", UNSET)
        time_per_move: TimePerMoveEnum | Unset
        if isinstance(_time_per_move, Unset):
            time_per_move = UNSET
        else:
            time_per_move = TimePerMoveEnum(_time_per_move)

        rated = d.pop("rated", UNSET)

        lobby_challenge_create_request = cls(
            game=game,
            opponents=opponents,
            config=config,
            time_per_move=time_per_move,
            rated=rated,
        )

        lobby_challenge_create_request.additional_properties = d
        return lobby_challenge_create_request

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
