"""engine.games.golf.play_anytime: the planning, resolution and response windows."""

from __future__ import annotations

import random

import pytest

from engine import IllegalAction
from engine.games.golf import play_anytime
from engine.games.golf.action_ids import PLAY, TAG_MASK, play_fields, play_id
from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.phases import DRAW, PLAN, READY, RESPOND, REVEALED
from engine.games.golf.state import GolfState
from tests.engine.golf.tables import GAME, card, fillers, give, plan, to_planning


def _mulligan_table() -> tuple[GolfState, str, str, str]:
    """Seat 1 aims a Rough at seat 0, who holds a Mulligan; seat 2 holds a Pace of Play."""
    state = to_planning(GAME.new_state({"players": 3, "holes": 1}, 21))
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
    state = to_planning(GAME.new_state({"players": 2, "holes": 1}, 5))
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


def test_a_dig_through_the_bag_discards_other_cards_of_the_hand_in_order_as_listed() -> None:
    # A move is checked without listing the discards (play_anytime.is_choice): by id and by dict,
    # a discard is taken exactly when it is one of the listed ones.
    state = to_planning(GAME.new_state({"players": 2, "holes": 1}, 7))
    dig = card(state, action="dig_through_the_bag")
    others = fillers(state, 5, {dig})
    give(state, 0, [dig, *others])
    give(state, 1, fillers(state, 6, {dig, *others}))
    listed = [a["discard"] for a in state.legal_actions(0) if a["type"] == "play" and a["card"] == dig]
    assert len(listed) == 5 + 10 + 10 and all(d == sorted(d) for d in listed)
    first, second, third, fourth = sorted(others)[:4]
    outside = state.hands[1][0]
    for discard in (
        [second, first],  # out of the hand's order
        [first, first],  # a card twice
        [dig],  # the Dig Through the Bag itself
        [first, second, third, fourth],  # more than it allows
        [outside],  # a card of another hand
        [],
    ):
        assert discard not in listed
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(0, {"type": "play", "card": dig, "discard": discard})
        if discard:
            with pytest.raises(IllegalAction):
                state.apply_id(0, play_id(state.cards.ids, dig, None, discard))
        assert state.to_json() == before
    state.apply_id(0, play_id(state.cards.ids, dig, None, [first, third]))
    assert first in state.discard and third in state.discard and dig in state.discard
    assert len(state.hands[0]) == 5, "two cards discarded, two drawn"


def _two_seats_holding(state: GolfState, seat: int, cards: list[str]) -> None:
    """``seat`` holds ``cards`` and fillers, the other seat fillers only (no Play Anytime card)."""
    give(state, seat, [*cards, *fillers(state, 6 - len(cards), set(cards))])
    give(state, 1 - seat, fillers(state, 6, set(state.hands[seat])))


def test_a_card_played_during_the_draw_is_drawn_for_before_planning() -> None:
    # Rule book: Play Anytime cards "may be played at any point during a turn"; DRAW: "Each player
    # draws cards until they have seven". A Borrow a Club during the draw: the seat it took a card
    # from draws back up; the player, short its Borrow a Club but a card up, draws none.
    state = GAME.new_state({"players": 2, "holes": 1}, 3)
    borrow = card(state, action="borrow_a_club")
    _two_seats_holding(state, 0, [borrow])
    state.phase, state.drawn_to = DRAW, [6, 6]
    play_anytime.open_window(state)
    assert state.to_act() == [0]
    assert state.legal_actions(0) == [{"type": "pass"}, {"type": "play", "card": borrow, "target": 1}]
    deck = len(state.deck)
    state.apply(0, {"type": "play", "card": borrow, "target": 1})
    # Nobody can answer it or play anything else: the window closed and the draw went on.
    assert state.phase == PLAN and state.to_act() == [0, 1]
    assert [len(hand) for hand in state.hands] == [6, 6] and len(state.deck) == deck - 1
    assert borrow in state.discard and "borrow_a_club" in state.pa_used[0]
    state.check_invariants()


def test_the_ready_window_lets_a_seat_play_after_its_own_plan_before_swing() -> None:
    state = GAME.new_state({"players": 2, "holes": 1}, 5)
    finder = card(state, action="rangefinder")
    _two_seats_holding(state, 0, [finder])
    state.phase, state.drawn_to = DRAW, [6, 6]
    play_anytime.open_window(state)
    assert state.phase == PLAN, "no plan to peek at during the draw: nobody is asked"
    state.apply(0, plan(state.hands[0][1], PLAYER_CARD, 0))
    club1 = state.hands[1][0]
    state.apply(1, plan(club1, PLAYER_CARD, 1))
    # Every seat has planned; before SWING! seat 0 may still look at seat 1's face-down Club.
    assert state.phase == READY and state.to_act() == [0]
    assert state.legal_actions(0) == [{"type": "pass"}, {"type": "play", "card": finder, "target": 1}]
    assert state.observe(0)["players"][1]["plan"]["club"] is None
    state.apply(0, {"type": "play", "card": finder, "target": 1})
    assert state.turn == 2 and state.last_results[1].seat == 1, "the window closed: SWING! and Resolution"
    assert any(entry.text.endswith(f"seat 1's Club is {club1}.") for entry in state.log if entry.to == [0])


def test_a_seat_that_passes_the_ready_window_is_asked_again_only_after_a_card_is_played() -> None:
    state = GAME.new_state({"players": 2, "holes": 1}, 6)
    dig = card(state, action="dig_through_the_bag")
    finder = card(state, action="rangefinder")
    give(state, 0, [dig, *fillers(state, 5, {dig, finder})])
    give(state, 1, [finder, *fillers(state, 5, {dig, finder} | set(state.hands[0]))])
    state.phase, state.drawn_to = DRAW, [6, 6]
    play_anytime.open_window(state)
    assert state.phase == DRAW and state.to_act() == [0], "a Dig Through the Bag is playable in the draw"
    state.apply(0, {"type": "pass"})
    assert state.phase == PLAN, "a full round passed or had nothing to play"
    state.apply(0, plan(state.hands[0][1], PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][1], PLAYER_CARD, 1))
    assert state.phase == READY and state.to_act() == [0]
    state.apply(0, {"type": "pass"})
    assert state.to_act() == [1]
    state.apply(1, {"type": "play", "card": finder, "target": 0})
    # A card was played: the round starts again from the next seat, and seat 0 may still play.
    assert state.phase == READY and state.to_act() == [0]
    state.apply(0, {"type": "pass"})
    # SWING!: the Dig Through the Bag may be played in the resolution window too.
    assert state.phase == REVEALED and state.to_act() == [0]
    state.apply(0, {"type": "pass"})
    assert state.turn == 2


def test_the_options_kept_for_a_response_follow_the_hand_they_were_found_in() -> None:
    """The response window keeps the Paces of Play it found for the seat it asks (play_offer): the
    listing takes them at that move, and takes the hand as it is once the hand is another."""
    state, mulligan, pace, rough = _mulligan_table()
    state.apply(0, plan(state.hands[0][1], PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][1], rough, 0))
    state.apply(2, plan(state.hands[2][1], PLAYER_CARD, 2))
    state.apply(0, {"type": "play", "card": mulligan})
    assert state.phase == RESPOND and state.to_act() == [2]
    ids = state.legal_action_ids(2)
    assert ids == [0, play_id(state.cards.ids, pace, None, None)]
    assert ids == [0, *play_anytime.option_ids(state, 2)]
    give(state, 2, [name for name in state.deck if name not in state.cards.paces][:5])
    assert state.legal_action_ids(2) == [0] == [0, *play_anytime.option_ids(state, 2)]
    with pytest.raises(IllegalAction):
        state.apply_id(2, ids[1])


def test_every_window_lists_what_option_ids_finds_and_plays_only_that() -> None:
    """Seeded games: whatever a window or a response window lists for the seat it asks is
    option_ids() of that moment, and every Play Anytime id played is one is_choice() accepts."""
    rng = random.Random(5)
    for seed in range(4):
        state = GAME.new_state({}, seed)
        while not state.is_over:
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            if state.phase in (DRAW, READY, REVEALED, RESPOND):
                assert ids == [0, *play_anytime.option_ids(state, seat)]
            action_id = rng.choice(ids)
            if action_id & TAG_MASK == PLAY:  # a Play Anytime card
                played = play_fields(state.cards.ids, action_id)
                assert played is not None
                assert play_anytime.is_choice(state, seat, *played)
            state.apply_id(seat, action_id)
