from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.estimate import Estimate
    from ..models.llr import Llr
    from ..models.version_test_config import VersionTestConfig
    from ..models.version_test_paired_values import VersionTestPairedValues


T = TypeVar("T", bound="VersionTest")


@_attrs_define
class VersionTest:
    """
    Attributes:
        id (int):
        bot (int):
        candidate_version (int | None):
        baseline_bot (int):
        baseline_bot_name (str):
        baseline_version (int | None):
        game (str):
        config (VersionTestConfig):
        opponents (list[int]):
        elo0 (float):
        elo1 (float):
        model (str): one of normalized, logistic
        alpha (float):
        beta (float):
        max_deals (int):
        state (str): one of running, accepted, rejected, inconclusive, stopped
        published (bool):
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        deals_started (int):
        pairs (int): deals whose two games were counted
        games (int): games counted (two per pair)
        wins (int): the candidate's games won (two seats) or pairs it scored more in (larger tables)
        draws (int):
        losses (int):
        pentanomial (list[int]): two seats: the pairs LL, LD, DD+WL, WD, WW; else empty
        paired_values (VersionTestPairedValues): larger tables: each pair value (1 + candidate's score - baseline's) / 2
            and its count
        llr (Llr):
        elo (Estimate):
        nelo (Estimate):
    """

    id: int
    bot: int
    candidate_version: int | None
    baseline_bot: int
    baseline_bot_name: str
    baseline_version: int | None
    game: str
    config: VersionTestConfig
    opponents: list[int]
    elo0: float
    elo1: float
    model: str
    alpha: float
    beta: float
    max_deals: int
    state: str
    published: bool
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    deals_started: int
    pairs: int
    games: int
    wins: int
    draws: int
    losses: int
    pentanomial: list[int]
    paired_values: VersionTestPairedValues
    llr: Llr
    elo: Estimate
    nelo: Estimate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        bot = self.bot

        candidate_version: int | None
        candidate_version = self.candidate_version

        baseline_bot = self.baseline_bot

        baseline_bot_name = self.baseline_bot_name

        baseline_version: int | None
        baseline_version = self.baseline_version

        game = self.game

        config = self.config.to_dict()

        opponents = self.opponents

        elo0 = self.elo0

        elo1 = self.elo1

        model = self.model

        alpha = self.alpha

        beta = self.beta

        max_deals = self.max_deals

        state = self.state

        published = self.published

        created_at = self.created_at.isoformat()

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

        llr = self.llr.to_dict()

        elo = self.elo.to_dict()

        nelo = self.nelo.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "bot": bot,
                "candidate_version": candidate_version,
                "baseline_bot": baseline_bot,
                "baseline_bot_name": baseline_bot_name,
                "baseline_version": baseline_version,
                "game": game,
                "config": config,
                "opponents": opponents,
                "elo0": elo0,
                "elo1": elo1,
                "model": model,
                "alpha": alpha,
                "beta": beta,
                "max_deals": max_deals,
                "state": state,
                "published": published,
                "created_at": created_at,
                "finished_at": finished_at,
                "deals_started": deals_started,
                "pairs": pairs,
                "games": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "pentanomial": pentanomial,
                "paired_values": paired_values,
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
        from ..models.version_test_config import VersionTestConfig
        from ..models.version_test_paired_values import VersionTestPairedValues

        d = dict(src_dict)
        id = d.pop("id")

        bot = d.pop("bot")

        def _parse_candidate_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        candidate_version = _parse_candidate_version(d.pop("candidate_version"))

        baseline_bot = d.pop("baseline_bot")

        baseline_bot_name = d.pop("baseline_bot_name")

        def _parse_baseline_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        baseline_version = _parse_baseline_version(d.pop("baseline_version"))

        game = d.pop("game")

        config = VersionTestConfig.from_dict(d.pop("config"))

        opponents = cast(list[int], d.pop("opponents"))

        elo0 = d.pop("elo0")

        elo1 = d.pop("elo1")

        model = d.pop("model")

        alpha = d.pop("alpha")

        beta = d.pop("beta")

        max_deals = d.pop("max_deals")

        state = d.pop("state")

        published = d.pop("published")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        paired_values = VersionTestPairedValues.from_dict(d.pop("paired_values"))

        llr = Llr.from_dict(d.pop("llr"))

        elo = Estimate.from_dict(d.pop("elo"))

        nelo = Estimate.from_dict(d.pop("nelo"))

        version_test = cls(
            id=id,
            bot=bot,
            candidate_version=candidate_version,
            baseline_bot=baseline_bot,
            baseline_bot_name=baseline_bot_name,
            baseline_version=baseline_version,
            game=game,
            config=config,
            opponents=opponents,
            elo0=elo0,
            elo1=elo1,
            model=model,
            alpha=alpha,
            beta=beta,
            max_deals=max_deals,
            state=state,
            published=published,
            created_at=created_at,
            finished_at=finished_at,
            deals_started=deals_started,
            pairs=pairs,
            games=games,
            wins=wins,
            draws=draws,
            losses=losses,
            pentanomial=pentanomial,
            paired_values=paired_values,
            llr=llr,
            elo=elo,
            nelo=nelo,
        )

        version_test.additional_properties = d
        return version_test

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
