"""An exported tournament replays with the engine alone (``python -m engine replay --verify``), from
the API and from ``manage.py export_games`` alike; a stored outcome its moves contradict is caught."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from engine.__main__ import main
from games.models import Game, Tournament
from games.services.deadlines import deadlines_expire

pytestmark = pytest.mark.django_db


def _api_export(client: APIClient, **params: object) -> bytes:
    response = client.get("/api/games/export/", params)
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def test_an_exported_tournament_verifies(
    finished_tournament: Tournament, api_client: APIClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cup.ndjson"
    path.write_bytes(_api_export(api_client, tournament=finished_tournament.pk))
    games = Game.objects.filter(match_game__match__round__tournament=finished_tournament).count()
    assert main(["replay", "--verify", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.strip().endswith(f"{games} games replayed, {games} confirmed, 0 with differences")


def test_the_command_writes_what_the_api_sends_and_it_verifies(
    finished_tournament: Tournament, api_client: APIClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cup.ndjson"
    call_command(
        "export_games", tournament=str(finished_tournament.pk), sort="dateAsc", output=str(path), no_progress=True
    )
    assert path.read_bytes() == _api_export(api_client, tournament=finished_tournament.pk, sort="dateAsc")
    capsys.readouterr()
    assert main(["replay", "--verify", str(path)]) == 0


def test_a_stored_outcome_the_moves_contradict_fails_the_verification(
    finished_tournament: Tournament, api_client: APIClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.objects.filter(match_game__match__round__tournament=finished_tournament).order_by("id").first()
    assert game is not None and game.outcome is not None
    outcome = dict(game.outcome, scores=[score + 1 for score in game.outcome["scores"]])
    Game.objects.filter(pk=game.pk).update(outcome=outcome)
    path = tmp_path / "cup.ndjson"
    path.write_bytes(_api_export(api_client, tournament=finished_tournament.pk))
    assert main(["replay", "--verify", str(path)]) == 1
    out, err = capsys.readouterr()
    assert f"(game {game.pk}): outcome.scores: file has {json.dumps(outcome['scores'])}" in out
    assert "1 of " in err


def test_the_command_refuses_bad_filters_naming_them(tmp_path: Path) -> None:
    with pytest.raises(CommandError) as refused:
        call_command("export_games", max="0", since="soon", output=str(tmp_path / "x"), no_progress=True)
    assert "--max: Ensure this value is greater than or equal to 1" in str(refused.value)
    assert "--since: give an ISO 8601 date-time" in str(refused.value)
    assert not (tmp_path / "x").exists()


def test_a_game_forfeited_on_time_is_exported_and_verifies(
    players: list[Any], api_client: APIClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forfeit's moves do not end the game by the rules: the verifier confirms them legal and the
    late seat last."""
    from tests.games.deadlines.test_deadlines import people_game, play_one

    game = people_game(players)
    play_one(game)
    game.refresh_from_db()
    assert deadlines_expire(now=game.turn_deadline + timedelta(seconds=1))["forfeited"] == 1
    game.refresh_from_db()
    assert game.outcome["details"]["reason"] == "timeout"
    path = tmp_path / "forfeit.ndjson"
    path.write_bytes(_api_export(api_client, player=players[0].pk))
    assert [json.loads(line)["id"] for line in path.read_text().splitlines()] == [game.pk]
    assert main(["replay", "--verify", str(path)]) == 0
    assert "1 games replayed, 1 confirmed" in capsys.readouterr().out
