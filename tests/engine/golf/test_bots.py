"""engine.games.golf.bots: the heuristic bot against random play, and in the modes."""

from __future__ import annotations

import random
from typing import Any

from engine.games.golf import config as cfg
from engine.games.golf.bots import HeuristicBot
from tests.engine.golf.tables import GAME, to_planning


def _play(config: dict[str, Any], seed: int, bots: list[Any]) -> list[int]:
    state = to_planning(GAME.new_state(config, seed))
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


def test_the_heuristic_bot_picks_a_partner() -> None:
    from engine.games.golf.bots import HeuristicBot

    state = to_planning(GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 1))
    move = HeuristicBot().act(state.observe(0), state.legal_actions(0), random.Random(0))
    assert move["type"] == "wolf" and move["partner"] in (1, 2)


def test_the_heuristic_bot_never_hurts_its_teammate() -> None:
    from engine.games.golf.bots import HeuristicBot

    state = to_planning(GAME.new_state({"players": 4, "holes": 1, "mode": "best_ball"}, 8))
    for seat in range(4):
        move = HeuristicBot().act(state.observe(seat), state.legal_actions(seat), random.Random(seat))
        half = state.half(move["action"]) if move.get("action") else None
        if half is not None and half.kind == "action" and half.target != "self":
            assert move["target"] != (seat + 2) % 4
        state.apply(seat, move)
