from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bracket_entrant import BracketEntrant
    from ..models.bracket_slot_from import BracketSlotFrom


T = TypeVar("T", bound="BracketSlot")


@_attrs_define
class BracketSlot:
    """
    Attributes:
        entrant (BracketEntrant | None):
        from_ (BracketSlotFrom): {"seed": n}, {"winner_of": match} or {"loser_of": match}
    """

    entrant: BracketEntrant | None
    from_: BracketSlotFrom
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bracket_entrant import BracketEntrant

        entrant: dict[str, Any] | None
        if isinstance(self.entrant, BracketEntrant):
            entrant = self.entrant.to_dict()
        else:
            entrant = self.entrant

        from_ = self.from_.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entrant": entrant,
                "from": from_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bracket_entrant import BracketEntrant
        from ..models.bracket_slot_from import BracketSlotFrom

        d = dict(src_dict)

        def _parse_entrant(data: object) -> BracketEntrant | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entrant_type_1 = BracketEntrant.from_dict(data)

                return entrant_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BracketEntrant | None, data)

        entrant = _parse_entrant(d.pop("entrant"))

        from_ = BracketSlotFrom.from_dict(d.pop("from"))

        bracket_slot = cls(
            entrant=entrant,
            from_=from_,
        )

        bracket_slot.additional_properties = d
        return bracket_slot

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
