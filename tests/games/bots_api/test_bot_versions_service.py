"""games.services.bot_versions: create, upload, register a URL, activate, and the rating reset."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from games.models import Bot, BotKind, BotVersion, Game, LeagueEntry, Player, RatingSystem, ValidationStatus
from games.ratings.openskill import openskill_initial
from games.services.bot_activation import version_make_active
from games.services.bot_versions import (
    bot_create,
    bot_version_activate,
    bot_version_register_url,
    bot_version_upload,
)
from games.services.errors import Conflict, InvalidInput, NotAllowed, NotFound
from games.services.leagues import league_create
from tests.games.bots_api.conftest import BOT_SOURCE, FAILED, PASSED, mark, tar_gz_bytes, zip_bytes

pytestmark = pytest.mark.django_db


def upload(
    bot: Bot, owner: Player, content: bytes = BOT_SOURCE, filename: str = "bot.py", **kw: object
) -> BotVersion:
    return bot_version_upload(bot_pk=bot.pk, user=owner.user, filename=filename, content=content, **kw)  # type: ignore[arg-type]


class TestCreate:
    def test_a_program_bot_belongs_to_its_owner_and_has_no_version(self, owner: Player) -> None:
        bot = bot_create(owner=owner, name="  Turing  ", game_id="mulligan", kind="program")
        assert (bot.owner, bot.kind, bot.game_id, bot.competitor.name) == (
            owner,
            "program",
            "mulligan",
            "Turing",
        )
        assert bot.active_version is None and not bot.versions.exists()

    def test_an_http_bot_given_a_url_gets_version_1_with_a_validation_game(self, owner: Player) -> None:
        bot = bot_create(
            owner=owner, name="Hopper", game_id="mulligan", kind="http", url="https://bots.example.com/m"
        )
        version = bot.versions.get()
        assert (version.number, version.url, version.validation_status) == (
            1,
            "https://bots.example.com/m",
            "pending",
        )
        assert version.validation_game is not None and not version.validation_game.rated
        assert version.validation_game.seats.get(index=0).bot_version == version

    @pytest.mark.parametrize(
        ("name", "game_id", "kind", "url", "words"),
        [
            ("", "mulligan", "program", None, "needs a name"),
            ("x" * 61, "mulligan", "program", None, "at most 60"),
            ("bad\nname", "mulligan", "program", None, "letters, digits"),
            ("ok", "chess", "program", None, "chess"),
            ("ok", "mulligan", "builtin", None, "program or http"),
            ("ok", "mulligan", "program", "https://example.com/", "only an HTTP bot"),
            ("ok", "mulligan", "http", "ftp://example.com/", "not an http"),
        ],
    )
    def test_bad_requests_are_refused_and_make_nothing(
        self, owner: Player, name: str, game_id: str, kind: str, url: str | None, words: str
    ) -> None:
        before = Bot.objects.count()
        with pytest.raises(InvalidInput, match=words):
            bot_create(owner=owner, name=name, game_id=game_id, kind=kind, url=url)
        assert Bot.objects.count() == before

    def test_a_name_already_taken_by_anyone_is_refused(self, owner: Player, stranger: Player) -> None:
        bot_create(owner=owner, name="Twin", game_id="mulligan", kind="program")
        with pytest.raises(Conflict, match="taken"):
            bot_create(owner=stranger, name="twin", game_id="mulligan", kind="program")
        with pytest.raises(Conflict, match="taken"):
            bot_create(owner=stranger, name="ADA", game_id="mulligan", kind="program")  # a person's name


class TestUpload:
    def test_a_python_file_is_version_1_with_its_hash_size_and_default_command(
        self, program_bot: Bot, owner: Player
    ) -> None:
        version = upload(program_bot, owner)
        assert version.number == 1
        assert bytes(version.content) == BOT_SOURCE
        assert version.sha256 == hashlib.sha256(BOT_SOURCE).hexdigest()
        assert version.size == len(BOT_SOURCE)
        assert version.filename == "bot.py"
        assert version.entry_command and version.entry_command[-1].endswith("bot.py")
        assert version.validation_status == ValidationStatus.PENDING
        assert isinstance(version.validation_game, Game)

    def test_a_second_upload_is_version_2_and_version_1_is_unchanged(
        self, program_bot: Bot, owner: Player
    ) -> None:
        first = upload(program_bot, owner)
        second = upload(program_bot, owner, content=BOT_SOURCE + b"# better\n")
        first.refresh_from_db()
        assert (first.number, second.number) == (1, 2)
        assert bytes(first.content) == BOT_SOURCE
        assert first.sha256 == hashlib.sha256(BOT_SOURCE).hexdigest() != second.sha256

    def test_an_archive_with_an_entry_command(self, program_bot: Bot, owner: Player) -> None:
        content = zip_bytes({"main.py": BOT_SOURCE, "lib/util.py": b"X = 1\n"})
        version = upload(
            program_bot, owner, content=content, filename="bot.zip", entry_command=["python3", "main.py"]
        )
        assert (version.filename, version.entry_command, version.size) == (
            "bot.zip",
            ["python3", "main.py"],
            len(content),
        )
        tarred = upload(
            program_bot,
            owner,
            content=tar_gz_bytes({"run": b"#!/bin/sh\n"}),
            filename="b.tar.gz",
            entry_command=["./run"],
        )
        assert tarred.number == 2

    def test_only_the_owner_may_upload(self, program_bot: Bot, stranger: Player) -> None:
        with pytest.raises(NotAllowed):
            upload(program_bot, stranger)
        assert not program_bot.versions.exists()

    def test_an_unknown_bot(self, owner: Player) -> None:
        with pytest.raises(NotFound):
            bot_version_upload(bot_pk=10**9, user=owner.user, filename="bot.py", content=BOT_SOURCE)

    def test_an_http_bot_takes_urls_not_uploads(self, http_bot: Bot, owner: Player) -> None:
        with pytest.raises(InvalidInput, match="register a URL"):
            upload(http_bot, owner)

    @pytest.mark.parametrize(
        ("filename", "content", "command", "words"),
        [
            ("bot.py", b"", None, "empty"),
            ("bot.exe", b"MZ", None, "upload a single Python file"),
            ("", BOT_SOURCE, None, "needs a file name"),
            ("../../etc/passwd", BOT_SOURCE, None, "upload a single Python file"),
            ("bad name.py", BOT_SOURCE, None, "letters, digits"),
            ("bot.py", b"\x00\x01binary", None, "NUL"),
            ("bot.py", b"\xff\xfe not utf8", None, "UTF-8"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), None, "needs an entry command"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), [], "1 to 20"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), ["a"] * 21, "1 to 20"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), ["x" * 201], "at most 200"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), ["a\x00b"], "NUL"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), "python3 main.py", "1 to 20"),
            ("bot.zip", zip_bytes({"main.py": b"x"}), [3], "non-empty string"),
        ],
    )
    def test_bad_uploads_are_refused_and_store_nothing(
        self, program_bot: Bot, owner: Player, filename: str, content: bytes, command: object, words: str
    ) -> None:
        with pytest.raises(InvalidInput, match=words):
            upload(program_bot, owner, content=content, filename=filename, entry_command=command)
        assert not BotVersion.objects.exists()

    def test_the_size_cap(self, program_bot: Bot, owner: Player, settings: object) -> None:
        settings.BOT_UPLOAD_MAX_BYTES = 100  # type: ignore[attr-defined]
        with pytest.raises(InvalidInput, match="limit is 100 bytes") as refused:
            upload(program_bot, owner, content=b"#" * 101)
        assert refused.value.status_code == 413
        assert not BotVersion.objects.exists()
        assert upload(program_bot, owner, content=b"#" * 100).number == 1

    def test_versions_per_hour_are_capped(self, program_bot: Bot, owner: Player, settings: object) -> None:
        settings.BOT_VERSIONS_PER_HOUR = 2  # type: ignore[attr-defined]
        upload(program_bot, owner)
        upload(program_bot, owner)
        with pytest.raises(Exception, match="limit is 2") as refused:
            upload(program_bot, owner)
        assert getattr(refused.value, "status_code", None) == 429
        assert program_bot.versions.count() == 2


class TestHostileArchives:
    """The archive is unpacked (as the worker would) before anything is stored."""

    @pytest.mark.parametrize(
        ("filename", "content"),
        [
            ("bot.zip", b"PK\x03\x04 this is not really a zip"),
            ("bot.zip", b"not a zip at all"),
            ("bot.tar.gz", b"\x1f\x8b\x08 truncated gzip"),
            ("bot.tar", b"garbage" * 100),
            ("bot.zip", zip_bytes({"../escape.py": b"x"})),
            ("bot.zip", zip_bytes({"/etc/evil": b"x"})),
            ("bot.tar.gz", tar_gz_bytes({"../../escape": b"x"})),
            ("bot.zip", zip_bytes({f"f{i}.txt": b"" for i in range(20_000)})),
        ],
        ids=[
            "bad-zip-header",
            "not-zip",
            "truncated-gzip",
            "not-tar",
            "zip-dotdot",
            "zip-absolute",
            "tar-dotdot",
            "many-files",
        ],
    )
    def test_refused_with_a_message_and_nothing_stored(
        self, program_bot: Bot, owner: Player, filename: str, content: bytes
    ) -> None:
        with pytest.raises(InvalidInput, match=r"archive|refused"):
            upload(program_bot, owner, content=content, filename=filename, entry_command=["./run"])
        assert not BotVersion.objects.exists()

    def test_a_link_out_of_the_archive_is_refused(self, program_bot: Bot, owner: Player) -> None:
        from tests.games.bots_api.conftest import tar_with_symlink

        with pytest.raises(InvalidInput):
            upload(
                program_bot,
                owner,
                content=tar_with_symlink("run", "/etc/passwd"),
                filename="b.tar",
                entry_command=["./run"],
            )
        assert not BotVersion.objects.exists()

    def test_a_zip_bomb_is_refused(self, program_bot: Bot, owner: Player) -> None:
        bomb = zip_bytes(
            {"big.bin": b"\x00" * (100 * 1024 * 1024)}
        )  # unpacks past the 64 MB cap; ~100 KB zipped
        assert len(bomb) < 1024 * 1024
        with pytest.raises(InvalidInput):
            upload(program_bot, owner, content=bomb, filename="bomb.zip", entry_command=["./run"])
        assert not BotVersion.objects.exists()


class TestUrls:
    def test_each_url_is_a_new_version(self, http_bot: Bot, owner: Player) -> None:
        first = bot_version_register_url(
            bot_pk=http_bot.pk, user=owner.user, url="https://a.example.com/move"
        )
        second = bot_version_register_url(
            bot_pk=http_bot.pk, user=owner.user, url="http://b.example.com:8080/m"
        )
        first.refresh_from_db()
        assert (first.number, first.url, second.number) == (1, "https://a.example.com/move", 2)
        assert not first.content and not first.sha256

    @pytest.mark.parametrize(
        ("url", "words"),
        [
            ("", "give the bot's URL"),
            ("javascript:alert(1)", "not an http"),
            ("file:///etc/passwd", "not an http"),
            ("https://user:secret@example.com/", "no user name"),
            ("http://127.0.0.1:8000/", "public address"),
            ("http://10.1.2.3/", "public address"),
            ("http://[::1]/", "public address"),
            ("http://169.254.169.254/latest/meta-data", "public address"),
            ("http://localhost:9000/", "localhost"),
            ("https://" + "a" * 600 + ".com/", "at most 500"),
        ],
    )
    def test_bad_urls_are_refused(self, http_bot: Bot, owner: Player, url: str, words: str) -> None:
        with pytest.raises(InvalidInput, match=words):
            bot_version_register_url(bot_pk=http_bot.pk, user=owner.user, url=url)
        assert not http_bot.versions.exists()

    @pytest.mark.parametrize(
        "url", ["http://127.0.0.1:8765/", "http://10.1.2.3/", "http://[::1]/", "http://localhost:8765/"]
    )
    def test_a_refused_private_url_names_the_setting_that_allows_it(
        self, http_bot: Bot, owner: Player, url: str, settings: Any
    ) -> None:
        settings.BOT_HTTP_ALLOW_PRIVATE = False
        with pytest.raises(InvalidInput, match="BOT_HTTP_ALLOW_PRIVATE"):
            bot_version_register_url(bot_pk=http_bot.pk, user=owner.user, url=url)
        assert not http_bot.versions.exists()
        settings.BOT_HTTP_ALLOW_PRIVATE = True
        assert bot_version_register_url(bot_pk=http_bot.pk, user=owner.user, url=url).url == url

    def test_only_the_owner_and_only_http_bots(
        self, http_bot: Bot, program_bot: Bot, owner: Player, stranger: Player
    ) -> None:
        with pytest.raises(NotAllowed):
            bot_version_register_url(bot_pk=http_bot.pk, user=stranger.user, url="https://example.com/")
        with pytest.raises(InvalidInput, match="upload its code"):
            bot_version_register_url(bot_pk=program_bot.pk, user=owner.user, url="https://example.com/")
        assert not BotVersion.objects.exists()


class TestActivate:
    def test_a_passed_version_becomes_active(self, program_bot: Bot, owner: Player) -> None:
        version = mark(upload(program_bot, owner), PASSED)
        assert bot_version_activate(bot_pk=program_bot.pk, user=owner.user, number=1) == version
        program_bot.refresh_from_db()
        assert program_bot.active_version == version

    def test_pending_and_failed_versions_are_refused(self, program_bot: Bot, owner: Player) -> None:
        upload(program_bot, owner)
        mark(upload(program_bot, owner), FAILED, "timeout at move 3: no answer in 2000 ms")
        with pytest.raises(Conflict, match="has not finished its validation game"):
            bot_version_activate(bot_pk=program_bot.pk, user=owner.user, number=1)
        with pytest.raises(Conflict, match="failed its validation game: timeout at move 3"):
            bot_version_activate(bot_pk=program_bot.pk, user=owner.user, number=2)
        program_bot.refresh_from_db()
        assert program_bot.active_version is None

    def test_only_the_owner_may_activate(self, program_bot: Bot, owner: Player, stranger: Player) -> None:
        mark(upload(program_bot, owner), PASSED)
        with pytest.raises(NotAllowed):
            bot_version_activate(bot_pk=program_bot.pk, user=stranger.user, number=1)
        with pytest.raises(NotFound):
            bot_version_activate(bot_pk=program_bot.pk, user=owner.user, number=7)
        program_bot.refresh_from_db()
        assert program_bot.active_version is None


class TestRatingReset:
    def test_a_new_active_version_resets_openskill_sigma_and_leaves_elo_alone(
        self, program_bot: Bot, owner: Player
    ) -> None:
        openskill = league_create(
            name="three", game_id="mulligan", seats_per_table=3, rating_system=RatingSystem.OPENSKILL
        )
        elo = league_create(name="two", game_id="mulligan")
        settled = LeagueEntry.objects.create(
            league=openskill,
            competitor=program_bot.competitor,
            rating=30.0 - 3 * 1.5,
            mu=30.0,
            sigma=1.5,
            games_played=40,
            provisional=False,
        )
        elo_entry = LeagueEntry.objects.create(
            league=elo, competitor=program_bot.competitor, rating=1620.0, games_played=40, provisional=False
        )
        version_make_active(mark(upload(program_bot, owner), PASSED))
        settled.refresh_from_db()
        elo_entry.refresh_from_db()
        start = openskill_initial()
        assert settled.sigma == pytest.approx(start.sigma)
        assert settled.mu == 30.0  # the skill estimate stays as the prior
        assert settled.rating == pytest.approx(30.0 - 3 * start.sigma)
        assert settled.provisional and settled.games_played == 40
        assert (elo_entry.rating, elo_entry.games_played, elo_entry.provisional) == (1620.0, 40, False)

    def test_activating_the_active_version_again_changes_nothing(
        self, program_bot: Bot, owner: Player
    ) -> None:
        version = mark(upload(program_bot, owner), PASSED)
        version_make_active(version)
        league = league_create(
            name="three", game_id="mulligan", seats_per_table=3, rating_system=RatingSystem.OPENSKILL
        )
        entry = LeagueEntry.objects.create(
            league=league,
            competitor=program_bot.competitor,
            rating=25.5,
            mu=30.0,
            sigma=1.5,
            games_played=40,
            provisional=False,
        )
        bot_version_activate(bot_pk=program_bot.pk, user=owner.user, number=1)
        entry.refresh_from_db()
        assert (entry.sigma, entry.provisional) == (1.5, False)

    def test_switching_versions_resets_again(self, program_bot: Bot, owner: Player) -> None:
        version_make_active(mark(upload(program_bot, owner), PASSED))
        mark(upload(program_bot, owner), PASSED)
        league = league_create(
            name="three", game_id="mulligan", seats_per_table=3, rating_system=RatingSystem.OPENSKILL
        )
        entry = LeagueEntry.objects.create(
            league=league,
            competitor=program_bot.competitor,
            rating=25.5,
            mu=30.0,
            sigma=1.5,
            games_played=40,
            provisional=False,
        )
        bot_version_activate(bot_pk=program_bot.pk, user=owner.user, number=2)
        entry.refresh_from_db()
        program_bot.refresh_from_db()
        assert program_bot.active_version.number == 2  # type: ignore[union-attr]
        assert entry.sigma == pytest.approx(openskill_initial().sigma) and entry.provisional


def test_builtin_bots_cannot_be_changed(owner: Player, random_bot: Bot) -> None:
    with pytest.raises(NotAllowed):
        bot_version_upload(bot_pk=random_bot.pk, user=owner.user, filename="bot.py", content=BOT_SOURCE)
    assert random_bot.kind == BotKind.BUILTIN and not random_bot.versions.exists()
