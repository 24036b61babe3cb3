"""MULLIGAN's alternate play modes (the ``mode`` config switch): Heavy Bag, What's Your Handicap? and
It's You Against the Course. The conformance suite plays each of them through too."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import ConfigError, IllegalAction
from engine.games.golf import catalog as catalog_module
from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.modes.against_the_course import AgainstTheCourse
from engine.games.golf.modes.best_ball import side_scores
from engine.games.golf.modes.interesting import Interesting
from engine.games.golf.modes.wolf import Wolf
from engine.games.golf.phases import PLAN, REVEALED
from engine.games.golf.rules import GolfGame
from engine.games.golf.state import GolfState

GAME = GolfGame()


def card(
    state: GolfState, *, club: str | None = None, action: str | None = None, skip: set[str] | None = None
) -> str:
    for name, (club_id, action_id) in state.names.items():
        if (
            (club is None or club_id == club)
            and (action is None or action_id == action)
            and name not in (skip or set())
        ):
            return name
    raise LookupError((club, action))


def give(state: GolfState, seat: int, cards: list[str]) -> None:
    """Make ``cards`` exactly ``seat``'s hand (taken from wherever they are, the course's card too);
    the cards it held go back to the deck."""
    course = (
        [state.mode(AgainstTheCourse).course_card] if state.config["mode"] == "against_the_course" else []
    )
    for name in cards:
        for place in [state.deck, state.discard, *course, *state.hands]:
            if name in place:
                place.remove(name)
    state.deck += state.hands[seat]
    state.hands[seat] = list(cards)


def fillers(state: GolfState, count: int, avoid: set[str]) -> list[str]:
    found = [
        name
        for name, (_c, action_id) in state.names.items()
        if action_id in ("rough", "slice", "out_of_bounds") and name not in avoid
    ]
    return found[:count]


def set_course_card(state: GolfState, name: str) -> None:
    for place in [state.deck, state.discard, *state.hands]:
        if name in place:
            place.remove(name)
    course = state.mode(AgainstTheCourse)
    state.deck += course.course_card
    course.course_card, course.course_up = [name], False


def plan(
    club: str, action: str | None, target: int, action2: str | None = None, target2: int | None = None
) -> dict[str, Any]:
    return {
        "type": "plan",
        "club": club,
        "action": action,
        "target": target,
        "action2": action2,
        "target2": target2,
    }


def simple(club: str, action: str | None, target: int) -> dict[str, Any]:
    return {"type": "plan", "club": club, "action": action, "target": target}


# -- config ----------------------------------------------------------------------------------------


def test_mode_is_a_config_switch_with_standard_the_default() -> None:
    assert GAME.normalize_config({})["mode"] == "standard"
    for mode in ("heavy_bag", "handicap", "against_the_course"):
        assert GAME.normalize_config({"players": 2, "mode": mode})["mode"] == mode


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"mode": "wolfish"}, "one of standard"),
        ({"mode": 3}, "one of standard"),
        ({"players": 3, "mode": "handicap"}, "for 2 players"),
        ({"players": 4, "mode": "against_the_course"}, "for 2 players"),
    ],
)
def test_bad_modes_are_refused_clearly(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.normalize_config(config)


# -- Heavy Bag -------------------------------------------------------------------------------------


def test_heavy_bag_deals_nine_cards_plus_the_two_putt() -> None:
    state = GAME.new_state({"players": 3, "holes": 1, "mode": "heavy_bag"}, 5)
    assert all(len(hand) == 9 for hand in state.hands)
    view = state.observe(1)
    assert len(view["hand"]) == 10 and PLAYER_CARD in view["hand"] and view["hand_limit"] == 10
    state.check_invariants()


def test_heavy_bag_plays_two_actions_with_their_own_targets_face_down_until_swing() -> None:
    state = GAME.new_state({"players": 2, "holes": 1, "mode": "heavy_bag"}, 7)
    wood = card(state, club="fairway_wood", action="rough")
    trap = card(state, action="sand_trap", skip={wood})
    hook = card(state, action="hook", skip={wood, trap})
    give(state, 0, [wood, trap, hook, *fillers(state, 6, {wood, trap, hook})])
    give(state, 1, fillers(state, 9, set(state.hands[0])))
    state.check_invariants()
    assert hook < trap, "a pair is named in the hand's (sorted) order"
    assert plan(wood, hook, 0, trap, 1) in state.legal_actions(0)
    assert plan(wood, trap, 1, hook, 0) not in state.legal_actions(0), "each pair is named once"
    with pytest.raises(IllegalAction, match="action2"):
        state.apply(0, simple(wood, trap, 1))
    state.apply(0, plan(wood, hook, 0, trap, 1))
    hidden = state.observe(1)["players"][0]["plan"]
    assert hidden["action"] is None and hidden["action2"] is None and hidden["target2"] is None
    assert state.observe(0)["players"][0]["plan"]["action2"] == trap
    club1 = state.hands[1][0]
    state.apply(1, plan(club1, PLAYER_CARD, 1))
    assert state.phase == PLAN and state.turn == 2, "nobody holds a Play Anytime card: resolved"
    catalog = state.catalog
    yards0, yards1 = state.last_results[0].yards, state.last_results[1].yards
    assert yards0 == catalog.clubs["fairway_wood"].yards + 25, "the Hook on itself"
    club1_id = state.names[club1][0]
    assert yards1 == catalog.clubs[club1_id].half_yards, "the Sand Trap on seat 1"
    assert trap in state.discard and hook in state.discard
    state.check_invariants()


def test_heavy_bag_round_trips_and_redraws_hidden_second_actions() -> None:
    state = GAME.new_state({"players": 2, "holes": 1, "mode": "heavy_bag"}, 11)
    pairs = [a for a in state.legal_actions(0) if a.get("action2") is not None]
    assert pairs, "a hand of nine holds two Actions"
    state.apply(0, pairs[0])
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    other = state.resample_hidden(1, random.Random(3))
    assert other.observe(1) == state.observe(1)
    other.check_invariants()


# -- What's Your Handicap? -------------------------------------------------------------------------


def test_the_leader_draws_one_card_fewer_per_stroke_ahead() -> None:
    state = GAME.new_state({"players": 2, "holes": 3, "mode": "handicap"}, 3)
    assert all(len(hand) == 6 for hand in state.hands), "tied on the first hole: a full draw"
    # Seat 0 is two strokes ahead after the first hole and has played four cards.
    state.scores = [[4], [6]]
    state.hole = 1
    for seat in (0, 1):
        state.deck += state.hands[seat][:4]
        del state.hands[seat][:4]
    state.begin_turn()
    assert len(state.hands[0]) == 2 + 4 - 2
    assert len(state.hands[1]) == 6
    log = [e["text"] for e in state.observe(None)["log"]]
    assert "Seat 0 draws 2 cards." in log and "Seat 1 draws 4 cards." in log


def test_a_leader_far_ahead_draws_nothing() -> None:
    state = GAME.new_state({"players": 2, "holes": 3, "mode": "handicap"}, 3)
    state.scores = [[3], [12]]
    state.hole = 1
    state.deck += state.hands[0][:3]
    del state.hands[0][:3]
    state.begin_turn()
    assert len(state.hands[0]) == 3


def test_standard_mode_ignores_the_lead() -> None:
    state = GAME.new_state({"players": 2, "holes": 3}, 3)
    state.scores = [[4], [6]]
    state.hole = 1
    state.deck += state.hands[0][:4]
    del state.hands[0][:4]
    state.begin_turn()
    assert len(state.hands[0]) == 6


# -- It's You Against the Course ---------------------------------------------------------------------


def course_table(seed: int = 9) -> GolfState:
    """Hole 2 of 3, seat 0 leads: the course plays on seat 0 this hole."""
    state = GAME.new_state({"players": 2, "holes": 3, "mode": "against_the_course"}, seed)
    course = state.mode(AgainstTheCourse)
    assert course.course_target is None and course.course_card == [], "tied on the first hole"
    state.scores = [[3], [5]]
    state.hole = 1
    state.discard += [c for hand in state.hands for c in hand]
    state.hands = [[], []]
    state.setup_hole()
    state.check_invariants()
    return state


def test_the_course_targets_the_leader_with_a_face_down_card_nobody_sees() -> None:
    state = course_table()
    course = state.mode(AgainstTheCourse)
    assert course.course_target == 0 and len(course.course_card) == 1 and not course.course_up
    for viewer in (0, 1, None):
        view = state.observe(viewer)
        assert view["course_play"] == {"target": 0, "card": None, "face_down": True}
        assert course.course_card[0] not in str(view)
    other = state.resample_hidden(0, random.Random(1))
    assert other.observe(0) == state.observe(0)


def test_at_swing_the_course_turns_up_cards_until_an_action_and_plays_it_on_the_leader() -> None:
    state = course_table()
    gps = card(state, action="course_gps")
    trap = card(state, action="sand_trap", skip={gps})
    wood = card(state, club="fairway_wood", action="rough")
    set_course_card(state, gps)  # not an Action: the course turns up another
    give(state, 0, [wood, *fillers(state, 5, {wood, gps, trap})])
    give(state, 1, fillers(state, 6, set(state.hands[0]) | {gps, trap}))
    for place in [state.deck, state.discard, *state.hands]:
        if trap in place:
            place.remove(trap)
    state.deck.append(trap)  # the next card turned up
    state.check_invariants()
    state.apply(0, simple(wood, PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert state.last_results[0].yards == state.catalog.clubs["fairway_wood"].half_yards
    texts = [e["text"] for e in state.observe(1)["log"]]
    assert any("The course turns up" in t and gps in t for t in texts)
    assert f"The course plays {trap} on seat 0." in texts
    assert (
        gps in state.discard and trap in state.discard and state.mode(AgainstTheCourse).course_card != [trap]
    )
    state.check_invariants()


def test_a_bad_karma_from_the_course_is_as_if_the_leader_played_it_on_itself() -> None:
    state = course_table()
    karma = card(state, action="bad_karma")
    slice_ = card(state, action="slice", skip={karma})
    wood0 = card(state, club="fairway_wood", action="rough")
    wood1 = card(state, club="hybrid", action="rough")
    set_course_card(state, karma)
    give(state, 0, [wood0, *fillers(state, 5, {wood0, wood1, karma, slice_})])
    give(state, 1, [wood1, slice_, *fillers(state, 4, set(state.hands[0]) | {wood1, karma, slice_})])
    state.apply(0, simple(wood0, PLAYER_CARD, 0))
    state.apply(1, simple(wood1, slice_, 0))
    wood, hybrid = state.catalog.clubs["fairway_wood"].yards, state.catalog.clubs["hybrid"].yards
    assert state.last_results[0].yards == wood, "the Slice aimed at the leader is reflected"
    assert state.last_results[1].yards == hybrid - 25, "back to the seat that played it"


def test_bad_karma_reflecting_the_courses_action_does_nothing() -> None:
    state = course_table()
    trap = card(state, action="sand_trap")
    karma = card(state, action="bad_karma", skip={trap})
    wood0 = card(state, club="fairway_wood", action="rough")
    wood1 = card(state, club="hybrid", action="rough")
    set_course_card(state, trap)
    give(state, 0, [wood0, karma, *fillers(state, 4, {wood0, wood1, karma, trap})])
    give(state, 1, [wood1, *fillers(state, 5, set(state.hands[0]) | {wood1, karma, trap})])
    state.apply(0, simple(wood0, karma, 0))
    state.apply(1, simple(wood1, PLAYER_CARD, 1))
    wood, hybrid = state.catalog.clubs["fairway_wood"].yards, state.catalog.clubs["hybrid"].yards
    assert state.last_results[0].yards == wood and state.last_results[1].yards == hybrid


def test_course_gps_also_reveals_the_courses_action() -> None:
    state = course_table()
    gps = card(state, action="course_gps")
    trap = card(state, action="sand_trap", skip={gps})
    set_course_card(state, trap)
    give(state, 1, [gps, *fillers(state, 5, {gps, trap})])
    give(state, 0, fillers(state, 6, set(state.hands[1]) | {trap}))
    assert {"type": "play", "card": gps} in state.legal_actions(1)
    state.apply(1, {"type": "play", "card": gps})
    assert state.mode(AgainstTheCourse).course_up and state.phase == PLAN
    for viewer in (0, 1, None):
        assert state.observe(viewer)["course_play"] == {"target": 0, "card": trap, "face_down": False}
    state.check_invariants()


def test_a_mulligan_cancels_the_courses_action() -> None:
    state = course_table()
    mulligan = card(state, action="mulligan")
    trap = card(state, action="sand_trap", skip={mulligan})
    wood = card(state, club="fairway_wood", action="rough")
    set_course_card(state, trap)
    give(state, 0, [wood, mulligan, *fillers(state, 4, {wood, mulligan, trap})])
    give(state, 1, fillers(state, 6, set(state.hands[0]) | {trap}))
    state.apply(0, simple(wood, PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert state.phase == REVEALED and state.to_act() == [0]
    state.apply(0, {"type": "play", "card": mulligan})
    assert state.last_results[0].yards == state.catalog.clubs["fairway_wood"].yards


def test_a_tied_hole_has_no_course_actions_and_the_round_plays_out() -> None:
    state = GAME.new_state({"players": 2, "holes": 3, "mode": "against_the_course", "turn_cap": 4}, 4)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        state.check_invariants()
    assert state.mode(AgainstTheCourse).course_card == []


# -- Wolf --------------------------------------------------------------------------------------------


def test_wolf_is_for_three_players() -> None:
    with pytest.raises(ConfigError, match="3 players"):
        GAME.normalize_config({"players": 4, "mode": "wolf"})


def test_the_wolf_rotates_and_picks_a_partner_or_lone_wolf_before_the_hole() -> None:
    state = GAME.new_state({"players": 3, "holes": 3, "mode": "wolf", "turn_cap": 1}, 6)
    assert state.phase == "wolf" and state.to_act() == [0] and state.hands == [[], [], []]
    assert state.legal_actions(0) == [
        {"type": "wolf", "partner": 1},
        {"type": "wolf", "partner": 2},
        {"type": "wolf", "partner": None},
    ]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="Lone Wolf"):
        state.apply(0, {"type": "wolf", "partner": 0})
    state.apply(0, {"type": "wolf", "partner": 2})
    assert state.phase == PLAN and all(len(hand) == 6 for hand in state.hands)
    assert state.observe(1)["wolf"]["holes"] == [{"wolf": 0, "partner": 2, "points": [0, 0, 0]}]
    assert GAME.describe_action({"type": "wolf", "partner": None}) == "Go Lone Wolf"
    state.check_invariants()
    rng = random.Random(2)
    while state.phase != "wolf":
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.hole == 1 and state.to_act() == [1], "the next seat is the Wolf of the next hole"
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def _score_hole(state: GolfState, partner: int | None, scores: list[int]) -> None:
    wolf = state.mode(Wolf)
    wolf.wolves[-1].partner = partner
    for seat, score in enumerate(scores):
        state.scores[seat].append(score)
    wolf.end_hole(state)


@pytest.mark.parametrize(
    ("partner", "scores", "points"),
    [
        (1, [4, 6, 5], [1, 1, 0]),  # the Wolf makes the lowest score: both win a point
        (1, [6, 3, 5], [1, 1, 0]),  # the partner does
        (1, [5, 6, 5], [0, 0, 0]),  # the other player ties: no points
        (None, [3, 4, 5], [2, 0, 0]),  # Lone Wolf with the lowest score: 2 points
        (None, [4, 4, 5], [0, 0, 0]),  # Lone Wolf tied: no points
        (2, [5, 4, 6], [0, 0, 0]),  # the player left out beats the Wolf's side
        (2, [5, 5, 4], [1, 0, 1]),  # the partner's 4 is the side's score
    ],
)
def test_wolf_points_as_the_book_says(partner: int | None, scores: list[int], points: list[int]) -> None:
    state = GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 1)
    _score_hole(state, partner, scores)
    assert state.mode(Wolf).points == points


def test_the_wolf_outcome_ranks_by_points_then_strokes() -> None:
    state = GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 1)
    state.scores = [[6], [4], [5]]
    state.mode(Wolf).points = [2, 0, 2]
    state.hole, state.phase = 1, "over"
    outcome = state.outcome()
    assert outcome.ranking == (2, 0, 1)
    assert outcome.details["places"] == [2, 3, 1]
    assert outcome.details["points"] == [2, 0, 2]
    assert outcome.scores == (6.0, 4.0, 5.0)


def test_the_heuristic_bot_picks_a_partner() -> None:
    from engine.games.golf.bots import HeuristicBot

    state = GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 1)
    move = HeuristicBot().act(state.observe(0), state.legal_actions(0), random.Random(0))
    assert move["type"] == "wolf" and move["partner"] in (1, 2)


# -- Best Ball ---------------------------------------------------------------------------------------


def test_best_ball_is_four_golfers() -> None:
    with pytest.raises(ConfigError, match="4 golfers"):
        GAME.normalize_config({"players": 2, "mode": "best_ball"})


def test_a_target_yourself_action_may_go_to_either_golfer_of_the_side() -> None:
    state = GAME.new_state({"players": 4, "holes": 1, "mode": "best_ball"}, 3)
    wood = card(state, club="fairway_wood", action="rough")
    hook = card(state, action="hook", skip={wood})
    give(state, 0, [wood, hook, *fillers(state, 4, {wood, hook})])
    targets = {a["target"] for a in state.legal_actions(0) if a.get("action") == hook}
    assert targets == {0, 1, 2, 3}, "a Hook may hurt anyone"
    # The built-in catalog has no Action that says "target yourself"; a league's catalog may.
    data = json.loads((Path(catalog_module.__file__).parent / "catalog" / "default.json").read_text())
    lucky_half = next(a for a in data["actions"] if a["id"] == "lucky_bounce")
    lucky_half["target"] = {"value": "self", "assumption": "a test printing"}
    for mode, expected in (("best_ball", {1, 3}), ("standard", {1})):
        table = GAME.new_state({"players": 4, "holes": 1, "mode": mode, "catalog": data}, 3)
        lucky = card(table, action="lucky_bounce")
        give(table, 1, [lucky, *fillers(table, 5, {lucky})])
        assert {a["target"] for a in table.legal_actions(1) if a.get("action") == lucky} == expected


def test_each_side_takes_the_lower_score_of_its_golfers() -> None:
    state = GAME.new_state({"players": 4, "holes": 2, "mode": "best_ball"}, 3)
    state.scores = [[5, 4], [3, 6], [4, 6], [7, 5]]
    state.hole, state.phase = 2, "over"
    assert side_scores(state) == [[4, 4], [3, 5], [4, 4], [3, 5]]
    outcome = state.outcome()
    assert outcome.details["places"] == [1, 1, 1, 1] and outcome.scores == (8.0, 8.0, 8.0, 8.0)
    state.scores = [[5, 4], [3, 6], [4, 6], [7, 6]]
    outcome = state.outcome()
    assert outcome.details["places"] == [1, 3, 1, 3] and outcome.ranking == (0, 2, 1, 3)
    assert outcome.details["golfer_totals"] == [9, 9, 10, 13]
    view = state.observe(3)["best_ball"]
    assert view["sides"] == [[0, 2], [1, 3]] and view["side_totals"] == [8, 9]


def test_the_heuristic_bot_never_hurts_its_teammate() -> None:
    from engine.games.golf.bots import HeuristicBot

    state = GAME.new_state({"players": 4, "holes": 1, "mode": "best_ball"}, 8)
    for seat in range(4):
        move = HeuristicBot().act(state.observe(seat), state.legal_actions(seat), random.Random(seat))
        half = state.half(move["action"]) if move.get("action") else None
        if half is not None and half.kind == "action" and half.target != "self":
            assert move["target"] != (seat + 2) % 4
        state.apply(seat, move)


# -- Let's Make it Interesting ---------------------------------------------------------------------


def test_interesting_is_at_most_nine_holes() -> None:
    with pytest.raises(ConfigError, match="at most 9"):
        GAME.normalize_config({"mode": "interesting", "holes": 18})
    with pytest.raises(ConfigError, match="chips"):
        GAME.normalize_config({"mode": "interesting", "chips": 5})


def _interesting(chips: int = 100, holes: int = 2) -> GolfState:
    state = GAME.new_state({"players": 2, "holes": holes, "mode": "interesting", "chips": chips}, 12)
    give(state, 0, fillers(state, 6, set()))
    give(state, 1, fillers(state, 6, set(state.hands[0])))
    return state


def test_a_wager_is_proposed_to_one_player_who_accepts_or_declines() -> None:
    state = _interesting()
    offer = {"type": "wager", "kind": "beat_or_tie", "to": 1, "stake": 25}
    assert offer in state.legal_actions(0)
    state.apply(0, offer)
    assert state.phase == "offer" and state.to_act() == [1]
    assert state.legal_actions(1) == [{"type": "accept"}, {"type": "decline"}]
    assert state.observe(0)["offer"] == {"kind": "beat_or_tie", "to": 1, "stake": 25, "by": 0}
    state.apply(1, {"type": "decline"})
    assert (
        state.phase == PLAN
        and state.mode(Interesting).chips == [100, 100]
        and state.mode(Interesting).wagers == []
    )
    assert not [a for a in state.legal_actions(0) if a["type"] == "wager"], "one proposal a turn"
    with pytest.raises(IllegalAction, match="once a turn"):
        state.apply(0, offer)
    state.apply(1, {"type": "wager", "kind": "no_finish_this_turn", "to": 0, "stake": 10, "subject": 0})
    state.apply(0, {"type": "accept"})
    assert state.mode(Interesting).chips == [90, 90] and len(state.mode(Interesting).wagers) == 1
    state.check_invariants()
    # Nobody can finish from the tee: seat 1 bet that seat 0 does not finish this turn, and wins.
    state.apply(0, simple(state.hands[0][0], PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert (
        state.turn == 2
        and state.mode(Interesting).chips == [90, 110]
        and state.mode(Interesting).wagers == []
    )
    state.check_invariants()


def test_beat_or_tie_is_settled_when_the_hole_is_scored() -> None:
    state = _interesting()
    state.apply(0, {"type": "wager", "kind": "beat_or_tie", "to": 1, "stake": 50})
    state.apply(1, {"type": "accept"})
    putt = card(state, club="one_putt", action="rough")
    give(state, 0, [putt, *fillers(state, 5, {putt} | set(state.hands[1]))])
    state.distance = [20, 300]
    state.apply(0, simple(putt, PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert state.hole == 1 and state.scores[0][0] < state.scores[1][0]
    assert state.mode(Interesting).chips == [150, 50]
    state.check_invariants()


def test_the_game_ends_when_one_player_has_all_the_chips() -> None:
    state = _interesting(chips=10, holes=3)
    state.apply(0, {"type": "wager", "kind": "no_finish_this_turn", "to": 1, "stake": 10, "subject": 1})
    state.apply(1, {"type": "accept"})
    assert state.mode(Interesting).chips == [0, 0]
    state.apply(0, simple(state.hands[0][0], PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert state.is_over and state.hole == 1 and all(len(s) == 1 for s in state.scores)
    outcome = state.outcome()
    assert outcome.ranking == (0, 1) and outcome.details["chips"] == [20, 0]
    assert outcome.details["reason_text"] == "one player has all the chips"
    state.check_invariants()


def test_most_chips_wins_and_equal_chips_share_a_place() -> None:
    state = _interesting()
    state.scores, state.hole, state.phase = [[3], [9]], 1, "over"
    assert state.outcome().details["places"] == [1, 1]
    state.mode(Interesting).chips = [120, 80]
    assert state.outcome().ranking == (0, 1)
    assert GAME.describe_action({"type": "accept"}) == "Accept the wager"
