from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from rest_framework.authtoken.models import Token

from games.models import Bot, League, Player, Tournament
from games.services.after_commit import games_enqueue_bots
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.games import game_create
from games.services.leagues import league_create, league_join, league_open_registration, league_start
from games.services.players import builtin_bots_ensure, email_verified_set, player_create

DEMO_PASSWORD = "mulligan-demo"
DEMO_LEAGUE = "Mulligan ladder (demo)"
DEMO_CUP = "Demo cup"


class Command(BaseCommand):
    help = "Demo data on any database: users, the built-in bots, and a batch of bot games queued."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=40, help="bot-vs-bot Mulligan games to queue")
        parser.add_argument("--seed", type=int, default=1, help="seeds the games' seats and deals")

    def handle(self, *args: Any, **options: Any) -> None:
        bots = builtin_bots_ensure()
        self.stdout.write(f"built-in bots: {', '.join(bot.competitor.name for bot in bots)}")
        for username in ("alice", "bob", "carol"):
            if not User.objects.filter(username=username).exists():
                person = player_create(
                    username=username, password=DEMO_PASSWORD, email=f"{username}@example.com"
                )
                # Verified, so the demo's turn mails go out (to the console unless EMAIL_URL is set).
                email_verified_set(person.user, person.user.email)
            player = Player.objects.get(user__username=username)
            token, _ = Token.objects.get_or_create(user=player.user)
            self.stdout.write(
                f"user {username} / {DEMO_PASSWORD}  (player {player.pk}, API token {token.key})"
            )
        mulligan_bots = list(Bot.objects.filter(game_id="mulligan").select_related("competitor"))
        rng = random.Random(options["seed"])
        with transaction.atomic():
            # Created together and handed to the workers a batch per task once they are committed.
            bot_games = []
            for _ in range(options["games"]):
                seats = [rng.choice(mulligan_bots).competitor for _ in range(4)]
                game = game_create(
                    game_id="mulligan", competitors=seats, seed=rng.getrandbits(63), enqueue_bots=False
                )
                bot_games.append(game.pk)
            games_enqueue_bots(bot_games)
        alice = Player.objects.get(user__username="alice")
        heuristic = next(bot for bot in mulligan_bots if bot.engine_bot == "heuristic")
        random_bot = next(bot for bot in mulligan_bots if bot.engine_bot == "random")
        game = game_create(
            game_id="mulligan",
            competitors=[alice.competitor, heuristic.competitor, random_bot.competitor],
            seed=rng.getrandbits(63),
        )
        self.stdout.write(
            f"queued {options['games']} bot games; game {game.pk} waits for alice "
            f"(GET /api/games/{game.pk}/ with her token)"
        )
        league = League.objects.filter(name=DEMO_LEAGUE).first()
        if league is None:
            league = league_create(name=DEMO_LEAGUE, game_id="mulligan", organiser=alice, entrants="both")
            league_open_registration(league_pk=league.pk)
            for bot in mulligan_bots:
                league_join(league_pk=league.pk, competitor=bot.competitor)
            league_join(league_pk=league.pk, competitor=alice.competitor)
            league_start(league_pk=league.pk)
        self.stdout.write(
            f"league {league.pk} ({DEMO_LEAGUE}) is running: its bots are matched every "
            f"{settings.LADDER_MATCH_INTERVAL} s (GET /api/leagues/{league.pk}/ladder/)"
        )
        cup = Tournament.objects.filter(name=DEMO_CUP).first()
        if cup is None:
            # A round robin of people and bots played by the turn: alice and bob have games waiting.
            bob = Player.objects.get(user__username="bob")
            cup = tournament_create(
                name=DEMO_CUP, game_id="mulligan", format="round_robin", organiser=alice, rated=False
            )
            tournament_open_registration(tournament_pk=cup.pk)
            for competitor in (alice.competitor, bob.competitor, heuristic.competitor, random_bot.competitor):
                tournament_join(tournament_pk=cup.pk, competitor=competitor)
            tournament_start(tournament_pk=cup.pk)
        self.stdout.write(
            f"tournament {cup.pk} ({DEMO_CUP}) is running: see /tournaments/{cup.pk}/. "
            f"Log in at /accounts/login/ as alice to play the games waiting for her."
        )
