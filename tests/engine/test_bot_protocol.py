"""The message schema for bots that are not in-process, and the referee's clock and fault policy
(engine/bots/protocol.py, engine/bots/referee.py), with in-process stand-ins for program bots."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.bots import make_bot
from engine.bots.protocol import (
    MAX_ANSWER_BYTES,
    Answer,
    BotFault,
    FaultKind,
    decision_message,
    encode_line,
    parse_answer,
)
from engine.bots.referee import Clock, FaultPolicy, play_refereed
from engine.core import JSON, get_game


class Scripted:
    """A message bot answering from a function of the message (or raising a fault)."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.messages: list[JSON] = []
        self.ended: JSON | None = None

    stderr_tail = "last words"

    def decide(self, message: JSON, timeout_s: float) -> Answer:
        self.messages.append(message)
        return self.answer(message)

    def game_over(self, message: JSON) -> None:
        self.ended = message

    def close(self) -> None:
        pass


def random_answer(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda message: Answer(rng.choice(message["legal_actions"]))


def test_a_decision_message_is_one_json_line_with_the_documented_fields() -> None:
    message = decision_message(
        game_id="mulligan",
        seat=1,
        move_number=4,
        observation={"hand": ["As"]},
        legal_actions=[{"type": "skip"}],
        time_left_ms=1500,
        talk=True,
    )
    line = encode_line(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    decoded = json.loads(line)
    assert decoded["type"] == "move" and decoded["protocol"] == 1
    assert {"game", "seat", "observation", "legal_actions", "time_left_ms"} <= set(decoded)


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ("", FaultKind.MALFORMED),
        ("skip", FaultKind.MALFORMED),
        ("[1, 2]", FaultKind.MALFORMED),
        ('{"move": {"type": "skip"}}', FaultKind.MALFORMED),
        ('{"action": {"type": "skip"}, "say": 5}', FaultKind.MALFORMED),
        ("[" * 100_000, FaultKind.OUTPUT_LIMIT),
        (b"\xff\xfe", FaultKind.MALFORMED),
    ],
)
def test_bad_answers_are_faults_of_the_right_kind(raw: Any, kind: FaultKind) -> None:
    with pytest.raises(BotFault) as caught:
        parse_answer(raw)
    assert caught.value.kind == kind and caught.value.message


def test_an_answer_may_talk_only_where_the_game_has_talk() -> None:
    raw = '{"action": {"type": "skip"}, "say": "good luck"}'
    assert parse_answer(raw, talk=True) == Answer({"type": "skip"}, "good luck")
    assert parse_answer(raw, talk=False) == Answer({"type": "skip"}, None)
    assert len(parse_answer('{"action": 1, "say": "' + "x" * 2000 + '"}', talk=True).say or "") < 2000
    assert len(encode_line({"x": "y" * MAX_ANSWER_BYTES})) > MAX_ANSWER_BYTES


def test_the_clock_takes_overruns_from_the_bank() -> None:
    clock = Clock(per_move_ms=100, bank_ms=250)
    assert clock.time_left_ms() == 350
    assert clock.charge(80) and clock.bank_ms == 250  # within the move's own time
    assert clock.charge(300) and clock.bank_ms == 50
    assert not clock.charge(200)  # overdrew the bank: a timeout
    assert clock.time_left_ms() == 100


def test_a_message_bot_plays_whole_games_against_in_process_bots() -> None:
    bot = Scripted(random_answer(3))
    result = play_refereed(
        "mulligan",
        {"players": 3},
        11,
        [bot, make_bot("mulligan", "heuristic"), make_bot("mulligan", "random")],
    )
    assert result.outcome is not None and not result.faults and result.forfeited is None
    assert bot.messages, "the bot was never asked"
    for message in bot.messages:
        assert message["seat"] == 0 and message["legal_actions"]
        assert "deck" not in message["observation"], "a bot sees only its seat's observation"
    assert bot.ended is not None and bot.ended["type"] == "end"
    # The record replays to the same outcome: the refereed game is an ordinary game.
    assert result.record.rebuild().outcome() == result.outcome


def test_a_fault_forfeits_under_the_forfeit_policy() -> None:
    bot = Scripted(lambda message: Answer({"type": "not a move"}))
    result = play_refereed("mulligan", {"players": 2}, 5, [make_bot("mulligan", "random"), bot])
    assert result.forfeited == 1 and result.ranks == (1, 2)
    assert [fault.kind for fault in result.faults] == [FaultKind.ILLEGAL]
    assert result.faults[0].stderr_tail == "last words"
    assert bot.ended is not None and bot.ended["outcome"]["forfeited"] == 1


def test_default_moves_and_strikes_until_disqualified() -> None:
    def sometimes_broken(message: JSON) -> Answer:
        if message["move"] % 2:
            raise BotFault(FaultKind.MALFORMED, "garbage")
        return Answer(message["legal_actions"][0])

    players = [Scripted(sometimes_broken), make_bot("mulligan", "random")]
    result = play_refereed(
        "mulligan", {"players": 2}, 9, players, policy=FaultPolicy.DEFAULT_MOVE, max_strikes=3
    )
    assert len(result.faults) <= 3
    if result.forfeited is not None:
        assert result.strikes[0] == 3 and result.ranks[0] == 2
    else:
        assert result.outcome is not None and result.strikes.get(0, 0) < 3


def test_every_registered_game_speaks_the_protocol() -> None:
    from engine import registered_games

    for game in registered_games():
        seats = game.min_players
        bots = [Scripted(random_answer(seat)) for seat in range(seats)]
        result = play_refereed(game.id, {}, 2, bots)
        assert result.outcome is not None and not result.faults, game.id
        assert get_game(game.id).table_talk in {True, False}
