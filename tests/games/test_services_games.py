"""``games.services.games``: creating games, letting bots play them, finishing and replaying them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import IllegalAction, get_game, replay
from engine.play import BotRunner
from games.models import Bot, Competitor, Game, GameStatus, Move, Player, Seat
from games.selectors.games import game_state, game_view
from games.services import games as games_service
from games.services.errors import InvalidInput, NotFound
from games.services.games import game_create, game_play_bots
from games.services.moves import move_submit
from tests.games.factories import BotFactory, CompetitorFactory, PlayerFactory
from tests.games.helpers import choose, create_game, normalized, postgres_only, race, stored_moves

pytestmark = pytest.mark.django_db

SEED = 20240611


@pytest.fixture
def four_bots(random_bot: Bot, heuristic_bot: Bot) -> list[Competitor]:
    return [random_bot.competitor, heuristic_bot.competitor, random_bot.competitor, heuristic_bot.competitor]


# -- game_create ---------------------------------------------------------------------------------


def test_create_stores_the_normalized_config_and_seats_in_order(
    players: list[Player], random_bot: Bot
) -> None:
    competitors = [players[2].competitor, random_bot.competitor, players[0].competitor]
    game = game_create(game_id="mulligan", competitors=competitors, config={"secret_offers": True}, seed=5)

    game.refresh_from_db()
    assert game.game_id == "mulligan"
    assert game.config == get_game("mulligan").normalize_config({"players": 3, "secret_offers": True})
    assert game.config["players"] == 3
    assert (game.status, game.version, game.rated, game.outcome) == (GameStatus.RUNNING, 0, True, None)
    seats = list(game.seats.order_by("index"))
    assert [seat.index for seat in seats] == [0, 1, 2]
    assert [seat.competitor_id for seat in seats] == [c.pk for c in competitors]
    assert all(seat.rank is None and seat.score is None for seat in seats)
    assert not game.moves.exists()


def test_create_fills_players_from_the_seats(players: list[Player]) -> None:
    game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]], seed=1)
    assert game.config["players"] == 2


def test_create_without_a_seed_draws_a_secret_one(players: list[Player]) -> None:
    competitors = [p.competitor for p in players[:2]]
    seeds = {game_create(game_id="mulligan", competitors=competitors).seed for _ in range(5)}
    assert len(seeds) == 5
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_the_seed_is_hidden_while_the_game_runs(players: list[Player]) -> None:
    seed = 7_364_001_234_567_890_123
    game = create_game([p.competitor for p in players[:2]], seed=seed)
    view = game_view(Game.objects.get(pk=game.pk), players[0].user)
    assert "seed" not in view
    assert str(seed) not in str(view)


def test_create_rejects_an_unknown_game(players: list[Player]) -> None:
    with pytest.raises(InvalidInput, match="no game is registered as 'chess'"):
        game_create(game_id="chess", competitors=[p.competitor for p in players[:2]])
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("config", "engine_message"),
    [
        ({"colour": "red"}, "unknown Mulligan option(s) 'colour'"),
        ({"secret_offers": "yes"}, "option 'secret_offers' must be true or false"),
        ({"open_hands": True, "secret_offers": True}, "Open Hands does not work with Secret Offers"),
        ({"first_auctioneer": 4}, "first_auctioneer must be a seat from 0 to 3"),
        ({"max_turns": -1}, "option 'max_turns' must be at least 0"),
    ],
)
def test_create_validates_the_config_with_the_engine(
    players: list[Player], config: dict[str, Any], engine_message: str
) -> None:
    # The service passes the engine's own words on, so the person who sent the config can fix it.
    with pytest.raises(InvalidInput) as raised:
        game_create(game_id="mulligan", competitors=[p.competitor for p in players], config=config)
    assert engine_message in raised.value.message
    assert raised.value.status_code == 400
    assert not Game.objects.exists()


@pytest.mark.parametrize("chips", [10**6, 10**9])
def test_create_rejects_an_absurd_chip_stack(random_bot: Bot, heuristic_bot: Bot, chips: int) -> None:
    # Playing for chips, legal_actions lists one auction per card per stake: 5 * chips actions.
    # A million chips is a 25 MB game view and a billion exhausts the server's memory on the first
    # GET, or the first bot move; such a config must be refused when the game is created.
    with pytest.raises(InvalidInput, match="chips"):
        game_create(
            game_id="mulligan",
            competitors=[random_bot.competitor, heuristic_bot.competitor],
            config={"chips": chips},
        )
    assert not Game.objects.exists()


def test_create_rejects_a_config_for_another_number_of_players(players: list[Player]) -> None:
    with pytest.raises(InvalidInput, match="the config is for 3 players but 4 seats were given"):
        game_create(game_id="mulligan", competitors=[p.competitor for p in players], config={"players": 3})


@pytest.mark.parametrize("seats", [0, 1, 9])
def test_create_rejects_a_seat_count_the_game_does_not_take(seats: int) -> None:
    competitors = CompetitorFactory.create_batch(seats)
    with pytest.raises(InvalidInput) as raised:
        game_create(game_id="mulligan", competitors=competitors)
    assert "players" in raised.value.message
    assert not Game.objects.exists()


def test_create_rejects_too_many_seats_for_high_risk() -> None:
    # (52 - 13 burnt) // 6 = 6 players at most.
    with pytest.raises(InvalidInput, match="at most 6"):
        game_create(
            game_id="mulligan", competitors=CompetitorFactory.create_batch(7), config={"high_risk": True}
        )


def test_create_rejects_a_bot_for_another_game(players: list[Player]) -> None:
    golf_bot = BotFactory(game_id="golf", engine_bot="random")
    with pytest.raises(InvalidInput, match="plays golf, not mulligan"):
        game_create(game_id="mulligan", competitors=[players[0].competitor, golf_bot.competitor])
    assert not Game.objects.exists()


def test_create_enqueues_the_bots_on_commit(
    four_bots: list[Competitor], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = create_game(four_bots, seed=SEED)
    assert len(callbacks) == 1
    assert not game.moves.exists()  # nothing runs before the commit
    callbacks[0]()  # the eager task plays the game
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


# -- game_play_bots ------------------------------------------------------------------------------


def test_bots_play_an_all_bot_game_to_the_end(four_bots: list[Competitor]) -> None:
    game = create_game(four_bots, seed=SEED)
    played = game_play_bots(game_pk=game.pk)

    game.refresh_from_db()
    moves = list(game.moves.order_by("number"))
    assert played == len(moves) == game.version > 0
    assert [move.number for move in moves] == list(range(1, played + 1))
    assert game.status == GameStatus.FINISHED
    assert game.finished_at is not None and game.finished_at >= game.created_at

    final = replay("mulligan", game.config, game.seed, stored_moves(game))
    assert final.is_over
    outcome = final.outcome()
    assert game.outcome == normalized(outcome.to_json())
    seats = list(game.seats.order_by("index"))
    assert [seat.rank for seat in seats] == list(outcome.ranks)
    assert [seat.score for seat in seats] == list(outcome.scores)
    assert sorted(seat.rank for seat in seats) == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "config",
    [
        {"players": 2},
        {"secret_offers": True},
        {"high_risk": True, "players": 5},
        {"chips": 3},
        {"open_hands": True},
    ],
)
def test_replaying_the_stored_moves_reproduces_the_stored_outcome(
    random_bot: Bot, heuristic_bot: Bot, config: dict[str, Any]
) -> None:
    n = config.get("players", 4)
    bots = [(random_bot, heuristic_bot)[i % 2].competitor for i in range(n)]
    for seed in (1, 2, 3):
        game = create_game(bots, seed=seed, config=config, rated=False)
        game_play_bots(game_pk=game.pk)
        game.refresh_from_db()
        assert game.status == GameStatus.FINISHED
        rebuilt = replay(game.game_id, game.config, game.seed, stored_moves(game))
        assert normalized(rebuilt.outcome().to_json()) == game.outcome
        assert game_state(game).to_json() == rebuilt.to_json()


def test_the_stored_game_is_the_game_the_engine_plays(four_bots: list[Competitor]) -> None:
    # The same bots, seed and config run by the engine alone give the same moves.
    game = create_game(four_bots, seed=SEED)
    game_play_bots(game_pk=game.pk)
    game.refresh_from_db()
    from engine.bots import make_bot

    runner = BotRunner(
        "mulligan", game.config, SEED, [make_bot("mulligan", n) for n in ("random", "heuristic") * 2]
    )
    assert runner.run() == stored_moves(game)


def test_play_bots_is_idempotent(four_bots: list[Competitor]) -> None:
    game = create_game(four_bots, seed=SEED)
    first = game_play_bots(game_pk=game.pk)
    game.refresh_from_db()
    snapshot = (game.version, game.outcome, game.finished_at, stored_moves(game))
    changes = list(game.rating_changes.values_list("id", "rating_after"))

    assert game_play_bots(game_pk=game.pk) == 0
    game.refresh_from_db()
    assert first > 0
    assert (game.version, game.outcome, game.finished_at, stored_moves(game)) == snapshot
    assert list(game.rating_changes.values_list("id", "rating_after")) == changes


def test_play_bots_on_an_unknown_game_is_not_found() -> None:
    with pytest.raises(NotFound):
        game_play_bots(game_pk=987654)


def _uninterrupted(bots: list[Competitor], seed: int, config: dict[str, Any] | None = None) -> Game:
    game = create_game(bots, seed=seed, config=config)
    game_play_bots(game_pk=game.pk)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("first_run", [1, 7, 15])
def test_resuming_after_a_bounded_run_gives_the_uninterrupted_game(
    four_bots: list[Competitor], first_run: int
) -> None:
    reference = _uninterrupted(four_bots, SEED)
    assert reference.version > first_run

    game = create_game(four_bots, seed=SEED)
    assert game_play_bots(game_pk=game.pk, max_moves=first_run) == first_run
    game.refresh_from_db()
    assert (game.status, game.version, game.moves.count()) == (GameStatus.RUNNING, first_run, first_run)
    assert stored_moves(game) == stored_moves(reference)[:first_run]

    assert game_play_bots(game_pk=game.pk) == reference.version - first_run
    game.refresh_from_db()
    assert stored_moves(game) == stored_moves(reference)
    assert game.outcome == reference.outcome
    assert game.status == GameStatus.FINISHED


def test_resuming_many_times_in_small_steps_gives_the_uninterrupted_game(four_bots: list[Competitor]) -> None:
    config = {"secret_offers": True}
    reference = _uninterrupted(four_bots, SEED + 1, config)
    game = create_game(four_bots, seed=SEED + 1, config=config)
    runs = 0
    while game_play_bots(game_pk=game.pk, max_moves=3):
        runs += 1
    game.refresh_from_db()
    assert runs == -(-reference.version // 3)
    assert stored_moves(game) == stored_moves(reference)
    assert game.outcome == reference.outcome


def test_a_worker_killed_mid_chunk_loses_only_that_chunk(
    four_bots: list[Competitor], monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = _uninterrupted(four_bots, SEED)
    assert reference.version > 12
    monkeypatch.setattr(games_service, "BOT_MOVES_PER_COMMIT", 5)
    real_step = BotRunner.step
    steps = 0

    def dying_step(self: BotRunner) -> Any:
        nonlocal steps
        steps += 1
        if steps == 13:
            raise SystemError("worker killed")
        return real_step(self)

    game = create_game(four_bots, seed=SEED)
    monkeypatch.setattr(BotRunner, "step", dying_step)
    with pytest.raises(SystemError):
        game_play_bots(game_pk=game.pk)
    game.refresh_from_db()
    # Two chunks of five were committed; the third died with its transaction.
    assert game.version == game.moves.count() == 10
    assert stored_moves(game) == stored_moves(reference)[:10]

    monkeypatch.setattr(BotRunner, "step", real_step)
    assert game_play_bots(game_pk=game.pk) == reference.version - 10
    game.refresh_from_db()
    assert stored_moves(game) == stored_moves(reference)
    assert game.outcome == reference.outcome


def test_chunked_commits_do_not_change_the_game(
    four_bots: list[Competitor], monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = _uninterrupted(four_bots, SEED)
    monkeypatch.setattr(games_service, "BOT_MOVES_PER_COMMIT", 4)
    game = _uninterrupted(four_bots, SEED)
    assert stored_moves(game) == stored_moves(reference)
    assert game.outcome == reference.outcome


def test_bots_stop_when_a_person_must_act_and_continue_after_their_move(
    players: list[Player], random_bot: Bot, heuristic_bot: Bot, on_commit: Any
) -> None:
    person = players[0]
    competitors = [person.competitor, random_bot.competitor, heuristic_bot.competitor, random_bot.competitor]
    # Seat 1 (a bot) auctions first, so the bots have something to do before the person acts.
    game = create_game(competitors, seed=SEED, config={"first_auctioneer": 1})
    rng = random.Random(3)
    person_moves = 0
    for _ in range(500):
        game_play_bots(game_pk=game.pk)
        game.refresh_from_db()
        state = game_state(game)
        if state.is_over:
            break
        # The bots stopped only because the person must act.
        assert state.to_act() and all(seat == 0 for seat in state.to_act())
        assert game.status == GameStatus.RUNNING
        version = game.version
        with on_commit():
            move, created = move_submit(
                game_pk=game.pk, user=person.user, action=choose(state.legal_actions(0), rng)
            )
        person_moves += 1
        assert created and move.number == version + 1
        game.refresh_from_db()
        # The eager bot task ran on commit: if bots had to act next, they did.
        after = game_state(game)
        assert after.is_over or 0 in after.to_act()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert person_moves > 1
    assert [move.number for move in game.moves.order_by("number")] == list(range(1, game.version + 1))
    assert game.moves.filter(seat=0).count() == person_moves
    assert normalized(replay("mulligan", game.config, game.seed, stored_moves(game)).outcome().to_json()) == (
        game.outcome
    )


def test_play_bots_does_nothing_while_a_person_must_act(players: list[Player], random_bot: Bot) -> None:
    game = create_game([players[0].competitor, random_bot.competitor], seed=SEED)
    assert game_play_bots(game_pk=game.pk) == 0
    game.refresh_from_db()
    assert (game.version, game.status) == (0, GameStatus.RUNNING)


def test_game_state_rebuilds_from_the_stored_moves(players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    state = game_state(game)
    action = next(a for a in state.legal_actions(0) if a["type"] == "auction")
    move_submit(game_pk=game.pk, user=players[0].user, action=action)
    game.refresh_from_db()
    rebuilt = game_state(game)
    assert rebuilt.to_json()["auction"][0] == action["card"]
    # A corrupted history is refused, naming the bad move.
    Move.objects.filter(game=game).update(action={"type": "swap", "seat": 1})
    with pytest.raises(IllegalAction, match="move 1"):
        game_state(game)


def test_aborted_games_are_left_alone(four_bots: list[Competitor]) -> None:
    game = create_game(four_bots, seed=SEED)
    Game.objects.filter(pk=game.pk).update(status=GameStatus.ABORTED)
    assert game_play_bots(game_pk=game.pk) == 0
    assert not game.moves.exists()


def test_a_seat_shared_by_one_player_is_allowed() -> None:
    person = PlayerFactory()
    game = create_game([person.competitor, person.competitor], seed=SEED)
    assert game.seats.filter(competitor=person.competitor).count() == 2


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_workers_on_one_game_play_it_once() -> None:
    # A task delivered twice (or a retry racing the original) runs on two workers at the same time:
    # the second waits for the row lock and continues from what the first stored.
    bots = [BotFactory(engine_bot="random").competitor, BotFactory(engine_bot="heuristic").competitor] * 2
    reference = _uninterrupted(bots, SEED)
    game = Game.objects.create(game_id="mulligan", config=reference.config, seed=SEED)
    Seat.objects.bulk_create([Seat(game=game, index=i, competitor=c) for i, c in enumerate(bots)])

    results = race(lambda: game_play_bots(game_pk=game.pk), lambda: game_play_bots(game_pk=game.pk))
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(results) == reference.version
    game.refresh_from_db()
    assert stored_moves(game) == stored_moves(reference)
    assert game.outcome == reference.outcome
    assert game.rating_changes.count() == 4
