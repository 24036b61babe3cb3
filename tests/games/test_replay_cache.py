"""What a replay shows is kept per process (games.selectors.replays): a kept answer is the one a
fresh replay gives, for every viewer at every version; a read that finds one neither reads nor
replays the history; and a history rewritten at the same version is never answered from the old."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Game, GameStatus, Move, Player
from games.selectors import replays
from games.selectors.games import game_history, game_state, game_view
from games.selectors.replays import forget_replays, kept_bytes
from games.services.moves import move_submit
from tests.games.helpers import choose, create_game, human_seats, play_to_end

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_kept() -> Any:
    forget_replays()
    yield
    forget_replays()


def _detail(client: APIClient, game: Game) -> dict[str, Any]:
    answer = client.get(reverse("api-game", kwargs={"pk": game.pk}))
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def _history(client: APIClient, game: Game) -> dict[str, Any]:
    answer = client.get(reverse("api-game-moves", kwargs={"pk": game.pk}))
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def test_kept_answers_are_what_a_fresh_replay_shows(
    settings: Any, players: list[Player], client_for: Any
) -> None:
    settings.GAME_REPLAY_CACHE_ENTRIES = 100
    game = create_game([p.competitor for p in players[:3]], seed=11)
    viewers = [APIClient(), *(client_for(p) for p in players[:3])]
    people = human_seats(game)
    rng = random.Random(3)
    while True:
        game.refresh_from_db()
        for client in viewers:
            with override_settings(GAME_REPLAY_CACHE_ENTRIES=0):
                fresh = _detail(client, game), _history(client, game)
            first = _detail(client, game), _history(client, game)
            kept = _detail(client, game), _history(client, game)
            assert fresh == first == kept
        state = game_state(game)
        if state.is_over:
            break
        seat = state.to_act()[0]
        action = choose(state.legal_actions(seat), rng)
        move_submit(game_pk=game.pk, user=people[seat].user, action=action, expected_move=game.version)
    assert game.status == GameStatus.FINISHED and game.version > 3


def test_a_kept_view_is_shown_without_reading_the_history(settings: Any, players: list[Player]) -> None:
    settings.GAME_REPLAY_CACHE_ENTRIES = 2
    games = [create_game([players[0].competitor, players[1].competitor], seed=seed) for seed in (1, 2, 3)]
    spectator = APIClient()

    def queries(game: Game) -> int:
        with CaptureQueriesContext(connection) as captured:
            _detail(spectator, game)
        return len(captured.captured_queries)

    first = queries(games[0])
    assert queries(games[0]) == first - 1  # the same game at the same version: its moves not read
    # two more games fill the two places; the first game's answer, read least lately, is gone
    assert [queries(games[1]), queries(games[2]), queries(games[0])] == [first] * 3
    assert queries(games[2]) == first - 1


def test_answers_are_kept_within_their_byte_budget(settings: Any, players: list[Player]) -> None:
    games = [create_game([players[0].competitor, players[1].competitor], seed=seed) for seed in range(12)]
    spectator = APIClient()

    def queries(game: Game) -> int:
        with CaptureQueriesContext(connection) as captured:
            _detail(spectator, game)
        return len(captured.captured_queries)

    settings.GAME_REPLAY_CACHE_ENTRIES = 100
    # an answer over a tenth of the budget is not kept
    settings.GAME_REPLAY_CACHE_BYTES = 10
    unkept = queries(games[0])
    assert queries(games[0]) == unkept and kept_bytes() == 0
    # every answer kept, then a budget one byte short of them all: the least recently read goes
    settings.GAME_REPLAY_CACHE_BYTES = 10**9
    sizes = []
    for game in games:
        before = kept_bytes()
        queries(game)
        sizes.append(kept_bytes() - before)
    total = kept_bytes()
    assert total == sum(sizes) and min(sizes) > 0
    forget_replays()
    settings.GAME_REPLAY_CACHE_BYTES = total - 1
    assert 10 * max(sizes) <= total - 1  # each answer may be kept
    for game in games:
        queries(game)
    assert kept_bytes() == total - sizes[0]
    assert queries(games[-1]) == unkept - 1  # kept
    assert queries(games[0]) == unkept  # forgotten, read again


def test_a_history_rewritten_at_the_same_version_is_shown_anew(
    settings: Any, players: list[Player], client_for: Any
) -> None:
    settings.GAME_REPLAY_CACHE_ENTRIES = 100
    game = create_game([players[0].competitor, players[1].competitor], seed=7)
    people = human_seats(game)
    client = client_for(players[0])
    state = game_state(game)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert len({str(a) for a in legal}) > 1
    move_submit(game_pk=game.pk, user=people[seat].user, action=legal[0], expected_move=0)
    game.refresh_from_db()
    before = _detail(client, game)
    # what a restore of an older backup or a rolled-back move leaves: the same version, another move
    Move.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(version=0, moved_at=timezone.now())
    move_submit(game_pk=game.pk, user=people[seat].user, action=legal[-1], expected_move=0)
    game.refresh_from_db()
    after = _detail(client, game)
    with override_settings(GAME_REPLAY_CACHE_ENTRIES=0):
        assert after == _detail(client, game) != before


def test_a_finished_games_record_is_read_once(settings: Any, players: list[Player]) -> None:
    settings.GAME_REPLAY_CACHE_ENTRIES = 100
    game = create_game([players[0].competitor, players[1].competitor], seed=4)
    play_to_end(game, random.Random(8))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.version > 4
    spectator = APIClient()
    url = reverse("api-game-moves", kwargs={"pk": game.pk})
    for query in ("", "?after=2&limit=3", "?limit=2"):
        with override_settings(GAME_REPLAY_CACHE_ENTRIES=0):
            fresh = spectator.get(url + query).json()
        with CaptureQueriesContext(connection) as first_read:
            first = spectator.get(url + query).json()
        with CaptureQueriesContext(connection) as second_read:
            second = spectator.get(url + query).json()
        assert fresh == first == second
        assert len(second_read.captured_queries) == len(first_read.captured_queries) - 1
    assert [m["number"] for m in second["moves"]] == [1, 2] and second["next"].endswith("after=2&limit=2")


def test_each_read_gets_its_own_copy_and_the_collector_walks_none_of_what_is_kept(
    settings: Any, players: list[Player], client_for: Any
) -> None:
    settings.GAME_REPLAY_CACHE_ENTRIES = 100
    game = create_game([players[0].competitor, players[1].competitor], seed=5)
    play_to_end(game, random.Random(2))
    game.refresh_from_db()
    viewer = human_seats(game)[0].user
    first = game_view(game, viewer)
    assert first["observation"] and first["seats"]
    shown = game_history(game, viewer)
    assert shown["moves"]
    # what one request does to its answer (a serializer adding a field, say) no other request sees
    first["observation"]["changed by a caller"] = True
    shown["moves"].clear()
    again = game_view(game, viewer)
    assert "changed by a caller" not in again["observation"]
    assert game_history(game, viewer)["moves"]
    with override_settings(GAME_REPLAY_CACHE_ENTRIES=0):
        assert again == game_view(game, viewer)
    # kept as bytes: a full collection, which every request in flight waits out, has nothing to walk
    assert len(replays._kept) == 2
    assert not any(gc.is_tracked(kept) for kept in replays._kept.values())
