from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.version_test_figures_event_type_enum import VersionTestFiguresEventTypeEnum

if TYPE_CHECKING:
    from ..models.estimate import Estimate
    from ..models.llr import Llr
    from ..models.version_test_figures_event_paired_values import VersionTestFiguresEventPairedValues


T = TypeVar("T", bound="VersionTestFiguresEvent")


@_attrs_define
class VersionTestFiguresEvent:
    """
    Attributes:
        id (int): figures: the number of pairs counted; end: one past it
        type_ (VersionTestFiguresEventTypeEnum): * `figures` - figures
            * `end` - end
        test (int):
        state (str): one of running, accepted, rejected, inconclusive, stopped; end: how the test finished
        finished_at (datetime.datetime | None):
        deals_started (int):
        pairs (int): deals whose two games were counted
        games (int): games counted (two per pair)
        wins (int):
        draws (int):
        losses (int):
        pentanomial (list[int]): two seats: the pairs LL, LD, DD+WL, WD, WW; else empty
        paired_values (VersionTestFiguresEventPairedValues): larger tables: each pair value and its count
        elo0 (float):
        elo1 (float):
        model (str):
        llr (Llr):
        elo (Estimate):
        nelo (Estimate):
    """

    id: int
    type_: VersionTestFiguresEventTypeEnum
    test: int
    state: str
    finished_at: datetime.datetime | None
    deals_started: int
    pairs: int
    games: int
    wins: int
    draws: int
    losses: int
    pentanomial: list[int]
    paired_values: VersionTestFiguresEventPairedValues
    elo0: float
    elo1: float
    model: str
    llr: Llr
    elo: Estimate
    nelo: Estimate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        test = self.test

        state = self.state

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        deals_started = self.deals_started

        pairs = self.pairs

        games = self.games

        wins = self.wins

        draws = self.draws

        losses = self.losses

        pentanomial = self.pentanomial

        paired_values = self.paired_values.to_dict()

        elo0 = self.elo0

        elo1 = self.elo1

        model = self.model

        llr = self.llr.to_dict()

        elo = self.elo.to_dict()

        nelo = self.nelo.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "test": test,
                "state": state,
                "finished_at": finished_at,
                "deals_started": deals_started,
                "pairs": pairs,
                "games": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "pentanomial": pentanomial,
                "paired_values": paired_values,
                "elo0": elo0,
                "elo1": elo1,
                "model": model,
                "llr": llr,
                "elo": elo,
                "nelo": nelo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.estimate import Estimate
        from ..models.llr import Llr
        from ..models.version_test_figures_event_paired_values import VersionTestFiguresEventPairedValues

        d = dict(src_dict)
        id = d.pop("id")

        type_ = VersionTestFiguresEventTypeEnum(d.pop("type"))

        test = d.pop("test")

        state = d.pop("state")

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        deals_started = d.pop("deals_started")

        pairs = d.pop("pairs")

        games = d.pop("games")

        wins = d.pop("wins")

        draws = d.pop("draws")

        losses = d.pop("losses")

        pentanomial = cast(list[int], d.pop("pentanomial"))

        paired_values = VersionTestFiguresEventPairedValues.from_dict(d.pop("paired_values"))

        elo0 = d.pop("elo0")

        elo1 = d.pop("elo1")

        model = d.pop("model")

        llr = Llr.from_dict(d.pop("llr"))

        elo = Estimate.from_dict(d.pop("elo"))

        nelo = Estimate.from_dict(d.pop("nelo"))

        version_test_figures_event = cls(
            id=id,
            type_=type_,
            test=test,
            state=state,
            finished_at=finished_at,
            deals_started=deals_started,
            pairs=pairs,
            games=games,
            wins=wins,
            draws=draws,
            losses=losses,
            pentanomial=pentanomial,
            paired_values=paired_values,
            elo0=elo0,
            elo1=elo1,
            model=model,
            llr=llr,
            elo=elo,
            nelo=nelo,
        )

        version_test_figures_event.additional_properties = d
        return version_test_figures_event

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
