from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_kind_enum import BotKindEnum

if TYPE_CHECKING:
    from ..models.bot_global_rating import BotGlobalRating
    from ..models.bot_league_rating import BotLeagueRating
    from ..models.bot_owner import BotOwner
    from ..models.bot_version import BotVersion


T = TypeVar("T", bound="BotDetail")


@_attrs_define
class BotDetail:
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
        you_own_it (bool):
        active (BotVersion | None):
        versions (list[BotVersion]):
        ratings (list[BotGlobalRating]):
        leagues (list[BotLeagueRating]):
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
    you_own_it: bool
    active: BotVersion | None
    versions: list[BotVersion]
    ratings: list[BotGlobalRating]
    leagues: list[BotLeagueRating]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_owner import BotOwner
        from ..models.bot_version import BotVersion

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

        you_own_it = self.you_own_it

        active: dict[str, Any] | None
        if isinstance(self.active, BotVersion):
            active = self.active.to_dict()
        else:
            active = self.active

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        leagues = []
        for leagues_item_data in self.leagues:
            leagues_item = leagues_item_data.to_dict()
            leagues.append(leagues_item)

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
                "you_own_it": you_own_it,
                "active": active,
                "versions": versions,
                "ratings": ratings,
                "leagues": leagues,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bot_global_rating import BotGlobalRating
        from ..models.bot_league_rating import BotLeagueRating
        from ..models.bot_owner import BotOwner
        from ..models.bot_version import BotVersion

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

        you_own_it = d.pop("you_own_it")

        def _parse_active(data: object) -> BotVersion | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                active_type_1 = BotVersion.from_dict(data)

                return active_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotVersion | None, data)

        active = _parse_active(d.pop("active"))

        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = BotVersion.from_dict(versions_item_data)

            versions.append(versions_item)

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = BotGlobalRating.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        leagues = []
        _leagues = d.pop("leagues")
        for leagues_item_data in _leagues:
            leagues_item = BotLeagueRating.from_dict(leagues_item_data)

            leagues.append(leagues_item)

        bot_detail = cls(
            id=id,
            name=name,
            competitor=competitor,
            game_id=game_id,
            kind=kind,
            engine_bot=engine_bot,
            owner=owner,
            active_version=active_version,
            validation_status=validation_status,
            you_own_it=you_own_it,
            active=active,
            versions=versions,
            ratings=ratings,
            leagues=leagues,
        )

        bot_detail.additional_properties = d
        return bot_detail

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
