"""The bot pages: list, detail (versions, games, faults, ratings), and the owner's forms."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Bot, BotFault, BotVersion, LeagueEntry, Player, RatingSystem
from games.ratings.openskill import openskill_initial
from games.services.bot_versions import bot_version_upload
from games.services.leagues import league_create
from tests.games.bots_api.conftest import BOT_SOURCE, FAILED, PASSED, mark, zip_bytes

pytestmark = pytest.mark.django_db


def logged_in(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def uploaded(bot: Bot, owner: Player, content: bytes = BOT_SOURCE) -> BotVersion:
    return bot_version_upload(bot_pk=bot.pk, user=owner.user, filename="bot.py", content=content)


def test_the_list_links_every_bot_and_the_nav_has_bots(program_bot: Bot, random_bot: Bot) -> None:
    page = Client().get("/bots/")
    html = page.content.decode()
    assert page.status_code == 200
    assert f'href="/bots/{program_bot.pk}/"' in html and f'href="/bots/{random_bot.pk}/"' in html
    assert '<a href="/bots/">Bots</a>' in html
    assert "Ada&#x27;s bot" in html


def test_creating_a_bot_needs_a_login_and_makes_one(owner: Player) -> None:
    assert Client().get("/bots/new/").status_code == 302
    client = logged_in(owner)
    assert client.get("/bots/new/").status_code == 200
    response = client.post(
        "/bots/new/", {"name": "Babbage", "game": "mulligan", "kind": "program", "url": ""}
    )
    bot = Bot.objects.get(competitor__name="Babbage")
    assert response.status_code == 302 and response["Location"] == f"/bots/{bot.pk}/"
    assert bot.owner == owner
    taken = client.post("/bots/new/", {"name": "babbage", "game": "mulligan", "kind": "http"})
    assert taken.status_code == 409 and "taken" in taken.content.decode()
    bad = client.post("/bots/new/", {"name": "X", "game": "chess", "kind": "program"})
    assert bad.status_code == 400
    assert Bot.objects.filter(owner=owner).count() == 1


def test_the_owner_uploads_and_activates_through_the_page(owner: Player, program_bot: Bot) -> None:
    client = logged_in(owner)
    page = client.get(f"/bots/{program_bot.pk}/").content.decode()
    assert 'data-testid="upload-form"' in page and "csrfmiddlewaretoken" in page
    sent = client.post(
        f"/bots/{program_bot.pk}/upload/",
        {
            "file": SimpleUploadedFile("bot.zip", zip_bytes({"main.py": BOT_SOURCE})),
            "entry_command": "python3 main.py",
        },
    )
    assert sent.status_code == 302
    version = program_bot.versions.get()
    assert version.entry_command == ["python3", "main.py"]
    html = client.get(f"/bots/{program_bot.pk}/").content.decode()
    assert version.sha256[:12] in html and "pending" in html
    assert f'href="/games/{version.validation_game_id}/"' in html
    assert "Activate v1" not in html  # pending: no button
    refused = client.post(f"/bots/{program_bot.pk}/versions/1/activate/")
    assert refused.status_code == 409 and "validation game" in refused.content.decode()
    mark(version, PASSED)
    assert "Activate v1" in client.get(f"/bots/{program_bot.pk}/").content.decode()
    assert client.post(f"/bots/{program_bot.pk}/versions/1/activate/").status_code == 302
    program_bot.refresh_from_db()
    assert program_bot.active_version == version
    assert "Version 1 plays." in client.get(f"/bots/{program_bot.pk}/").content.decode()


def test_bad_uploads_on_the_page_say_why_and_store_nothing(
    owner: Player, program_bot: Bot, settings: object
) -> None:
    client = logged_in(owner)
    cases = [
        ({"file": SimpleUploadedFile("bot.exe", b"MZ")}, 400, "Python file"),
        ({"file": SimpleUploadedFile("b.zip", b"PK\x03\x04junk"), "entry_command": "./run"}, 400, "archive"),
        ({"file": SimpleUploadedFile("b.zip", zip_bytes({"m.py": b"1"}))}, 400, "entry command"),
        (
            {"file": SimpleUploadedFile("b.zip", zip_bytes({"m.py": b"1"})), "entry_command": "'unbalanced"},
            400,
            "split",
        ),
        ({}, 400, "required"),
    ]
    for data, status, words in cases:
        response = client.post(f"/bots/{program_bot.pk}/upload/", data)
        assert response.status_code == status, words
        assert words in response.content.decode(), words
    settings.BOT_UPLOAD_MAX_BYTES = 10  # type: ignore[attr-defined]
    large = client.post(f"/bots/{program_bot.pk}/upload/", {"file": SimpleUploadedFile("bot.py", b"#" * 11)})
    assert large.status_code == 413 and "limit is 10 bytes" in large.content.decode()
    assert not BotVersion.objects.exists()


def test_strangers_see_no_forms_and_cannot_post(
    owner: Player, stranger: Player, program_bot: Bot, http_bot: Bot
) -> None:
    version = mark(uploaded(program_bot, owner), PASSED)
    client = logged_in(stranger)
    page = client.get(f"/bots/{program_bot.pk}/").content.decode()
    assert 'data-testid="upload-form"' not in page and "Activate v1" not in page
    assert (
        client.post(
            f"/bots/{program_bot.pk}/upload/", {"file": SimpleUploadedFile("bot.py", BOT_SOURCE)}
        ).status_code
        == 403
    )
    assert client.post(f"/bots/{program_bot.pk}/versions/1/activate/").status_code == 403
    assert client.post(f"/bots/{http_bot.pk}/url/", {"url": "https://x.example.com/"}).status_code == 403
    program_bot.refresh_from_db()
    assert program_bot.active_version is None and list(BotVersion.objects.all()) == [version]
    anonymous = Client().post(f"/bots/{program_bot.pk}/versions/1/activate/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_activation_needs_the_csrf_token(owner: Player, program_bot: Bot) -> None:
    mark(uploaded(program_bot, owner), PASSED)
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner.user)
    assert client.post(f"/bots/{program_bot.pk}/versions/1/activate/").status_code == 403
    program_bot.refresh_from_db()
    assert program_bot.active_version is None


def test_http_bot_owner_registers_a_url_others_never_see_it(
    owner: Player, stranger: Player, http_bot: Bot
) -> None:
    client = logged_in(owner)
    assert 'data-testid="url-form"' in client.get(f"/bots/{http_bot.pk}/").content.decode()
    response = client.post(f"/bots/{http_bot.pk}/url/", {"url": "https://bot.example.com/m?key=s3cret"})
    assert response.status_code == 302 and http_bot.versions.count() == 1
    assert "s3cret" in client.get(f"/bots/{http_bot.pk}/").content.decode()
    assert "s3cret" not in logged_in(stranger).get(f"/bots/{http_bot.pk}/").content.decode()
    bad = client.post(f"/bots/{http_bot.pk}/url/", {"url": "ftp://x"})
    assert bad.status_code == 400 and http_bot.versions.count() == 1


def test_games_faults_and_ratings_on_the_page(owner: Player, stranger: Player, program_bot: Bot) -> None:
    first = mark(uploaded(program_bot, owner), FAILED, "crash at move 0: exit status 1")
    BotFault.objects.create(
        bot=program_bot,
        version=first,
        game=first.validation_game,
        seat=0,
        move_number=0,
        kind="crash",
        message="exit status 1",
        stderr_tail="KeyError: SECRET_TOKEN=abc",
        consequence="forfeit",
    )
    league = league_create(
        name="Trio league", game_id="mulligan", seats_per_table=3, rating_system=RatingSystem.OPENSKILL
    )
    start = openskill_initial()
    LeagueEntry.objects.create(
        league=league, competitor=program_bot.competitor, rating=start.ordinal, mu=start.mu, sigma=start.sigma
    )
    mine = logged_in(owner).get(f"/bots/{program_bot.pk}/").content.decode()
    theirs = logged_in(stranger).get(f"/bots/{program_bot.pk}/").content.decode()
    for html in (mine, theirs):
        assert f'href="/games/{first.validation_game_id}/"' in html
        assert "exit status 1" in html and "crash at move 0" in html
        assert "Trio league" in html and "provisional" in html
        assert BOT_SOURCE.decode().splitlines()[0] not in html
    assert "SECRET_TOKEN" in mine and "SECRET_TOKEN" not in theirs


def test_unknown_bot_pages_are_404(owner: Player) -> None:
    client = logged_in(owner)
    assert client.get("/bots/99999/").status_code == 404
    assert client.get(f"/bots/{2**70}/").status_code == 404
    assert client.post("/bots/99999/versions/1/activate/").status_code == 404
    assert (
        client.post("/bots/99999/upload/", {"file": SimpleUploadedFile("bot.py", BOT_SOURCE)}).status_code
        == 404
    )


def test_a_builtin_bots_page_has_no_versions_or_forms(owner: Player, random_bot: Bot) -> None:
    page = logged_in(owner).get(f"/bots/{random_bot.pk}/")
    html = page.content.decode()
    assert page.status_code == 200 and random_bot.competitor.name in html
    assert 'data-testid="versions"' not in html and 'data-testid="upload-form"' not in html
