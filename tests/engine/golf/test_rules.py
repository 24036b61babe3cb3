"""The MULLIGAN golf state machine: config, the deal, Shot Planning, SWING!, the Play Anytime
windows, finishing a hole, the round's outcome, hidden information and the heuristic bot."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import ConfigError, IllegalAction
from engine.games.golf import config as cfg
from engine.games.golf.bots import HeuristicBot
from engine.games.golf.cards import PLAYER_CARD, card_names
from engine.games.golf.catalog import default_catalog
from engine.games.golf.phases import PLAN, RESPOND, REVEALED
from engine.games.golf.rules import GolfGame
from engine.games.golf.state import GolfState

GAME = GolfGame()


def card(
    state: GolfState, *, club: str | None = None, action: str | None = None, skip: set[str] | None = None
) -> str:
    """A card of the deck with that Club and/or Action half."""
    for name, (club_id, action_id) in state.names.items():
        if (
            (club is None or club_id == club)
            and (action is None or action_id == action)
            and name not in (skip or set())
        ):
            return name
    raise LookupError((club, action))


def give(state: GolfState, seat: int, cards: list[str]) -> None:
    """Make ``cards`` exactly ``seat``'s hand; the cards it held go back to the deck."""
    for name in cards:
        for place in [state.deck, *state.hands]:
            if name in place:
                place.remove(name)
    state.deck += state.hands[seat]
    state.hands[seat] = list(cards)
    state.check_invariants()


def fillers(state: GolfState, count: int, avoid: set[str]) -> list[str]:
    """Cards with harmless halves (a long iron club, a Rough action) to fill a hand."""
    found = [
        name
        for name, (club_id, action_id) in state.names.items()
        if action_id in ("rough", "slice") and name not in avoid
    ]
    return found[:count]


def plan(club: str, action: str | None, target: int) -> dict[str, Any]:
    return {"type": "plan", "club": club, "action": action, "target": target}


# -- config ------------------------------------------------------------------------------------


def test_defaults_and_normalizing_is_idempotent() -> None:
    config = GAME.normalize_config({})
    assert config["players"] == 4 and config["holes"] == 9 and config["course"] == "pebble_coast"
    assert GAME.normalize_config(config) == config
    custom = {"name": "Nine", "holes": [{"hole": i, "yards": 100 + i, "par": 3} for i in range(1, 10)]}
    normalized = GAME.normalize_config({"course": custom, "holes": 9})
    assert GAME.normalize_config(normalized) == normalized
    assert GAME.new_state(normalized, 1).observe(None)["hole_yards"] == 101


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"holes": 4}, "9 or 18"),
        ({"holes": True}, "9 or 18"),
        ({"turn_cap": 0}, "turn_cap"),
        ({"course": "nowhere"}, "unknown course"),
        ({"course": "/etc/passwd.json"}, "not a file"),
        ({"course": 7}, "course"),
        ({"wager": 1}, "unknown golf option"),
        ({"catalog": "x"}, "catalog"),
        ({"catalog": {"format": "nope"}}, "catalog"),
    ],
)
def test_bad_configs_are_refused_with_a_reason(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.normalize_config(config)


def test_eighteen_holes_need_an_eighteen_hole_course() -> None:
    nine = {"name": "Nine", "holes": [{"hole": i, "yards": 300, "par": 4} for i in range(1, 10)]}
    with pytest.raises(ConfigError, match="has 9 holes"):
        GAME.normalize_config({"course": nine, "holes": 18})
    assert len(GAME.new_state({"holes": 18, "course": "st_andres"}, 3).holes) == 18


# -- the deal and the cards ---------------------------------------------------------------------


def test_the_deal_gives_six_cards_and_the_player_card_from_104() -> None:
    state = GAME.new_state({"players": 3}, 5)
    assert len(state.names) == 104
    for seat in range(3):
        hand = state.observe(seat)["hand"]
        assert len(hand) == 7 and hand[-1] == PLAYER_CARD
        assert all(GAME.is_card(name) for name in hand[:-1]) and not GAME.is_card(PLAYER_CARD)
    assert len(state.deck) == 104 - 18
    assert state.to_act() == [0, 1, 2]
    assert {p["distance"] for p in state.observe(None)["players"]} == {346}


def test_card_names_are_unique_and_never_inside_one_another() -> None:
    names = list(card_names(default_catalog()))
    assert len(set(names)) == len(names) == 104
    assert not [(a, b) for a in names for b in names if a != b and a in b]
    assert not GAME.is_card("driver") and not GAME.is_card("Driver")


# -- planning, SWING!, resolution ---------------------------------------------------------------


def test_plans_are_face_down_until_swing_and_the_book_example_goes_150_yards() -> None:
    state = GAME.new_state({"players": 3, "holes": 1}, 11)
    wood = card(state, club="fairway_wood", action="rough")
    sand = card(state, action="sand_trap", skip={wood})
    hook = card(state, action="hook", skip={wood, sand})
    give(state, 0, [wood, *fillers(state, 5, {wood, sand, hook})])
    give(state, 1, [sand, *fillers(state, 5, {wood, sand, hook} | set(state.hands[0]))])
    give(state, 2, [hook, *fillers(state, 5, {wood, sand, hook} | set(state.hands[0] + state.hands[1]))])
    state.apply(0, plan(wood, PLAYER_CARD, 0))
    state.apply(1, plan(PLAYER_CARD, sand, 0))
    seen = state.observe(2)["players"]
    assert seen[0]["plan"] == {"club": None, "action": None, "target": None, "face_down": True}
    assert state.observe(0)["players"][0]["plan"]["club"] == wood
    assert GAME.redact_action(0, plan(wood, PLAYER_CARD, 0), 2) == {"type": "plan"}
    assert GAME.redact_action(0, plan(wood, PLAYER_CARD, 0), 0) == plan(wood, PLAYER_CARD, 0)
    assert state.to_act() == [2]
    state.apply(2, plan(PLAYER_CARD, hook, 0))
    # Nobody holds a playable Play Anytime card: SWING!, Resolution, next turn.
    assert state.phase == PLAN and state.turn == 2
    result = state.last_results[0]
    assert result.yards == 150 and result.distance == 346 - 150 and result.strokes == 1
    assert state.observe(1)["players"][0]["board"] == [wood]
    # The two 2-Putts came back and count their strokes; their balls went 50 yd.
    assert state.strokes == [1, 2, 2]
    assert state.distance[1] == 346 - 50


def test_a_plan_must_use_two_different_cards_and_the_driver_only_from_the_tee() -> None:
    state = GAME.new_state({"players": 2, "holes": 1}, 4)
    driver = card(state, club="driver", action="hook")
    hook = card(state, action="hook", skip={driver})
    give(state, 0, [driver, hook, *fillers(state, 4, {driver, hook})])
    with pytest.raises(IllegalAction, match="different cards"):
        state.apply(0, plan(driver, driver, 1))
    with pytest.raises(IllegalAction):
        state.apply(0, plan(driver, hook, 7))
    with pytest.raises(IllegalAction):
        state.apply(0, plan(PLAYER_CARD, PLAYER_CARD, 0))
    assert plan(driver, hook, 1) in state.legal_actions(0)
    state.on_tee[0] = False
    assert not [a for a in state.legal_actions(0) if a.get("club") == driver]


def test_a_plan_is_checked_key_for_key_and_the_options_are_the_callers_own() -> None:
    state = GAME.new_state({"players": 2, "holes": 1}, 4)
    legal = state.legal_actions(0)
    move = dict(next(a for a in legal if a["type"] == "plan" and a["action"] is not None))
    before = state.to_json()
    for bad in (
        {**move, "extra": 1},
        {k: v for k, v in move.items() if k != "target"},
        {**move, "target": [move["target"]]},
        {**move, "action2": None, "target2": None},
    ):
        with pytest.raises(IllegalAction, match="plan is not allowed"):
            state.apply(0, bad)
    assert state.to_json() == before
    legal[legal.index(move)]["target"] = 99  # a caller's list: changing it changes nothing here
    assert move in state.legal_actions(0) and legal != state.legal_actions(0)
    state.apply(0, move)
    assert state.plans[0] is not None and state.plans[0].club == move["club"]


def test_the_plans_follow_the_hand() -> None:
    state = GAME.new_state({"players": 2, "holes": 1}, 4)
    before = {a["club"] for a in state.legal_actions(0) if a["type"] == "plan"}
    give(state, 0, fillers(state, 6, set(state.hands[0])))
    after = {a["club"] for a in state.legal_actions(0) if a["type"] == "plan"}
    assert after == {*state.hands[0], PLAYER_CARD} and after != before


def test_a_finishing_putt_ends_the_hole_for_everyone_with_finishing_strokes() -> None:
    state = GAME.new_state({"players": 2, "holes": 2}, 8)
    putt = card(state, club="one_putt", action="rough")
    give(state, 0, [putt, *fillers(state, 5, {putt})])
    give(state, 1, fillers(state, 6, {putt} | set(state.hands[0])))
    state.distance = [20, 180]
    state.strokes = [3, 3]
    state.apply(0, plan(putt, PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][0], PLAYER_CARD, 1))
    # Seat 0 finished with 4 strokes; seat 1 took 4 and is then some distance away: finishing strokes.
    assert state.scores[0] == [4]
    away = state.last_results[1].distance
    extra = 1 if away <= 25 else 2 if away <= 100 else 3
    assert state.scores[1] == [4 + extra]
    assert state.hole == 1 and state.turn == 1 and state.distance == [511, 511]
    assert state.boards == [[], []], "the boards are cleared for the next hole"


def test_the_turn_cap_ends_a_stalled_hole() -> None:
    state = GAME.new_state({"players": 2, "holes": 1, "turn_cap": 1}, 2)
    give(state, 0, fillers(state, 6, set()))
    give(state, 1, fillers(state, 6, set(state.hands[0])))
    state.apply(0, plan(state.hands[0][0], PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][0], PLAYER_CARD, 1))
    assert state.is_over
    outcome = state.outcome()
    assert outcome.details["totals"] == [sum(s) for s in state.scores]
    assert all(len(s) == 1 for s in state.scores)


def test_equal_totals_share_a_place() -> None:
    state = GAME.new_state({"players": 3, "holes": 1}, 1)
    state.scores = [[5], [4], [5]]
    state.hole, state.phase = 1, "over"
    outcome = state.outcome()
    assert outcome.ranking == (1, 0, 2)
    assert outcome.places == (2, 1, 2)
    assert outcome.scores == (5.0, 4.0, 5.0)
    assert GAME.scoring == "strokes"


# -- Play Anytime windows -------------------------------------------------------------------------


def _mulligan_table() -> tuple[GolfState, str, str, str]:
    """Seat 1 aims a Rough at seat 0, who holds a Mulligan; seat 2 holds a Pace of Play."""
    state = GAME.new_state({"players": 3, "holes": 1}, 21)
    mulligan = card(state, action="mulligan")
    pace = card(state, action="pace_of_play")
    rough = card(state, action="rough")
    used = {mulligan, pace, rough}
    give(state, 0, [mulligan, *fillers(state, 5, used)])
    used |= set(state.hands[0])
    give(state, 1, [rough, *fillers(state, 5, used)])
    used |= set(state.hands[1])
    give(state, 2, [pace, *fillers(state, 5, used)])
    return state, mulligan, pace, rough


def test_the_resolution_window_asks_only_a_seat_that_can_play_and_mulligan_cancels() -> None:
    state, mulligan, _pace, rough = _mulligan_table()
    club0 = state.hands[0][1]
    # Before the reveal a Mulligan is not playable: seat 0's options are plans only.
    assert not [a for a in state.legal_actions(0) if a["type"] == "play"]
    state.apply(0, plan(club0, PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][1], rough, 0))
    state.apply(2, plan(state.hands[2][1], PLAYER_CARD, 2))
    assert state.phase == REVEALED and state.to_act() == [0]
    assert state.legal_actions(0) == [{"type": "pass"}, {"type": "play", "card": mulligan}]
    assert state.observe(2)["players"][1]["plan"]["action"] == rough, "SWING! turned every plan up"
    state.apply(0, {"type": "play", "card": mulligan})
    # The response window: seat 2 holds a Pace of Play; seat 1 does not and is not asked.
    assert state.phase == RESPOND and state.to_act() == [2]
    state.apply(2, {"type": "pass"})
    # The Mulligan took effect; the window went round without anyone else able to play: resolved.
    assert state.phase == PLAN and state.turn == 2
    assert any("cancels Rough" in note for note in state.last_results[0].notes)
    assert state.last_results[0].yards == state.club(club0).yards


def test_pace_of_play_cancels_a_play_anytime_card_and_the_turn_still_ends() -> None:
    state, mulligan, pace, rough = _mulligan_table()
    state.apply(0, plan(state.hands[0][1], PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][1], rough, 0))
    state.apply(2, plan(state.hands[2][1], PLAYER_CARD, 2))
    state.apply(0, {"type": "play", "card": mulligan})
    state.apply(2, {"type": "play", "card": pace})
    assert state.phase == PLAN and state.turn == 2
    assert mulligan in state.discard and pace in state.discard
    assert not any("cancels Rough" in note for note in state.last_results[0].notes)
    assert any("Rough" in note for note in state.last_results[0].notes)
    assert any("cancels seat 0's" in entry.text for entry in state.log)


def test_a_play_anytime_type_is_played_once_per_turn_and_plans_stay_hidden_from_a_peek() -> None:
    state = GAME.new_state({"players": 2, "holes": 1}, 5)
    finders = [n for n, (_, a) in state.names.items() if a == "rangefinder"][:2]
    give(state, 0, [*finders, *fillers(state, 4, set(finders))])
    give(state, 1, fillers(state, 6, set(state.hands[0])))
    club1 = state.hands[1][0]
    state.apply(1, plan(club1, PLAYER_CARD, 1))
    peeks = [a for a in state.legal_actions(0) if a["type"] == "play"]
    assert peeks == [{"type": "play", "card": f, "target": 1} for f in sorted(finders)]
    state.apply(0, peeks[0])
    assert state.observe(0)["players"][1]["plan"]["club"] == club1
    assert state.observe(None)["players"][1]["plan"]["club"] is None
    assert not [a for a in state.legal_actions(0) if a["type"] == "play"], "one Rangefinder per turn"


# -- hidden information, storage, bots -----------------------------------------------------------


def test_observations_keep_hands_and_the_deck_secret_and_round_trip() -> None:
    state = GAME.new_state({"players": 3, "holes": 1}, 99)
    text = json.dumps(state.observe(None))
    assert '"deck": [' not in text and '"seed"' not in text
    for seat in range(3):
        others = [c for s in range(3) if s != seat for c in state.hands[s]]
        shown = json.dumps(state.observe(seat))
        assert not [c for c in others if c in shown]
    copy = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy.to_json() == state.to_json()
    resampled = state.resample_hidden(0, random.Random(1))
    assert resampled.observe(0) == state.observe(0)
    assert resampled.hands[1] != state.hands[1] or resampled.deck != state.deck


def test_describe_action_reads_well() -> None:
    assert GAME.describe_action({"type": "plan"}) == "Plan a Shot (face down)"
    assert (
        GAME.describe_action(plan("Driver / Hook (1)", PLAYER_CARD, 0))
        == "Shoot with Driver / Hook (1), Practice Swing"
    )
    assert "on seat 2" in GAME.describe_action(plan("Driver / Hook (1)", "Hybrid / Slice (1)", 2))
    assert GAME.describe_action({"type": "pass"}) == "Pass (no Play Anytime card)"
    assert GAME.describe_action(None) == "None"


def _play(config: dict[str, Any], seed: int, bots: list[Any]) -> list[int]:
    state = GAME.new_state(config, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat), rng))
    return [sum(s) for s in state.scores]


def test_the_heuristic_bot_beats_random_play() -> None:
    from engine.bots.random_bot import RandomBot

    wins = 0
    margin = 0
    for seed in range(30):
        seats = [HeuristicBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), HeuristicBot()]
        totals = _play({"players": 2, "holes": 3}, seed, seats)
        mine = seed % 2
        wins += totals[mine] < totals[1 - mine]
        margin += totals[1 - mine] - totals[mine]
    assert wins >= 20 and margin > 0
    assert set(GAME.bots()) == {"random", "heuristic"}
    assert cfg.DEFAULTS["holes"] == 9
