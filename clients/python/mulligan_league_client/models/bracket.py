from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bracket_entrant import BracketEntrant
    from ..models.bracket_round import BracketRound


T = TypeVar("T", bound="Bracket")


@_attrs_define
class Bracket:
    """
    Attributes:
        kind (str): single or double elimination
        bracket_reset (bool):
        seeds (list[BracketEntrant]): null: a bye
        rounds (list[BracketRound]):
        champion (BracketEntrant | None):
    """

    kind: str
    bracket_reset: bool
    seeds: list[BracketEntrant]
    rounds: list[BracketRound]
    champion: BracketEntrant | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bracket_entrant import BracketEntrant

        kind = self.kind

        bracket_reset = self.bracket_reset

        seeds = []
        for seeds_item_data in self.seeds:
            seeds_item = seeds_item_data.to_dict()
            seeds.append(seeds_item)

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        champion: dict[str, Any] | None
        if isinstance(self.champion, BracketEntrant):
            champion = self.champion.to_dict()
        else:
            champion = self.champion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "bracket_reset": bracket_reset,
                "seeds": seeds,
                "rounds": rounds,
                "champion": champion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bracket_entrant import BracketEntrant
        from ..models.bracket_round import BracketRound

        d = dict(src_dict)
        kind = d.pop("kind")

        bracket_reset = d.pop("bracket_reset")

        seeds = []
        _seeds = d.pop("seeds")
        for seeds_item_data in _seeds:
            seeds_item = BracketEntrant.from_dict(seeds_item_data)

            seeds.append(seeds_item)

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = BracketRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        def _parse_champion(data: object) -> BracketEntrant | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                champion_type_1 = BracketEntrant.from_dict(data)

                return champion_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BracketEntrant | None, data)

        champion = _parse_champion(d.pop("champion"))

        bracket = cls(
            kind=kind,
            bracket_reset=bracket_reset,
            seeds=seeds,
            rounds=rounds,
            champion=champion,
        )

        bracket.additional_properties = d
        return bracket

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
