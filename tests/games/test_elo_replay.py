"""Replaying games with only the current ratings in memory (``games.ratings.replay``). No database."""

from __future__ import annotations

import random

from games.ratings.elo import EloConfig, multi_seat_update
from games.ratings.replay import EloReplay

CONFIG = EloConfig(initial=1500.0, k=16.0, k_provisional=32.0, provisional_games=3)


def test_a_replay_gives_what_applying_each_game_by_hand_gives() -> None:
    rng = random.Random(7)
    replay: EloReplay[str] = EloReplay(CONFIG)
    ratings: dict[str, float] = {}
    played: dict[str, int] = {}
    for _ in range(300):
        keys = rng.sample("abcdefgh", rng.randint(2, 4))
        ranks = [rng.randint(1, len(keys)) for _ in keys]
        before = [ratings.get(key, 1500.0) for key in keys]
        k_factors = [32.0 if played.get(key, 0) < 3 else 16.0 for key in keys]
        after = multi_seat_update(before, ranks, k_factors)

        assert replay.play(keys, ranks) == (before, after, k_factors)
        for key, old, new in zip(keys, before, after, strict=True):
            ratings[key] = ratings.get(key, 1500.0) + (new - old)
            played[key] = played.get(key, 0) + 1
    assert dict(replay.items()) == {key: (ratings[key], played[key]) for key in ratings}
    assert len(replay) == len(ratings)


def test_a_key_holding_two_seats_gets_both_changes_from_its_rating_before_the_game() -> None:
    replay: EloReplay[str] = EloReplay(CONFIG)
    replay.play(["a", "b"], [1, 2])
    start, _ = replay.get("a")

    before, after, _ = replay.play(["a", "c", "a"], [1, 2, 3])

    assert before == [start, 1500.0, start]
    first, third = after[0] - start, after[2] - start
    assert replay.get("a") == ((start + first) + third, 3)
    assert first > 0 > third


def test_a_key_that_never_played_has_the_initial_rating() -> None:
    replay: EloReplay[int] = EloReplay(CONFIG)
    assert replay.get(5) == (1500.0, 0)
    assert 5 not in replay
