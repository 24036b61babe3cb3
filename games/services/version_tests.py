"""Version tests: start one, let its deals be played, count each pair and stop when the SPRT decides.

A test plays deals, each on one seed drawn from :mod:`games.services.seeds`:

- two-seat games: the candidate against the baseline twice, once in each seat order; the pair's
  pentanomial cell is the candidate's two game scores;
- larger tables: the candidate's table and the baseline's table, the same opponents in the same
  seats, the tested seat moving round the table from deal to deal; the pair's value is
  ``(1 + candidate's score - baseline's score) / 2`` (:func:`games.ratings.sprt.pair_value`).

A seat's score is its place's (:mod:`games.ratings.seat_scores`). The games are unrated, in no
competition, and played by the usual bot runners on the ``versiontests`` queue; they end through
the one game flow, whose end schedules :func:`version_tests_advance` after the commit. That counts
every pair both of whose games ended, runs the SPRT after each one, and stops the test the moment
the LLR leaves its bounds (accepted, rejected) or the budget is spent (inconclusive); otherwise it
starts deals up to ``VERSIONTEST_DEALS_IN_FLIGHT`` at a time, within the author's daily allowance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from engine import ConfigError, get_game
from games.models import (
    Bot,
    BotKind,
    BotVersion,
    Game,
    GameStatus,
    Player,
    Seat,
    ValidationStatus,
    VersionTest,
    VersionTestDeal,
    VersionTestModel,
    VersionTestState,
)
from games.ratings.seat_scores import seat_score
from games.ratings.sprt import (
    Bounds,
    Decision,
    Model,
    SprtError,
    SprtResult,
    evaluate_paired,
    evaluate_pentanomial,
    pair_value,
    pentanomial_cell,
)
from games.services.after_commit import streams_announce_on_commit, version_test_games_play_on_commit
from games.services.bot_eligibility import check_may_compete
from games.services.errors import Conflict, InvalidInput, NotAllowed, NotFound
from games.services.game_flow import games_cancel
from games.services.games import game_create
from games.services.players import player_for_user
from games.services.seeds import new_seed

SUBMITTED = (BotKind.PROGRAM, BotKind.HTTP)
# fishtest's bounds for a gainer, in normalized Elo, and its error rates.
DEFAULT_ELO0 = 0.0
DEFAULT_ELO1 = 2.0
DEFAULT_ALPHA = 0.05
DEFAULT_BETA = 0.05
# Far beyond any version's gain in either model; bounds past it only make the SPRT's numbers overflow.
MAX_ELO = 2000.0


class TooManyTests(Conflict):
    code = "too_many_tests"


class VersionTestFinished(Conflict):
    code = "test_finished"


@dataclass(frozen=True)
class VersionTestRequest:
    """What an author asks for; ``None`` where they left the default."""

    candidate_version: int | None = None
    baseline_version: int | None = None
    baseline_bot: int | None = None
    config: Mapping[str, Any] | None = None
    opponents: Sequence[int] = ()
    elo0: float | None = None
    elo1: float | None = None
    model: str = VersionTestModel.NORMALIZED
    alpha: float | None = None
    beta: float | None = None
    max_deals: int | None = None


# -- Starting, stopping, publishing ---------------------------------------------------------------


@transaction.atomic
def version_test_start(
    *, bot_pk: int, user: AbstractBaseUser | AnonymousUser, request: VersionTestRequest
) -> VersionTest:
    """Start a test of the author's bot; every refusal names its field and starts nothing."""
    bot = Bot.objects.select_related("competitor").filter(pk=bot_pk).first()
    if bot is None:
        raise NotFound(f"no bot {bot_pk}")
    owner = _owner(bot, user)
    bounds = _bounds(request)
    max_deals = _max_deals(request.max_deals)
    candidate = _candidate(bot, request.candidate_version)
    baseline_bot, baseline = _baseline(bot, candidate, request)
    config = _config(bot.game_id, request.config)
    opponents = _opponents(bot.game_id, int(config.get("players", 2)), request.opponents)
    # The author's row serializes their starts, so two at once cannot both pass the cap.
    Player.objects.select_for_update().filter(pk=owner.pk).first()
    running = VersionTest.objects.filter(owner=owner, state=VersionTestState.RUNNING).count()
    if running >= settings.VERSIONTEST_MAX_RUNNING:
        raise TooManyTests(
            f"you have {running} version tests running, the most at once; stop one or wait for one to finish"
        )
    test = VersionTest.objects.create(
        owner=owner,
        bot=bot,
        candidate_version=candidate,
        baseline_bot=baseline_bot,
        baseline_version=baseline,
        game_id=bot.game_id,
        config=config,
        opponents=[opponent.pk for opponent in opponents],
        elo0=bounds.elo0,
        elo1=bounds.elo1,
        model=bounds.model.value,
        alpha=bounds.alpha,
        beta=bounds.beta,
        max_deals=max_deals,
        pentanomial=[0, 0, 0, 0, 0] if int(config.get("players", 2)) == 2 else [],
    )
    _fill(test, timezone.now())
    return test


@transaction.atomic
def version_test_stop(*, test_pk: int, user: AbstractBaseUser | AnonymousUser) -> VersionTest:
    """The author stops a running test: it keeps its figures, its games still playing are aborted."""
    test = _owned_test(test_pk, user)
    if not test.is_running:
        raise VersionTestFinished(f"the test is {test.state} already")
    _finish(test, VersionTestState.STOPPED, timezone.now())
    streams_announce_on_commit(version_tests=[test.pk])
    return test


@transaction.atomic
def version_test_publish(
    *, test_pk: int, user: AbstractBaseUser | AnonymousUser, published: bool = True
) -> VersionTest:
    """Show the test on the bot's public page (or hide it again); only its author may."""
    test = _owned_test(test_pk, user)
    if test.published != published:
        test.published = published
        test.save(update_fields=["published"])
        # A stranger's stream of a test made private again ends at its next read.
        streams_announce_on_commit(version_tests=[test.pk])
    return test


def _owner(bot: Bot, user: AbstractBaseUser | AnonymousUser) -> Player:
    if not user.is_authenticated:
        raise NotAllowed("log in to test a bot")
    player = player_for_user(user)  # type: ignore[arg-type]
    if bot.owner_id is None or bot.owner_id != player.pk:
        raise NotAllowed(f"only the owner of {bot.competitor.name} may test it")
    return player


def _owned_test(test_pk: int, user: AbstractBaseUser | AnonymousUser) -> VersionTest:
    test = (
        VersionTest.objects.select_for_update().select_related("bot__competitor").filter(pk=test_pk).first()
    )
    if test is None:
        raise NotFound(f"no version test {test_pk}")
    if not user.is_authenticated or test.owner_id != player_for_user(user).pk:  # type: ignore[arg-type]
        raise NotAllowed(f"only the author of version test {test_pk} may change it")
    return test


# -- What an author may ask for -------------------------------------------------------------------


def _bounds(request: VersionTestRequest) -> Bounds:
    elo0 = DEFAULT_ELO0 if request.elo0 is None else request.elo0
    elo1 = DEFAULT_ELO1 if request.elo1 is None else request.elo1
    alpha = DEFAULT_ALPHA if request.alpha is None else request.alpha
    beta = DEFAULT_BETA if request.beta is None else request.beta
    if request.model not in VersionTestModel.values:
        raise InvalidInput(
            f"the model is one of {', '.join(VersionTestModel.values)}, not {request.model!r}", field="model"
        )
    for name, value in (("elo0", elo0), ("elo1", elo1), ("alpha", alpha), ("beta", beta)):
        if not math.isfinite(value):
            raise InvalidInput(f"{name} must be a finite number", field=name)
    for name, value in (("elo0", elo0), ("elo1", elo1)):
        if not -MAX_ELO <= value <= MAX_ELO:
            raise InvalidInput(f"{name} lies between {-MAX_ELO:g} and {MAX_ELO:g}, not {value:g}", field=name)
    if not elo0 < elo1:
        raise InvalidInput(f"elo0 ({elo0:g}) must be below elo1 ({elo1:g})", field="elo1")
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not 0.0 < value < 0.5:
            raise InvalidInput(f"{name} must lie strictly between 0 and 0.5, not {value:g}", field=name)
    try:
        return Bounds(elo0, elo1, alpha, beta, Model(request.model))
    except SprtError as exc:  # the logistic range: the bounds' own words
        raise InvalidInput(str(exc), field="elo0") from None


def _max_deals(asked: int | None) -> int:
    cap = settings.VERSIONTEST_MAX_DEALS
    if asked is None:
        return min(settings.VERSIONTEST_DEFAULT_MAX_DEALS, cap)
    if not 1 <= asked <= cap:
        raise InvalidInput(f"a test may play 1 to {cap} deals, not {asked}", field="max_deals")
    return asked


def _passed_version(bot: Bot, number: int, field: str) -> BotVersion:
    version = bot.versions.defer("content").filter(number=number).first()
    if version is None:
        raise InvalidInput(f"{bot.competitor.name} has no version {number}", field=field)
    if version.validation_status != ValidationStatus.PASSED:
        raise InvalidInput(
            f"{bot.competitor.name} version {number} has not passed its validation game "
            f"({version.validation_status}); it cannot be tested yet",
            field=field,
        )
    return version


def _candidate(bot: Bot, number: int | None) -> BotVersion | None:
    if bot.kind not in SUBMITTED:
        if number is not None:
            raise InvalidInput(
                "a built-in bot has no versions: leave candidate_version out", field="candidate_version"
            )
        return None
    if number is None:
        if bot.active_version_id is None:
            raise InvalidInput(
                f"{bot.competitor.name} has no active version: name the version to test",
                field="candidate_version",
            )
        number = bot.versions.filter(pk=bot.active_version_id).values_list("number", flat=True).get()
    return _passed_version(bot, number, "candidate_version")


def _baseline(
    bot: Bot, candidate: BotVersion | None, request: VersionTestRequest
) -> tuple[Bot, BotVersion | None]:
    """Another version of the bot, or another bot the author may play (at its active version)."""
    if (request.baseline_version is None) == (request.baseline_bot is None):
        raise InvalidInput(
            "name one baseline: baseline_version (another version of this bot) or baseline_bot "
            "(a bot you may play against)",
            field="baseline_version" if request.baseline_bot is None else "baseline_bot",
        )
    if request.baseline_version is not None:
        if bot.kind not in SUBMITTED:
            raise InvalidInput(
                "a built-in bot has no versions: name a baseline_bot", field="baseline_version"
            )
        version = _passed_version(bot, request.baseline_version, "baseline_version")
        if candidate is not None and version.pk == candidate.pk:
            raise InvalidInput(
                f"the baseline is the candidate itself (version {version.number}); name another version",
                field="baseline_version",
            )
        return bot, version
    other_pk: int = request.baseline_bot  # type: ignore[assignment]  # exactly one was given
    other = (
        Bot.objects.select_related("competitor", "active_version")
        .defer("active_version__content")
        .filter(pk=other_pk)
        .first()
    )
    if other is None:
        raise InvalidInput(f"no bot {request.baseline_bot}", field="baseline_bot")
    if other.game_id != bot.game_id:
        raise InvalidInput(
            f"bot {other.competitor.name!r} plays {other.game_id}, not {bot.game_id}", field="baseline_bot"
        )
    try:
        check_may_compete(other)
    except InvalidInput as exc:
        raise InvalidInput(exc.message, field="baseline_bot") from None
    # A submitted baseline plays the version active now for the whole test.
    return other, other.active_version if other.kind in SUBMITTED else None


def _config(game_id: str, asked: Mapping[str, Any] | None) -> dict[str, Any]:
    engine_game = get_game(game_id)
    try:
        config = engine_game.normalize_config(dict(asked or {}))
    except ConfigError as exc:
        raise InvalidInput(f"invalid config: {exc}", field="config") from None
    players = int(config.get("players", engine_game.min_players))
    if players < 2:
        raise InvalidInput("a version test needs a table of two seats or more", field="config")
    config["players"] = players
    return config


def _opponents(game_id: str, players: int, asked: Sequence[int]) -> list[Bot]:
    if players == 2:
        if asked:
            raise InvalidInput(
                "a two-seat test plays the candidate against the baseline: leave opponents out",
                field="opponents",
            )
        return []
    if len(asked) != players - 1:
        raise InvalidInput(
            f"a {players}-seat table needs {players - 1} opponents (bot ids), not {len(asked)}",
            field="opponents",
        )
    found = {
        bot.pk: bot
        for bot in Bot.objects.select_related("competitor", "active_version")
        .defer("active_version__content")
        .filter(pk__in=set(asked))
    }
    opponents = []
    for pk in asked:
        bot = found.get(pk)
        if bot is None:
            raise InvalidInput(f"no bot {pk}", field="opponents")
        if bot.game_id != game_id:
            raise InvalidInput(
                f"bot {bot.competitor.name!r} plays {bot.game_id}, not {game_id}", field="opponents"
            )
        try:
            check_may_compete(bot)
        except InvalidInput as exc:
            raise InvalidInput(exc.message, field="opponents") from None
        opponents.append(bot)
    return opponents


# -- Deals ----------------------------------------------------------------------------------------


def _fill(test: VersionTest, now: datetime) -> int:
    """Start deals until the test has its share in flight, its budget is spent or its author's day
    is (the caller holds the test's row lock). Returns the deals started."""
    in_flight = test.deals.filter(counted=False).count()
    today = VersionTestDeal.objects.filter(
        test__owner_id=test.owner_id, created_at__gte=now - timedelta(days=1)
    ).count()
    count = min(
        settings.VERSIONTEST_DEALS_IN_FLIGHT - in_flight,
        test.max_deals - test.deals_started,
        settings.VERSIONTEST_DEALS_PER_DAY - today,
    )
    if count <= 0:
        return 0
    candidate = test.bot
    baseline = test.baseline_bot
    opponents_by_pk = {
        bot.pk: bot for bot in Bot.objects.select_related("competitor").filter(pk__in=test.opponents)
    }
    opponents = [opponents_by_pk[pk] for pk in test.opponents]
    submitted = any(bot.kind in SUBMITTED for bot in (candidate, baseline, *opponents))
    players = int(test.config["players"])
    games: list[int] = []
    for _ in range(count):
        test.deals_started += 1
        number = test.deals_started
        seed = new_seed()
        if players == 2:
            seat = 0
            first = _game(
                test, [candidate, baseline], seed, {0: test.candidate_version, 1: test.baseline_version}
            )
            second = _game(
                test, [baseline, candidate], seed, {0: test.baseline_version, 1: test.candidate_version}
            )
        else:
            seat = (number - 1) % players
            first = _game(test, _table(candidate, opponents, seat), seed, {seat: test.candidate_version})
            second = _game(test, _table(baseline, opponents, seat), seed, {seat: test.baseline_version})
        VersionTestDeal.objects.create(
            test=test, number=number, seed=seed, seat=seat, first_game=first, second_game=second
        )
        games += [first.pk, second.pk]
    test.save(update_fields=["deals_started"])
    version_test_games_play_on_commit(games, submitted=submitted)
    return count


def _table(tested: Bot, opponents: Sequence[Bot], seat: int) -> list[Bot]:
    table = list(opponents)
    table.insert(seat, tested)
    return table


def _game(
    test: VersionTest, bots: Sequence[Bot], seed: int, versions: Mapping[int, BotVersion | None]
) -> Game:
    game = game_create(
        game_id=test.game_id,
        competitors=[bot.competitor for bot in bots],
        config=test.config,
        seed=seed,
        rated=False,
        enqueue_bots=False,
    )
    for index, version in versions.items():
        if version is not None:
            Seat.objects.filter(game=game, index=index).update(bot_version=version)
    return game


# -- Counting pairs and deciding ------------------------------------------------------------------


def version_tests_advance(*, game_pks: Sequence[int]) -> int:
    """Count the pairs of the tests these games belong to (each test in its own transaction);
    returns the pairs counted. Safe to run twice: a counted deal is never counted again."""
    deals = VersionTestDeal.objects.filter(Q(first_game_id__in=game_pks) | Q(second_game_id__in=game_pks))
    tests = sorted(set(deals.values_list("test_id", flat=True)))
    return sum(version_test_advance(test_pk=pk) for pk in tests)


def version_tests_top_up() -> int:
    """Every running test counts what it missed and gets its deals (the beat's sweep); the pairs counted."""
    running = (
        VersionTest.objects.filter(state=VersionTestState.RUNNING).order_by("pk").values_list("pk", flat=True)
    )
    return sum(version_test_advance(test_pk=pk) for pk in list(running))


@transaction.atomic
def version_test_advance(*, test_pk: int, now: datetime | None = None) -> int:
    """Count the test's pairs whose two games ended, in deal order, running the SPRT after each; stop
    at a decision or at the end of the budget, else start more deals. Returns the pairs counted."""
    now = now or timezone.now()
    test = VersionTest.objects.select_for_update().filter(pk=test_pk).first()
    if test is None or not test.is_running:
        return 0
    pending = list(
        test.deals.filter(counted=False)
        .exclude(first_game__status=GameStatus.RUNNING)
        .exclude(second_game__status=GameStatus.RUNNING)
        .order_by("number")
    )
    ranks = _ranks([pk for deal in pending for pk in (deal.first_game_id, deal.second_game_id)])
    counted = 0
    decision = Decision.CONTINUE
    for deal in pending:
        first, second = ranks.get(deal.first_game_id), ranks.get(deal.second_game_id)
        deal.counted = True
        if first is None or second is None:  # a game aborted: no pair
            deal.void = True
            deal.save(update_fields=["counted", "void"])
            continue
        if test.two_seats:
            deal.first_score, deal.second_score = seat_score(first, 0), seat_score(second, 1)
        else:
            deal.first_score, deal.second_score = seat_score(first, deal.seat), seat_score(second, deal.seat)
        deal.save(update_fields=["counted", "first_score", "second_score"])
        _count_pair(test, deal.first_score, deal.second_score)
        counted += 1
        decision = _evaluate(test).decision
        if decision is not Decision.CONTINUE:
            break
    test.save()
    if decision is Decision.ACCEPTED:
        _finish(test, VersionTestState.ACCEPTED, now)
    elif decision is Decision.REJECTED:
        _finish(test, VersionTestState.REJECTED, now)
    elif test.deals_started >= test.max_deals and not test.deals.filter(counted=False).exists():
        _finish(test, VersionTestState.INCONCLUSIVE, now)
    else:
        _fill(test, now)
    if counted or not test.is_running:
        streams_announce_on_commit(version_tests=[test.pk])
    return counted


def _ranks(game_pks: Sequence[int]) -> dict[int, list[int]]:
    """Each ended game's places in seat order; a game with a seat not placed (aborted) is left out."""
    places: dict[int, list[int | None]] = {}
    for game_pk, rank in (
        Seat.objects.filter(game_id__in=game_pks).order_by("game_id", "index").values_list("game_id", "rank")
    ):
        places.setdefault(game_pk, []).append(rank)
    return {
        pk: [rank for rank in seats if rank is not None] for pk, seats in places.items() if None not in seats
    }


def _count_pair(test: VersionTest, first: float, second: float) -> None:
    test.pairs += 1
    if test.two_seats:
        test.pentanomial[pentanomial_cell(first, second)] += 1
        for score in (first, second):
            test.wins += score == 1.0
            test.draws += score == 0.5
            test.losses += score == 0.0
    else:
        key = repr(round(pair_value(first, second), 9))
        test.paired_values[key] = test.paired_values.get(key, 0) + 1
        test.wins += first > second
        test.draws += first == second
        test.losses += first < second


def _evaluate(test: VersionTest) -> SprtResult:
    bounds = Bounds(test.elo0, test.elo1, test.alpha, test.beta, Model(test.model))
    if test.two_seats:
        result = evaluate_pentanomial(test.pentanomial, bounds)
    else:
        result = evaluate_paired({float(value): count for value, count in test.paired_values.items()}, bounds)
    test.llr, test.llr_lower, test.llr_upper = result.llr, result.lower, result.upper
    test.elo, test.elo_low, test.elo_high = (
        _finite(x) for x in (result.elo.value, result.elo.low, result.elo.high)
    )
    test.nelo, test.nelo_low, test.nelo_high = (
        _finite(x) for x in (result.nelo.value, result.nelo.low, result.nelo.high)
    )
    return result


def _finite(value: float) -> float | None:
    """None for an interval without an end (no spread yet): JSON has no infinity."""
    return value if math.isfinite(value) else None


def _finish(test: VersionTest, state: str, now: datetime) -> None:
    """End the test (its row locked): its figures stay; its deals still playing are dropped and their
    running games aborted through the game flow, so no worker plays for a test that has decided."""
    test.state = state
    test.finished_at = now
    test.save(update_fields=["state", "finished_at"])
    open_deals = list(test.deals.filter(counted=False).values_list("pk", "first_game_id", "second_game_id"))
    if not open_deals:
        return
    games = [pk for _, first, second in open_deals for pk in (first, second)]
    running = list(
        Game.objects.select_for_update()
        .filter(pk__in=games, status=GameStatus.RUNNING)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    games_cancel(running, now=now)
    VersionTestDeal.objects.filter(pk__in=[pk for pk, _, _ in open_deals]).update(counted=True, void=True)
