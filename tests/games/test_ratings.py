"""Ratings after finished games (``rating_apply_for_game``) and rebuilding them (``ratings_recompute``)."""

from __future__ import annotations

import io
import random
import threading
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from engine import new_state
from games.models import Competitor, Game, GameStatus, Player, Rating, RatingChange, Seat
from games.ratings.elo import multi_seat_update
from games.services import bulk as bulk_service
from games.services import ratings as ratings_service
from games.services.moves import move_submit
from games.services.ratings import elo_config, rating_apply_for_games, ratings_recompute
from tests.conftest import require_postgresql
from tests.games.factories import CompetitorFactory, PlayerFactory
from tests.games.helpers import create_game, play_to_end, postgres_only


def _fold_ends(game: Game, user: Any) -> list[int]:
    """In a two-player game the auctioneer folding ends it (the better hand wins); returns the ranks."""
    move_submit(game_pk=game.pk, user=user, action={"type": "fold"})
    game.refresh_from_db()
    assert game.is_finished
    return list(game.seats.order_by("index").values_list("rank", flat=True))


def _fold_seed(winner: int, start: int = 0) -> int:
    """A seed of a two-player game in which seat 0 folding at once leaves ``winner`` with the better hand."""
    for seed in range(start, start + 1000):
        state = new_state("mulligan", {"players": 2}, seed)
        state.apply(0, {"type": "fold"})
        if state.outcome().winner == winner:
            return seed
    raise AssertionError("no such seed")


def _rating(player: Player) -> Rating:
    return Rating.objects.get(competitor=player.competitor, game_id="mulligan")


def _snapshot() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    ratings = list(
        Rating.objects.order_by("competitor_id", "game_id").values_list(
            "competitor_id", "game_id", "rating", "games_played"
        )
    )
    changes = list(
        RatingChange.objects.order_by("id").values_list(
            "id", "seat_id", "rating_before", "rating_after", "k_factor"
        )
    )
    return ratings, changes


@pytest.mark.django_db
class TestApply:
    @pytest.mark.parametrize("seed", [1, 2, 3, 4])
    def test_a_two_player_game_moves_both_ratings_by_the_provisional_k(
        self, players: list[Player], seed: int
    ) -> None:
        game = create_game([players[0].competitor, players[1].competitor], seed=seed)
        ranks = _fold_ends(game, players[0].user)
        assert sorted(ranks) == [1, 2]
        winner, loser = (players[0], players[1]) if ranks[0] == 1 else (players[1], players[0])

        # Both new at 1500 with K=40 (provisional): the winner gains 40 * 0.5, the loser loses it.
        changes = list(RatingChange.objects.filter(game=game).order_by("seat__index"))
        assert [(c.seat.index, c.competitor_id) for c in changes] == [
            (0, players[0].competitor.pk),
            (1, players[1].competitor.pk),
        ]
        by_competitor = {c.competitor_id: c for c in changes}
        assert [
            (c.rating_before, c.rating_after, c.k_factor)
            for c in (by_competitor[winner.competitor.pk], by_competitor[loser.competitor.pk])
        ] == [(1500.0, 1520.0, 40.0), (1500.0, 1480.0, 40.0)]
        assert by_competitor[winner.competitor.pk].delta == 20.0
        assert (_rating(loser).rating, _rating(loser).games_played) == (1480.0, 1)
        assert (_rating(winner).rating, _rating(winner).games_played) == (1520.0, 1)

    def test_the_second_game_starts_from_the_first_games_ratings(self, players: list[Player]) -> None:
        a, b = players[0], players[1]
        assert _fold_ends(create_game([a.competitor, b.competitor], seed=_fold_seed(1)), a.user) == [2, 1]
        # b won the first game (1480 / 1520); now a wins, as the 40-point underdog.
        second = create_game([a.competitor, b.competitor], seed=_fold_seed(0))
        assert _fold_ends(second, a.user) == [1, 2]
        change_a = RatingChange.objects.get(game=second, competitor=a.competitor)
        expected = 1 / (1 + 10 ** ((1520 - 1480) / 400))  # a's expected score, 0.4425...
        assert change_a.rating_before == 1480.0
        assert change_a.rating_after == pytest.approx(1480 + 40 * (1 - expected))
        assert _rating(a).rating == pytest.approx(1480 + 40 * (1 - expected))
        assert _rating(a).rating + _rating(b).rating == pytest.approx(3000.0)
        assert _rating(a).games_played == _rating(b).games_played == 2

    def test_a_multi_seat_game_writes_one_change_per_seat(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players], seed=11, config={"max_turns": 8})
        play_to_end(game, random.Random(1))
        game.refresh_from_db()
        seats = list(game.seats.order_by("index"))
        changes = {c.seat_id: c for c in RatingChange.objects.filter(game=game)}
        assert set(changes) == {seat.pk for seat in seats}
        expected = multi_seat_update([1500.0] * 4, [seat.rank for seat in seats], [40.0] * 4)
        for seat, after in zip(seats, expected, strict=True):
            change = changes[seat.pk]
            assert change.competitor_id == seat.competitor_id
            assert change.rating_before == 1500.0
            assert change.rating_after == pytest.approx(after)
            assert Rating.objects.get(competitor_id=seat.competitor_id).rating == pytest.approx(after)
        winner = next(seat for seat in seats if seat.rank == 1)
        assert changes[winner.pk].delta == max(c.delta for c in changes.values()) > 0
        assert sum(c.delta for c in changes.values()) == pytest.approx(0.0, abs=1e-9)

    def test_an_unrated_game_writes_no_ratings(self, players: list[Player]) -> None:
        game = create_game([players[0].competitor, players[1].competitor], seed=1, rated=False)
        _fold_ends(game, players[0].user)
        game.refresh_from_db()
        assert game.is_finished and game.outcome is not None
        assert not RatingChange.objects.exists()
        assert not Rating.objects.exists()

    def test_a_running_game_writes_no_ratings(self, players: list[Player]) -> None:
        game = create_game([players[0].competitor, players[1].competitor], seed=1)
        move_submit(game_pk=game.pk, user=players[0].user, action={"type": "skip"})
        assert not RatingChange.objects.exists()

    def test_bot_games_are_rated_too(self, random_bot: Any, heuristic_bot: Any) -> None:
        from games.services.games import game_play_bots

        game = create_game([random_bot.competitor, heuristic_bot.competitor], seed=3)
        game_play_bots(game_pk=game.pk)
        assert RatingChange.objects.filter(game=game).count() == 2
        assert Rating.objects.get(competitor=random_bot.competitor).games_played == 1

    def test_the_provisional_k_is_used_for_the_first_games(
        self, players: list[Player], settings: Any
    ) -> None:
        settings.ELO_PROVISIONAL_GAMES = 2
        settings.ELO_K = 16.0
        settings.ELO_K_PROVISIONAL = 32.0
        a, b, c = players[0], players[1], players[2]
        seed_b_wins = _fold_seed(1)
        for _ in range(3):
            _fold_ends(create_game([a.competitor, b.competitor], seed=seed_b_wins), a.user)
        # c is new in the fourth game: the provisional K for c, the established K for b.
        fourth = create_game([c.competitor, b.competitor], seed=seed_b_wins)
        _fold_ends(fourth, c.user)
        games = list(Game.objects.order_by("id"))
        k_by_game = [
            dict(RatingChange.objects.filter(game=g).values_list("competitor_id", "k_factor")) for g in games
        ]
        assert [k[a.competitor.pk] for k in k_by_game[:3]] == [32.0, 32.0, 16.0]
        assert k_by_game[3] == {c.competitor.pk: 32.0, b.competitor.pk: 16.0}
        # By hand: 1500/1500 -> 1484/1516 -> (a expected 0.454) 1469.47/1530.53 -> with K=16 a loses
        # 16 * expected.
        third = RatingChange.objects.get(game=games[2], competitor=a.competitor)
        expected = 1 / (1 + 10 ** ((2 * 1500 - 2 * third.rating_before) / 400))
        assert third.rating_before == pytest.approx(1484 - 32 / (1 + 10 ** (32 / 400)))
        assert third.rating_before == pytest.approx(1469.4695, abs=1e-4)
        assert third.delta == pytest.approx(-16 * expected)

    def test_the_ratings_elo_config_comes_from_settings(self, settings: Any) -> None:
        settings.ELO_INITIAL = 1200.0
        assert elo_config().initial == 1200.0


def _play_a_season(players: list[Player], games: int = 6) -> None:
    """Short finished games of two to four seats, in various seatings; the fourth is unrated."""
    rng = random.Random(2024)
    for number in range(games):
        seated = rng.sample(players, rng.randint(2, 4))
        game = create_game(
            [p.competitor for p in seated], seed=1000 + number, rated=number != 3, config={"max_turns": 4}
        )
        play_to_end(game, rng)


@pytest.mark.django_db
class TestRecompute:
    def test_recomputing_lands_on_the_stored_numbers_and_repairs_corruption(
        self, players: list[Player]
    ) -> None:
        _play_a_season(players)
        before = _snapshot()
        assert len(before[1]) > 8

        # Nothing to repair: the same numbers, bit for bit.
        report = ratings_recompute()
        assert (report.games, report.changed_ratings, report.largest_difference) == (5, 0, 0.0)
        assert report.ratings == len(before[0]) == 4
        assert _snapshot() == before

        # A corrupted rating is restored, and the report says by how much it was off.
        victim = _rating(players[2])
        true_value = victim.rating
        Rating.objects.filter(pk=victim.pk).update(rating=999.0, games_played=0)
        report = ratings_recompute()
        assert report.changed_ratings == 1
        assert report.largest_difference == pytest.approx(abs(true_value - 999.0))
        assert _snapshot() == before

        # A corrupted change is rewritten, and a missing rating row is created again.
        RatingChange.objects.filter(pk=RatingChange.objects.order_by("id")[3].pk).update(
            rating_before=0.0, rating_after=1.0, k_factor=99.0
        )
        Rating.objects.filter(competitor=players[0].competitor).delete()
        report = ratings_recompute()
        assert report.changed_ratings == 1
        assert _snapshot() == before

    def test_the_management_command_reports_and_repairs(self, players: list[Player]) -> None:
        _play_a_season(players, games=3)
        before = _snapshot()
        rated_games = Game.objects.filter(rated=True, status="finished").count()
        out = io.StringIO()
        call_command("recompute_ratings", stdout=out)
        assert (
            f"recomputed {len(before[0])} ratings over {rated_games} rated games; 0 differed from the stored ones "
            "(largest difference 0.000000)"
        ) in out.getvalue()
        assert _snapshot() == before

        Rating.objects.filter(competitor=players[1].competitor).update(rating=1.0)
        out = io.StringIO()
        call_command("recompute_ratings", stdout=out)
        assert "1 differed from the stored ones" in out.getvalue()
        assert _snapshot() == before

    @pytest.mark.parametrize("no_progress", [False, True])
    def test_the_management_command_shows_progress_on_a_terminal_only(
        self, players: list[Player], monkeypatch: pytest.MonkeyPatch, no_progress: bool
    ) -> None:
        _play_a_season(players, games=3)
        rated_games = Game.objects.filter(rated=True, status="finished").count()

        class Terminal(io.StringIO):
            def isatty(self) -> bool:
                return True

        terminal = Terminal()
        monkeypatch.setattr("sys.stderr", terminal)
        out = io.StringIO()
        call_command("recompute_ratings", *(["--no-progress"] if no_progress else []), stdout=out)

        assert f"over {rated_games} rated games" in out.getvalue()
        if no_progress:
            assert terminal.getvalue() == ""
        else:
            assert f"{rated_games}/{rated_games}" in terminal.getvalue()

    def test_the_management_command_shows_no_progress_where_no_one_watches(
        self, players: list[Player], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        _play_a_season(players, games=2)
        piped = io.StringIO()
        monkeypatch.setattr("sys.stderr", piped)
        call_command("recompute_ratings", stdout=io.StringIO())
        assert piped.getvalue() == ""

    def test_recomputing_nothing(self) -> None:
        report = ratings_recompute()
        assert (report.games, report.ratings, report.changed_ratings) == (0, 0, 0)

    def test_recomputing_with_a_player_holding_two_seats(self, players: list[Player]) -> None:
        twice = players[0]
        game = create_game(
            [twice.competitor, players[1].competitor, twice.competitor], seed=77, config={"max_turns": 8}
        )
        play_to_end(game, random.Random(5))
        before = _snapshot()
        assert _rating(twice).games_played == 2
        assert ratings_recompute().changed_ratings == 0
        assert _snapshot() == before


@pytest.fixture(params=["postgresql_sql", "orm"])
def write_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which write path the recompute takes: COPY and UPDATE ... FROM, or an UPDATE per row."""
    if request.param == "postgresql_sql":
        require_postgresql(connection.vendor, "runs PostgreSQL's COPY")
    monkeypatch.setattr(bulk_service, "POSTGRESQL_BULK_SQL", request.param == "postgresql_sql")
    return str(request.param)


def _finish_many_games(games: int, rng: random.Random) -> None:
    """Finished rated games of two to four seats in two game ids, rated through the incremental path
    (``rating_apply_for_games``, a few games per call as bot batches do): ties, and now and then
    one competitor in two seats."""
    competitors = CompetitorFactory.create_batch(9)
    batch: list[tuple[Game, list[Seat]]] = []
    for number in range(games):
        game = Game.objects.create(
            game_id=rng.choice(["mulligan", "golf"]), seed=number, status=GameStatus.FINISHED, rated=True
        )
        seated: list[Competitor] = rng.sample(competitors, rng.randint(2, 4))
        if number % 17 == 0:
            seated.append(seated[0])
        seats = [
            Seat.objects.create(
                game=game, index=index, competitor=competitor, rank=rng.randint(1, len(seated))
            )
            for index, competitor in enumerate(seated)
        ]
        batch.append((game, seats))
        if len(batch) == rng.randint(1, 5):
            rating_apply_for_games(finished=batch)
            batch = []
    rating_apply_for_games(finished=batch)


@pytest.mark.django_db
class TestRecomputeAtScale:
    """The streaming recompute over more games than one chunk, on both write paths."""

    @pytest.fixture(autouse=True)
    def _small_chunks(self, monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
        # Several fetches, flushes and progress reports in a few hundred games; K changes after 5 games.
        monkeypatch.setattr(ratings_service, "RECOMPUTE_CHUNK", 23)
        monkeypatch.setattr(ratings_service, "PROGRESS_EVERY", 40)
        settings.ELO_PROVISIONAL_GAMES = 5

    def test_recomputing_many_games_lands_on_what_the_incremental_path_stored(self, write_path: str) -> None:
        _finish_many_games(240, random.Random(16))
        stored = _snapshot()
        progress: list[int] = []

        report = ratings_recompute(on_progress=progress.append)

        assert (report.games, report.changed_ratings, report.largest_difference) == (240, 0, 0.0)
        assert report.ratings == len(stored[0])
        assert _snapshot() == stored
        assert sum(progress) == 240 and len(progress) > 1

    def test_a_recompute_after_scrambling_every_stored_value_restores_them(self, write_path: str) -> None:
        _finish_many_games(150, random.Random(61))
        stored = _snapshot()
        rng = random.Random(5)
        for change in RatingChange.objects.all():
            RatingChange.objects.filter(pk=change.pk).update(
                rating_before=rng.uniform(0, 3000),
                rating_after=rng.uniform(0, 3000),
                k_factor=rng.choice([0.5, 99.0]),
            )
        for rating in Rating.objects.all():
            Rating.objects.filter(pk=rating.pk).update(
                rating=rng.uniform(0, 3000), games_played=rng.randint(0, 99)
            )
        assert _snapshot()[1] != stored[1]

        report = ratings_recompute()

        assert report.changed_ratings == len(stored[0])
        assert _snapshot() == stored
        # And a second pass finds nothing left to repair.
        assert ratings_recompute().changed_ratings == 0


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_games_finishing_at_once_are_rated_in_a_consistent_order() -> None:
    # Two games of the same two people, seated the other way round, end at the same moment.
    a, b = PlayerFactory.create_batch(2)
    one = create_game([a.competitor, b.competitor], seed=1)
    two = create_game([b.competitor, a.competitor], seed=2)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def finish(game: Game, user: Any) -> None:
        try:
            barrier.wait(timeout=10)
            _fold_ends(game, user)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=finish, args=(one, a.user)),
        threading.Thread(target=finish, args=(two, b.user)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert RatingChange.objects.count() == 4
    # Whichever game was applied second saw the first one's ratings.
    assert _rating(a).games_played == _rating(b).games_played == 2
    assert _rating(a).rating + _rating(b).rating == pytest.approx(3000.0)
    first, second = (
        Game.objects.get(pk=game_id)
        for game_id in RatingChange.objects.order_by("id").values_list("game_id", flat=True)[::2]
    )
    assert first != second
    assert {c.rating_before for c in RatingChange.objects.filter(game=first)} == {1500.0}
    assert {c.rating_before for c in RatingChange.objects.filter(game=second)} == {1480.0, 1520.0}
    before = _snapshot()
    assert ratings_recompute().changed_ratings == 0
    assert _snapshot() == before
