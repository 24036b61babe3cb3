"""The checks :meth:`engine.core.State.apply` makes for every game before the game's own step.

A small game made for the purpose shows each check alone; the registered games show that every
one of them refuses the same things in its own words (and golf, which overrides ``apply`` whole,
refuses them too).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from engine import IllegalAction, Outcome, State, registered_games
from engine.core import JSON, Action, Seat


class Relay(State):
    """Seats take turns to ``pass`` (one of them twice: ``several`` seats act at once in round 0);
    anyone may ``wave`` at any time; three passes end it."""

    game_id: ClassVar[str] = "relay"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "pass": frozenset({"type", "loudly"}),
        "wave": frozenset({"type"}),
    }
    free_actions: ClassVar[frozenset[str]] = frozenset({"wave"})
    game_noun: ClassVar[str] = "relay"

    def __init__(self, players: int = 3, *, together: bool = False) -> None:
        self.players = players
        self.together = together
        self.passes: list[Seat] = []
        self.waves: list[Seat] = []
        self.steps: list[tuple[Seat, Action]] = []

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return len(self.passes) >= 3

    def to_act(self) -> list[Seat]:
        if self.is_over:
            return []
        if self.together and not self.passes:
            return [0, 1]
        return [len(self.passes) % self.players]

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [{"type": "pass"}] if seat in self.to_act() else []

    def _step(self, seat: Seat, action: Action) -> None:
        self.steps.append((seat, action))
        if action["type"] == "wave":
            self.waves.append(seat)
        else:
            self.passes.append(seat)

    def observe(self, seat: Seat | None) -> JSON:
        return {"passes": list(self.passes)}

    def outcome(self) -> Outcome:
        return Outcome(tuple(range(self.players)), (0.0,) * self.players)

    def to_json(self) -> JSON:
        return {"game": self.game_id, "passes": list(self.passes), "waves": list(self.waves)}

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> State:
        return self


def refusal(state: State, seat: Any, action: Any) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    return str(refused.value)


PASS = {"type": "pass"}


@pytest.mark.parametrize(
    ("seat", "action", "words"),
    [
        (3, PASS, "there is no seat 3 in a 3-player relay"),
        (-1, PASS, "there is no seat -1 in a 3-player relay"),
        (True, PASS, "there is no seat True in a 3-player relay"),
        ("0", PASS, "there is no seat '0' in a 3-player relay"),
        (None, PASS, "there is no seat None in a 3-player relay"),
        (0, "pass", "an action is a JSON object with a 'type', not 'pass'"),
        (0, ["pass"], "an action is a JSON object"),
        (0, {}, "unknown action type None; actions: pass, wave"),
        (0, {"type": "run"}, "unknown action type 'run'; actions: pass, wave"),
        (0, {"type": 1}, "unknown action type 1"),
        (0, {"type": "wave", "hand": "left"}, "a wave action takes no 'hand'"),
        (0, {"type": "pass", "b": 1, "a": 2, "loudly": True}, "a pass action takes no 'a', 'b'"),
        (1, PASS, "it is seat 0's turn, not seat 1's"),
    ],
)
def test_each_check_refuses_in_words_and_the_step_never_runs(seat: Any, action: Any, words: str) -> None:
    state = Relay()
    assert refusal(state, seat, action).startswith(words)
    assert state.steps == []


def test_an_action_that_passes_every_check_goes_to_the_step() -> None:
    state = Relay()
    state.apply(0, {"type": "pass", "loudly": True})
    state.apply(1, PASS)
    assert state.steps == [(0, {"type": "pass", "loudly": True}), (1, PASS)]


def test_free_actions_are_taken_from_any_seat_until_the_end() -> None:
    state = Relay()
    state.apply(2, {"type": "wave"})  # seat 0 is to act
    state.apply(0, {"type": "wave"})
    for seat in range(3):
        state.apply(seat, PASS)
    assert state.waves == [2, 0]
    assert state.is_over
    assert refusal(state, 1, {"type": "wave"}) == "the relay is over"
    assert refusal(state, 0, PASS) == "the relay is over"
    assert refusal(state, 5, PASS).startswith("there is no seat 5")


def test_several_seats_to_act_are_named() -> None:
    state = Relay(together=True)
    assert refusal(state, 2, PASS) == "seat 2 is not to act now: seats 0, 1 are"
    state.apply(1, PASS)


def test_a_game_without_a_step_says_so() -> None:
    class Unfinished(Relay):
        _step = State._step

    with pytest.raises(NotImplementedError, match="Unfinished overrides neither apply nor _step"):
        Unfinished().apply(0, PASS)


# -- every registered game ------------------------------------------------------------------------


def _fresh(game_id: str) -> State:
    game = next(game for game in registered_games() if game.id == game_id)
    return game.new_state(game.conformance_configs()[0], 5)


@pytest.mark.parametrize("game", registered_games(), ids=lambda game: game.id)
def test_every_game_refuses_what_the_core_refuses(game: Any) -> None:
    state = _fresh(game.id)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    before = state.to_json()
    n = state.num_players
    bad: list[tuple[Any, Any]] = [
        (n, action),
        (-1, action),
        (bool(seat), action) if seat in (0, 1) else (None, action),
        (str(seat), action),
        (seat, [action]),
        (seat, {**action, "type": "no such thing"}),
        (seat, {**action, "zzz": 1}),
    ]
    bad += [
        (other, action)
        for other in range(n)
        if not state.is_to_act(other) and action not in state.legal_actions(other)
    ]
    for who, what in bad:
        assert refusal(state, who, what).strip()
        assert state.to_json() == before


@pytest.mark.parametrize(
    ("game_id", "noun"), [("mulligan", "game"), ("three_card", "session"), ("opening_hand", "game")]
)
def test_each_game_keeps_its_own_words(game_id: str, noun: str) -> None:
    state = _fresh(game_id)
    n = state.num_players
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        assert refusal(state, n, action) == f"there is no seat {n} in a {n}-player {noun}"
        state.apply(seat, action)
    assert refusal(state, 0, action) == f"the {noun} is over"
