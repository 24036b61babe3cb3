from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_enum import GameEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_create_request_config import GameCreateRequestConfig
    from ..models.seat_request_request import SeatRequestRequest


T = TypeVar("T", bound="GameCreateRequest")


@_attrs_define
class GameCreateRequest:
    """
    Attributes:
        game (GameEnum):
        seats (list[SeatRequestRequest]):
        config (GameCreateRequestConfig | Unset):
        rated (bool | Unset):  Default: True.
        seed (int | Unset): staff only: replay a known deal
    """

    game: GameEnum
    seats: list[SeatRequestRequest]
    config: GameCreateRequestConfig | Unset = UNSET
    rated: bool | Unset = True
    seed: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.value

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        rated = self.rated

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "seats": seats,
            }
        )
        if config is not UNSET:
            field_dict["config"] = config
        if rated is not UNSET:
            field_dict["rated"] = rated
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_create_request_config import GameCreateRequestConfig
        from ..models.seat_request_request import SeatRequestRequest

        d = dict(src_dict)
        game = GameEnum(d.pop("game"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatRequestRequest.from_dict(seats_item_data)

            seats.append(seats_item)

        _config = d.pop("config", UNSET)
        config: GameCreateRequestConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = GameCreateRequestConfig.from_dict(_config)

        rated = d.pop("rated", UNSET)

        seed = d.pop("seed", UNSET)

        game_create_request = cls(
            game=game,
            seats=seats,
            config=config,
            rated=rated,
            seed=seed,
        )

        game_create_request.additional_properties = d
        return game_create_request

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
