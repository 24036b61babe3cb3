"""Mulligan config validation (engine/games/mulligan/config.py) and ``config_from_variants``.

The player limits are reasoned from the rules (`000_43432f497e9b879c.txt`): everyone is dealt 5
cards, and the deck must still hold a card for every player so that the first mulligan can be
dealt; High Risk burns 13 more cards first.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ConfigError, get_game, new_state
from engine.games.mulligan.config import DEFAULT_CHIP_STACK, config_from_variants, normalize_config

GAME = get_game("mulligan")


def most_players(high_risk: bool) -> int:
    cards = 52 - (13 if high_risk else 0)
    return max(n for n in range(2, 53) if cards - 5 * n >= n)


def refused(config: Any) -> str:
    with pytest.raises(ConfigError) as error:
        normalize_config(config)
    message = str(error.value)
    assert message.strip()
    with pytest.raises(ConfigError):
        new_state("mulligan", config, 1)
    return message


def test_the_deck_allows_eight_players_or_six_with_high_risk() -> None:
    assert most_players(high_risk=False) == 8  # 52 - 40 = 12 >= 8, 52 - 45 = 7 < 9
    assert most_players(high_risk=True) == 6  # 39 - 30 = 9 >= 6, 39 - 35 = 4 < 7
    assert GAME.max_players == 8
    assert GAME.max_players_for({}) == 8
    assert GAME.max_players_for({"high_risk": True}) == 6
    assert GAME.min_players == 2


@pytest.mark.parametrize("high_risk", [False, True])
def test_every_allowed_player_count_builds_a_game(high_risk: bool) -> None:
    for players in range(2, most_players(high_risk) + 1):
        state = new_state("mulligan", {"players": players, "high_risk": high_risk}, 3)
        assert state.num_players == players
        assert len(state.to_json()["deck"]) >= players


@pytest.mark.parametrize(
    ("players", "high_risk"), [(9, False), (12, False), (52, False), (7, True), (8, True)]
)
def test_too_many_players_for_the_deck(players: int, high_risk: bool) -> None:
    message = refused({"players": players, "high_risk": high_risk})
    assert "too many" in message
    assert str(most_players(high_risk)) in message
    if high_risk:
        assert "High Risk" in message


@pytest.mark.parametrize("players", [1, 0, -3])
def test_fewer_than_two_players(players: int) -> None:
    message = refused({"players": players})
    assert "players" in message and "2" in message


def test_unknown_options_are_named() -> None:
    message = refused({"players": 4, "jokers": True, "hihg_risk": True})
    assert "jokers" in message and "hihg_risk" in message
    assert "high_risk" in message, "the message lists the options that exist"


@pytest.mark.parametrize("name", ["secret_offers", "high_risk", "open_hands", "end_on_skip_round"])
@pytest.mark.parametrize("value", [1, 0, "true", "yes", None, 1.0])
def test_switches_must_be_booleans(name: str, value: Any) -> None:
    message = refused({name: value})
    assert name in message and "true or false" in message


@pytest.mark.parametrize("name", ["players", "first_auctioneer", "chips", "max_turns"])
@pytest.mark.parametrize("value", [True, False, "4", 4.0, None, [4]])
def test_numbers_must_be_whole_numbers_not_booleans_or_strings(name: str, value: Any) -> None:
    message = refused({name: value})
    assert name in message and "whole number" in message


@pytest.mark.parametrize(("name", "value"), [("chips", -1), ("max_turns", -5), ("first_auctioneer", -1)])
def test_negative_numbers(name: str, value: int) -> None:
    message = refused({name: value})
    assert name in message and "at least" in message


@pytest.mark.parametrize(("players", "first"), [(4, 4), (2, 2), (8, 9)])
def test_the_first_auctioneer_must_be_a_seat(players: int, first: int) -> None:
    message = refused({"players": players, "first_auctioneer": first})
    assert "first_auctioneer" in message and str(players - 1) in message


def test_every_seat_may_open() -> None:
    for first in range(5):
        state = new_state("mulligan", {"players": 5, "first_auctioneer": first}, 2)
        assert state.to_act() == [first]


def test_open_hands_does_not_go_with_secret_offers() -> None:
    message = refused({"open_hands": True, "secret_offers": True})
    assert "Open Hands" in message and "Secret Offers" in message


def test_a_game_must_have_an_end() -> None:
    message = refused({"max_turns": 0, "end_on_skip_round": False})
    assert "max_turns" in message and "end_on_skip_round" in message
    # The round of skips is off by default, so removing the cap alone leaves a game without an end.
    message = refused({"max_turns": 0})
    assert "max_turns" in message and "end_on_skip_round" in message
    assert normalize_config({"max_turns": 0, "end_on_skip_round": True})["max_turns"] == 0


def test_the_default_config_follows_the_written_rules() -> None:
    # "There are two ways for the game to end" (000_43432f497e9b879c.txt, "End States"): a round of
    # skips is not one of them, so it is a league's choice; the turn cap stays as a safety net.
    defaults = normalize_config({})
    assert defaults["end_on_skip_round"] is False
    assert defaults["max_turns"] > 0



@pytest.mark.parametrize("config", [["players", 4], "players=4", 4])
def test_a_config_is_a_json_object(config: Any) -> None:
    assert "object" in refused(config)


def test_defaults_fill_in_everything() -> None:
    empties: list[dict[str, Any] | None] = [None, {}]
    for empty in empties:
        config = normalize_config(empty)
        assert config["players"] == 4, "{} is a 4-player game of the base rules"
        assert config["chips"] == 0
        assert not (config["secret_offers"] or config["high_risk"] or config["open_hands"])
        assert config["first_auctioneer"] == 0
    assert GAME.normalize_config({}) == normalize_config(None)


def test_normalizing_does_not_change_the_input() -> None:
    config = {"players": 3, "high_risk": True}
    normalize_config(config)
    assert config == {"players": 3, "high_risk": True}


def test_a_config_checked_again_is_checked_by_its_values_and_their_types() -> None:
    # The last config checked is remembered: an equal one with a bool where a number was (True == 1)
    # is still refused, and each caller gets a result of its own to change.
    first = normalize_config({"players": 4, "first_auctioneer": 1, "chips": 0})
    again = normalize_config({"players": 4, "first_auctioneer": 1, "chips": 0})
    assert again == first and again is not first
    again["players"] = 5
    assert normalize_config({"players": 4, "first_auctioneer": 1, "chips": 0})["players"] == 4
    assert "whole number" in refused({"players": 4, "first_auctioneer": True, "chips": 0})
    assert "whole number" in refused({"players": 4, "first_auctioneer": 1, "chips": False})
    # The same keys and values in another order.
    assert normalize_config({"first_auctioneer": 1, "players": 4, "chips": 0}) == first
    normalize_config({"secret_offers": True, "chips": 1})
    assert "true or false" in refused({"chips": True, "secret_offers": 1})


@settings(max_examples=150)
@given(
    players=st.integers(2, 8),
    secret=st.booleans(),
    high_risk=st.booleans(),
    open_hands=st.booleans(),
    chips=st.integers(0, 50),
    max_turns=st.integers(0, 500),
    skip_round=st.booleans(),
    first=st.integers(0, 7),
)
def test_valid_configs_are_accepted_and_idempotent(
    players: int,
    secret: bool,
    high_risk: bool,
    open_hands: bool,
    chips: int,
    max_turns: int,
    skip_round: bool,
    first: int,
) -> None:
    config = {
        "players": players,
        "secret_offers": secret,
        "high_risk": high_risk,
        "open_hands": open_hands,
        "chips": chips,
        "max_turns": max_turns,
        "end_on_skip_round": skip_round,
        "first_auctioneer": first,
    }
    valid = (
        players <= most_players(high_risk)
        and first < players
        and not (secret and open_hands)
        and (max_turns > 0 or skip_round)
    )
    if not valid:
        refused(config)
        return
    normalized = normalize_config(config)
    assert normalized == config
    assert normalize_config(normalized) == normalized
    state = new_state("mulligan", config, 5)
    assert state.num_players == players


# -- config_from_variants ------------------------------------------------------------------------


def test_variants_become_a_config() -> None:
    assert config_from_variants(4, []) == {"players": 4}
    config = config_from_variants(5, ["high_risk", "secret-offers"])
    assert config == {"players": 5, "high_risk": True, "secret_offers": True}
    assert normalize_config(config)["high_risk"] is True
    assert config_from_variants(3, ["open_hands", "chips=30"]) == {
        "players": 3,
        "open_hands": True,
        "chips": 30,
    }


def test_chips_without_a_number_give_the_default_stack() -> None:
    config = config_from_variants(4, ["chips"])
    assert config["chips"] == DEFAULT_CHIP_STACK > 0
    normalize_config(config)


@pytest.mark.parametrize(
    ("variants", "words"),
    [
        (["jokers"], ["jokers", "high_risk"]),
        (["high_risk=1"], ["high_risk", "no value"]),
        (["chips=lots"], ["chips", "lots"]),
        (["players"], ["players"]),
    ],
)
def test_bad_variants_are_refused_readably(variants: list[str], words: list[str]) -> None:
    with pytest.raises(ConfigError) as error:
        config_from_variants(4, variants)
    for word in words:
        assert word in str(error.value)


def test_variants_are_still_validated_as_a_config() -> None:
    config = config_from_variants(4, ["open_hands", "secret_offers"])
    refused(config)
    refused(config_from_variants(7, ["high_risk"]))
