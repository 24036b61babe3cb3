"""engine.games.golf.rules: the registered game's words for actions."""

from __future__ import annotations

from engine.games.golf.cards import PLAYER_CARD
from tests.engine.golf.tables import GAME, plan


def test_describe_action_reads_well() -> None:
    assert GAME.describe_action({"type": "plan"}) == "Plan a Shot (face down)"
    assert (
        GAME.describe_action(plan("Driver / Hook (1)", PLAYER_CARD, 0))
        == "Shoot with Driver / Hook (1), Practice Swing"
    )
    assert "on seat 2" in GAME.describe_action(plan("Driver / Hook (1)", "Hybrid / Slice (1)", 2))
    assert GAME.describe_action({"type": "pass"}) == "Pass (no Play Anytime card)"
    assert GAME.describe_action(None) == "None"
