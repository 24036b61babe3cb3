"""Fixtures of the bot API and page tests: an owner with a program bot and an HTTP bot, another
person, and uploads made in memory (a Python file, zip and tar archives, hostile archives)."""

from __future__ import annotations

import io
import tarfile
import zipfile

import pytest
from django.core.cache import cache

from games.models import Bot, BotKind, BotVersion, Player, ValidationStatus
from games.services.bot_versions import bot_create
from tests.games.factories import PlayerFactory

BOT_SOURCE = (
    b'import json, sys\nfor line in sys.stdin:\n    print(json.dumps({"action": None}), flush=True)\n'
)


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    cache.clear()


@pytest.fixture
def owner(db: None) -> Player:
    return PlayerFactory(user__username="ada")


@pytest.fixture
def stranger(db: None) -> Player:
    return PlayerFactory(user__username="mallory")


@pytest.fixture
def program_bot(owner: Player) -> Bot:
    return bot_create(owner=owner, name="Ada's bot", game_id="mulligan", kind=BotKind.PROGRAM)


@pytest.fixture
def http_bot(owner: Player) -> Bot:
    return bot_create(owner=owner, name="Ada's server", game_id="mulligan", kind=BotKind.HTTP)


def zip_bytes(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def tar_gz_bytes(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, content in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(content)
            archive.addfile(info, io.BytesIO(content))
    return buffer.getvalue()


def tar_with_symlink(name: str, target: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        info = tarfile.TarInfo(name)
        info.type = tarfile.SYMTYPE
        info.linkname = target
        archive.addfile(info)
    return buffer.getvalue()


def mark(version: BotVersion, status: str, message: str = "") -> BotVersion:
    """What the validation game (games.services.bot_validation) concludes, set directly."""
    BotVersion.objects.filter(pk=version.pk).update(validation_status=status, validation_message=message)
    version.refresh_from_db()
    return version


PASSED = ValidationStatus.PASSED
FAILED = ValidationStatus.FAILED
