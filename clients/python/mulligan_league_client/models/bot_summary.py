from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_kind_enum import BotKindEnum

if TYPE_CHECKING:
    from ..models.bot_owner import BotOwner


T = TypeVar("T", bound="BotSummary")


@_attrs_define
class BotSummary:
    """
    Attributes:
        id (int):
        name (str):
        competitor (int):
        game_id (str):
        kind (BotKindEnum): * `builtin` - built-in engine bot
            * `program` - uploaded program (JSON lines on stdin/stdout, sandboxed)
            * `http` - HTTP endpoint (a POST per decision)
        engine_bot (str): built-in bots: the engine's bot
        owner (BotOwner | None):
        active_version (int | None):
        validation_status (None | str): the latest version's
    """

    id: int
    name: str
    competitor: int
    game_id: str
    kind: BotKindEnum
    engine_bot: str
    owner: BotOwner | None
    active_version: int | None
    validation_status: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_owner import BotOwner

        id = self.id

        name = self.name

        competitor = self.competitor

        game_id = self.game_id

        kind = self.kind.value

        engine_bot = self.engine_bot

        owner: dict[str, Any] | None
        if isinstance(self.owner, BotOwner):
            owner = self.owner.to_dict()
        else:
            owner = self.owner

        active_version: int | None
        active_version = self.active_version

        validation_status: None | str
        validation_status = self.validation_status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "competitor": competitor,
                "game_id": game_id,
                "kind": kind,
                "engine_bot": engine_bot,
                "owner": owner,
                "active_version": active_version,
                "validation_status": validation_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bot_owner import BotOwner

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        competitor = d.pop("competitor")

        game_id = d.pop("game_id")

        kind = BotKindEnum(d.pop("kind"))

        engine_bot = d.pop("engine_bot")

        def _parse_owner(data: object) -> BotOwner | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owner_type_1 = BotOwner.from_dict(data)

                return owner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotOwner | None, data)

        owner = _parse_owner(d.pop("owner"))

        def _parse_active_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        active_version = _parse_active_version(d.pop("active_version"))

        def _parse_validation_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        validation_status = _parse_validation_status(d.pop("validation_status"))

        bot_summary = cls(
            id=id,
            name=name,
            competitor=competitor,
            game_id=game_id,
            kind=kind,
            engine_bot=engine_bot,
            owner=owner,
            active_version=active_version,
            validation_status=validation_status,
        )

        bot_summary.additional_properties = d
        return bot_summary

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
