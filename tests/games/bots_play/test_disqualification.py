"""A submitted bot that reaches its competition's bot_max_strikes is disqualified: its game is
forfeited and its tournament entry dropped, or its league entry deactivated."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from games.models import Bot, BotFault, Entry, Game, GameStatus, League, LeagueEntry, MatchGame, Tournament
from games.services.competitions import tournament_start
from games.services.ladder import ladder_matchmake
from tests.games.bots_play.conftest import ILLEGAL_BOT
from tests.games.competitions.conftest import open_tournament
from tests.games.leagues.conftest import running_league

OnCommit = Callable[[], AbstractContextManager[Any]]

# The faulty bot's opponent never folds, so the game lasts until the faulty bot has struck out
# (a random opponent folding early would end it after one strike, whatever the seed).
STEADY_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        legal = [a for a in message["legal_actions"] if a["type"] != "fold"] or message["legal_actions"]
        print(json.dumps({"action": legal[-1]}), flush=True)
"""


def test_strikes_up_to_the_limit_disqualify_and_drop_the_entry(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    bot = program_bot(ILLEGAL_BOT)
    steady = program_bot(STEADY_BOT, name="steady")
    # Games that do not end at a round of skips: the faulty bot keeps getting decisions.
    tournament = open_tournament(
        field=[bot.competitor, steady.competitor], rounds=1, config={"end_on_skip_round": False}
    )
    Tournament.objects.filter(pk=tournament.pk).update(bot_fault_policy="default_move", bot_max_strikes=2)
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    faults = list(BotFault.objects.filter(bot=bot).order_by("id"))
    assert [f.consequence for f in faults] == ["default_move", "disqualified"]
    game = MatchGame.objects.get(match__round__tournament=tournament).game
    assert game.status == GameStatus.FINISHED
    assert game.outcome["details"]["reason"] == "bot_fault"
    bot_seat = game.seats.get(competitor=bot.competitor)
    assert bot_seat.rank == 2 and game.seats.exclude(pk=bot_seat.pk).get().rank == 1
    assert Entry.objects.get(tournament=tournament, competitor=bot.competitor).dropped_after_round == 1


def test_a_league_bot_at_its_strike_limit_leaves_the_ladder(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    bot = program_bot(ILLEGAL_BOT)
    clone = program_bot(STEADY_BOT, name="steady")
    league = running_league(field=[bot.competitor, clone.competitor], config={"end_on_skip_round": False})
    League.objects.filter(pk=league.pk).update(bot_fault_policy="default_move", bot_max_strikes=3)
    with on_commit():
        (game_pk,) = ladder_matchmake(league_pk=league.pk)
    faults = list(BotFault.objects.filter(bot=bot).order_by("id"))
    assert [f.consequence for f in faults] == ["default_move", "default_move", "disqualified"]
    assert Game.objects.get(pk=game_pk).status == GameStatus.FINISHED
    assert not LeagueEntry.objects.get(league=league, competitor=bot.competitor).active
    assert LeagueEntry.objects.get(league=league, competitor=clone.competitor).active
    assert ladder_matchmake(league_pk=league.pk) == []  # nobody left to match the clone with


def test_the_forfeit_policy_forfeits_without_disqualifying(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    bot = program_bot(ILLEGAL_BOT)
    steady = program_bot(STEADY_BOT, name="steady")
    tournament = open_tournament(field=[bot.competitor, steady.competitor], rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(bot_fault_policy="forfeit", bot_max_strikes=1)
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    fault = BotFault.objects.get(bot=bot)
    assert fault.consequence == "forfeit"
    assert Entry.objects.get(tournament=tournament, competitor=bot.competitor).dropped_after_round is None
