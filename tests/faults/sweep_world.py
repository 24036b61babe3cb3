"""The world the id sweep (test_id_sweep.py) walks: alice's things, with secrets planted in them.

Alice owns a bit of everything that has an id: a running game against bob (her hand is hidden from
him and from everyone else), a game of her program bot against a built-in one with a fault whose
stderr only she may read, the program bot (its source and entry command are hers alone) and an HTTP
bot (its URL may hold a key), a tournament in registration and one running, a running league, a
challenge to dave, a vacation, an API token and notification settings with a webhook URL and secret.
Bob holds the other seat of her game; carol holds nothing of hers. Dave is only named.

Each secret is a string made for this run (or a seed long enough not to turn up by chance), so
finding it in a response can only mean that it leaked.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from engine import get_game
from games.models import (
    ApiToken,
    Bot,
    BotFault,
    BotKind,
    BotVersion,
    Challenge,
    Competitor,
    Entry,
    Game,
    League,
    LeagueEntry,
    NotificationSettings,
    Player,
    Tournament,
    Vacation,
    ValidationStatus,
    VersionTest,
)
from games.selectors.games import game_state
from games.services.challenges import Opponent, challenge_create
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.games import game_create
from games.services.leagues import league_create, league_join, league_open_registration, league_start
from games.services.players import email_verified_set, player_create
from games.services.tokens import token_create
from tests.games.factories import BotFactory

PASSWORD = "correct horse battery staple"
# Long enough that their digits cannot turn up by chance in a page (no id or count is this long).
GAME_SEED = 8_123_456_789_012_345_677
BOT_GAME_SEED = 7_345_678_901_234_567_893


def marker(kind: str) -> str:
    return f"{kind}-{uuid.uuid4().hex}"


@dataclass
class World:
    alice: Player
    bob: Player
    carol: Player
    dave: Player
    game: Game  # alice (seat 0) against bob (seat 1), running
    bot_game: Game  # alice's program bot (seat 0) against a built-in bot, running, with a fault
    program_bot: Bot
    http_bot: Bot
    tournament: Tournament  # registration: alice and her program bot entered
    running_tournament: Tournament  # running, round 1 paired
    league: League  # running: alice and her program bot on the ladder
    challenge: Challenge  # alice's, to dave
    vacation: Vacation
    version_test: VersionTest  # alice's program bot against the built-in random bot, unpublished
    token: ApiToken
    token_key: str
    secrets: dict[str, str] = field(default_factory=dict)  # what -> the planted text

    @property
    def tournament_entry(self) -> Entry:
        return self.tournament.entries.get(competitor=self.alice.competitor)

    @property
    def league_entry(self) -> LeagueEntry:
        return self.league.league_entries.get(competitor=self.alice.competitor)


def _person(name: str, email: str) -> Player:
    player = player_create(username=name, password=PASSWORD, email=email)
    email_verified_set(player.user, email)
    return player


def _submitted_bot(owner: Player, name: str, kind: str, **version: Any) -> Bot:
    bot = Bot.objects.create(
        competitor=Competitor.objects.create(name=name), game_id="mulligan", kind=kind, owner=owner
    )
    content = version.pop("content", None)
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
    secrets = {
        "alice's e-mail": f"{marker('alice')}@mail.example.com",
        "bot source": marker("SOURCE"),
        "bot entry command": marker("ENTRY"),
        "bot URL key": marker("URLKEY"),
        "bot stderr": marker("STDERR"),
        "webhook URL": marker("hook"),
    }
    alice = _person("alice", secrets["alice's e-mail"])
    bob = _person("bob", f"{marker('bob')}@mail.example.com")
    carol = _person("carol", f"{marker('carol')}@mail.example.com")
    dave = _person("dave", f"{marker('dave')}@mail.example.com")
    random_bot = BotFactory(engine_bot="random")

    source = f"# {secrets['bot source']}\nimport sys\nfor line in sys.stdin:\n    pass\n".encode()
    program_bot = _submitted_bot(
        alice,
        "alice's program",
        BotKind.PROGRAM,
        filename="bot.py",
        content=source,
        entry_command=["python3", "bot.py", f"--key={secrets['bot entry command']}"],
    )
    http_bot = _submitted_bot(
        alice,
        "alice's server",
        BotKind.HTTP,
        url=f"https://bot.example.com/move?key={secrets['bot URL key']}",
    )

    game = game_create(
        game_id="mulligan",
        competitors=[alice.competitor, bob.competitor],
        config={"players": 2},
        seed=GAME_SEED,
        enqueue_bots=False,
    )
    bot_game = game_create(
        game_id="mulligan",
        competitors=[program_bot.competitor, random_bot.competitor],
        config={"players": 2},
        seed=BOT_GAME_SEED,
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
        stderr_tail=f"Traceback: {secrets['bot stderr']}",
        consequence="default_move",
    )

    tournament = tournament_create(name="alice's open", game_id="mulligan", format="swiss", organiser=alice)
    tournament_open_registration(tournament_pk=tournament.pk)
    for competitor in (alice.competitor, program_bot.competitor):
        tournament_join(tournament_pk=tournament.pk, competitor=competitor)

    running_tournament = tournament_create(
        name="alice's cup", game_id="mulligan", format="round_robin", organiser=alice
    )
    tournament_open_registration(tournament_pk=running_tournament.pk)
    for competitor in (alice.competitor, program_bot.competitor, random_bot.competitor):
        tournament_join(tournament_pk=running_tournament.pk, competitor=competitor)
    tournament_start(tournament_pk=running_tournament.pk)

    league = league_create(name="alice's ladder", game_id="mulligan", organiser=alice)
    league_open_registration(league_pk=league.pk)
    for competitor in (alice.competitor, program_bot.competitor, random_bot.competitor):
        league_join(league_pk=league.pk, competitor=competitor)
    league_start(league_pk=league.pk)

    challenge = challenge_create(
        user=alice.user,
        game_id="mulligan",
        config={},
        opponents=[Opponent("player", name="dave")],
        move_time_limit=timedelta(days=1),
    )
    now = timezone.now()
    vacation = Vacation.objects.create(
        player=alice, starts_at=now + timedelta(days=10), ends_at=now + timedelta(days=12)
    )
    # A row as the service leaves one (no deals played: the sweep is about who may read and change it).
    version_test = VersionTest.objects.create(
        owner=alice,
        bot=program_bot,
        candidate_version=program_bot.active_version,
        baseline_bot=random_bot,
        game_id="mulligan",
        config={"players": 2},
        elo0=0.0,
        elo1=2.0,
        alpha=0.05,
        beta=0.05,
        max_deals=100,
    )
    token, key = token_create(user=alice.user, name="alice's script")
    notification_settings = NotificationSettings.objects.create(
        user=alice.user, webhook_url=f"https://hooks.example.com/{secrets['webhook URL']}"
    )
    secrets |= {
        "alice's token key": key,
        "alice's token digest": token.digest,
        "alice's password hash": User.objects.get(pk=alice.user_id).password,
        "webhook secret": notification_settings.webhook_secret,
        "alice's game seed": str(GAME_SEED),
        "her bot's game seed": str(BOT_GAME_SEED),
        **{
            f"seed of tournament game {pk}": str(seed)
            for pk, seed in Game.objects.filter(match_game__isnull=False).values_list("pk", "seed")
        },
        "tournament seed": str(running_tournament.seed),
    }
    return World(
        alice=alice,
        bob=bob,
        carol=carol,
        dave=dave,
        game=game,
        bot_game=bot_game,
        program_bot=program_bot,
        http_bot=http_bot,
        tournament=tournament,
        running_tournament=running_tournament,
        league=league,
        challenge=challenge,
        vacation=vacation,
        version_test=version_test,
        token=token,
        token_key=key,
        secrets=secrets,
    )


def hidden_cards(game: Game, seat: int | None) -> set[str]:
    """The cards of ``game`` that the holder of ``seat`` (None: anyone else) has not been shown:
    every card in the engine's full state (hands, deck) but not in the seat's observation."""
    state = game_state(game)
    engine_game = get_game(game.game_id)
    return _cards(state.to_json(), engine_game) - _cards(state.observe(seat), engine_game)


def _cards(data: Any, engine_game: Any) -> set[str]:
    if isinstance(data, str):
        return {data} if engine_game.is_card(data) else set()
    if isinstance(data, dict):
        return set().union(
            *(_cards(key, engine_game) | _cards(value, engine_game) for key, value in data.items())
        )
    if isinstance(data, list | tuple):
        return set().union(*(_cards(item, engine_game) for item in data))
    return set()
