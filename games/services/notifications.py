"""Telling people that something waits for them: their turn, a deadline near, a round started.

The hooks (``notify_*``) only write rows in the :class:`~games.models.Notification` outbox, inside
the caller's transaction, and queue their delivery for after the commit. A move does not even call
them: it enqueues one ``notify_turns`` task once it has committed (the game, the move, the seats
to tell), which runs :func:`turn_notifications_send`; so a move never reads anybody's settings or
waits on a mail server or a webhook, and a rolled-back move sends nothing. One row per event, recipient and
channel (a unique ``dedupe_key``), so a hook that runs twice sends nothing more, and delivery
(:func:`notification_deliver`, the ``deliver_notification`` task on the ``notifications`` queue) is
safe to run twice: a row that is no longer pending is left alone.

Webhooks are POSTs of the JSON payload, signed so the receiver can trust them::

    X-Mulligan-Event: turn
    X-Mulligan-Timestamp: 1767225600
    X-Mulligan-Signature: sha256=<hex HMAC-SHA256(secret, f"{timestamp}.{raw body}")>

A receiver recomputes the HMAC over the timestamp, a dot and the raw request body with its secret,
compares it with ``hmac.compare_digest``, and rejects timestamps more than a few minutes old
(replays). Network errors, 429 and 5xx answers are retried with exponential backoff up to
``NOTIFY_MAX_ATTEMPTS``; any other 3xx/4xx is a permanent failure recorded in ``last_error``.

Payloads carry what any seat of the game may see: names, seat numbers, deadlines, links; never
cards or seeds. Bots get nothing: only seats of a Player (a user) are notified. Mail goes only to a
verified primary address (django-allauth's EmailAddress, see ``games.selectors.accounts``): an
address nobody proved to be theirs gets nothing, so a sign-up cannot make us mail a stranger.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import socket
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from engine.bots.http import is_public_address
from games.models import (
    Game,
    GameStatus,
    League,
    Move,
    Notification,
    NotificationChannel,
    NotificationKind,
    NotificationSettings,
    NotificationStatus,
    Player,
    Round,
    Seat,
    Tournament,
)
from games.models.notifications import new_webhook_secret
from games.selectors.accounts import mail_state, verified_primary_emails
from games.selectors.deadlines import (
    bot_competitors,
    deadline_rules_for,
    default_rules,
    people_to_act,
    seat_deadlines,
    turn_started,
)
from games.selectors.games import game_state
from games.services.after_commit import notifications_deliver_on_commit
from games.services.errors import InvalidInput, ServiceError

logger = logging.getLogger(__name__)

CHANNELS = (NotificationChannel.EMAIL, NotificationChannel.WEBHOOK)
SUBJECTS = {
    NotificationKind.TURN: "Your turn in game {game}",
    NotificationKind.DEADLINE: "Your time is running out in game {game}",
    NotificationKind.ROUND: "Round {round} of {tournament} has started",
    NotificationKind.TEST: "A test notification from Mulligan League",
}
MAX_ERROR = 500


class TooManyTests(ServiceError):
    status_code = 429
    code = "throttled"


class DeliveryError(Exception):
    """A delivery that failed for good (a 4xx, no address): not retried."""


class TransientDeliveryError(Exception):
    """A delivery that may work later (network, 5xx): retried with backoff."""


@dataclass(frozen=True)
class Recipient:
    user_id: int
    email: str
    settings: NotificationSettings


# -- Settings -------------------------------------------------------------------------------------


def notification_settings_for(user: AbstractBaseUser) -> NotificationSettings:
    """The user's settings, created with the defaults on first use."""
    found, _ = NotificationSettings.objects.get_or_create(user_id=user.pk)
    return found


@transaction.atomic
def notification_settings_update(*, user: AbstractBaseUser, **changes: Any) -> NotificationSettings:
    """Change some switches or the webhook URL; the URL is checked (http or https only)."""
    from django.core.exceptions import ValidationError

    found = NotificationSettings.objects.select_for_update().filter(user_id=user.pk).first()
    found = found or notification_settings_for(user)
    allowed = {f.name for f in NotificationSettings._meta.fields} - {
        "id",
        "user",
        "webhook_secret",
        "updated_at",
    }
    unknown = set(changes) - allowed
    if unknown:
        raise InvalidInput(f"unknown settings: {', '.join(sorted(unknown))}")
    for name, value in changes.items():
        setattr(found, name, value)
    try:
        found.full_clean(exclude=["user"])
    except ValidationError as exc:
        raise InvalidInput("; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())) from None
    found.save()
    return found


@transaction.atomic
def notification_secret_rotate(*, user: AbstractBaseUser) -> NotificationSettings:
    """A new webhook secret; the old one stops verifying at once."""
    found = notification_settings_for(user)
    found.webhook_secret = new_webhook_secret()
    found.save(update_fields=["webhook_secret", "updated_at"])
    return found


def _recipients(competitor_ids: Iterable[int]) -> dict[int, Recipient]:
    """The people among these competitors, by competitor id, with their settings and verified
    address (three queries)."""
    people = list(
        Player.objects.filter(competitor_id__in=set(competitor_ids)).values_list("competitor_id", "user_id")
    )
    if not people:
        return {}
    users = {user for _, user in people}
    stored = {s.user_id: s for s in NotificationSettings.objects.filter(user_id__in=users)}
    # Mail goes only to an address its owner proved to be theirs.
    emails = verified_primary_emails(users)
    return {
        competitor: Recipient(
            user, emails.get(user, ""), stored.get(user) or NotificationSettings(user_id=user)
        )
        for competitor, user in people
    }


# -- Creating notifications -----------------------------------------------------------------------


def _game_url(game_pk: int) -> str:
    return f"{settings.SITE_URL}/games/{game_pk}/"


def _seat_names(game_pks: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    names: dict[int, list[dict[str, Any]]] = {}
    for game_pk, index, name in (
        Seat.objects.filter(game_id__in=set(game_pks))
        .order_by("game_id", "index")
        .values_list("game_id", "index", "competitor__name")
    ):
        names.setdefault(game_pk, []).append({"index": index, "name": name})
    return names


def _game_payload(game: Game, seats: list[dict[str, Any]], deadline: datetime | None) -> dict[str, Any]:
    return {
        "id": game.pk,
        "game": game.game_id,
        "url": _game_url(game.pk),
        "move": game.version,
        "seats": seats,
        "deadline": deadline.isoformat() if deadline else None,
    }


def _outbox(rows: list[Notification]) -> list[Notification]:
    """Store the rows whose event is new for its channel and queue their delivery after the commit.

    Rows whose key is already stored are dropped (the hook ran before); a concurrent writer of the
    same key is stopped by the unique constraint (ignore_conflicts), and delivery claims a row once.
    """
    if not rows:
        return []
    keys = {row.dedupe_key for row in rows}
    seen = set(Notification.objects.filter(dedupe_key__in=keys).values_list("channel", "dedupe_key"))
    fresh, taken = [], set(seen)
    for row in rows:
        if (row.channel, row.dedupe_key) not in taken:
            taken.add((row.channel, row.dedupe_key))
            fresh.append(row)
    if not fresh:
        return []
    Notification.objects.bulk_create(fresh, ignore_conflicts=True)
    created = list(
        Notification.objects.filter(
            dedupe_key__in={row.dedupe_key for row in fresh}, status=NotificationStatus.PENDING, attempts=0
        ).values_list("pk", "channel", "dedupe_key")
    )
    wanted = {(row.channel, row.dedupe_key) for row in fresh}
    pks = [pk for pk, channel, key in created if (channel, key) in wanted]
    notifications_deliver_on_commit(pks)
    return fresh


def _rows_for(
    recipient: Recipient, kind: str, key: str, payload: dict[str, Any], **fields: Any
) -> list[Notification]:
    return [
        Notification(
            user_id=recipient.user_id, kind=kind, channel=channel, dedupe_key=key, payload=payload, **fields
        )
        for channel in CHANNELS
        if recipient.settings.wants(kind, channel)
        and (channel != NotificationChannel.EMAIL or recipient.email)
    ]


def notify_turn(waiting: Sequence[tuple[Game, Sequence[Seat]]]) -> int:
    """It is these people's turn (each game with the seats of the people who must act now, at the
    game's ``version`` and ``turn_deadline``): one notification per seat and turn.

    A seat that made the last move itself is at the table and is not told; nor is a seat that was
    told at an earlier move and has not moved since (others moved around it in a simultaneous
    phase). A fixed number of queries for any number of games.
    Returns the notifications created.
    """
    waiting = [(game, seats) for game, seats in waiting if seats]
    if not waiting:
        return 0
    recipients = _recipients(seat.competitor_id for _, seats in waiting for seat in seats)
    candidates = [
        (game, seat) for game, seats in waiting for seat in seats if seat.competitor_id in recipients
    ]
    if not candidates:
        return 0
    games = {game.pk for game, _ in candidates}
    told = {
        (game_pk, seat): version
        for game_pk, seat, version in Notification.objects.filter(
            game_id__in=games, kind=NotificationKind.TURN
        )
        .values("game_id", "seat")
        .annotate(version=Max("version"))
        .values_list("game_id", "seat", "version")
    }
    earlier = [(game, seat) for game, seat in candidates if (game.pk, seat.index) in told]
    moved: set[tuple[int, int]] = set()
    if earlier:
        since = Q()
        for game, seat in earlier:
            since |= Q(game_id=game.pk, seat=seat.index, number__gt=told[(game.pk, seat.index)])
        moved = set(Move.objects.filter(since).values_list("game_id", "seat"))
    # Whoever made the last move themselves is at the table: their next step is no news.
    last = Q()
    for game in {game.pk: game for game, _ in candidates}.values():
        last |= Q(game_id=game.pk, number=game.version)
    at_table = set(Move.objects.filter(last, auto=False).values_list("game_id", "seat"))
    names = _seat_names(games)
    rows: list[Notification] = []
    for game, seat in candidates:
        if (game.pk, seat.index) in at_table:
            continue
        if (game.pk, seat.index) in told and (game.pk, seat.index) not in moved:
            continue
        payload = {
            "event": NotificationKind.TURN.value,
            "game": _game_payload(game, names.get(game.pk, []), game.turn_deadline),
            "your_seat": seat.index,
        }
        rows += _rows_for(
            recipients[seat.competitor_id],
            NotificationKind.TURN,
            f"turn:{game.pk}:{game.version}:{seat.index}",
            payload,
            game_id=game.pk,
            seat=seat.index,
            version=game.version,
        )
    return len(_outbox(rows))


@transaction.atomic
def turn_notifications_send(*, turns: Sequence[tuple[int, int, Sequence[int]]]) -> int:
    """:func:`notify_turn` for turns enqueued by the moves that began them: each (game id, move
    number, seat indexes). A game that has moved on since (or stopped) is skipped: whoever must act
    at its newer move is told by the turn that move began. Returns the notifications created.
    """
    wanted = {(pk, version): set(seats) for pk, version, seats in turns}
    games = {
        game.pk: game
        for game in Game.objects.filter(pk__in={pk for pk, _ in wanted}, status=GameStatus.RUNNING)
        if (game.pk, game.version) in wanted
    }
    if not games:
        return 0
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=games).order_by("game_id", "index"):
        if seat.index in wanted[(seat.game_id, games[seat.game_id].version)]:
            seats.setdefault(seat.game_id, []).append(seat)
    return notify_turn([(game, seats.get(pk, [])) for pk, game in games.items()])


def notify_deadline_near(game: Game, seat: Seat, deadline: datetime) -> int:
    """The person at ``seat`` has until ``deadline`` to move: warned once per game, move and seat."""
    recipient = _recipients([seat.competitor_id]).get(seat.competitor_id)
    if recipient is None:
        return 0
    payload = {
        "event": NotificationKind.DEADLINE.value,
        "game": _game_payload(game, _seat_names([game.pk]).get(game.pk, []), deadline),
        "your_seat": seat.index,
    }
    rows = _rows_for(
        recipient,
        NotificationKind.DEADLINE,
        f"deadline:{game.pk}:{game.version}:{seat.index}",
        payload,
        game_id=game.pk,
        seat=seat.index,
        version=game.version,
    )
    return len(_outbox(rows))


def notify_round_started(rnd: Round, games: Sequence[Game]) -> int:
    """Round ``rnd`` started with these games: each person seated in them is told once, with
    their games."""
    if not games:
        return 0
    seats = list(Seat.objects.filter(game__in=games).order_by("game_id", "index"))
    recipients = _recipients(seat.competitor_id for seat in seats)
    if not recipients:
        return 0
    names = _seat_names(game.pk for game in games)
    by_pk = {game.pk: game for game in games}
    theirs: dict[int, list[dict[str, Any]]] = {}
    for seat in seats:
        if seat.competitor_id in recipients:
            game = by_pk[seat.game_id]
            entry = _game_payload(game, names.get(game.pk, []), game.turn_deadline) | {
                "your_seat": seat.index
            }
            theirs.setdefault(seat.competitor_id, []).append(entry)
    tournament = rnd.tournament
    rows: list[Notification] = []
    for competitor_id, their_games in theirs.items():
        payload = {
            "event": NotificationKind.ROUND.value,
            "tournament": {"id": tournament.pk, "name": tournament.name},
            "round": rnd.number,
            "games": their_games,
        }
        recipient = recipients[competitor_id]
        rows += _rows_for(recipient, NotificationKind.ROUND, f"round:{rnd.pk}:{recipient.user_id}", payload)
    return len(_outbox(rows))


def notify_test(*, user: AbstractBaseUser, channel: str | None = None) -> list[Notification]:
    """A test message on one channel or every channel the user has set up, through the same outbox."""
    if channel is not None and channel not in CHANNELS:
        raise InvalidInput(f"channel must be one of {', '.join(CHANNELS)}")
    found = notification_settings_for(user)
    mail = mail_state(user)
    usable: dict[str, bool] = {
        NotificationChannel.EMAIL: mail.reachable,
        NotificationChannel.WEBHOOK: bool(found.webhook_url),
    }
    channels = [channel] if channel else [c for c in CHANNELS if usable[c]]
    for chosen in channels:
        if not usable[chosen]:
            what = mail.reason if chosen == "email" else "no webhook URL is set"
            raise InvalidInput(f"cannot test {chosen}: {what}")
    if not channels:
        if mail.address:
            raise InvalidInput(f"nothing to test: {mail.reason}, and no webhook URL is set")
        raise InvalidInput("nothing to test: set an e-mail address or a webhook URL first")
    recent = Notification.objects.filter(
        user_id=user.pk, kind=NotificationKind.TEST, created_at__gt=timezone.now() - timedelta(hours=1)
    ).values("dedupe_key")
    if recent.distinct().count() >= settings.NOTIFY_TESTS_PER_HOUR:
        raise TooManyTests(f"at most {settings.NOTIFY_TESTS_PER_HOUR} tests an hour; try again later")
    key = f"test:{user.pk}:{uuid.uuid4().hex}"
    payload = {"event": NotificationKind.TEST.value, "user": user.get_username()}
    rows = [
        Notification(user_id=user.pk, kind=NotificationKind.TEST, channel=c, dedupe_key=key, payload=payload)
        for c in channels
    ]
    _outbox(rows)
    return list(Notification.objects.filter(dedupe_key=key).order_by("channel"))


# -- Delivering -----------------------------------------------------------------------------------


def notification_deliver(*, notification_pk: int, final_attempt: bool = False) -> str:
    """Send one notification if it is still pending: ``sent``, ``failed``, ``skipped``; raises
    :class:`TransientDeliveryError` (after recording it) when a later attempt may work, unless this
    was the ``final_attempt``, which then records the failure."""
    retry: TransientDeliveryError | None = None
    with transaction.atomic():
        row = Notification.objects.select_for_update().filter(pk=notification_pk).first()
        if row is None or row.status != NotificationStatus.PENDING:
            return "skipped"
        row.attempts += 1
        try:
            _send(row)
        except DeliveryError as exc:
            row.status, row.last_error = NotificationStatus.FAILED, str(exc)[:MAX_ERROR]
        except TransientDeliveryError as exc:
            row.last_error = str(exc)[:MAX_ERROR]
            if final_attempt:
                row.status = NotificationStatus.FAILED
            else:
                retry = exc
        else:
            row.status, row.sent_at, row.last_error = NotificationStatus.SENT, timezone.now(), ""
        row.save(update_fields=["attempts", "status", "last_error", "sent_at"])
    if retry is not None:
        raise retry
    return str(row.status)


def _send(row: Notification) -> None:
    if row.channel == NotificationChannel.EMAIL:
        _send_email(row)
    else:
        found = NotificationSettings.objects.filter(user_id=row.user_id).first()
        if found is None or not found.webhook_url:
            raise DeliveryError("no webhook URL is set")
        webhook_post(found.webhook_url, found.webhook_secret, row.kind, row.payload)


def _send_email(row: Notification) -> None:
    # Looked up again at delivery: the address may have been removed or replaced since.
    email = verified_primary_emails([row.user_id]).get(row.user_id)
    if not email:
        raise DeliveryError("the user has no verified e-mail address")
    subject, body = email_text(row.kind, row.payload)
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [email])
    except OSError as exc:  # smtplib's errors are OSErrors too
        raise TransientDeliveryError(f"e-mail: {exc}") from exc


def email_text(kind: str, payload: dict[str, Any]) -> tuple[str, str]:
    """Subject and plain-text body of an e-mail, from the stored payload."""
    game = payload.get("game") or {}
    subject = SUBJECTS[NotificationKind(kind)].format(
        game=game.get("id"),
        round=payload.get("round"),
        tournament=(payload.get("tournament") or {}).get("name"),
    )
    lines = [subject + "."]
    games = [game] if game else payload.get("games", [])
    for entry in games:
        seats = ", ".join(f"{s['index']}: {s['name']}" for s in entry.get("seats", []))
        lines += ["", f"Game {entry['id']} ({entry['game']}), seats {seats}."]
        if "your_seat" in payload or "your_seat" in entry:
            lines.append(f"You play seat {payload.get('your_seat', entry.get('your_seat'))}.")
        if entry.get("deadline"):
            lines.append(f"Move before {entry['deadline']}.")
        lines.append(entry["url"])
    lines += ["", f"Turn these messages off at {settings.SITE_URL}/settings/"]
    return subject, "\n".join(lines)


def webhook_signature(secret: str, timestamp: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 3xx comes back as an HTTPError: the receiver must answer itself


_opener = urllib.request.build_opener(_NoRedirects)


def webhook_post(url: str, secret: str, event: str, payload: dict[str, Any]) -> None:
    _refuse_private(url)
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    timestamp = str(int(time.time()))
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "mulligan-league-webhook/1",
            "X-Mulligan-Event": event,
            "X-Mulligan-Timestamp": timestamp,
            "X-Mulligan-Signature": webhook_signature(secret, timestamp, body),
        },
    )
    try:
        with _opener.open(request, timeout=settings.NOTIFY_WEBHOOK_TIMEOUT) as response:
            response.read(1024)
    except urllib.error.HTTPError as exc:
        message = f"webhook answered {exc.code} {exc.reason}"
        if exc.code >= 500 or exc.code == 429:
            raise TransientDeliveryError(message) from None
        raise DeliveryError(message) from None
    except (urllib.error.URLError, OSError) as exc:
        raise TransientDeliveryError(f"webhook unreachable: {getattr(exc, 'reason', exc)}") from None


def _refuse_private(url: str) -> None:
    """No webhooks into our own network (unless settings allow it); checked at every delivery."""
    if settings.NOTIFY_WEBHOOK_ALLOW_PRIVATE:
        return
    host = urlsplit(url).hostname or ""
    try:
        # An IPv4 or IPv6 sockaddr starts with the address as text; typeshed also allows the
        # (family, bytes) that only a family this Python was built without would give.
        addresses = {cast(str, info[4][0]) for info in socket.getaddrinfo(host, None)}
    except OSError as exc:
        raise TransientDeliveryError(f"webhook host {host!r} not found: {exc}") from None
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if not is_public_address(ip):
            raise DeliveryError(
                f"webhook host {host!r} is a private address ({ip}); the server setting "
                "NOTIFY_WEBHOOK_ALLOW_PRIVATE=true allows private addresses, for development"
            )


# -- The deadline sweep ---------------------------------------------------------------------------


def deadline_warnings_send(*, now: datetime | None = None, limit: int = 500) -> int:
    """Warn each person whose move time is nearly up (less than ``NOTIFY_DEADLINE_WARNING`` of the
    competition's move time limit left), once per game, move and seat (the ``warn_deadlines`` beat
    task). Each seat's own deadline counts (vacations included). Returns the notifications created.
    """
    now = now or timezone.now()
    fraction = settings.NOTIFY_DEADLINE_WARNING
    longest = max(
        [default_rules().move_time_limit]
        + [
            limit
            for limit in (
                Tournament.objects.aggregate(m=Max("move_time_limit"))["m"],
                League.objects.aggregate(m=Max("move_time_limit"))["m"],
                Game.objects.filter(status=GameStatus.RUNNING).aggregate(m=Max("move_time_limit"))["m"],
            )
            if limit is not None
        ]
    )
    near = list(
        Game.objects.filter(
            status=GameStatus.RUNNING,
            turn_deadline__gt=now,
            turn_deadline__lte=now + longest * fraction,
            seats__competitor__player__isnull=False,
        )
        .distinct()
        .order_by("turn_deadline", "pk")[:limit]
    )
    near = [game for game in near if game.deadline_version == game.version]
    if not near:
        return 0
    warned = set(
        Notification.objects.filter(
            kind=NotificationKind.DEADLINE, game__in=near, version__in={g.version for g in near}
        ).values_list("game_id", "version")
    )
    rules = deadline_rules_for([game.pk for game in near])
    created = 0
    for game in near:
        if (game.pk, game.version) in warned:
            continue  # told already at this move (a seat of several acting at once may be left: rare)
        seats = list(game.seats.all())
        acting = people_to_act(seats, game_state(game).to_act(), bot_competitors(seats))
        window = rules[game.pk].move_time_limit * fraction
        deadlines = seat_deadlines(acting, turn_started(game), rules[game.pk])
        for seat in acting:
            if now < deadlines[seat.index] <= now + window:
                created += notify_deadline_near(game, seat, deadlines[seat.index])
    return created


def notifications_requeue_stale(*, older_than_seconds: float = 600, limit: int = 500) -> int:
    """Queue again the pending notifications that were never tried (their enqueue was lost)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    pks = list(
        Notification.objects.filter(status=NotificationStatus.PENDING, attempts=0, created_at__lt=cutoff)
        .order_by("pk")
        .values_list("pk", flat=True)[:limit]
    )
    notifications_deliver_on_commit(pks)
    return len(pks)
