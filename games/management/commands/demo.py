"""``manage.py demo`` (``make run``): users, the built-in bots, bot games, a ladder league and a
tournament of people and bots. Idempotent: run again on the same database, it finds its own users,
bots, league and tournament and adds nothing; each run lists the games waiting for each user."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games.models import Bot, Game, League, Player, TimeoutPolicy, Tournament
from games.selectors import games as game_selectors
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
from games.services.tokens import token_create

DEMO_USERS = ("alice", "bob", "carol")
DEMO_PASSWORD = "mulligan-demo"
DEMO_LEAGUE = "Mulligan ladder (demo)"
DEMO_CUP = "Demo cup"
DEMO_TOKEN_NAME = "demo"
# Nobody plays bob unless someone logs in as him: with a short clock the cup never sits waiting on
# him. A game no person has moved in by then is aborted and scored as the late seat's forfeit; in a
# game already begun the late seat's move is played for it (its first legal action).
DEMO_CUP_MOVE_TIME = timedelta(minutes=10)


class Command(BaseCommand):
    help = (
        "Demo data on any database: users, the built-in bots, a batch of bot games, a league and a "
        "tournament. Running it again adds nothing and lists the games waiting for each user."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=40, help="bot-vs-bot Mulligan games to queue")
        parser.add_argument("--seed", type=int, default=1, help="seeds the games' seats and deals")

    def handle(self, *args: Any, **options: Any) -> None:
        bots = builtin_bots_ensure()
        self.stdout.write(f"built-in bots: {', '.join(bot.competitor.name for bot in bots)}")
        players = {username: self._user(username) for username in DEMO_USERS}
        mulligan_bots = list(Bot.objects.filter(game_id="mulligan").select_related("competitor"))
        with transaction.atomic():
            # The league marks a loaded demo: it is created in the same transaction as the games.
            league = League.objects.filter(name=DEMO_LEAGUE).first()
            if league is None:
                league = self._load(players, mulligan_bots, options["games"], random.Random(options["seed"]))
            else:
                self.stdout.write("the demo data is loaded already: nothing added")
            cup = Tournament.objects.filter(name=DEMO_CUP).first()
            if cup is None:
                cup = self._cup(players, mulligan_bots)
        cup.refresh_from_db()
        self.stdout.write(
            f"league {league.pk} ({DEMO_LEAGUE}): its bots are matched every "
            f"{settings.LADDER_MATCH_INTERVAL:g} s (GET /api/leagues/{league.pk}/ladder/)"
        )
        minutes = int(cup.move_time_limit.total_seconds() // 60)
        self.stdout.write(
            f"tournament {cup.pk} ({DEMO_CUP}, {cup.state}): see /tournaments/{cup.pk}/. {minutes} minutes "
            "per move: then a late player's move is played for them (their first legal action), and a "
            "game no person has moved in yet counts as lost by the late seat."
        )
        self._waiting(players)

    def _user(self, username: str) -> Player:
        if not User.objects.filter(username=username).exists():
            person = player_create(username=username, password=DEMO_PASSWORD, email=f"{username}@example.com")
            # Verified, so the demo's turn mails go out (to the console unless EMAIL_URL is set).
            email_verified_set(person.user, person.user.email)
        player = Player.objects.select_related("user").get(user__username=username)
        # Only a token's digest is kept, so each run makes a new one in place of the last run's.
        player.user.api_tokens.filter(name=DEMO_TOKEN_NAME).delete()
        _, key = token_create(user=player.user, name=DEMO_TOKEN_NAME)
        self.stdout.write(f"user {username} / {DEMO_PASSWORD}  (player {player.pk}, API token {key})")
        return player

    def _load(
        self, players: dict[str, Player], mulligan_bots: list[Bot], count: int, rng: random.Random
    ) -> League:
        # Created together and handed to the workers a batch per task once they are committed.
        bot_games = []
        for _ in range(count):
            seats = [rng.choice(mulligan_bots).competitor for _ in range(4)]
            game = game_create(
                game_id="mulligan", competitors=seats, seed=rng.getrandbits(63), enqueue_bots=False
            )
            bot_games.append(game.pk)
        games_enqueue_bots(bot_games)
        alice = players["alice"]
        game_create(
            game_id="mulligan",
            competitors=[
                alice.competitor,
                _bot(mulligan_bots, "heuristic").competitor,
                _bot(mulligan_bots, "random").competitor,
            ],
            seed=rng.getrandbits(63),
        )
        self.stdout.write(f"queued {count} bot games, and one game of alice against two bots")
        league = league_create(name=DEMO_LEAGUE, game_id="mulligan", organiser=alice, entrants="both")
        league_open_registration(league_pk=league.pk)
        for bot in mulligan_bots:
            league_join(league_pk=league.pk, competitor=bot.competitor)
        league_join(league_pk=league.pk, competitor=alice.competitor)
        league_start(league_pk=league.pk)
        return league

    def _cup(self, players: dict[str, Player], mulligan_bots: list[Bot]) -> Tournament:
        # A round robin of people and bots played by the turn: alice and bob have games waiting.
        cup = tournament_create(
            name=DEMO_CUP,
            game_id="mulligan",
            format="round_robin",
            organiser=players["alice"],
            rated=False,
            move_time_limit=DEMO_CUP_MOVE_TIME,
            timeout_policy=TimeoutPolicy.DEFAULT_ACTION,
        )
        tournament_open_registration(tournament_pk=cup.pk)
        entrants = [
            players["alice"],
            players["bob"],
            _bot(mulligan_bots, "heuristic"),
            _bot(mulligan_bots, "random"),
        ]
        for entrant in entrants:
            tournament_join(tournament_pk=cup.pk, competitor=entrant.competitor)
        tournament_start(tournament_pk=cup.pk)
        return cup

    def _waiting(self, players: dict[str, Player]) -> None:
        """The games waiting for each user's move, and those that will once the bots have moved
        (``make run`` starts the worker that plays them after this command)."""
        for username, player in players.items():
            now = [entry["game"].pk for entry in game_selectors.turns_waiting(player.user)]
            soon = [
                game.pk
                for game in game_selectors.user_running_games(player.user)
                if game.pk not in now and _bots_to_act(game)
            ]
            self.stdout.write(f"{username}: {_turns_line(now, soon)}")
        self.stdout.write(
            f"Log in at {settings.SITE_URL}/accounts/login/ as any of {', '.join(players)} "
            f"(password {DEMO_PASSWORD}) to play their games."
        )


def _turns_line(now: list[int], soon: list[int]) -> str:
    def ids(pks: list[int]) -> str:
        return ", ".join(map(str, pks))

    if now:
        line = f"your turn in games {ids(now)} — {settings.SITE_URL}/games/{now[0]}/"
        return line + (f" (soon also games {ids(soon)}, once the bots have moved)" if soon else "")
    if soon:
        return f"your turn soon in games {ids(soon)}, once the bots have moved — {settings.SITE_URL}/games/{soon[0]}/"
    return "no game waits for you"


def _bots_to_act(game: Game) -> bool:
    """Whether only bots are to move in this game (so a person's turn comes once they have)."""
    acting = set(game_selectors.game_to_act(game))
    bots = {seat.index for seat in game.seats.all() if getattr(seat.competitor, "bot", None) is not None}
    return bool(acting) and acting <= bots


def _bot(bots: list[Bot], engine_bot: str) -> Bot:
    return next(bot for bot in bots if bot.engine_bot == engine_bot)
