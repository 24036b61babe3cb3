"""It's You Against the Course (engine.games.golf.modes.against_the_course): the course plays an
Action on the leader."""

from __future__ import annotations

import random

from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.modes.against_the_course import AgainstTheCourse
from engine.games.golf.phases import PLAN, REVEALED
from engine.games.golf.state import GolfState
from tests.engine.golf.modes.tables import GAME, card, fillers, give, set_course_card, simple
from tests.engine.golf.tables import to_planning


def course_table(seed: int = 9) -> GolfState:
    """Hole 2 of 3, seat 0 leads: the course plays on seat 0 this hole."""
    state = to_planning(GAME.new_state({"players": 2, "holes": 3, "mode": "against_the_course"}, seed))
    course = state.mode(AgainstTheCourse)
    assert course.course_target is None and course.course_card == [], "tied on the first hole"
    state.scores = [[3], [5]]
    state.hole = 1
    state.discard += [c for hand in state.hands for c in hand]
    state.hands = [[], []]
    to_planning_after_setup(state)
    state.check_invariants()
    return state


def to_planning_after_setup(state: GolfState) -> None:
    state.setup_hole()
    to_planning(state)


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
    # The course's Sand Trap took effect on seat 0's Shot: lined up on its board until the hole ends.
    assert gps in state.discard and trap in state.board_actions[0] and trap not in state.discard
    assert state.mode(AgainstTheCourse).course_card != [trap]
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
    state = to_planning(
        GAME.new_state({"players": 2, "holes": 3, "mode": "against_the_course", "turn_cap": 4}, 4)
    )
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        state.check_invariants()
    assert state.mode(AgainstTheCourse).course_card == []
