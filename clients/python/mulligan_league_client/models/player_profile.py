from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_profile_ratings import PlayerProfileRatings
    from ..models.rating_change import RatingChange


T = TypeVar("T", bound="PlayerProfile")


@_attrs_define
class PlayerProfile:
    """
    Attributes:
        id (int):
        name (str):
        competitor (int):
        ratings (PlayerProfileRatings): by game id
        rating_history (list[RatingChange]):
    """

    id: int
    name: str
    competitor: int
    ratings: PlayerProfileRatings
    rating_history: list[RatingChange]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        competitor = self.competitor

        ratings = self.ratings.to_dict()

        rating_history = []
        for rating_history_item_data in self.rating_history:
            rating_history_item = rating_history_item_data.to_dict()
            rating_history.append(rating_history_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "competitor": competitor,
                "ratings": ratings,
                "rating_history": rating_history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.player_profile_ratings import PlayerProfileRatings
        from ..models.rating_change import RatingChange

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        competitor = d.pop("competitor")

        ratings = PlayerProfileRatings.from_dict(d.pop("ratings"))

        rating_history = []
        _rating_history = d.pop("rating_history")
        for rating_history_item_data in _rating_history:
            rating_history_item = RatingChange.from_dict(rating_history_item_data)

            rating_history.append(rating_history_item)

        player_profile = cls(
            id=id,
            name=name,
            competitor=competitor,
            ratings=ratings,
            rating_history=rating_history,
        )

        player_profile.additional_properties = d
        return player_profile

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
