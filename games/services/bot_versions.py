"""Submitted bots: create one, upload program versions or register URLs, activate a passed version.

Versions are immutable: a version's content, SHA-256, size, entry command and URL are written once,
when it is created, and never updated (a new upload is always a new version). Version numbers are
taken under the bot's row lock (never ``count() + 1`` without one), so two uploads at once get 1 and 2.

Each new version gets a validation game (:func:`games.services.bot_validation.validation_start`,
enqueued on commit); only a version that passed it may be activated. The first passed version
becomes active on its own (the validation calls
:func:`games.services.bot_activation.version_make_active`).

Rating uncertainty on a new active version
------------------------------------------
A new version is, for all we know, a new player: ``version_make_active`` puts the sigma of the
bot's entry in every OpenSkill league back to the initial sigma (mu is kept as the prior), so the
ladder's ordinal (mu - 3 sigma) drops and the next games move it quickly again; the entry is
provisional again (sigma above ``LEAGUE_OPENSKILL_PROVISIONAL_SIGMA``). Each activation is logged
(``BotActivation``) so that ``league_ratings_recompute`` replays the reset instead of undoing it.
Elo, in Elo leagues and the global per-game ratings, has no uncertainty to reset: its "provisional"
is only a count of games played that also picks the K factor, and resetting that count would
rewrite the rating's history, so Elo ratings are left as they are.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import tarfile
import tempfile
import zipfile
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from engine import EngineError, UnknownGame, get_game
from engine.bots.http import is_public_address
from games.models import (
    Bot,
    BotKind,
    BotVersion,
    Competitor,
    Player,
    ValidationStatus,
)
from games.services.bot_activation import version_make_active
from games.services.bot_validation import validation_start
from games.services.errors import Conflict, InvalidInput, NotAllowed, NotFound, ServiceError
from games.services.players import player_for_user

DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
DEFAULT_VERSIONS_PER_HOUR = 20
MAX_NAME = 60
MAX_FILENAME = 200
MAX_ARGS = 20
MAX_ARG_LENGTH = 200
ARCHIVE_SUFFIXES = (".tar.gz", ".zip", ".tar")
SUBMITTED_KINDS = (BotKind.PROGRAM, BotKind.HTTP)
# Refusals of private bot URLs say what allows them: a developer trying a bot on their own machine.
ALLOW_PRIVATE_HINT = (
    "the server setting BOT_HTTP_ALLOW_PRIVATE=true allows private addresses, for development"
)
SAFE_FILENAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
NAME_CHARACTERS = re.compile(r"^[\w .'()-]+$")


class UploadTooLarge(InvalidInput):
    status_code = 413
    code = "too_large"


class TooManyVersions(ServiceError):
    status_code = 429
    code = "throttled"


def upload_max_bytes() -> int:
    return int(getattr(settings, "BOT_UPLOAD_MAX_BYTES", DEFAULT_UPLOAD_MAX_BYTES))


def check_upload_size(size: int) -> None:
    """Refuse an upload over the cap; views call it before reading the file into memory."""
    limit = upload_max_bytes()
    if size > limit:
        raise UploadTooLarge(f"the upload is {size} bytes; the limit is {limit} bytes")


# -- Create -------------------------------------------------------------------------------------------


@transaction.atomic
def bot_create(*, owner: Player, name: str, game_id: str, kind: str, url: str | None = None) -> Bot:
    """A submitted bot of ``owner`` with no version yet (an HTTP bot given a URL gets version 1).

    Bot names are shown beside people's on ladders, so a name already taken by any competitor
    (person or bot, in any letter case) is refused.
    """
    name = (name or "").strip()
    if not name:
        raise InvalidInput("a bot needs a name", field="name")
    if len(name) > MAX_NAME:
        raise InvalidInput(f"a bot's name has at most {MAX_NAME} characters", field="name")
    if not NAME_CHARACTERS.match(name):
        raise InvalidInput("a bot's name may use letters, digits, spaces and . ' ( ) - _ only", field="name")
    if kind not in SUBMITTED_KINDS:
        raise InvalidInput(f"a submitted bot is of kind program or http, not {kind!r}", field="kind")
    try:
        get_game(game_id)
    except UnknownGame as exc:
        raise InvalidInput(str(exc), field="game") from None
    if url is not None and kind != BotKind.HTTP:
        raise InvalidInput(
            "only an HTTP bot has a URL; upload a program bot's code as a version", field="url"
        )
    # The owner's row lock serialises one owner's creations; the name check is global.
    Player.objects.select_for_update().filter(pk=owner.pk).first()
    if Competitor.objects.filter(name__iexact=name).exists():
        raise Conflict(f"the name {name!r} is taken; choose another")
    competitor = Competitor.objects.create(name=name)
    bot = Bot.objects.create(competitor=competitor, owner=owner, game_id=game_id, kind=kind, engine_bot="")
    if url is not None:
        _register_url(bot, url)
    return bot


# -- Versions -----------------------------------------------------------------------------------------


def _owned_bot(bot_pk: int, user: AbstractBaseUser | AnonymousUser) -> Bot:
    """The bot, its row locked, if ``user`` owns it."""
    bot = Bot.objects.select_for_update().select_related("competitor").filter(pk=bot_pk).first()
    if bot is None:
        raise NotFound(f"no bot {bot_pk}")
    if not user.is_authenticated:
        raise NotAllowed("log in to change a bot")
    if bot.owner_id is None or bot.owner_id != player_for_user(user).pk:  # type: ignore[arg-type]
        raise NotAllowed(f"only the owner of {bot.competitor.name} may change it")
    return bot


def _next_number(bot: Bot) -> int:
    """The next version number; the caller holds the bot's row lock."""
    recent = bot.versions.filter(uploaded_at__gte=timezone.now() - timedelta(hours=1)).count()
    limit = int(getattr(settings, "BOT_VERSIONS_PER_HOUR", DEFAULT_VERSIONS_PER_HOUR))
    if recent >= limit:
        raise TooManyVersions(
            f"{bot.competitor.name} had {recent} new versions in the last hour (the limit is {limit}); "
            "test locally with `python -m engine play` and try again later"
        )
    return int(bot.versions.aggregate(last=Max("number"))["last"] or 0) + 1


def _start_validation(version: BotVersion) -> None:
    validation_start(version=version)


def clean_filename(filename: str) -> str:
    """The upload's base name, if it is a plain name with a known suffix."""
    base = re.split(r"[\\/]", filename or "")[-1].strip()
    if not base:
        raise InvalidInput("the upload needs a file name (e.g. bot.py or bot.zip)", field="file")
    if len(base) > MAX_FILENAME:
        raise InvalidInput(f"the file name has at most {MAX_FILENAME} characters", field="file")
    if not SAFE_FILENAME.match(base):
        raise InvalidInput("the file name may use letters, digits, '.', '_' and '-' only", field="file")
    if not (base.endswith(".py") or base.endswith(ARCHIVE_SUFFIXES)):
        raise InvalidInput(
            "upload a single Python file (.py) or an archive (.zip, .tar or .tar.gz)", field="file"
        )
    return base


def clean_entry_command(command: Any) -> list[str]:
    """An argv list: 1 to 20 non-empty strings, each short, none with a NUL."""
    if not isinstance(command, list) or not 1 <= len(command) <= MAX_ARGS:
        raise InvalidInput(
            f'the entry command is a list of 1 to {MAX_ARGS} arguments, e.g. ["./mybot"] or ["node", "bot.js"]',
            field="entry_command",
        )
    for argument in command:
        if not isinstance(argument, str) or not argument:
            raise InvalidInput(
                "each argument of the entry command is a non-empty string", field="entry_command"
            )
        if len(argument) > MAX_ARG_LENGTH:
            raise InvalidInput(
                f"each argument of the entry command has at most {MAX_ARG_LENGTH} characters",
                field="entry_command",
            )
        if "\x00" in argument:
            raise InvalidInput("the entry command may not contain NUL characters", field="entry_command")
    return list(command)


def _as_list(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _check_python_file(content: bytes) -> None:
    if b"\x00" in content:
        raise InvalidInput(
            "a .py upload is Python source text; this file has NUL bytes (is it binary?)", field="file"
        )
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(
            "a .py upload is Python source in UTF-8; this file is not valid UTF-8", field="file"
        ) from None


def _check_archive(content: bytes, filename: str) -> None:
    """The archive unpacks safely (the worker unpacks it the same way), or a clear refusal."""
    from engine.bots.program import unpack

    with tempfile.TemporaryDirectory(prefix="bot-upload-") as scratch:
        try:
            unpack(content, filename, Path(scratch))
        except EngineError as exc:
            raise InvalidInput(f"the archive was refused: {exc}", field="file") from None
        except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError, ValueError, RuntimeError):
            raise InvalidInput(
                f"{filename} is not a readable {filename.split('.', 1)[-1]} archive", field="file"
            ) from None


@transaction.atomic
def bot_version_upload(
    *,
    bot_pk: int,
    user: AbstractBaseUser | AnonymousUser,
    filename: str,
    content: bytes,
    entry_command: Sequence[str] | None = None,
) -> BotVersion:
    """A new version of a program bot from an upload; its validation game starts on commit."""
    bot = _owned_bot(bot_pk, user)
    if bot.kind != BotKind.PROGRAM:
        raise InvalidInput(
            f"{bot.competitor.name} is an HTTP bot: register a URL instead of uploading code", field="file"
        )
    name = clean_filename(filename)
    if not content:
        raise InvalidInput("the uploaded file is empty", field="file")
    check_upload_size(len(content))
    if name.endswith(".py"):
        _check_python_file(content)
        if entry_command is None:
            from engine.bots.program import default_command

            command = default_command(name)
        else:
            command = clean_entry_command(_as_list(entry_command))
    else:
        if entry_command is None:
            raise InvalidInput(
                'an archive needs an entry command, the argv to run in it, e.g. ["./mybot"] or ["node", "bot.js"]'
            )
        command = clean_entry_command(_as_list(entry_command))
        _check_archive(content, name)
    version = BotVersion.objects.create(
        bot=bot,
        number=_next_number(bot),
        filename=name,
        content=bytes(content),
        sha256=hashlib.sha256(content).hexdigest(),
        size=len(content),
        entry_command=command,
    )
    _start_validation(version)
    return version


def clean_url(url: object) -> str:
    """An http(s) URL a worker may POST to."""
    if not isinstance(url, str) or not url.strip():
        raise InvalidInput("give the bot's URL, e.g. https://example.com/move", field="url")
    url = url.strip()
    if len(url) > 500:
        raise InvalidInput("the URL has at most 500 characters", field="url")
    try:
        URLValidator(schemes=["http", "https"])(url)
    except ValidationError:
        raise InvalidInput(f"{url!r} is not an http:// or https:// URL", field="url") from None
    parts = urlsplit(url)
    if parts.username or parts.password:
        raise InvalidInput(
            "put no user name or password in the URL; check a token in the request instead", field="url"
        )
    if not getattr(settings, "BOT_HTTP_ALLOW_PRIVATE", False):
        host = (parts.hostname or "").strip("[]").lower()
        if host == "localhost" or host.endswith(".localhost"):
            raise InvalidInput(
                f"the URL must reach a public server, not localhost ({ALLOW_PRIVATE_HINT})", field="url"
            )
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            address = None  # a name: the worker checks what it resolves to at each call
        if address is not None and not is_public_address(address):
            raise InvalidInput(
                f"the URL must reach a public address, not {address} ({ALLOW_PRIVATE_HINT})", field="url"
            )
    return url


def _register_url(bot: Bot, url: Any) -> BotVersion:
    version = BotVersion.objects.create(bot=bot, number=_next_number(bot), url=clean_url(url))
    _start_validation(version)
    return version


@transaction.atomic
def bot_version_register_url(*, bot_pk: int, user: AbstractBaseUser | AnonymousUser, url: str) -> BotVersion:
    """A new version of an HTTP bot: its URL (the same URL again is a new version, validated again)."""
    bot = _owned_bot(bot_pk, user)
    if bot.kind != BotKind.HTTP:
        raise InvalidInput(
            f"{bot.competitor.name} is a program bot: upload its code instead of a URL", field="url"
        )
    return _register_url(bot, url)


# -- Activation ---------------------------------------------------------------------------------------


@transaction.atomic
def bot_version_activate(*, bot_pk: int, user: AbstractBaseUser | AnonymousUser, number: int) -> BotVersion:
    """Make a passed version the one that plays; activating the active version changes nothing."""
    bot = _owned_bot(bot_pk, user)
    version = bot.versions.filter(number=number).first()
    if version is None:
        raise NotFound(f"{bot.competitor.name} has no version {number}")
    if version.validation_status == ValidationStatus.PENDING:
        raise Conflict(
            f"version {number} has not finished its validation game yet; activate it once it passes"
        )
    if version.validation_status == ValidationStatus.FAILED:
        reason = f": {version.validation_message}" if version.validation_message else ""
        raise Conflict(f"version {number} failed its validation game{reason}; only a passed version may play")
    if bot.active_version_id == version.pk:
        return version
    return version_make_active(version)
