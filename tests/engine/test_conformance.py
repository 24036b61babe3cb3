"""The one conformance suite every registered game passes (design.md, "The engine contract").

Random playouts to the end, checking at every step: who must act and what they may do, that
illegal things raise :class:`IllegalAction` and change nothing, the game's own invariants, the
JSON round trip, determinism and replay, the outcome, and that observations leak nothing: a state
whose hidden parts are redrawn looks the same to the viewer, no seed or deck shows in the text,
and (Mulligan) no card name appears that the viewer may not know, in the view or in what a step
adds to the public history.

A game offers sample configs through :meth:`Game.conformance_configs` (the default config unless it
says more); Mulligan's are kept here (``playouts.MULLIGAN_CONFIGS``) so the engine carries no test data.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, Game, IllegalAction, State, get_game, new_state, registered_games, replay
from engine import state_from_json as load_state
from engine.bots import bots_for
from tests.engine.playouts import (
    MULLIGAN_CONFIGS,
    POLICY_STYLES,
    card_names_in,
    choose_action,
    config_id,
    dumps,
)

CONFIGS_BY_GAME: dict[str, list[dict[str, Any]]] = {"mulligan": MULLIGAN_CONFIGS}
MAX_STEPS = 4000
SEEDS = st.integers(0, 2**63 - 1)


def sample_configs(game: Game) -> list[dict[str, Any]]:
    return CONFIGS_BY_GAME.get(game.id) or [dict(config) for config in game.conformance_configs()]


CASES = [
    pytest.param(game.id, config, id=f"{game.id}-{config_id(config)}")
    for game in registered_games()
    for config in sample_configs(game)
]


def snapshot(state: State) -> str:
    return dumps(state.to_json())


def viewers(state: State) -> list[int | None]:
    return [*range(state.num_players), None]


def assert_illegal(state: State, seat: Any, action: Any) -> None:
    """``apply`` refuses with IllegalAction, a readable message, and leaves the state untouched."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    assert str(refused.value).strip(), f"IllegalAction without a message for {seat!r}, {action!r}"
    assert state.to_json() == before, f"a refused {action!r} by seat {seat!r} changed the state"


# -- checks run at every step ------------------------------------------------------------------


def check_turn_structure(state: State) -> None:
    seats = range(state.num_players)
    to_act = state.to_act()
    assert len(set(to_act)) == len(to_act), f"to_act repeats a seat: {to_act}"
    assert all(isinstance(s, int) and s in seats for s in to_act), f"to_act has a bad seat: {to_act}"
    # apply() trusts is_to_act() for whose move it is, so it must say what to_act() says, for any int.
    for seat in [-1, *seats, len(seats), len(seats) + 5]:
        assert state.is_to_act(seat) == (seat in to_act), f"is_to_act({seat}) disagrees with to_act {to_act}"
    if state.is_over:
        assert to_act == []
        assert all(state.legal_actions(s) == [] for s in seats)
        return
    assert to_act, "a running game must have someone to act"
    for seat in seats:
        legal = state.legal_actions(seat)
        if seat in to_act:
            assert legal, f"seat {seat} must act but has no legal action"
            assert all(isinstance(a, dict) and "type" in a for a in legal)
            assert len({dumps(a) for a in legal}) == len(legal), "legal_actions repeats an action"
            json.dumps(legal)
        else:
            assert legal == [], f"seat {seat} is not to act but has legal actions {legal[:3]}"


def check_round_trip(state: State) -> None:
    data = state.to_json()
    text = json.dumps(data)
    copy = load_state(json.loads(text))
    assert snapshot(copy) == dumps(data)
    assert copy.is_over == state.is_over
    assert copy.to_act() == state.to_act()
    for viewer in viewers(state):
        assert copy.observe(viewer) == state.observe(viewer)
    for seat in range(state.num_players):
        assert copy.legal_actions(seat) == state.legal_actions(seat)
    if state.is_over:
        assert copy.outcome().to_json() == state.outcome().to_json()


def check_legal_actions_apply(state: State, rng: random.Random, everything: bool) -> None:
    """Every listed action is accepted (on a copy): all of them now and then, a sample otherwise."""
    text = snapshot(state)
    data = json.loads(text)
    for seat in state.to_act():
        legal = state.legal_actions(seat)
        tried = legal if everything else rng.sample(legal, min(3, len(legal)))
        for action in tried:
            copy = load_state(data)
            copy.apply(seat, dict(action))
            copy.check_invariants()
    assert snapshot(state) == text, "trying actions on copies changed the original"


_JUNK_VALUES: list[Any] = [None, -1, 10**9, 2.5, True, "", "??", [], {}, "\u2620"]
_JUNK_KEYS = ["type", "card", "seat", "chips", "text", "cards", "target", "zzz_junk"]


def junk_actions(state: State, rng: random.Random) -> list[Any]:
    """Things that are not a legal action for anyone, whatever the game."""
    legal_types = sorted({str(a["type"]) for s in state.to_act() for a in state.legal_actions(s)})
    junk: list[Any] = [None, "skip", 3, [], ["type", "skip"], {}, {"type": None}, {"type": 7}]
    junk += [{"type": "no-such-action-\u2603"}, {"tpye": legal_types[0]}]
    for _ in range(4):
        action: dict[str, Any] = {"type": rng.choice([*legal_types, "\x00", "SKIP", "move"])}
        for key in rng.sample(_JUNK_KEYS[1:], rng.randint(1, 3)):
            action[key] = rng.choice(_JUNK_VALUES)
        junk.append(action)
    for seat in state.to_act():
        legal = state.legal_actions(seat)
        action = dict(rng.choice(legal))
        junk.append({**action, "zzz_junk": 1})
        for key in sorted(action):
            if key != "type":
                junk.append({**action, key: rng.choice(_JUNK_VALUES)})
    return junk


def check_illegal_actions(state: State, rng: random.Random) -> None:
    before = snapshot(state)
    n = state.num_players
    to_act = state.to_act()
    junk = junk_actions(state, rng)
    for action in rng.sample(junk, 5):
        seat = rng.choice(to_act)
        if isinstance(action, dict) and action in state.legal_actions(seat):
            continue
        assert_illegal(state, seat, action)
    seat = rng.choice(to_act)
    action = rng.choice(state.legal_actions(seat))
    for bad_seat in rng.sample([-1, n, n + 7, None, "0", str(seat), True, False, float(seat)], 2):
        assert_illegal(state, bad_seat, action)
    # The wrong seat: one not to act at all, or one to act for whom this is someone else's move.
    others = [other for other in range(n) if other != seat and action not in state.legal_actions(other)]
    for other in rng.sample(others, min(2, len(others))):
        assert_illegal(state, other, action)
    assert snapshot(state) == before, "refused actions changed the state's JSON text"


def check_observations(state: State, seed: int) -> None:
    for viewer in viewers(state):
        observation = state.observe(viewer)
        text = json.dumps(observation)
        assert json.loads(text) == observation, "an observation must be plain JSON data"
        if state.is_over:
            continue
        assert '"seed":' not in text, f"the observation of {viewer!r} has a seed"
        assert '"deck": [' not in text, f"the observation of {viewer!r} lists the deck"
        if seed >= 2**24:  # small seeds collide with ordinary numbers (seats, counts, turns)
            assert str(seed) not in text, f"the seed shows in {viewer!r}'s observation"


def check_mulligan_cards(state: State, viewer: int | None) -> None:
    """No card of the deck or the burnt pile shows anywhere; no card of another seat's hand or
    face-down offer shows outside the public history (unless Open Hands shows the hands)."""
    data = state.to_json()
    if data["phase"] == "over":
        return
    observation = state.observe(viewer)
    config = data["config"]
    never_seen = set(data["deck"]) | set(data["burnt"])
    leaked = never_seen & card_names_in(observation)
    assert not leaked, f"seat {viewer!r} sees cards of the deck or the burnt pile: {sorted(leaked)}"
    private: set[str] = set()
    if not config["open_hands"]:
        for seat, hand in enumerate(data["hands"]):
            if seat != viewer:
                private |= set(hand)
    face_down = data["phase"] == "offers" or (data["phase"] == "decide" and config["secret_offers"])
    if face_down and not config["open_hands"]:
        private |= {card for seat, card, _ in data["offers"] if seat != viewer}
    outside_history = {key: value for key, value in observation.items() if key != "history"}
    leaked = private & card_names_in(outside_history)
    assert not leaked, f"seat {viewer!r} sees cards that are not theirs to see: {sorted(leaked)}"


def check_mulligan_history(before: dict[int | None, Any], after: dict[int | None, Any]) -> None:
    """The public history only grows, and what one step adds to it names no card that its viewer
    could not see in the rest of the view just before or just after that step: the history must
    not disclose a face-down card (a secret offer, a card swapped blind, a card dealt to another)."""
    for viewer, now in after.items():
        then = before[viewer]
        old = then["history"]
        assert now["history"][: len(old)] == old, f"the history seen by {viewer!r} was rewritten"
        added = now["history"][len(old) :]
        visible = card_names_in({k: v for k, v in then.items() if k != "history"})
        visible |= card_names_in({k: v for k, v in now.items() if k != "history"})
        disclosed = card_names_in(added) - visible
        assert not disclosed, f"the history shows {viewer!r} face-down cards {sorted(disclosed)}: {added}"


EXTRA_VIEW_CHECKS: dict[str, Callable[[State, int | None], None]] = {"mulligan": check_mulligan_cards}
STEP_VIEW_CHECKS: dict[str, Callable[[dict[int | None, Any], dict[int | None, Any]], None]] = {
    "mulligan": check_mulligan_history
}


def check_resample(state: State, rng: random.Random) -> bool:
    """A redraw of what each viewer cannot see looks the same to that viewer; True if the redraw
    for some seat changed anything (the check would be vacuous if it never did)."""
    changed = False
    original = state.to_json()
    original.pop("seed", None)
    for viewer in viewers(state):
        resampled = state.resample_hidden(viewer, random.Random(rng.getrandbits(64)))
        assert resampled is not state
        assert resampled.observe(viewer) == state.observe(viewer), f"observe({viewer!r}) leaks hidden state"
        assert resampled.to_act() == state.to_act()
        assert resampled.is_over == state.is_over
        if viewer is not None:
            assert resampled.legal_actions(viewer) == state.legal_actions(viewer)
        resampled.check_invariants()
        data = resampled.to_json()
        data.pop("seed", None)
        if viewer is not None and data != original:
            changed = True
    assert snapshot(state) == dumps(state.to_json())
    return changed


def check_outcome(state: State) -> None:
    n = state.num_players
    outcome = state.outcome()
    assert sorted(outcome.ranking) == list(range(n)), f"ranking {outcome.ranking} is not a permutation"
    ranks = outcome.ranks
    assert all(ranks[seat] == place for place, seat in enumerate(outcome.ranking, start=1))
    assert list(ranks).count(1) == 1, "exactly one winner"
    assert outcome.winner == outcome.ranking[0]
    assert len(outcome.scores) == n
    json.dumps(outcome.to_json())
    assert outcome.to_json()["ranks"] == list(ranks)


# -- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "config"), CASES)
@settings(max_examples=5)
@given(seed=SEEDS)
def test_new_state_is_deterministic(game_id: str, config: dict[str, Any], seed: int) -> None:
    first, second = new_state(game_id, config, seed), new_state(game_id, config, seed)
    assert snapshot(first) == snapshot(second)
    for viewer in viewers(first):
        assert first.observe(viewer) == second.observe(viewer)
    assert not first.is_over
    with pytest.raises(EngineError):
        first.outcome()
    first.check_invariants()


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_observing_a_seat_that_does_not_exist_raises(game_id: str, config: dict[str, Any]) -> None:
    state = new_state(game_id, config, 7)
    for bad in (-1, state.num_players, state.num_players + 3, "0", 1.5):
        with pytest.raises(EngineError):
            state.observe(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", registered_games(), ids=lambda game: game.id)
def test_registry_and_metadata(game: Game) -> None:
    assert get_game(game.id) is game
    meta = game.metadata()
    json.dumps(meta)
    assert meta["id"] == game.id
    assert 1 <= meta["min_players"] <= meta["max_players"]
    assert meta["bots"] == sorted(bots_for(game)), "the metadata lists the bots make_bot makes"
    for config in sample_configs(game):
        normalized = game.normalize_config(config)
        assert game.normalize_config(normalized) == normalized, "normalizing is idempotent"
        state = game.new_state(config, 1)
        assert game.min_players <= state.num_players <= game.max_players_for(config)


@pytest.mark.parametrize("game", registered_games(), ids=lambda game: game.id)
def test_table_talk_is_what_the_metadata_says(game: Game) -> None:
    """The pages offer a "say" box exactly where the rules take ``say`` (``Game.table_talk``)."""
    state = game.new_state(sample_configs(game)[0], 3)
    talk = {"type": "say", "text": "good luck"}
    assert talk not in state.legal_actions(state.to_act()[0])
    before = state.to_json()
    # Talk is free: a seat that is not to act may talk as well.
    talkers = [state.to_act()[0], *(seat for seat in range(state.num_players) if seat not in state.to_act())]
    if game.table_talk:
        for seat in talkers:
            state.apply(seat, talk)
        assert state.to_act() == game.new_state(sample_configs(game)[0], 3).to_act(), "talk is not a move"
    else:
        for seat in talkers:
            with pytest.raises(IllegalAction):
                state.apply(seat, talk)
        assert state.to_json() == before


@pytest.mark.parametrize(("game_id", "config"), CASES)
@settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, policy_seed=SEEDS, style=st.sampled_from(sorted(POLICY_STYLES)))
def test_random_playout_conforms(
    game_id: str, config: dict[str, Any], seed: int, policy_seed: int, style: str
) -> None:
    game = get_game(game_id)
    extra_view_check = EXTRA_VIEW_CHECKS.get(game_id)
    step_view_check = STEP_VIEW_CHECKS.get(game_id)
    state = new_state(game_id, config, seed)
    rng = random.Random(policy_seed)
    actions: list[tuple[int, dict[str, Any]]] = []
    checkpoints: dict[int, str] = {}
    resample_changed = False
    resampled_running = False
    for step in range(MAX_STEPS):
        state.check_invariants()
        check_turn_structure(state)
        # The history makes each check cost more as a game grows: every step early on, then
        # every few steps (and always at the end).
        thorough = step < 60 or step % 4 == 0 or state.is_over
        if thorough:
            check_round_trip(state)
            check_observations(state, seed)
        if step % (3 if step < 60 else 7) == 0 or state.is_over:
            resample_changed |= check_resample(state, rng)
            resampled_running |= not state.is_over
            if extra_view_check is not None:
                for viewer in viewers(state):
                    extra_view_check(state, viewer)
        if step % 17 == 0:
            checkpoints[step] = snapshot(state)
        if state.is_over:
            break
        check_illegal_actions(state, rng)
        check_legal_actions_apply(state, rng, everything=step % 10 == 0)
        seat, action = choose_action(state, rng, style)
        legal_before = {s: state.legal_actions(s) for s in state.to_act()}
        views_before = {v: state.observe(v) for v in viewers(state)} if step_view_check else {}
        state.apply(seat, action)
        actions.append((seat, action))
        if step_view_check is not None:
            step_view_check(views_before, {v: state.observe(v) for v in viewers(state)})
        # Actions of the step before (another phase, or another seat's turn) that are no longer
        # legal must be refused.
        for before_seat, before_actions in legal_before.items():
            # Listed once and compared as canonical text: a golf seat may have thousands of plans.
            legal_now = {dumps(a) for a in state.legal_actions(before_seat)}
            stale = [a for a in before_actions if dumps(a) not in legal_now]
            for stale_action in rng.sample(stale, min(2, len(stale))):
                assert_illegal(state, before_seat, stale_action)
    else:
        pytest.fail(f"{game_id} {config} seed {seed}: not over after {MAX_STEPS} steps")

    # The finished game.
    check_outcome(state)
    for seat in range(state.num_players):
        for seat_actions in ({"type": "__nothing__"}, *(a for _, a in actions[-3:])):
            assert_illegal(state, seat, seat_actions)
    if game.hidden_information and resampled_running:
        assert resample_changed, "resample_hidden never redrew anything: the leak check proved nothing"

    # Replay and determinism: the move history rebuilds the game byte for byte.
    rebuilt = replay(game_id, config, seed, actions)
    assert snapshot(rebuilt) == snapshot(state)
    assert rebuilt.outcome().to_json() == state.outcome().to_json()
    json_history = json.loads(json.dumps([[s, a] for s, a in actions]))
    assert snapshot(replay(game_id, config, seed, json_history)) == snapshot(state)
    for step, expected in checkpoints.items():
        assert snapshot(replay(game_id, config, seed, actions[:step])) == expected
