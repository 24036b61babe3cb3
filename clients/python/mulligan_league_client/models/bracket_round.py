from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bracket_match import BracketMatch


T = TypeVar("T", bound="BracketRound")


@_attrs_define
class BracketRound:
    """
    Attributes:
        name (str):
        side (str):
        number (int):
        matches (list[BracketMatch]):
    """

    name: str
    side: str
    number: int
    matches: list[BracketMatch]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        side = self.side

        number = self.number

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "side": side,
                "number": number,
                "matches": matches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bracket_match import BracketMatch

        d = dict(src_dict)
        name = d.pop("name")

        side = d.pop("side")

        number = d.pop("number")

        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = BracketMatch.from_dict(matches_item_data)

            matches.append(matches_item)

        bracket_round = cls(
            name=name,
            side=side,
            number=number,
            matches=matches,
        )

        bracket_round.additional_properties = d
        return bracket_round

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
