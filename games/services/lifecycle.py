"""The state machine tournaments and leagues share: legal moves, the words for refusals, who may act."""

from __future__ import annotations

from typing import Protocol

from django.contrib.auth.models import User

from games.models import TRANSITIONS, CompetitionState
from games.services.errors import Conflict, NotOrganiser
from games.services.players import player_for_user

_VERBS = {
    CompetitionState.DRAFT: "move back to draft",
    CompetitionState.REGISTRATION: "open registration for",
    CompetitionState.RUNNING: "start",
    CompetitionState.FINISHED: "finish",
    CompetitionState.CANCELLED: "cancel",
}
_STATE_PHRASES = {
    CompetitionState.DRAFT: "in draft",
    CompetitionState.REGISTRATION: "open for registration",
    CompetitionState.RUNNING: "running",
    CompetitionState.FINISHED: "finished",
    CompetitionState.CANCELLED: "cancelled",
}


class Competition(Protocol):
    name: str
    state: str
    organiser_id: int | None


def in_state(competition: Competition) -> str:
    """``"open for registration"``: the state in words, for error messages."""
    return _STATE_PHRASES[CompetitionState(competition.state)]


def transition(competition: Competition, target: str, noun: str) -> None:
    """Move to ``target`` if :data:`TRANSITIONS` allows it, else a 409 that says why."""
    if target not in TRANSITIONS[competition.state]:
        raise Conflict(f"cannot {_VERBS[CompetitionState(target)]} a {noun} that is {in_state(competition)}")
    competition.state = target


def check_organiser(competition: Competition, user: User | None) -> None:
    """``user`` None: a trusted caller (a task, the admin, a test); otherwise only the organiser."""
    if user is None:
        return
    if competition.organiser_id is None or competition.organiser_id != player_for_user(user).pk:
        raise NotOrganiser(f"only the organiser of {competition.name} may do that")
