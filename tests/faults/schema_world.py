"""A small league world for schemathesis (test_schemathesis.py): something real behind every id.

Alice organises a Swiss tournament in registration, a round robin and a knockout that run, and a
running league; she holds a running game against bob (her turn), a program bot and an HTTP bot with
a fault on record, an open challenge to bob and a vacation. Bob plays: he is entered in alice's
competitions and holds the other seat of her game. Carol only exists. Nobody's webhook is set.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from games.models import (
    Bot,
    BotFault,
    BotKind,
    BotVersion,
    Competitor,
    Game,
    League,
    Player,
    Tournament,
    Vacation,
    ValidationStatus,
)
from games.services.challenges import Opponent, challenge_create
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.games import game_create
from games.services.leagues import league_create, league_join, league_open_registration, league_start
from games.services.players import player_create
from tests.games.factories import BotFactory

PASSWORD = "schemathesis-world"
PROGRAM = (
    b"import sys, json\nfor line in sys.stdin:\n    print(json.dumps(json.loads(line)['legal_actions'][0]))\n"
)


@dataclass
class World:
    alice: Player
    bob: Player
    carol: Player
    game: Game
    program_bot: Bot
    http_bot: Bot
    tournaments: list[Tournament]
    league: League


def _submitted_bot(owner: Player, name: str, kind: str, **version: object) -> Bot:
    bot = Bot.objects.create(
        competitor=Competitor.objects.create(name=name), game_id="mulligan", kind=kind, owner=owner
    )
    content = version.pop("content", None)
    assert content is None or isinstance(content, bytes)
    made = BotVersion.objects.create(
        bot=bot,
        number=1,
        content=content,
        sha256=hashlib.sha256(content).hexdigest() if content else "",
        size=len(content or b""),
        validation_status=ValidationStatus.PASSED,
        **version,
    )
    bot.active_version = made
    bot.save(update_fields=["active_version"])
    return bot


def build_world() -> World:
    alice, bob, carol = (
        player_create(username=name, password=PASSWORD) for name in ("alice", "bob", "carol")
    )
    builtin = BotFactory(engine_bot="random")
    program_bot = _submitted_bot(
        alice,
        "alice's program",
        BotKind.PROGRAM,
        filename="bot.py",
        content=PROGRAM,
        entry_command=["python3", "bot.py"],
    )
    http_bot = _submitted_bot(alice, "alice's server", BotKind.HTTP, url="https://bot.example.com/move")
    game = game_create(
        game_id="mulligan",
        competitors=[alice.competitor, bob.competitor],
        config={"players": 2},
        seed=1,
        enqueue_bots=False,
    )
    bot_game = game_create(
        game_id="mulligan",
        competitors=[program_bot.competitor, builtin.competitor],
        config={"players": 2},
        seed=2,
        enqueue_bots=False,
    )
    BotFault.objects.create(
        bot=program_bot,
        version=program_bot.active_version,
        game=bot_game,
        seat=0,
        move_number=0,
        kind="crash",
        message="the program exited with status 1",
        stderr_tail="Traceback (most recent call last): ...",
        consequence="default_move",
    )

    tournaments = []
    for name, format_, start in (
        ("alice's open", "swiss", False),
        ("alice's round robin", "round_robin", True),
        ("alice's knockout", "single_elimination", True),
    ):
        tournament = tournament_create(name=name, game_id="mulligan", format=format_, organiser=alice)
        tournament_open_registration(tournament_pk=tournament.pk)
        for competitor in (alice.competitor, bob.competitor, builtin.competitor):
            tournament_join(tournament_pk=tournament.pk, competitor=competitor)
        if start:
            tournament_start(tournament_pk=tournament.pk)
        tournaments.append(tournament)

    league = league_create(name="alice's ladder", game_id="mulligan", organiser=alice)
    league_open_registration(league_pk=league.pk)
    for competitor in (alice.competitor, bob.competitor, program_bot.competitor):
        league_join(league_pk=league.pk, competitor=competitor)
    league_start(league_pk=league.pk)

    challenge_create(
        user=alice.user,
        game_id="mulligan",
        config={},
        opponents=[Opponent("player", name="bob")],
        move_time_limit=timedelta(days=1),
    )
    now = timezone.now()
    Vacation.objects.create(
        player=alice, starts_at=now + timedelta(days=10), ends_at=now + timedelta(days=12)
    )
    Vacation.objects.create(player=bob, starts_at=now + timedelta(days=3), ends_at=now + timedelta(days=4))
    return World(
        alice=alice,
        bob=bob,
        carol=carol,
        game=game,
        program_bot=program_bot,
        http_bot=http_bot,
        tournaments=tournaments,
        league=league,
    )
