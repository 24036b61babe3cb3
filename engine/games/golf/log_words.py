"""The words of the log lines said most often (every hole, every turn, every Play Anytime card), as
functions of their parts: a line is kept as said and written out only when the log is read
(GolfState.say_as)."""

from __future__ import annotations

from engine.core import Seat
from engine.games.golf.action_ids import SEATS
from engine.games.golf.resolution import Note, note_texts

PLANS = [f"Seat {seat} plans a Shot (face down)." for seat in range(SEATS)]
# The seats a line for one seat only is for (GolfState.say's ``to``), one tuple per seat shared by
# every such line: a hand's draw is told to its seat every turn.
ONLY = [(seat,) for seat in range(SEATS)]


def hole(number: int, yards: int, par: int) -> str:
    return f"Hole {number}: {yards} yd, par {par}."


def hole_score(seat: Seat, finished: bool, distance: int, score: int, hole: int) -> str:
    how = "finishes" if finished else f"is {distance} yd away"
    return f"Seat {seat} {how}: {score} for hole {hole}."


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


def shot(seat: Seat, notes: list[Note]) -> str:
    return f"Seat {seat}: {'; '.join(note_texts(notes))}."


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


def cancels(seat: Seat, name: str, beneath_seat: Seat, beneath_card: str) -> str:
    return f"Seat {seat}'s {name} cancels seat {beneath_seat}'s {beneath_card}."


def mulligan(seat: Seat, name: str) -> str:
    return f"Seat {seat}'s {name} takes effect on the Actions aimed at seat {seat}."


def club_seen(name: str, target: Seat, club: str) -> str:
    return f"{name}: seat {target}'s Club is {club}."


def sees_club(seat: Seat, target: Seat, name: str) -> str:
    return f"Seat {seat} sees seat {target}'s face-down Club ({name})."


def actions_shown(
    name: str, seat: Seat, action: str | None, target: int, action2: str | None, target2: int | None
) -> str:
    played = ((action, target), (action2, target2))
    actions = " and ".join(f"{a} on seat {t}" for a, t in played if a is not None)
    return f"{name}: seat {seat} plays {actions or 'no Action'}."


def you_take(seat: Seat, card: str, target: Seat) -> str:
    return f"Seat {seat} takes {card} from seat {target}'s hand."


def takes(seat: Seat, target: Seat, name: str) -> str:
    return f"Seat {seat} takes a card from seat {target}'s hand ({name})."
