"""The bot API: create, upload, list, activate, games and faults; owner-only writes and secrets."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from games.models import Bot, BotFault, BotVersion, LeagueEntry, Player, RatingSystem, Seat
from games.ratings.openskill import openskill_initial
from games.services.bot_activation import version_make_active
from games.services.bot_versions import bot_version_upload
from games.services.leagues import league_create
from tests.games.bots_api.conftest import BOT_SOURCE, FAILED, PASSED, mark, zip_bytes

pytestmark = pytest.mark.django_db
Client = Callable[[Player], APIClient]


def file(content: bytes = BOT_SOURCE, name: str = "bot.py") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def post_version(client: APIClient, bot: Bot, **data: Any) -> Any:
    return client.post(f"/api/bots/{bot.pk}/versions/", data, format="multipart")


def no_content_anywhere(body: Any) -> None:
    """Neither the uploaded bytes nor a key naming them appear in a response."""
    text = json.dumps(body, default=str)
    assert "content" not in text
    assert BOT_SOURCE.decode() not in text and base64.b64encode(BOT_SOURCE).decode() not in text


class TestCreateAndList:
    def test_create_then_list_shows_kind_owner_version_and_validation(
        self, owner: Player, client_for: Client, random_bot: Bot
    ) -> None:
        client = client_for(owner)
        made = client.post(
            "/api/bots/", {"name": "Lovelace", "game": "mulligan", "kind": "program"}, format="json"
        )
        assert made.status_code == 201, made.json()
        body = made.json()
        assert (body["name"], body["kind"], body["owner"]["player"], body["active_version"]) == (
            "Lovelace",
            "program",
            owner.pk,
            None,
        )
        listed = APIClient().get("/api/bots/").json()
        rows = {row["name"]: row for row in listed["results"]}
        assert set(rows["Lovelace"]) >= {"id", "name", "competitor", "game_id", "kind", "engine_bot"}
        assert rows["Lovelace"]["owner"] == {"player": owner.pk, "name": owner.competitor.name}
        assert rows["Lovelace"]["validation_status"] is None
        assert rows[random_bot.competitor.name]["kind"] == "builtin"
        assert rows[random_bot.competitor.name]["owner"] is None

        post_version(client, Bot.objects.get(pk=body["id"]), file=file())
        again = {row["name"]: row for row in APIClient().get("/api/bots/?game=mulligan").json()["results"]}
        assert again["Lovelace"]["validation_status"] == "pending"

    @pytest.mark.parametrize(
        ("data", "status"),
        [
            ({"name": "X", "game": "mulligan", "kind": "builtin"}, 400),
            ({"name": "X", "game": "nope", "kind": "program"}, 400),
            ({"game": "mulligan", "kind": "program"}, 400),
            ({"name": "X\x00", "game": "mulligan", "kind": "program"}, 400),
            ({"name": ["X"], "game": "mulligan", "kind": "program"}, 400),
            ({"name": "X", "game": "mulligan", "kind": "http", "url": "gopher://x"}, 400),
        ],
    )
    def test_bad_creates(self, owner: Player, client_for: Client, data: dict[str, Any], status: int) -> None:
        response = client_for(owner).post("/api/bots/", data, format="json")
        assert response.status_code == status
        assert set(response.json()) >= {"detail", "code"}
        assert not Bot.objects.filter(owner=owner).exists()

    def test_anonymous_may_read_but_not_create(self) -> None:
        assert APIClient().get("/api/bots/").status_code == 200
        assert APIClient().post(
            "/api/bots/", {"name": "X", "game": "mulligan", "kind": "program"}
        ).status_code in (
            401,
            403,
        )


class TestVersions:
    def test_upload_list_detail_and_immutability(
        self, owner: Player, program_bot: Bot, client_for: Client
    ) -> None:
        client = client_for(owner)
        first = post_version(client, program_bot, file=file())
        assert first.status_code == 201, first.json()
        assert first.json()["number"] == 1 and first.json()["validation_status"] == "pending"
        second = post_version(client, program_bot, file=file(BOT_SOURCE + b"#2\n"))
        assert second.json()["number"] == 2
        listed = client.get(f"/api/bots/{program_bot.pk}/versions/").json()["results"]
        assert [v["number"] for v in listed] == [2, 1]
        one = client.get(f"/api/bots/{program_bot.pk}/versions/1/").json()
        assert one["sha256"] == first.json()["sha256"] and one["size"] == len(BOT_SOURCE)
        for body in (
            first.json(),
            second.json(),
            listed,
            one,
            client.get(f"/api/bots/{program_bot.pk}/").json(),
        ):
            no_content_anywhere(body)
        assert client.get(f"/api/bots/{program_bot.pk}/versions/3/").status_code == 404

    def test_an_archive_with_a_json_entry_command_or_repeated_fields(
        self, owner: Player, program_bot: Bot, client_for: Client
    ) -> None:
        client = client_for(owner)
        archive = zip_bytes({"main.py": BOT_SOURCE})
        as_json = post_version(
            client, program_bot, file=file(archive, "b.zip"), entry_command='["python3", "main.py"]'
        )
        assert as_json.status_code == 201, as_json.json()
        assert as_json.json()["entry_command"] == ["python3", "main.py"]
        repeated = post_version(
            client, program_bot, file=file(archive, "b.zip"), entry_command=["python3", "main.py"]
        )
        assert repeated.status_code == 201 and repeated.json()["entry_command"] == ["python3", "main.py"]

    @pytest.mark.parametrize(
        ("data", "words"),
        [
            ({}, "file"),
            ({"file": file(b"")}, "empty"),
            ({"file": file(b"MZ", "bot.exe")}, "Python file"),
            ({"file": file(b"PK\x03\x04junk", "b.zip"), "entry_command": "./run"}, "archive"),
            ({"file": file(zip_bytes({"../x": b"1"}), "b.zip"), "entry_command": "./run"}, "archive"),
            ({"file": file(zip_bytes({"m.py": b"1"}), "b.zip")}, "entry command"),
            (
                {"file": file(zip_bytes({"m.py": b"1"}), "b.zip"), "entry_command": "python3 m.py"},
                "JSON list",
            ),
            ({"file": file(zip_bytes({"m.py": b"1"}), "b.zip"), "entry_command": "[not json"}, "JSON list"),
            (
                {"file": file(zip_bytes({"m.py": b"1"}), "b.zip"), "entry_command": '{"a": 1}'},
                "entry command",
            ),
            ({"file": file(zip_bytes({"m.py": b"1"}), "b.zip"), "entry_command": "[1, 2]"}, "string"),
            ({"file": "not a file"}, "file"),
        ],
    )
    def test_bad_uploads_get_400_with_a_message_and_store_nothing(
        self, owner: Player, program_bot: Bot, client_for: Client, data: dict[str, Any], words: str
    ) -> None:
        response = post_version(client_for(owner), program_bot, **data)
        assert response.status_code == 400, response.content
        assert words.lower() in response.json()["detail"].lower()
        assert not BotVersion.objects.exists()

    def test_too_large_is_413(
        self, owner: Player, program_bot: Bot, client_for: Client, settings: Any
    ) -> None:
        settings.BOT_UPLOAD_MAX_BYTES = 1000
        response = post_version(client_for(owner), program_bot, file=file(b"#" * 1001))
        assert response.status_code == 413
        assert response.json()["code"] == "too_large" and "1000 bytes" in response.json()["detail"]
        assert not BotVersion.objects.exists()

    def test_a_json_upload_is_refused_cleanly(
        self, owner: Player, program_bot: Bot, client_for: Client
    ) -> None:
        response = client_for(owner).post(
            f"/api/bots/{program_bot.pk}/versions/", {"file": "print(1)"}, format="json"
        )
        assert response.status_code == 400 and "multipart" in response.json()["detail"]

    def test_http_bots_register_urls(self, owner: Player, http_bot: Bot, client_for: Client) -> None:
        client = client_for(owner)
        made = client.post(
            f"/api/bots/{http_bot.pk}/versions/", {"url": "https://bot.example.com/move"}, format="json"
        )
        assert made.status_code == 201 and made.json()["url"] == "https://bot.example.com/move"
        bad = client.post(f"/api/bots/{http_bot.pk}/versions/", {"url": "http://127.0.0.1/"}, format="json")
        assert bad.status_code == 400 and "public" in bad.json()["detail"]
        assert http_bot.versions.count() == 1

    def test_an_http_bots_url_is_shown_to_its_owner_only(
        self, owner: Player, stranger: Player, http_bot: Bot, client_for: Client
    ) -> None:
        secret_url = "https://bot.example.com/move?token=s3cret"
        client_for(owner).post(f"/api/bots/{http_bot.pk}/versions/", {"url": secret_url}, format="json")
        for client in (client_for(stranger), APIClient()):
            for path in ("", "versions/", "versions/1/"):
                assert "s3cret" not in client.get(f"/api/bots/{http_bot.pk}/{path}").content.decode()
        assert "s3cret" in client_for(owner).get(f"/api/bots/{http_bot.pk}/versions/1/").content.decode()


class TestOwnerOnly:
    def test_another_user_gets_403_and_nothing_changes(
        self, owner: Player, stranger: Player, program_bot: Bot, http_bot: Bot, client_for: Client
    ) -> None:
        version = mark(
            bot_version_upload(bot_pk=program_bot.pk, user=owner.user, filename="b.py", content=BOT_SOURCE),
            PASSED,
        )
        client = client_for(stranger)
        upload = post_version(client, program_bot, file=file())
        assert upload.status_code == 403 and upload.json()["code"]
        assert (
            client.post(
                f"/api/bots/{http_bot.pk}/versions/", {"url": "https://x.example.com/"}, format="json"
            ).status_code
            == 403
        )
        assert client.post(f"/api/bots/{program_bot.pk}/versions/1/activate/").status_code == 403
        program_bot.refresh_from_db()
        assert program_bot.active_version is None
        assert list(BotVersion.objects.values_list("pk", flat=True)) == [version.pk]

    def test_unknown_bots_and_versions_are_404(
        self, owner: Player, program_bot: Bot, client_for: Client
    ) -> None:
        client = client_for(owner)
        for path in (
            "/api/bots/999999/",
            "/api/bots/999999/versions/",
            "/api/bots/999999/games/",
            "/api/bots/999999/faults/",
            f"/api/bots/{program_bot.pk}/versions/5/",
            f"/api/bots/{2**70}/",
            f"/api/bots/{program_bot.pk}/versions/{2**70}/",
        ):
            response = client.get(path)
            assert response.status_code == 404, path
            assert response.json()["code"] == "not_found"
        assert client.post(f"/api/bots/{program_bot.pk}/versions/{2**70}/activate/").status_code == 404
        assert (
            client.post(f"/api/bots/{2**70}/versions/", {"file": file()}, format="multipart").status_code
            == 404
        )


class TestActivate:
    def test_activation_over_the_api_and_refusals(
        self, owner: Player, program_bot: Bot, client_for: Client
    ) -> None:
        client = client_for(owner)
        post_version(client, program_bot, file=file())
        post_version(client, program_bot, file=file(BOT_SOURCE + b"#\n"))
        pending = client.post(f"/api/bots/{program_bot.pk}/versions/1/activate/")
        assert pending.status_code == 409 and "validation" in pending.json()["detail"]
        mark(program_bot.versions.get(number=2), FAILED, "crash at move 0: exit status 1")
        failed = client.post(f"/api/bots/{program_bot.pk}/versions/2/activate/")
        assert failed.status_code == 409 and "crash at move 0" in failed.json()["detail"]
        mark(program_bot.versions.get(number=1), PASSED)
        done = client.post(f"/api/bots/{program_bot.pk}/versions/1/activate/")
        assert done.status_code == 200 and done.json()["active"] is True
        detail = client.get(f"/api/bots/{program_bot.pk}/").json()
        assert detail["active_version"] == 1 and detail["active"]["number"] == 1
        assert [v["active"] for v in detail["versions"]] == [False, True]

    def test_activation_resets_openskill_sigma_seen_in_the_detail(
        self, owner: Player, program_bot: Bot, client_for: Client
    ) -> None:
        league = league_create(
            name="trio", game_id="mulligan", seats_per_table=3, rating_system=RatingSystem.OPENSKILL
        )
        LeagueEntry.objects.create(
            league=league,
            competitor=program_bot.competitor,
            rating=25.5,
            mu=30.0,
            sigma=1.5,
            games_played=50,
            provisional=False,
        )
        client = client_for(owner)
        post_version(client, program_bot, file=file())
        mark(program_bot.versions.get(), PASSED)
        client.post(f"/api/bots/{program_bot.pk}/versions/1/activate/")
        (entry,) = client.get(f"/api/bots/{program_bot.pk}/").json()["leagues"]
        assert entry["sigma"] == pytest.approx(openskill_initial().sigma)
        assert entry["provisional"] is True and entry["rating_system"] == "openskill"


class TestGamesAndFaults:
    def _played(self, owner: Player, bot: Bot) -> tuple[BotVersion, Any]:
        version = bot_version_upload(bot_pk=bot.pk, user=owner.user, filename="b.py", content=BOT_SOURCE)
        version_make_active(mark(version, PASSED))
        game = version.validation_game
        BotFault.objects.create(
            bot=bot,
            version=version,
            game=game,
            seat=0,
            move_number=4,
            kind="crash",
            message="the program exited with status 1",
            stderr_tail="Traceback: API_KEY=hunter2",
            consequence="forfeit",
        )
        return version, game

    def test_games_show_the_version_each_seat_played(self, owner: Player, program_bot: Bot) -> None:
        version, game = self._played(owner, program_bot)
        body = APIClient().get(f"/api/bots/{program_bot.pk}/games/").json()
        assert body["count"] == 1
        (row,) = body["results"]
        assert row["id"] == game.pk and row["bot_seats"] == [{"index": 0, "version": 1, "rank": None}]
        assert row["seats"][0]["version"] == 1 and row["seats"][1]["version"] is None
        assert Seat.objects.get(game=game, index=0).bot_version == version

    def test_stderr_tails_are_for_the_owner_only(
        self, owner: Player, stranger: Player, program_bot: Bot, client_for: Client
    ) -> None:
        self._played(owner, program_bot)
        (mine,) = client_for(owner).get(f"/api/bots/{program_bot.pk}/faults/").json()["results"]
        assert mine["stderr_tail"] == "Traceback: API_KEY=hunter2"
        assert (mine["kind"], mine["move_number"], mine["version"]) == ("crash", 4, 1)
        for client in (client_for(stranger), APIClient()):
            (theirs,) = client.get(f"/api/bots/{program_bot.pk}/faults/").json()["results"]
            assert "stderr_tail" not in theirs and theirs["message"] == "the program exited with status 1"
            assert "hunter2" not in client.get(f"/api/bots/{program_bot.pk}/").content.decode()
