"""The mulligan procedures step by step (issue 8, point 1; seeds 002 and 004, rule 103.4)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction, new_state
from engine.games.opening_hand import deck
from engine.games.opening_hand.config import normalize_config
from engine.games.opening_hand.procedure import Procedure
from engine.games.opening_hand.rules import OpeningHandState

KEEP = {"type": "keep"}
MULLIGAN = {"type": "mulligan"}


def game(**config: Any) -> OpeningHandState:
    seed = config.pop("seed", 1)
    state = new_state("opening_hand", config, seed)
    assert isinstance(state, OpeningHandState)
    return state


def hand_sizes(state: OpeningHandState) -> list[int]:
    return [len(z.hand) for z in state.zones]


def declare_round(state: OpeningHandState, mulligans: set[int]) -> None:
    """Every seat asked in this round declares: a mulligan for the seats in ``mulligans``."""
    start = state.procedure.round
    while state.procedure.round == start and state.current_phase() == "declare":
        seat = state.to_act()[0]
        state.apply(seat, MULLIGAN if seat in mulligans else KEEP)


@pytest.mark.parametrize("rule", ["paris", "vancouver"])
def test_paris_draws_one_fewer_card_each_time(rule: str) -> None:
    state = game(rule=rule)
    assert hand_sizes(state) == [7, 7]
    declare_round(state, {0})
    assert hand_sizes(state) == [6, 7]
    assert state.zones[1].kept and not state.zones[0].kept
    for expected in (5, 4, 3, 2, 1):
        assert state.to_act() == [0], "only the seat that has not kept declares again"
        state.apply(0, MULLIGAN)
        assert len(state.zones[0].hand) == expected
        assert state.zones[0].mulligans == 7 - expected
        state.check_invariants()


def test_a_hand_of_zero_cards_must_be_kept() -> None:
    state = game(rule="paris")
    state.apply(0, MULLIGAN)
    state.apply(1, KEEP)
    for _ in range(6):
        state.apply(0, MULLIGAN)
    assert state.zones[0].hand == []
    assert state.zones[0].kept, "kept without being asked"
    assert {"type": "keep", "seat": 0, "hand_size": 0, "forced": True} in state.log
    assert state.current_phase() == "race"


def test_vancouver_scry_only_for_a_hand_smaller_than_the_starting_size() -> None:
    state = game(rule="vancouver", players=3, free_first_mulligan=False)
    declare_round(state, {1})
    assert hand_sizes(state) == [7, 6, 7]
    state.apply(1, KEEP)
    assert state.current_phase() == "scry"
    assert state.to_act() == [1]
    top = state.zones[1].library[0]
    assert state.observe(1)["library_top"] == [top], "the scrying player looks at the top card"
    assert "library_top" not in state.observe(0) or state.observe(0)["library_top"] == []
    assert state.legal_actions(1) == [{"type": "scry", "bottom": False}, {"type": "scry", "bottom": True}]
    state.apply(1, {"type": "scry", "bottom": True})
    assert state.zones[1].library[-1] == top
    assert state.observe(1)["library_bottom"] == [top]
    assert state.current_phase() == "race"


def test_vancouver_without_smaller_hands_has_no_scry() -> None:
    state = game(rule="vancouver", players=3)  # the free first mulligan keeps seven cards
    declare_round(state, {2})
    assert hand_sizes(state) == [7, 7, 7]
    state.apply(2, KEEP)
    assert state.current_phase() == "race"


def test_paris_does_not_scry() -> None:
    state = game(rule="paris")
    declare_round(state, {0})
    state.apply(0, KEEP)
    assert state.current_phase() == "race"


def test_london_draws_seven_each_time_then_bottoms_one_per_mulligan() -> None:
    state = game(rule="london")
    declare_round(state, {0, 1})
    assert hand_sizes(state) == [7, 7]
    state.apply(0, MULLIGAN)
    state.apply(1, KEEP)
    assert hand_sizes(state) == [7, 7]
    assert state.zones[1].to_bottom == 1, "seat 1 kept after one mulligan"
    assert state.to_act() == [1]
    assert {a["type"] for a in state.legal_actions(1)} == {"bottom"}
    card = state.legal_actions(1)[3]["card"]
    state.apply(1, {"type": "bottom", "card": card})
    assert state.zones[1].library[-1] == card
    assert len(state.zones[1].hand) == 6
    assert state.observe(1)["library_bottom"] == [card]
    assert state.observe(0)["seats"][1]["bottomed"] == 1
    assert card not in str(state.observe(0)), "others do not learn which card went to the bottom"
    state.apply(0, MULLIGAN)
    state.apply(0, KEEP)
    assert state.to_act() == [0] and state.zones[0].to_bottom == 3
    for _ in range(3):
        state.apply(0, state.legal_actions(0)[0])
    assert hand_sizes(state) == [4, 6]
    assert state.current_phase() == "race"


def test_london_must_keep_once_a_whole_hand_is_owed() -> None:
    state = game(rule="london", hand_size=2)
    declare_round(state, {0})
    state.apply(0, MULLIGAN)
    assert state.zones[0].kept, "two mulligans owe the whole two-card hand"
    assert state.zones[0].hand == [] and state.zones[0].known_bottom == 2
    state.check_invariants()


def test_london_free_first_mulligan_costs_no_card() -> None:
    state = game(rule="london", players=3)
    declare_round(state, {0})
    declare_round(state, set())
    assert state.current_phase() == "race", "the free mulligan owes nothing to the bottom"
    assert state.kept_sizes == [7, 7, 7]


def test_commander_exiles_face_down_draws_one_fewer_and_shuffles_back_on_keeping() -> None:
    state = game(rule="commander_partial_paris")
    declare_round(state, {0})
    assert state.current_phase() == "exile"
    assert state.to_act() == [0]
    assert {"type": "done"} not in state.legal_actions(0), "at least one card is exiled"
    exiled = [a["card"] for a in state.legal_actions(0)[:3]]
    for card in exiled:
        state.apply(0, {"type": "exile", "card": card})
    assert state.observe(1)["seats"][0]["exiled_face_down"] == 3
    assert not set(exiled) & set(str(state.observe(1)).split("'")), "exiled face down"
    assert state.observe(0)["exiled_face_down_cards"] == deck.sorted_cards(exiled)
    state.apply(0, {"type": "done"})
    assert len(state.zones[0].hand) == 6, "exiled three, drew two"
    assert sorted(state.zones[0].exiled_face_down) == sorted(exiled)
    assert not set(exiled) & set(state.zones[0].hand)
    state.check_invariants()
    state.apply(0, KEEP)
    assert state.zones[0].exiled_face_down == []
    assert len(state.zones[0].library) == 60 - 6, (
        "the exiled cards are back (the starting player skips its first draw)"
    )
    assert {"type": "shuffle_exiled", "seat": 0, "count": 3} in state.log


def test_commander_free_first_mulligan_draws_as_many_as_exiled() -> None:
    state = game(rule="commander_partial_paris", players=3)
    declare_round(state, {1})
    state.apply(1, {"type": "exile", "card": state.legal_actions(1)[0]["card"]})
    state.apply(1, {"type": "exile", "card": state.legal_actions(1)[0]["card"]})
    state.apply(1, {"type": "done"})
    assert len(state.zones[1].hand) == 7
    state.apply(1, {"type": "mulligan"})
    state.apply(1, {"type": "exile", "card": state.legal_actions(1)[0]["card"]})
    state.apply(1, {"type": "done"})
    assert len(state.zones[1].hand) == 6


def test_commander_mulligans_are_taken_at_the_same_time() -> None:
    state = game(rule="commander_partial_paris", players=3, free_first_mulligan=False)
    declare_round(state, {0, 2})
    assert state.to_act() == [0, 2]
    state.apply(2, {"type": "exile", "card": state.legal_actions(2)[0]["card"]})
    state.apply(2, {"type": "done"})
    assert state.to_act() == [0], "seat 2 waits for seat 0 before the next round"
    state.apply(0, {"type": "exile", "card": state.legal_actions(0)[0]["card"]})
    state.apply(0, {"type": "done"})
    assert state.current_phase() == "declare" and state.to_act() == [0]
    assert hand_sizes(state) == [6, 7, 6]


def _1994_state(seed: int, lands: int) -> OpeningHandState:
    state = new_state("opening_hand", {"rule": "original_1994", "deck": {"size": 60, "lands": lands}}, seed)
    assert isinstance(state, OpeningHandState)
    return state


def test_1994_only_an_all_land_or_no_land_hand_is_redrawn_at_full_size_once() -> None:
    state = _1994_state(3, lands=0)
    assert MULLIGAN in state.legal_actions(0), "a no-land hand may be revealed"
    hand = deck.sorted_cards(state.zones[0].hand)
    state.apply(0, MULLIGAN)
    assert state.log[-1] == {"type": "mulligan", "seat": 0, "revealed": hand}
    state.apply(1, KEEP)
    assert len(state.zones[0].hand) == 7, "a full hand again"
    assert state.zones[0].kept, "only once: the new hand is kept"
    state = _1994_state(3, lands=60)
    assert MULLIGAN in state.legal_actions(0), "an all-land hand may be revealed"


def test_1994_refuses_a_mixed_hand() -> None:
    for seed in range(50):
        state = _1994_state(seed, lands=24)
        lands = sum(deck.is_land(card) for card in state.zones[0].hand)
        if 0 < lands < 7:
            break
    assert state.legal_actions(0) == [KEEP]
    with pytest.raises(IllegalAction, match="all lands or no lands"):
        state.apply(0, MULLIGAN)


def test_declarations_follow_turn_order_then_mulligans_happen_together() -> None:
    state = game(rule="paris", players=4, free_first_mulligan=False)
    assert state.to_act() == [0]
    state.apply(0, MULLIGAN)
    assert hand_sizes(state) == [7, 7, 7, 7], "nothing is taken before everyone has declared"
    assert state.to_act() == [1]
    with pytest.raises(IllegalAction):
        state.apply(2, KEEP)
    state.apply(1, KEEP)
    assert state.to_act() == [2]
    state.apply(2, MULLIGAN)
    state.apply(3, KEEP)
    assert hand_sizes(state) == [6, 7, 6, 7]
    assert state.to_act() == [0], "the next round: the seats that have not kept, in turn order"
    state.apply(0, KEEP)
    assert state.to_act() == [2]


def test_two_headed_giant_teams_declare_together_in_team_order() -> None:
    state = game(rule="paris", players=4, teams=[[0, 2], [1, 3]])
    assert state.to_act() == [0, 2], "the starting team declares first, teammates together"
    assert state.observe(0)["team_hands"] == {"2": deck.sorted_cards(state.zones[2].hand)}
    assert "team_hands" not in state.observe(1) or "0" not in state.observe(1)["team_hands"]
    for card in state.zones[1].hand:
        assert card not in str(state.observe(0))
    state.apply(2, KEEP)
    assert state.to_act() == [0]
    state.apply(
        0, MULLIGAN
    )  # "a player may take a mulligan even after his or her teammate has decided to keep"
    assert state.to_act() == [1, 3]
    state.apply(3, MULLIGAN)
    state.apply(1, KEEP)
    assert hand_sizes(state) == [7, 7, 7, 7], "the free first mulligan (four players)"
    assert state.to_act() == [0]


def test_free_first_mulligan_defaults_and_switch() -> None:
    assert normalize_config({"players": 2})["free_first_mulligan"] is False
    assert normalize_config({"players": 3})["free_first_mulligan"] is True
    assert normalize_config({"players": 4, "free_first_mulligan": False})["free_first_mulligan"] is False
    assert normalize_config({"players": 2, "free_first_mulligan": True})["free_first_mulligan"] is True
    free = game(rule="paris", players=3)
    declare_round(free, {0})
    assert len(free.zones[0].hand) == 7
    declare_round(free, {0})
    assert len(free.zones[0].hand) == 6
    paid = game(rule="paris", players=3, free_first_mulligan=False)
    declare_round(paid, {0})
    assert len(paid.zones[0].hand) == 6


def test_vanguard_hand_size_modifiers() -> None:
    state = game(rule="london", hand_size_modifiers=[2, -3])
    assert hand_sizes(state) == [9, 4]
    assert state.observe(1)["starting_hand_size"] == 4
    declare_round(state, {0, 1})
    assert hand_sizes(state) == [9, 4], "London draws the starting hand size each time"
    paris = game(rule="paris", hand_size_modifiers=[1, 0])
    declare_round(paris, {0})
    assert hand_sizes(paris) == [7, 7]


def _powder_state() -> OpeningHandState:
    for seed in range(100):
        state = new_state("opening_hand", {"rule": "paris", "serum_powder": 20}, seed)
        assert isinstance(state, OpeningHandState)
        if any(deck.is_powder(card) for card in state.zones[0].hand):
            return state
    raise AssertionError("no seed deals a Serum Powder")


def test_serum_powder_exiles_the_hand_and_draws_that_many() -> None:
    state = _powder_state()
    old = deck.sorted_cards(state.zones[0].hand)
    powder = next(card for card in old if deck.is_powder(card))
    assert {"type": "serum_powder", "card": powder} in state.legal_actions(0)
    state.apply(0, {"type": "serum_powder", "card": powder})
    assert len(state.zones[0].hand) == 7
    assert state.zones[0].exiled == old, "exiled face up, for the game"
    assert state.observe(1)["seats"][0]["exiled"] == old
    assert state.to_act() == [0], "the player then declares"
    assert state.zones[0].mulligans == 0, "not a mulligan"
    state.apply(0, MULLIGAN)
    state.apply(1, KEEP)
    assert len(state.zones[0].hand) == 6
    state.check_invariants()


def test_serum_powder_is_refused_for_another_card() -> None:
    state = _powder_state()
    land = next((card for card in state.zones[0].hand if not deck.is_powder(card)), None)
    assert land is not None
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a Serum Powder"):
        state.apply(0, {"type": "serum_powder", "card": land})
    assert state.to_json() == before


def test_the_procedure_runs_alone() -> None:
    procedure = Procedure(normalize_config({"rule": "paris"}), 5)
    procedure.apply(0, MULLIGAN)
    procedure.apply(1, KEEP)
    procedure.apply(0, KEEP)
    assert procedure.done
    assert [len(z.hand) for z in procedure.zones] == [6, 7]


def test_shuffles_depend_on_the_seed_and_the_seat_only() -> None:
    first = game(rule="london", seed=9)
    second = game(rule="london", seed=9)
    declare_round(first, {0, 1})
    declare_round(second, {1})
    assert first.zones[1].hand == second.zones[1].hand, "seat 1's cards ignore seat 0's choices"
