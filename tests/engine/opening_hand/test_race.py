"""The goldfish race after the mulligans (issue 8, point 2)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction, get_game, new_state
from engine.games.opening_hand import deck
from engine.games.opening_hand.rules import OpeningHandState

END = {"type": "end_turn"}


def race(seed: int = 1, **config: Any) -> OpeningHandState:
    """A game in which everyone kept their seven cards: the race has begun."""
    state = new_state("opening_hand", config, seed)
    assert isinstance(state, OpeningHandState)
    while state.current_phase() != "race":
        state.apply(state.to_act()[0], {"type": "keep"})
    return state


def give(state: OpeningHandState, seat: int, card: str) -> None:
    """Move ``card`` from seat's library to its hand (a test's stacked draw)."""
    state.zones[seat].library.remove(card)
    state.zones[seat].hand.append(card)


def test_the_starting_player_skips_the_first_draw_in_a_two_player_game() -> None:
    state = race()
    assert [len(z.hand) for z in state.zones] == [7, 7]
    assert state.to_act() == [0]
    state.apply(0, END)
    assert len(state.zones[1].hand) == 8, "the other player draws"
    state.apply(1, END)
    assert len(state.zones[0].hand) == 8, "the starting player draws from its second turn"


def test_everyone_draws_on_the_first_turn_with_three_players() -> None:
    state = race(players=3)
    assert [len(z.hand) for z in state.zones] == [8, 7, 7]


def test_one_land_per_turn_and_mana_from_lands() -> None:
    state = race(seed=4)
    zones = state.zones[0]
    lands = [c for c in zones.library if deck.is_land(c)][:2]
    spell = next(c for c in zones.library if deck.mana_value(c) == 2)
    for card in [*lands, spell]:
        give(state, 0, card)
    state.apply(0, {"type": "play_land", "card": lands[0]})
    assert not any(a["type"] == "play_land" for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="one land per turn"):
        state.apply(0, {"type": "play_land", "card": lands[1]})
    assert {"type": "cast", "card": spell} not in state.legal_actions(0), "two mana needed, one land"
    with pytest.raises(IllegalAction, match="costs 2"):
        state.apply(0, {"type": "cast", "card": spell})
    state.apply(0, END)
    state.apply(1, END)
    state.apply(0, {"type": "play_land", "card": lands[1]})
    assert state.mana_available(0) == 2
    state.apply(0, {"type": "cast", "card": spell})
    assert state.mana_available(0) == 0
    assert state.zones[0].creatures == [spell]
    assert not any(a["type"] == "cast" for a in state.legal_actions(0))
    state.check_invariants()


def test_a_creature_deals_its_mana_value_at_the_start_of_each_later_turn() -> None:
    state = race(seed=4)
    land = next(c for c in state.zones[0].library if deck.is_land(c))
    spell = next(c for c in state.zones[0].library if deck.mana_value(c) == 1)
    give(state, 0, land)
    give(state, 0, spell)
    state.apply(0, {"type": "play_land", "card": land})
    state.apply(0, {"type": "cast", "card": spell})
    assert state.damage[0] == 0, "not on the turn it is cast"
    state.apply(0, END)
    state.apply(1, END)
    assert state.damage[0] == 1
    state.apply(0, END)
    state.apply(1, END)
    assert state.damage[0] == 2


def test_the_first_to_twenty_wins_at_the_start_of_its_turn() -> None:
    state = race(seed=2)
    fives = [c for c in state.zones[1].library if deck.mana_value(c) == 5][:4]
    for card in fives:
        state.zones[1].library.remove(card)
        state.zones[1].creatures.append(card)
    state.apply(0, END)
    assert state.is_over
    outcome = state.outcome()
    assert outcome.winner == 1
    assert outcome.details["reason"] == "damage"
    assert outcome.details["damage"] == [0, 20]
    assert outcome.details["winning_turn"] == 1
    assert outcome.scores == (0.0, 1.0)
    assert state.legal_actions(1) == []


def test_the_turn_cap_ends_the_game_and_equal_damage_shares_the_win() -> None:
    state = race(turn_cap=2)
    for _ in range(4):
        state.apply(state.to_act()[0], END)
    assert state.is_over
    outcome = state.outcome()
    assert outcome.details["reason"] == "turn_cap"
    assert outcome.details["winning_turn"] is None
    assert outcome.scores == (0.5, 0.5)
    assert outcome.places == (1, 1)
    assert state.turns == [2, 2]


def test_two_headed_giant_teams_share_their_turns_and_their_damage() -> None:
    state = race(players=4, teams=[[0, 1], [2, 3]], damage_to_win=3)
    assert state.to_act() == [0, 1]
    assert [len(z.hand) for z in state.zones] == [7, 7, 7, 7], "the starting team of two skips its draw"
    state.apply(1, END)
    assert state.to_act() == [0]
    state.apply(0, END)
    assert state.to_act() == [2, 3]
    for seat, value in ((2, 1), (3, 2)):
        card = next(c for c in state.zones[seat].library if deck.mana_value(c) == value)
        state.zones[seat].library.remove(card)
        state.zones[seat].creatures.append(card)
    state.apply(2, END)
    state.apply(3, END)
    state.apply(0, END)
    state.apply(1, END)
    assert state.is_over
    outcome = state.outcome()
    assert outcome.ranking[:2] == (2, 3)
    assert outcome.scores == (0.0, 0.0, 1.0, 1.0)
    assert outcome.places == (3, 3, 1, 1)


def test_race_actions_are_refused_during_the_mulligans_and_out_of_turn() -> None:
    state = new_state("opening_hand", {}, 3)
    with pytest.raises(IllegalAction, match="race has not begun"):
        state.apply(0, {"type": "play_land", "card": "p0-L01"})
    state = race()
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.apply(1, END)
    with pytest.raises(IllegalAction, match="mulligans are over"):
        state.apply(0, {"type": "keep"})


def test_descriptions_and_redactions() -> None:
    game = get_game("opening_hand")
    assert game.describe_action({"type": "cast", "card": "p0-S3-04"}) == "Cast p0-S3-04 (Spell (3))"
    assert game.describe_action({"type": "play_land", "card": "p1-L12"}) == "Play p1-L12 (Land)"
    assert game.describe_action({"type": "keep"}) == "Keep this hand"
    assert game.describe_action({"type": "scry", "bottom": True}) == "Scry: put the top card on the bottom"
    secret = {"type": "bottom", "card": "p0-L03"}
    assert game.redact_action(0, secret, 0) == secret
    assert game.redact_action(0, secret, 1) == {"type": "bottom"}
    assert game.redact_action(0, {"type": "exile", "card": "p0-L03"}, None) == {"type": "exile"}
    assert "p0-L03" not in game.describe_action(game.redact_action(0, secret, None))
    assert game.redact_action(0, {"type": "cast", "card": "p0-S1-01"}, 1)["card"] == "p0-S1-01"


def test_is_card_knows_exactly_the_library_names() -> None:
    game = get_game("opening_hand")
    state = new_state("opening_hand", {"players": 4, "serum_powder": 2}, 1)
    assert isinstance(state, OpeningHandState)
    for seat in range(4):
        assert all(game.is_card(card) for card in state.procedure.library_of(seat))
    for value in ("As", "p0-L1", "p0-S0-01", "p0-S3-1", "x0-L01", "p0-L01 ", None, 7):
        assert not game.is_card(value)
