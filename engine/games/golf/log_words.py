"""The words of the log lines said most often (every turn, every Play Anytime card), as functions of
their parts: a line is kept as said and written out only when the log is read (GolfState.say_as)."""

from __future__ import annotations

from engine.core import Seat
from engine.games.golf.action_ids import SEATS

PLANS = [f"Seat {seat} plans a Shot (face down)." for seat in range(SEATS)]


def you_draw(drawn: list[str]) -> str:
    return f"You draw {', '.join(drawn)}."


def draws(seat: Seat, count: int) -> str:
    return f"Seat {seat} draws {count} card{'s' if count != 1 else ''}."


def swing(
    seat: Seat, club: str, action: str | None, action2: str | None, target: int, target2: int | None
) -> str:
    played = ((action, target), (action2, target2))
    actions = " and ".join(f"{a} on seat {t}" for a, t in played if a is not None) or "no Action"
    return f"SWING! Seat {seat}: {club}, {actions}."


def shot(seat: Seat, notes: list[str]) -> str:
    return f"Seat {seat}: {'; '.join(notes)}."


def plays(
    seat: Seat, card: str, target: int | None, discard: list[str] | None, against: tuple[int, str] | None
) -> str:
    words = f"Seat {seat} plays {card}"
    if target is not None:
        words += f" on seat {target}"
    if discard is not None:
        words += f", to discard {', '.join(discard)}"
    if against is not None:
        words += f" against seat {against[0]}'s {against[1]}"
    return words + "."


def redraws(seat: Seat, gone: list[str], count: int, name: str) -> str:
    return f"Seat {seat} discards {', '.join(gone)} and draws {count} ({name})."
