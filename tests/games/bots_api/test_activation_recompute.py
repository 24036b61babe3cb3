"""A new active version's OpenSkill reset survives ``league_ratings_recompute``.

The live path (games rated as they finish, ``version_make_active`` between them) and the recompute
from the stored games must land on the same numbers, to the last bit; without the activation log the
recompute would differ, which shows the comparison is not vacuous.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import transaction

from games.models import (
    Bot,
    BotActivation,
    BotKind,
    BotVersion,
    Competitor,
    League,
    LeagueEntry,
    LeagueGame,
    LeagueRatingChange,
    Player,
    ValidationStatus,
)
from games.ratings.openskill import openskill_initial
from games.selectors.games import game_state
from games.services.bot_activation import version_make_active
from games.services.bot_versions import bot_create, bot_version_activate
from games.services.game_flow import game_finish
from games.services.games import game_create
from games.services.leagues import current_season, league_next_season, league_ratings_recompute
from tests.games.competitions.conftest import make_bots
from tests.games.leagues.conftest import running_league

pytestmark = pytest.mark.django_db


def passed_version(bot: Bot, number: int) -> BotVersion:
    """A version as if its validation game had passed (no program is run in these tests)."""
    return BotVersion.objects.create(
        bot=bot,
        number=number,
        filename="bot.py",
        content=b"print('hi')\n",
        validation_status=ValidationStatus.PASSED,
    )


@pytest.fixture
def submitted(owner: Player) -> Bot:
    bot = bot_create(owner=owner, name="Ada's trio bot", game_id="mulligan", kind=BotKind.PROGRAM)
    version_make_active(passed_version(bot, 1))  # before any game: the first activation
    bot.refresh_from_db()
    return bot


def play_league_game(league: League, competitors: list[Competitor], seed: int) -> None:
    """A league game played to its end in memory and finished through the service (rated live)."""
    game = game_create(
        game_id=league.game_id, competitors=competitors, config=league.config, seed=seed, enqueue_bots=False
    )
    LeagueGame.objects.create(league=league, season=current_season(league), game=game)
    state = game_state(game)
    choose = random.Random(seed)
    while not state.is_over:
        for seat in state.to_act():
            if not state.is_over and seat in state.to_act():
                state.apply(seat, choose.choice(state.legal_actions(seat)))
    with transaction.atomic():
        game_finish(game=game, state=state)


def play_round(league: League, field: list[Competitor], first_seed: int) -> None:
    """One game for each table of ``league.seats_per_table`` with the submitted bot (field[0]) seated."""
    others = field[1:]
    for k in range(len(others)):
        table = [field[0]] + [others[(k + j) % len(others)] for j in range(league.seats_per_table - 1)]
        play_league_game(league, table, first_seed + k)


def snapshot(league: League) -> tuple[list[Any], list[Any]]:
    entries = list(
        LeagueEntry.objects.filter(league=league)
        .order_by("id")
        .values_list("id", "rating", "mu", "sigma", "games_played", "provisional")
    )
    changes = list(
        LeagueRatingChange.objects.filter(league=league)
        .order_by("id")
        .values_list(
            "id",
            "entry_id",
            "game_id",
            "seat_id",
            "rating_before",
            "rating_after",
            "k_factor",
            "mu_before",
            "mu_after",
            "sigma_before",
            "sigma_after",
        )
    )
    return entries, changes


def test_recompute_replays_activations_in_an_openskill_league(submitted: Bot) -> None:
    field = [submitted.competitor] + [bot.competitor for bot in make_bots(3)]
    league = running_league(field=field, seats_per_table=3, rating_system="openskill")
    play_round(league, field, 100)
    entry = LeagueEntry.objects.get(league=league, competitor=submitted.competitor)
    assert entry.games_played == 3 and entry.sigma is not None and entry.sigma < openskill_initial().sigma
    mu = entry.mu
    version_make_active(passed_version(submitted, 2))
    entry.refresh_from_db()
    assert (entry.mu, entry.sigma, entry.games_played, entry.provisional) == (
        mu,
        openskill_initial().sigma,
        3,
        True,
    )
    play_round(league, field, 200)
    version_make_active(passed_version(submitted, 3))  # after the last rated game
    live = snapshot(league)
    assert live[0] and len(live[1]) == 6 * 3
    assert BotActivation.objects.filter(bot=submitted).count() == 3

    report = league_ratings_recompute(league_pk=league.pk)

    assert report.games == 6 and report.changed_entries == 0
    assert snapshot(league) == live

    # Without the log the recompute undoes the resets: the bot's entry and its later changes differ.
    BotActivation.objects.filter(bot=submitted).delete()
    report = league_ratings_recompute(league_pk=league.pk)
    assert report.changed_entries >= 1
    entries, changes = snapshot(league)
    assert entries != live[0] and changes != live[1]
    assert changes[:9] == live[1][:9]  # the games before the first reset are the same either way


def test_recompute_replays_activations_with_season_resets(submitted: Bot) -> None:
    field = [submitted.competitor] + [bot.competitor for bot in make_bots(3)]
    league = running_league(
        field=field, seats_per_table=3, rating_system="openskill", ratings_per_season=True
    )
    play_round(league, field, 300)
    version_make_active(passed_version(submitted, 2))
    play_round(league, field, 400)
    league_next_season(league_pk=league.pk)
    play_round(league, field, 500)
    version_make_active(passed_version(submitted, 3))
    play_round(league, field, 600)
    live = snapshot(league)

    assert league_ratings_recompute(league_pk=league.pk).changed_entries == 0
    assert snapshot(league) == live


def test_activations_leave_elo_leagues_alone_and_so_does_the_recompute(submitted: Bot) -> None:
    field = [submitted.competitor] + [bot.competitor for bot in make_bots(2)]
    league = running_league(field=field, seats_per_table=2, rating_system="elo")
    play_round(league, field, 700)
    before = snapshot(league)
    version_make_active(passed_version(submitted, 2))
    assert snapshot(league) == before
    play_round(league, field, 800)
    live = snapshot(league)

    assert league_ratings_recompute(league_pk=league.pk).changed_entries == 0
    assert snapshot(league) == live


def test_only_a_change_of_the_active_version_is_logged(submitted: Bot, owner: Player) -> None:
    second = passed_version(submitted, 2)
    version_make_active(second)
    version_make_active(second)
    bot_version_activate(bot_pk=submitted.pk, user=owner.user, number=2)
    assert list(BotActivation.objects.filter(bot=submitted).values_list("version__number", flat=True)) == [
        1,
        2,
    ]
    bot_version_activate(bot_pk=submitted.pk, user=owner.user, number=1)
    activations = list(BotActivation.objects.filter(bot=submitted))
    assert [a.version.number for a in activations] == [1, 2, 1]
    assert activations[0].activated_at < activations[1].activated_at < activations[2].activated_at
