"""Playing the seats of submitted bots (uploaded programs, HTTP bots) in a game.

Unlike built-in bots (games.services.games, played in batches under row locks), a submitted bot
may take seconds to answer, or never answer: it is asked with **no transaction open**. Each step of
:func:`game_play_remote` is

1. a short read: the game, its seats and stored moves, rebuilt into a state (kept in memory between
   steps while nobody else moves);
2. the built-in bots' moves, in memory, until a submitted bot or a person must act; the submitted
   bot is asked through :func:`engine.bots.referee.ask`, on its clock, outside any transaction;
3. a short write with the game row locked and its ``version`` checked unchanged: the moves, or the
   fault (a :class:`~games.models.BotFault` row with the bot's stderr tail) and what the
   competition's policy makes of it: a default move (``auto``) and a strike, a forfeit, or at
   ``bot_max_strikes`` strikes in the competition a disqualification (the game is forfeited and the
   tournament entry dropped, the league entry deactivated). A changed version means another worker
   or a person moved first: this call stops, and whoever moved enqueued the bots again.

One :class:`~engine.bots.protocol.RemoteBot` per submitted seat stays open for the whole call, so a
program bot is one process for a whole bots-only game; all are closed when the call ends.

**The clock** (per-move time plus a bank for the game) lives as long as the call, and its bank is
also kept in Django's cache under the game and seat, so a later call of the same game (after a
person's move, or a redelivered task) continues with what was left. With a cache shared by the
workers (``CACHE_URL``, Redis in production) that holds across workers; with the local-memory
default a call on another worker starts with a full bank: only the bank is at stake, never a move.

Program bots run only in the sandbox (engine.bots.program / engine.bots.sandbox). Where the worker
cannot set it up, the bot is not run at all: each decision is an "unavailable" fault, logged, and
the policy ends the game (a forfeit, or default moves until the strikes run out).
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from engine import EngineError, IllegalAction
from engine.bots import make_bot
from engine.bots.protocol import BotFault as EngineBotFault
from engine.bots.protocol import FaultKind, RemoteBot, end_message
from engine.bots.referee import Clock, Decision, FaultPolicy, ask, default_action
from engine.core import JSON, Action
from engine.play import BotRunner
from games.models import (
    Bot,
    BotFault,
    BotKind,
    BotVersion,
    Game,
    GameStatus,
    LeagueGame,
    MatchGame,
    Seat,
)
from games.selectors.deadlines import bot_competitors
from games.selectors.games import SUBMITTED_KINDS
from games.services.bot_validation import validation_conclude
from games.services.competitions import tournament_drop
from games.services.errors import Conflict, NotFound
from games.services.game_flow import (
    NewMove,
    ending_forfeit,
    ending_played,
    games_end,
    moves_append,
    turns_begin,
)
from games.services.leagues import league_leave

logger = logging.getLogger(__name__)

# Built-in moves computed ahead of one submitted decision are stored with it; a long run of them
# (a bots-only stretch without submitted seats to act) is stored in chunks of this many.
BUILTIN_MOVES_PER_STEP = 200
CLOCK_CACHE_SECONDS = 7 * 24 * 3600


# -- Rules ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RemoteRules:
    """The submitted bots' clock and fault policy in one game, and where strikes are counted."""

    move_time_ms: int
    bank_ms: int
    policy: FaultPolicy
    max_strikes: int
    tournament_pk: int | None = None
    league_pk: int | None = None
    validation: bool = False


def remote_rules_for(game_pk: int) -> RemoteRules:
    """From the game's tournament (MatchGame), its league (LeagueGame), or the settings; a
    validation game forfeits at the first fault (a version that faults has failed)."""
    fields = ("bot_move_time_ms", "bot_time_bank_ms", "bot_fault_policy", "bot_max_strikes")
    in_match = (
        MatchGame.objects.filter(game_id=game_pk)
        .values_list(*(f"match__round__tournament__{f}" for f in fields), "match__round__tournament_id")
        .first()
    )
    if in_match is not None:
        *values, tournament_pk = in_match
        return _rules(*values, tournament_pk=tournament_pk)
    in_league = (
        LeagueGame.objects.filter(game_id=game_pk)
        .values_list(*(f"league__{f}" for f in fields), "league_id")
        .first()
    )
    if in_league is not None:
        *values, league_pk = in_league
        return _rules(*values, league_pk=league_pk)
    validation = BotVersion.objects.filter(validation_game_id=game_pk).exists()
    return _rules(
        settings.BOT_MOVE_TIME_MS,
        settings.BOT_TIME_BANK_MS,
        FaultPolicy.FORFEIT if validation else settings.BOT_FAULT_POLICY,
        settings.BOT_MAX_STRIKES,
        validation=validation,
    )


def _rules(move_ms: int, bank_ms: int, policy: str, strikes: int, **where: Any) -> RemoteRules:
    return RemoteRules(int(move_ms), int(bank_ms), FaultPolicy(policy), max(1, int(strikes)), **where)


# -- Opening the bots -----------------------------------------------------------------------------


class WorkerCannotSandbox(Exception):
    """This worker cannot isolate program bots (no bubblewrap, no user namespaces): the operator's
    problem, not the bot's. Nothing is stored and no fault is charged; the task is retried later,
    when this or another worker of the sandbox queue may be able to run it."""


class UnavailableBot:
    """Stands in for a bot that cannot be run (no sandbox, a broken upload, no version): every
    decision is an "unavailable" fault, so the policy ends its game instead of retrying forever."""

    def __init__(self, message: str) -> None:
        self.message = message

    def decide(self, message: JSON, timeout_s: float) -> Any:
        raise EngineBotFault(FaultKind.UNAVAILABLE, self.message)

    def game_over(self, message: JSON) -> None:
        pass

    def close(self) -> None:
        pass

    @property
    def stderr_tail(self) -> str:
        return ""


def sandbox_unavailable() -> type[Exception]:
    from engine.bots.sandbox import SandboxUnavailable

    return SandboxUnavailable


def open_remote_bot(bot: Bot, version: BotVersion | None) -> RemoteBot:
    """A running bot for ``version`` of ``bot`` (an :class:`UnavailableBot` where it cannot run)."""
    if version is None:
        return UnavailableBot(f"bot {bot.competitor.name!r} has no active version")
    try:
        if bot.kind == BotKind.HTTP:
            from engine.bots.http import HttpBot

            return HttpBot(version.url, allow_private=settings.BOT_HTTP_ALLOW_PRIVATE)
        return _open_program(version)
    except (EngineError, OSError) as exc:  # a bad upload or URL, no sandbox, the cache unwritable
        logger.error("bot %s version %s cannot run: %s", bot.pk, version.number, exc)
        return UnavailableBot(str(exc))


def _open_program(version: BotVersion) -> RemoteBot:
    from engine.bots import program, sandbox

    available, reason = sandbox.sandbox_available()
    if not available:
        # Never unconfined, and not the bot's fault: the game waits for a worker that can sandbox.
        logger.error(
            "cannot sandbox program bots on this worker (%s); bot version %s not run", reason, version.pk
        )
        raise WorkerCannotSandbox(f"this worker cannot sandbox program bots ({reason})")
    workdir = _unpacked(version)
    command = list(version.entry_command or program.default_command(version.filename))
    limits = sandbox.Limits(**settings.BOT_SANDBOX_LIMITS) if settings.BOT_SANDBOX_LIMITS else None
    return program.ProgramBot(command, workdir, limits=limits)


def _unpacked(version: BotVersion) -> Path:
    """The version's upload unpacked in the worker's cache (once per host; keyed by its SHA-256)."""
    from engine.bots.program import unpack
    from engine.bots.sandbox import make_readable

    content = BotVersion.objects.filter(pk=version.pk).values_list("content", flat=True).first()
    if content is None:
        raise EngineError(f"version {version.number} has no uploaded program")
    data = bytes(content)
    digest = hashlib.sha256(data).hexdigest()
    if version.sha256 and version.sha256 != digest:
        raise EngineError(f"version {version.number}'s stored program does not match its SHA-256")
    root = Path(settings.BOT_CACHE_DIR)
    target = root / digest
    if target.is_dir():
        return target
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{digest[:12]}-", dir=root))
    try:
        unpack(data, version.filename, staging)
        make_readable(staging)  # the sandbox runs it under an unprivileged uid
        staging.rename(target)  # atomic; another worker that got there first is as good
    except OSError:
        if not target.is_dir():
            raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


# -- Playing --------------------------------------------------------------------------------------


@dataclass
class _SeatInfo:
    index: int
    competitor_id: int
    bot: Bot | None  # None: a person
    version_id: int | None = None

    @property
    def submitted(self) -> bool:
        return self.bot is not None and self.bot.kind in SUBMITTED_KINDS


@dataclass
class _Session:
    """What one call keeps between its steps: the open bots, their clocks, the game in memory."""

    game_pk: int
    rules: RemoteRules
    seats: list[_SeatInfo] = field(default_factory=list)
    bots: dict[int, RemoteBot] = field(default_factory=dict)
    clocks: dict[int, Clock] = field(default_factory=dict)
    runner: BotRunner | None = None
    version: int = -1
    game: Game | None = None
    pinned: bool = False

    def remote(self, seat: _SeatInfo) -> RemoteBot:
        if seat.index not in self.bots:
            assert seat.bot is not None
            versions = BotVersion.objects.defer("content")  # read (once per host) when unpacked
            version = versions.filter(pk=seat.version_id).first() if seat.version_id else None
            self.bots[seat.index] = open_remote_bot(seat.bot, version)
        return self.bots[seat.index]

    def clock(self, seat: int) -> Clock:
        if seat not in self.clocks:
            bank = cache.get(self.clock_key(seat))
            self.clocks[seat] = Clock(self.rules.move_time_ms, self.rules.bank_ms if bank is None else bank)
        return self.clocks[seat]

    def clock_key(self, seat: int) -> str:
        # The creation time too: a recreated database (tests, a restore) reuses game ids.
        assert self.game is not None
        return f"remote-play:bank:{self.game_pk}:{self.game.created_at.timestamp()}:{seat}"

    def close(self) -> None:
        for bot in self.bots.values():
            try:
                bot.close()
            except Exception:  # one bot that fails to close must not keep the others running
                logger.exception("closing a bot of game %s", self.game_pk)


@dataclass
class _Fault:
    seat: _SeatInfo
    error: EngineBotFault
    move_number: int
    default: Action


def game_play_remote(*, game_pk: int) -> int:
    """Play the bot seats of a game with submitted bots until a person must act or it ends; returns
    the moves stored. Never holds a transaction or a row lock while a bot is thinking. Idempotent: a
    finished game is left alone, and of two calls on one game, one stores each step and the other
    stops at the version check. A missing game raises :class:`NotFound`."""
    if not Game.objects.filter(pk=game_pk).exists():
        raise NotFound(f"no game {game_pk}")
    session = _Session(game_pk, remote_rules_for(game_pk))
    played = 0
    try:
        while True:
            if not _load(session):
                break
            assert session.runner is not None
            state = session.runner.state
            moves = session.runner.run(max_moves=BUILTIN_MOVES_PER_STEP)
            fault: _Fault | None = None
            # The built-in moves before a submitted bot's turn are stored with its decision.
            full = len(moves) >= BUILTIN_MOVES_PER_STEP
            seat = None if state.is_over or full else _submitted_to_act(session, state.to_act())
            if seat is not None:
                decision = _ask(session, seat, state, move_number=session.version + len(moves))
                if decision.fault is not None:
                    fault = _Fault(
                        seat, decision.fault, session.version + len(moves), default_action(state, seat.index)
                    )
                else:
                    assert decision.action is not None
                    if decision.say is not None:
                        talk = {"type": "say", "text": decision.say}
                        try:
                            state.apply(seat.index, talk)
                            moves.append((seat.index, talk))
                        except IllegalAction:  # talk the game refuses is dropped; the move stands
                            pass
                    state.apply(seat.index, decision.action)
                    moves.append((seat.index, decision.action))
            if not moves and fault is None:
                break  # a person must act: their deadline is running
            stored, going_on = _store(session, moves, fault)
            played += stored
            if not going_on:
                break
        _tell_game_over(session)
    finally:
        session.close()
    return played


def _load(session: _Session) -> bool:
    """Bring the session's game up to date; False when there is nothing (more) to play."""
    with transaction.atomic():
        game = Game.objects.filter(pk=session.game_pk).first()
        if game is None or game.status != GameStatus.RUNNING:
            session.game = game
            return False
        if not session.seats:
            session.seats = _seat_infos(game)
        if session.runner is not None and game.version == session.version:
            session.game = game
            return True
        history = list(
            game.moves.filter(number__lte=game.version).order_by("number").values_list("seat", "action")
        )
    bots = [
        make_bot(game.game_id, s.bot.engine_bot) if s.bot is not None and not s.submitted else None
        for s in session.seats
    ]
    runner = BotRunner(game.game_id, game.config, game.seed, bots)
    runner.replay(history)
    session.runner, session.version, session.game = runner, game.version, game
    return not runner.state.is_over


def _seat_infos(game: Game) -> list[_SeatInfo]:
    seats = []
    for seat in game.seats.select_related("competitor__bot__competitor", "competitor__bot").order_by("index"):
        bot = getattr(seat.competitor, "bot", None)
        info = _SeatInfo(seat.index, seat.competitor_id, bot)
        if info.submitted:
            assert bot is not None
            info.version_id = seat.bot_version_id or bot.active_version_id
        seats.append(info)
    return seats


def _submitted_to_act(session: _Session, to_act: Sequence[int]) -> _SeatInfo | None:
    for index in to_act:
        if session.seats[index].submitted:
            return session.seats[index]
    return None


def _ask(session: _Session, seat: _SeatInfo, state: Any, *, move_number: int) -> Decision:
    """One decision of a submitted bot, outside any transaction (the caller holds none)."""
    assert session.game is not None
    clock = session.clock(seat.index)
    bot = session.remote(seat)
    try:
        decision = ask(bot, state, seat.index, clock, game_id=session.game.game_id, move_number=move_number)
    except sandbox_unavailable() as exc:
        bot.close()
        raise WorkerCannotSandbox(str(exc)) from exc
    except EngineError as exc:  # the program could not start (its files, its command): the bot's
        logger.error("bot of seat %s in game %s cannot run: %s", seat.index, session.game_pk, exc)
        fault = exc if isinstance(exc, EngineBotFault) else EngineBotFault(FaultKind.UNAVAILABLE, str(exc))
        session.bots[seat.index] = UnavailableBot(fault.message)
        bot.close()
        decision = Decision(seat.index, None, fault=fault)
    cache.set(session.clock_key(seat.index), clock.bank_ms, CLOCK_CACHE_SECONDS)
    return decision


def _store(session: _Session, moves: list[tuple[int, Action]], fault: _Fault | None) -> tuple[int, bool]:
    """Store a step under the game's row lock; (moves stored, whether to go on)."""
    assert session.runner is not None
    state = session.runner.state
    disqualify: _SeatInfo | None = None
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=session.game_pk).first()
        if game is None or game.status != GameStatus.RUNNING or game.version != session.version:
            session.runner = None  # someone else moved (or ended the game): they carry on
            return 0, False
        now = timezone.now()
        if not session.pinned:
            _pin_versions(session)
            session.pinned = True
        forfeit_by: _SeatInfo | None = None
        auto: set[int] = set()
        if fault is not None:
            consequence = _consequence(session, fault)
            _record_fault(session, fault, consequence)
            if consequence == "default_move":
                state.apply(fault.seat.index, fault.default)
                moves.append((fault.seat.index, fault.default))
                auto.add(len(moves) - 1)
            else:
                forfeit_by = fault.seat
                if consequence == "disqualified":
                    disqualify = fault.seat
        moves_append(
            [(game, [NewMove(seat, action, auto=i in auto) for i, (seat, action) in enumerate(moves)])],
            now=now,
        )
        session.version = game.version
        seats = list(game.seats.order_by("index"))
        if forfeit_by is not None:
            assert fault is not None
            details = {
                "reason": "bot_fault",
                "forfeited": [forfeit_by.index],
                "fault": fault.error.kind.value,
                "message": fault.error.message,
            }
            ending = ending_forfeit([seat.index for seat in seats], [forfeit_by.index], details)
            games_end([(game, seats, ending)], now=now)
        elif state.is_over:
            games_end([(game, seats, ending_played(state))], now=now)
        else:
            turns_begin([(game, seats, state.to_act())], bot_competitors=bot_competitors(seats), now=now)
        ended = game.status != GameStatus.RUNNING
        if ended and session.rules.validation:
            validation_conclude(game=game)
        session.game = game
    if disqualify is not None:
        _disqualify(session, disqualify)
    return len(moves), not ended


def _pin_versions(session: _Session) -> None:
    """A submitted seat plays one version for the whole game, whatever is activated meanwhile."""
    for seat in session.seats:
        if seat.submitted and seat.version_id is not None:
            Seat.objects.filter(game_id=session.game_pk, index=seat.index, bot_version__isnull=True).update(
                bot_version_id=seat.version_id
            )


def _strikes(session: _Session, bot_pk: int) -> int:
    """The bot's faults so far where strikes count: its tournament, its league, or this game."""
    rules = session.rules
    faults = BotFault.objects.filter(bot_id=bot_pk)
    if rules.tournament_pk is not None:
        games = MatchGame.objects.filter(match__round__tournament_id=rules.tournament_pk).values("game_id")
        return faults.filter(game_id__in=games).count()
    if rules.league_pk is not None:
        league_games = LeagueGame.objects.filter(league_id=rules.league_pk).values("game_id")
        return faults.filter(game_id__in=league_games).count()
    return faults.filter(game_id=session.game_pk).count()


def _consequence(session: _Session, fault: _Fault) -> str:
    if session.rules.policy == FaultPolicy.FORFEIT:
        return "forfeit"
    assert fault.seat.bot is not None
    if _strikes(session, fault.seat.bot.pk) + 1 < session.rules.max_strikes:
        return "default_move"
    in_competition = session.rules.tournament_pk is not None or session.rules.league_pk is not None
    return "disqualified" if in_competition else "forfeit"


def _record_fault(session: _Session, fault: _Fault, consequence: str) -> None:
    bot = fault.seat.bot
    assert bot is not None
    error = fault.error
    tail = error.stderr_tail or session.bots.get(fault.seat.index, UnavailableBot("")).stderr_tail
    BotFault.objects.create(
        bot=bot,
        version_id=fault.seat.version_id,
        game_id=session.game_pk,
        seat=fault.seat.index,
        move_number=fault.move_number,
        kind=error.kind.value,
        message=error.message,
        stderr_tail=tail[-4000:],
        consequence=consequence,
    )
    logger.info(
        "bot %s (seat %s, game %s) %s: %s -> %s",
        bot.pk,
        fault.seat.index,
        session.game_pk,
        error.kind.value,
        error.message,
        consequence,
    )


def _disqualify(session: _Session, seat: _SeatInfo) -> None:
    """Out of the competition (after the game's own transaction: the competition's row lock is
    taken on its own, never while the game row is held)."""
    assert seat.bot is not None
    competitor = seat.bot.competitor
    try:
        if session.rules.tournament_pk is not None:
            tournament_drop(tournament_pk=session.rules.tournament_pk, competitor=competitor)
        elif session.rules.league_pk is not None:
            league_leave(league_pk=session.rules.league_pk, competitor=competitor)
    except (Conflict, NotFound) as exc:  # dropped already (another game's fault), or the competition ended
        logger.info("disqualifying bot %s: %s", seat.bot.pk, exc)
    else:
        logger.warning("bot %s disqualified from game %s's competition", seat.bot.pk, session.game_pk)


def _tell_game_over(session: _Session) -> None:
    """Best effort: the open bots hear the final outcome (their observation of the end)."""
    game, runner = session.game, session.runner
    if game is None or game.status == GameStatus.RUNNING or not session.bots or runner is None:
        return
    outcome = game.outcome or {}
    for index, bot in session.bots.items():
        try:
            observation = runner.state.observe(index)
        except EngineError:
            observation = {}
        bot.game_over(
            end_message(
                game_id=game.game_id,
                seat=index,
                move_number=game.version,
                observation=observation,
                outcome=outcome,
            )
        )


__all__ = [
    "RemoteRules",
    "UnavailableBot",
    "WorkerCannotSandbox",
    "game_play_remote",
    "open_remote_bot",
    "remote_rules_for",
]
