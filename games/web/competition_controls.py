"""What the person looking at a tournament or league page may do there: which buttons they see.

Showing a button decides nothing: each posts to a view that calls the service the API calls, and the
service refuses what it must. These rules only keep buttons off the page that would be refused
anyway (who may act for which entrant is :func:`games.services.entrants.may_act_for_bot`'s rule;
which state may follow which is :data:`games.models.TRANSITIONS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games.models import (
    TRANSITIONS,
    Bot,
    BotKind,
    CompetitionState,
    EntrantKinds,
    Entry,
    League,
    LeagueEntry,
    Player,
    Tournament,
)
from games.selectors.entrants import bots_to_offer, is_organiser, viewer_player
from games.services.bot_eligibility import check_may_compete
from games.services.errors import InvalidInput

User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class Transition:
    """An organiser's button: the route it posts to, its words, and what it does."""

    route: str
    label: str
    note: str
    danger: bool = False


@dataclass
class Controls:
    signed_in: bool = False
    organiser: bool = False
    own_entry: Any = None
    can_join: bool = False
    can_leave: bool = False
    can_drop: bool = False
    bots: list[Bot] = field(default_factory=list)
    # Bots of theirs that may not compete yet, each with the service's reason.
    bots_held_back: list[tuple[Bot, str]] = field(default_factory=list)
    # entry pk -> the button on its row: "withdraw", "drop" or "remove".
    entry_actions: dict[int, str] = field(default_factory=dict)
    transitions: list[Transition] = field(default_factory=list)
    entry_closed: str = ""


def _may_act_for(entry: Entry | LeagueEntry, player: Player, *, organiser: bool, is_staff: bool) -> bool:
    if organiser or entry.competitor_id == player.competitor_id:
        return True
    bot: Bot | None = getattr(entry.competitor, "bot", None)
    if bot is None:
        return False
    if bot.owner_id is not None:
        return bool(bot.owner_id == player.pk)
    return bot.kind == BotKind.BUILTIN and is_staff


def _offer_bots(
    controls: Controls, competition: Tournament | League, player: Player, is_staff: bool, entered: set[int]
) -> None:
    for bot in bots_to_offer(competition, player, is_staff=is_staff, entered=entered):
        try:
            check_may_compete(bot)
        except InvalidInput as refusal:
            controls.bots_held_back.append((bot, refusal.message))
        else:
            controls.bots.append(bot)


def _entry_words(competition: Tournament | League, noun: str, late_entries: bool) -> str:
    """Why nobody may enter now, or "" while entry is open."""
    state = competition.state
    if state == CompetitionState.DRAFT:
        return f"Entry opens when the organiser opens registration for this {noun}."
    if state == CompetitionState.RUNNING and not late_entries:
        return f"This {noun} is running and takes no late entries."
    if state in (CompetitionState.FINISHED, CompetitionState.CANCELLED):
        return f"Entry is closed: this {noun} is {competition.get_state_display()}."
    return ""


def _enter_controls(
    controls: Controls,
    competition: Tournament | League,
    player: Player,
    *,
    is_staff: bool,
    open_for_entry: bool,
    entered: set[int],
) -> None:
    if not open_for_entry:
        return
    controls.can_join = controls.own_entry is None and competition.entrants != EntrantKinds.BOTS
    if competition.entrants != EntrantKinds.PEOPLE:
        _offer_bots(controls, competition, player, is_staff, entered)


def tournament_controls(user: User, tournament: Tournament, entries: Sequence[Entry]) -> Controls:
    player = viewer_player(user)
    if player is None:
        return Controls(entry_closed=_entry_words(tournament, "tournament", tournament.late_entries))
    is_staff = bool(getattr(user, "is_staff", False))
    organiser = is_organiser(tournament, player)
    state = tournament.state
    controls = Controls(
        signed_in=True,
        organiser=organiser,
        own_entry=next((e for e in entries if e.competitor_id == player.competitor_id), None),
        entry_closed=_entry_words(tournament, "tournament", tournament.late_entries),
    )
    open_for_entry = state == CompetitionState.REGISTRATION or (
        state == CompetitionState.RUNNING and tournament.late_entries
    )
    entered = {e.competitor_id for e in entries}
    _enter_controls(
        controls, tournament, player, is_staff=is_staff, open_for_entry=open_for_entry, entered=entered
    )
    own = controls.own_entry
    controls.can_leave = own is not None and state == CompetitionState.REGISTRATION
    controls.can_drop = own is not None and state == CompetitionState.RUNNING and not own.dropped
    action = {CompetitionState.REGISTRATION: "withdraw", CompetitionState.RUNNING: "drop"}.get(
        CompetitionState(state)
    )
    if action is not None:
        controls.entry_actions = {
            e.pk: action
            for e in entries
            if e is not own
            and not (action == "drop" and e.dropped)
            and _may_act_for(e, player, organiser=organiser, is_staff=is_staff)
        }
    if organiser:
        controls.transitions = _tournament_transitions(state)
    return controls


def _tournament_transitions(state: str) -> list[Transition]:
    allowed = TRANSITIONS[state]
    found = []
    if CompetitionState.REGISTRATION in allowed:
        found.append(
            Transition("tournament-open", "Open registration", "People and bots may enter from now.")
        )
    if CompetitionState.RUNNING in allowed:
        found.append(
            Transition(
                "tournament-start",
                "Start the tournament",
                "Seeds the entrants and pairs round 1; bots start playing at once. Entry closes "
                "(but for a Swiss with late entries).",
            )
        )
    if CompetitionState.CANCELLED in allowed:
        found.append(
            Transition(
                "tournament-cancel",
                "Cancel the tournament",
                "Running games are aborted. This cannot be undone.",
                danger=True,
            )
        )
    return found


def league_controls(user: User, league: League, ladder: Sequence[LeagueEntry]) -> Controls:
    player = viewer_player(user)
    if player is None:
        return Controls(entry_closed=_entry_words(league, "league", True))
    is_staff = bool(getattr(user, "is_staff", False))
    organiser = is_organiser(league, player)
    state = league.state
    controls = Controls(
        signed_in=True,
        organiser=organiser,
        own_entry=next((e for e in ladder if e.competitor_id == player.competitor_id), None),
        entry_closed=_entry_words(league, "league", True),
    )
    open_for_entry = state in (CompetitionState.REGISTRATION, CompetitionState.RUNNING)
    entered = {e.competitor_id for e in ladder}
    _enter_controls(
        controls, league, player, is_staff=is_staff, open_for_entry=open_for_entry, entered=entered
    )
    controls.can_leave = controls.own_entry is not None and open_for_entry
    if open_for_entry:
        controls.entry_actions = {
            e.pk: "remove"
            for e in ladder
            if e is not controls.own_entry and _may_act_for(e, player, organiser=organiser, is_staff=is_staff)
        }
    if organiser:
        controls.transitions = _league_transitions(state)
    return controls


def _league_transitions(state: str) -> list[Transition]:
    allowed = TRANSITIONS[state]
    found = []
    if CompetitionState.REGISTRATION in allowed:
        found.append(Transition("league-open", "Open registration", "People and bots may enter from now."))
    if CompetitionState.RUNNING in allowed:
        found.append(
            Transition(
                "league-start",
                "Start the league",
                "Opens the first season of the ladder; its bots are matched from now.",
            )
        )
    if state == CompetitionState.RUNNING:
        found.append(
            Transition(
                "league-next-season",
                "Start the next season",
                "Closes this season with its final ladder and opens the next.",
            )
        )
    if CompetitionState.FINISHED in allowed:
        found.append(
            Transition(
                "league-finish",
                "Finish the league",
                "No new games; games still running are played out and rated.",
            )
        )
    if CompetitionState.CANCELLED in allowed:
        found.append(
            Transition(
                "league-cancel",
                "Cancel the league",
                "Running games are aborted, unrated. This cannot be undone.",
                danger=True,
            )
        )
    return found
