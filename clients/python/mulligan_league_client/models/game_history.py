from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_history_config import GameHistoryConfig
    from ..models.game_history_outcome_type_0 import GameHistoryOutcomeType0
    from ..models.history_move import HistoryMove


T = TypeVar("T", bound="GameHistory")


@_attrs_define
class GameHistory:
    """
    Attributes:
        id (int):
        game (str):
        status (GameStatusEnum): * `running` - running
            * `finished` - finished
            * `aborted` - aborted
        move_count (int):
        moves (list[HistoryMove]):
        seed (int | Unset): once the game is over, and every other game of its deal (the same seed) too
        config (GameHistoryConfig | Unset): once the game is over, and every other game of its deal (the same seed) too
        final_state (Any | Unset): once the game is over, and every other game of its deal (the same seed) too:
            everything
        outcome (GameHistoryOutcomeType0 | None | Unset): once the game is over, and every other game of its deal (the
            same seed) too
        next_ (None | str | Unset): with limit: the following moves (null after the last)
    """

    id: int
    game: str
    status: GameStatusEnum
    move_count: int
    moves: list[HistoryMove]
    seed: int | Unset = UNSET
    config: GameHistoryConfig | Unset = UNSET
    final_state: Any | Unset = UNSET
    outcome: GameHistoryOutcomeType0 | None | Unset = UNSET
    next_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_history_outcome_type_0 import GameHistoryOutcomeType0

        id = self.id

        game = self.game

        status = self.status.value

        move_count = self.move_count

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        seed = self.seed

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        final_state = self.final_state

        outcome: dict[str, Any] | None | Unset
        if isinstance(self.outcome, Unset):
            outcome = UNSET
        elif isinstance(self.outcome, GameHistoryOutcomeType0):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        next_: None | str | Unset
        if isinstance(self.next_, Unset):
            next_ = UNSET
        else:
            next_ = self.next_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "status": status,
                "move_count": move_count,
                "moves": moves,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if config is not UNSET:
            field_dict["config"] = config
        if final_state is not UNSET:
            field_dict["final_state"] = final_state
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if next_ is not UNSET:
            field_dict["next"] = next_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_history_config import GameHistoryConfig
        from ..models.game_history_outcome_type_0 import GameHistoryOutcomeType0
        from ..models.history_move import HistoryMove

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        status = GameStatusEnum(d.pop("status"))

        move_count = d.pop("move_count")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = HistoryMove.from_dict(moves_item_data)

            moves.append(moves_item)

        seed = d.pop("seed", UNSET)

        _config = d.pop("config", UNSET)
        config: GameHistoryConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = GameHistoryConfig.from_dict(_config)

        final_state = d.pop("final_state", UNSET)

        def _parse_outcome(data: object) -> GameHistoryOutcomeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = GameHistoryOutcomeType0.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameHistoryOutcomeType0 | None | Unset, data)

        outcome = _parse_outcome(d.pop("outcome", UNSET))

        def _parse_next_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_ = _parse_next_(d.pop("next", UNSET))

        game_history = cls(
            id=id,
            game=game,
            status=status,
            move_count=move_count,
            moves=moves,
            seed=seed,
            config=config,
            final_state=final_state,
            outcome=outcome,
            next_=next_,
        )

        game_history.additional_properties = d
        return game_history

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
