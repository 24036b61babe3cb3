"""Property tests of the seed's "Assertions" (`000_43432f497e9b879c.txt`) over random games.

Every variant and player count (``playouts.MULLIGAN_CONFIGS``), random seeds, a random policy that
now and then talks. Each property is derived from the stored state (``to_json``) and the public
observation step by step, independently of the engine's own ``check_invariants``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import State, new_state
from engine.cards import parse_card
from engine.games.mulligan.hands import hand_key, rank_hand
from tests.engine.playouts import MULLIGAN_CONFIGS, POLICY_STYLES, SAY_TEXTS, choose_action

HAND = 5
MAX_STEPS = 5000
EXAMPLES = 100


@dataclass(frozen=True)
class Game:
    config: dict[str, Any]
    seed: int
    policy_seed: int
    style: str
    say_rate: float


@dataclass
class Step:
    seat: int
    action: dict[str, Any]
    before: dict[str, Any]
    after: dict[str, Any]
    state: State


GAMES = st.builds(
    Game,
    config=st.sampled_from(MULLIGAN_CONFIGS),
    seed=st.integers(0, 2**63 - 1),
    policy_seed=st.integers(0, 2**63 - 1),
    style=st.sampled_from(sorted(POLICY_STYLES)),
    say_rate=st.sampled_from([0.0, 0.05, 0.3]),
)


def start(game: Game) -> State:
    return new_state("mulligan", game.config, game.seed)


def play(game: Game) -> Iterator[Step]:
    """The game's steps to the end; occasionally any seat (folded ones too) says something."""
    state = start(game)
    rng = random.Random(game.policy_seed)
    before = state.to_json()
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        if rng.random() < game.say_rate:
            seat, action = rng.randrange(state.num_players), {"type": "say", "text": rng.choice(SAY_TEXTS)}
        else:
            seat, action = choose_action(state, rng, game.style)
        state.apply(seat, action)
        after = state.to_json()
        yield Step(seat, action, before, after, state)
        before = after
    raise AssertionError(f"{game}: not over after {MAX_STEPS} steps")


def running(data: dict[str, Any]) -> bool:
    return bool(data["phase"] != "over")


def ring_cards(data: dict[str, Any]) -> list[str]:
    cards = [card for _, card, _ in data["offers"]]
    if data["auction"] is not None:
        cards.append(data["auction"][0])
    return cards


def ring_chips(data: dict[str, Any]) -> int:
    chips = sum(int(k) for _, _, k in data["offers"])
    return chips + (int(data["auction"][1]) if data["auction"] is not None else 0)


def active_seats(data: dict[str, Any]) -> list[int]:
    return [seat for seat, active in enumerate(data["active"]) if active]


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_all_players_hold_five_cards_whenever_a_turn_ends(game: Game) -> None:
    state = start(game)
    assert all(len(hand) == HAND for hand in state.to_json()["hands"])
    turns_ended = 0
    for step in play(game):
        if step.after["phase"] in ("turn", "over"):
            if step.after["turn"] != step.before["turn"] or not running(step.after):
                turns_ended += 1
            assert all(len(hand) == HAND for hand in step.after["hands"])
            assert step.state.observe(None)["hand_sizes"] == [HAND] * step.state.num_players
        else:
            # Mid-turn only the auctioneer and the seats whose offer lies on the ring are short.
            short = {step.after["auctioneer"], *(seat for seat, _, _ in step.after["offers"])}
            for seat, hand in enumerate(step.after["hands"]):
                assert len(hand) == (HAND - 1 if seat in short else HAND)
    assert turns_ended >= 1


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_during_an_auction_every_active_player_has_a_card_on_the_ring(game: Game) -> None:
    decisions = 0
    for step in play(game):
        data = step.after
        if data["phase"] in ("offers", "decide"):
            assert data["auction"] is not None, "the auctioned card lies on the ring"
            others = set(active_seats(data)) - {data["auctioneer"]}
            offered = {seat for seat, _, _ in data["offers"]}
            assert offered <= others, "only active players other than the auctioneer offer"
            if data["phase"] == "decide":
                decisions += 1
                assert offered == others, "every active player has a card on the ring"
                ring = step.state.observe(None)["ring"]
                assert {o["seat"] for o in ring["offers"] if o["made"]} == others
            else:
                assert set(step.state.to_act()) == others - offered
        else:
            assert data["auction"] is None and data["offers"] == [], "the ring is empty between turns"
            assert step.state.observe(None)["ring"] is None


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_there_are_always_at_least_two_active_players_while_the_game_runs(game: Game) -> None:
    for step in play(game):
        active = step.state.observe(None)["active"]
        assert active == step.after["active"]
        if running(step.after):
            assert sum(active) >= 2, "with one active player the game has ended"
            assert active[step.after["auctioneer"]], "the auctioneer is an active player"
            assert all(active[seat] for seat in step.state.to_act())
            assert len(step.after["deck"]) >= sum(active), "a mulligan can always deal everyone"


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_there_is_always_exactly_one_winner(game: Game) -> None:
    last = None
    for step in play(game):
        last = step
    assert last is not None and last.state.is_over
    hands = last.after["hands"]
    keys = [hand_key([parse_card(card) for card in hand]) for hand in hands]
    assert len(set(keys)) == len(keys), "no two hands are worth the same: never a tie"
    outcome = last.state.outcome()
    assert list(outcome.ranking) == sorted(range(len(hands)), key=lambda seat: keys[seat], reverse=True)
    assert list(outcome.ranks).count(1) == 1
    values = [rank_hand(hand) for hand in hands]
    assert all(values[outcome.winner] > value for seat, value in enumerate(values) if seat != outcome.winner)
    assert last.state.observe(None)["outcome"]["ranking"] == list(outcome.ranking)


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_an_auctioned_card_is_gone_from_the_auctioneer_at_the_end_of_the_turn(game: Game) -> None:
    pending: tuple[int, str] | None = None
    for step in play(game):
        if step.action["type"] == "auction":
            auctioned = step.after["auction"][0]
            assert auctioned not in step.after["hands"][step.seat]
            assert step.state.observe(None)["ring"]["auction"]["card"] == auctioned
            pending = (step.seat, auctioned)
        if step.after["phase"] in ("turn", "over") and pending is not None:
            seat, card = pending
            assert card not in step.after["hands"][seat], f"seat {seat} still holds its auctioned {card}"
            pending = None


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_a_discarded_card_never_comes_back(game: Game) -> None:
    dead: set[str] = set()
    for step in play(game):
        discard = step.after["discard"]
        assert discard[: len(step.before["discard"])] == step.before["discard"], "the discard only grows"
        dead |= set(discard)
        in_play = {card for hand in step.after["hands"] for card in hand}
        in_play |= set(ring_cards(step.after)) | set(step.after["deck"])
        assert not dead & in_play, f"discarded cards back in play: {sorted(dead & in_play)}"
        assert sorted(step.state.observe(None)["discard"]) == sorted(discard), "the discard is face up"


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_every_card_is_in_exactly_one_place(game: Game) -> None:
    for step in play(game):
        data = step.after
        places = [card for hand in data["hands"] for card in hand]
        places += data["deck"] + data["discard"] + data["burnt"] + ring_cards(data)
        assert len(places) == 52 and len(set(places)) == 52
        expected_burnt = 13 if data["config"]["high_risk"] else 0
        assert len(data["burnt"]) == expected_burnt
        assert data["burnt"] == step.before["burnt"], "burnt cards never move"


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_chips_are_conserved(game: Game) -> None:
    start_stack = start(game).to_json()["config"]["chips"]
    players = start(game).num_players
    total = start_stack * players
    for step in play(game):
        data = step.after
        assert min(data["chips"]) >= 0
        # Stacks are public, but chips on a face-down offer are not: until every offer is in,
        # the stacks are shown as they were before the offers.
        shown = list(data["chips"])
        if data["phase"] == "offers":
            for seat, _, offered in data["offers"]:
                shown[seat] += offered
        assert step.state.observe(None).get("chips", [start_stack] * players) == shown
        if running(data):
            assert sum(data["chips"]) + ring_chips(data) + data["pot"] == total
            assert data["pot"] >= step.before["pot"], "the pot is only paid out at the end"
        else:
            assert sum(data["chips"]) == total, "the pot went to the winner"
            if start_stack:
                outcome = step.state.outcome()
                assert list(outcome.scores) == [float(c - start_stack) for c in data["chips"]]
                assert step.before["pot"] == 0 or step.after["chips"][outcome.winner] >= step.before["pot"]


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_a_folded_hand_is_frozen_and_takes_no_more_turns(game: Game) -> None:
    frozen: dict[int, list[str]] = {}
    for step in play(game):
        if step.action["type"] == "say":
            continue
        for seat in range(step.state.num_players):
            if seat in frozen:
                assert sorted(step.after["hands"][seat]) == frozen[seat], f"folded seat {seat}'s hand changed"
                assert step.state.legal_actions(seat) == []
            elif not step.after["active"][seat] and step.before["active"][seat]:
                frozen[seat] = sorted(step.after["hands"][seat])
        assert step.seat not in frozen or step.action["type"] == "fold"


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_talk_changes_nothing_but_the_history(game: Game) -> None:
    for step in play(game):
        if step.action["type"] != "say":
            continue
        trimmed_before = {k: v for k, v in step.before.items() if k not in ("log", "moves")}
        trimmed_after = {k: v for k, v in step.after.items() if k not in ("log", "moves")}
        assert trimmed_after == trimmed_before
        assert step.after["log"][:-1] == step.before["log"]
        for viewer in (*range(step.state.num_players), None):
            event = step.state.observe(viewer)["history"][-1]
            assert (event["type"], event["seat"], event["text"]) == ("say", step.seat, step.action["text"])


@settings(max_examples=EXAMPLES)
@given(game=GAMES)
def test_each_player_sees_its_own_hand(game: Game) -> None:
    for step in play(game):
        for seat in range(step.state.num_players):
            observation = step.state.observe(seat)
            assert sorted(observation["hand"]) == sorted(step.after["hands"][seat])
            assert observation["deck_count"] == len(step.after["deck"])
