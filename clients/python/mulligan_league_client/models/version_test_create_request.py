from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.model_enum import ModelEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.version_test_create_request_config import VersionTestCreateRequestConfig


T = TypeVar("T", bound="VersionTestCreateRequest")


@_attrs_define
class VersionTestCreateRequest:
    """
    Attributes:
        candidate_version (int | None | Unset): the version under test (a submitted bot's; it must have passed
            validation); default: the active version. Built-in bots have none
        baseline_version (int | None | Unset): the baseline: another version of this bot (give this or baseline_bot)
        baseline_bot (int | None | Unset): the baseline: another bot of the game you may play (built-in, or submitted
            with a validated active version, which it plays for the whole test)
        config (VersionTestCreateRequestConfig | Unset): the game's options (see /api/catalog/); players: the table size
            (2: the candidate against the baseline in both seat orders)
        opponents (list[int] | Unset): bot ids of the other seats of a table of three or more (players - 1 of them)
        elo0 (float | Unset): H0's Elo (lower bound), within ±2000 Default: 0.0.
        elo1 (float | Unset): H1's Elo (upper bound), above elo0 Default: 2.0.
        model (ModelEnum | Unset): * `normalized` - normalized Elo (Elo divided by the spread of the pair scores)
            * `logistic` - logistic Elo Default: ModelEnum.NORMALIZED.
        alpha (float | Unset): false-accept rate, in (0, 0.5) Default: 0.05.
        beta (float | Unset): false-reject rate, in (0, 0.5) Default: 0.05.
        max_deals (int | None | Unset): the budget of deals (two games each) after which the test is inconclusive;
            default 5000, at most the site's cap
    """

    candidate_version: int | None | Unset = UNSET
    baseline_version: int | None | Unset = UNSET
    baseline_bot: int | None | Unset = UNSET
    config: VersionTestCreateRequestConfig | Unset = UNSET
    opponents: list[int] | Unset = UNSET
    elo0: float | Unset = 0.0
    elo1: float | Unset = 2.0
    model: ModelEnum | Unset = ModelEnum.NORMALIZED
    alpha: float | Unset = 0.05
    beta: float | Unset = 0.05
    max_deals: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        candidate_version: int | None | Unset
        if isinstance(self.candidate_version, Unset):
            candidate_version = UNSET
        else:
            candidate_version = self.candidate_version

        baseline_version: int | None | Unset
        if isinstance(self.baseline_version, Unset):
            baseline_version = UNSET
        else:
            baseline_version = self.baseline_version

        baseline_bot: int | None | Unset
        if isinstance(self.baseline_bot, Unset):
            baseline_bot = UNSET
        else:
            baseline_bot = self.baseline_bot

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        opponents: list[int] | Unset = UNSET
        if not isinstance(self.opponents, Unset):
            opponents = self.opponents

        elo0 = self.elo0

        elo1 = self.elo1

        model: str | Unset = UNSET
        if not isinstance(self.model, Unset):
            model = self.model.value

        alpha = self.alpha

        beta = self.beta

        max_deals: int | None | Unset
        if isinstance(self.max_deals, Unset):
            max_deals = UNSET
        else:
            max_deals = self.max_deals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if candidate_version is not UNSET:
            field_dict["candidate_version"] = candidate_version
        if baseline_version is not UNSET:
            field_dict["baseline_version"] = baseline_version
        if baseline_bot is not UNSET:
            field_dict["baseline_bot"] = baseline_bot
        if config is not UNSET:
            field_dict["config"] = config
        if opponents is not UNSET:
            field_dict["opponents"] = opponents
        if elo0 is not UNSET:
            field_dict["elo0"] = elo0
        if elo1 is not UNSET:
            field_dict["elo1"] = elo1
        if model is not UNSET:
            field_dict["model"] = model
        if alpha is not UNSET:
            field_dict["alpha"] = alpha
        if beta is not UNSET:
            field_dict["beta"] = beta
        if max_deals is not UNSET:
            field_dict["max_deals"] = max_deals

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.version_test_create_request_config import VersionTestCreateRequestConfig

        d = dict(src_dict)

        def _parse_candidate_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        candidate_version = _parse_candidate_version(d.pop("candidate_version", UNSET))

        def _parse_baseline_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        baseline_version = _parse_baseline_version(d.pop("baseline_version", UNSET))

        def _parse_baseline_bot(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        baseline_bot = _parse_baseline_bot(d.pop("baseline_bot", UNSET))

        _config = d.pop("config", UNSET)
        config: VersionTestCreateRequestConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = VersionTestCreateRequestConfig.from_dict(_config)

        opponents = cast(list[int], d.pop("opponents", UNSET))

        elo0 = d.pop("elo0", UNSET)

        elo1 = d.pop("elo1", UNSET)

        _model = d.pop("model", UNSET)
        model: ModelEnum | Unset
        if isinstance(_model, Unset):
            model = UNSET
        else:
            model = ModelEnum(_model)

        alpha = d.pop("alpha", UNSET)

        beta = d.pop("beta", UNSET)

        def _parse_max_deals(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_deals = _parse_max_deals(d.pop("max_deals", UNSET))

        version_test_create_request = cls(
            candidate_version=candidate_version,
            baseline_version=baseline_version,
            baseline_bot=baseline_bot,
            config=config,
            opponents=opponents,
            elo0=elo0,
            elo1=elo1,
            model=model,
            alpha=alpha,
            beta=beta,
            max_deals=max_deals,
        )

        version_test_create_request.additional_properties = d
        return version_test_create_request

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
