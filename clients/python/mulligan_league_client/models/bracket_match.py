from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bracket_entrant import BracketEntrant
    from ..models.bracket_slot import BracketSlot


T = TypeVar("T", bound="BracketMatch")


@_attrs_define
class BracketMatch:
    """
    Attributes:
        id (str):
        status (str):
        slots (list[BracketSlot]):
        winner (BracketEntrant | None):
        round_ (int | None): the round it is played in, once paired
        table (int | None):
    """

    id: str
    status: str
    slots: list[BracketSlot]
    winner: BracketEntrant | None
    round_: int | None
    table: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bracket_entrant import BracketEntrant

        id = self.id

        status = self.status

        slots = []
        for slots_item_data in self.slots:
            slots_item = slots_item_data.to_dict()
            slots.append(slots_item)

        winner: dict[str, Any] | None
        if isinstance(self.winner, BracketEntrant):
            winner = self.winner.to_dict()
        else:
            winner = self.winner

        round_: int | None
        round_ = self.round_

        table: int | None
        table = self.table

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "slots": slots,
                "winner": winner,
                "round": round_,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bracket_entrant import BracketEntrant
        from ..models.bracket_slot import BracketSlot

        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        slots = []
        _slots = d.pop("slots")
        for slots_item_data in _slots:
            slots_item = BracketSlot.from_dict(slots_item_data)

            slots.append(slots_item)

        def _parse_winner(data: object) -> BracketEntrant | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                winner_type_1 = BracketEntrant.from_dict(data)

                return winner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BracketEntrant | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_table(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        table = _parse_table(d.pop("table"))

        bracket_match = cls(
            id=id,
            status=status,
            slots=slots,
            winner=winner,
            round_=round_,
            table=table,
        )

        bracket_match.additional_properties = d
        return bracket_match

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
