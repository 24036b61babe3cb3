"""How far a MULLIGAN Shot goes and what it costs: pure functions over the catalog, no game state.

The rule book's Resolution, in its order, for one Shot (:func:`resolve_shot`) or a whole table
(:func:`resolve_turn`, which first routes reflected Actions to the players who played them):

1. Immunity: *2-Putt* and *Perfect Putt* (``immune_to_actions``) ignore every Action card.
2. Cancellations (*Mulligan*: ``cancel_actions``), then reflections (*Bad Karma*:
   ``reflect_actions``). A reflected Action lands on whoever played it and is never reflected
   again, so resolution always ends; one played by the course goes nowhere.
3. Half Distance (``halve``: *Sand Trap*, *Water*) once, however many, using the club's own Half
   Distance line; then every ``add_yards`` (*Hook*, *Slice*, *Rough*); the sum is floored at 0
   once, at the end, so the order the cards were played in never matters.
4. *Lucky Bounce* (``snap_to_hole``): a Shot ending that close to the hole stops on it.
5. The ball moves toward the hole; past it, it comes back (``|distance - yards|``). A finishing
   club that crosses or lands on the hole finishes it (the ball is then in the hole: distance 0),
   unless a *Missed Putt* (``prevent_finish``) stopped it or a *Duff Shot* discarded the club.

Strokes: the club's own (none when a *Duff Shot* discarded it: a catalog house assumption), plus
every ``add_strokes`` penalty (*Water*, *Out of Bounds*, *Duff Shot*) that reached the Shot.

House readings where the rule book is silent (the catalog marks the cards' texts as assumptions):

- The *1-Putt*'s ``fixed_distance`` ignores every effect that changes how far the ball goes
  (``add_yards``, ``halve``, ``snap_to_hole``) but not ``add_strokes``, ``prevent_finish`` or
  ``discard_club``: a *Duff Shot* discards the club itself rather than changing its distance.
- ``prevent_finish`` only stops putters, as the catalog's effect says ("a putter still advances").
- A *Bad Karma* or *Lucky Bounce* the course plays "continues as if you had played it on yourself"
  (rule book, It's You Against the Course): the caller passes it with ``by`` set to the target.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from engine.games.golf.catalog import ActionHalf, Catalog, Club

# Rule book, Finishing a Hole: "0-25 Yards: +1 ... 26-100 Yards: +2 ... 101+ Yards: +3".
FINISHING_STROKE_BANDS: tuple[tuple[int, int], ...] = ((25, 1), (100, 2))
FINISHING_STROKES_BEYOND = 3


# The records are named tuples rather than frozen dataclasses: every turn makes a dozen of them,
# and a named tuple is built several times faster, with the same fields and immutability.
class Action(NamedTuple):
    """An Action (or Play Anytime) half in play: ``by`` the seat that played it (None: the course,
    or nobody in particular), aimed at ``target`` (None: the Shot being resolved)."""

    card: ActionHalf
    by: int | None = None
    target: int | None = None


ActionLike = Action | ActionHalf | str
# An Action played this turn, as a table's resolution takes it: (half, by, target), as Action holds.
Played = tuple[ActionHalf, int | None, int | None]
# What a screen sorts: Actions, or a table's plays as they are (an Action is a Played).
P = TypeVar("P", bound=Played)


class ShotResult(NamedTuple):
    yards_moved: int
    new_distance_to_hole: int
    strokes: int
    finished: bool
    notes: tuple[str, ...] = ()
    penalty_strokes: int = 0
    club_discarded: bool = False
    # The Actions that took effect on this Shot (after immunity, cancellation and reflection).
    applied: tuple[Action, ...] = ()


class Shot(NamedTuple):
    """One seat's Shot for :func:`resolve_turn`."""

    distance_to_hole: int
    club: Club


# An Action's half (what measure() takes), read by position: of an Action or of a play as a table
# resolves it (Played), without a comprehension of its own.
_CARD = operator.itemgetter(0)
_NAME = operator.attrgetter("name")
_NO_HALVES: tuple[ActionHalf, ...] = ()


def _who(by: int | None) -> str:
    return "the course" if by is None else f"seat {by}"


def _normalize(actions: Sequence[ActionLike], catalog: Catalog) -> list[Action]:
    result: list[Action] = []
    for item in actions:
        if isinstance(item, Action):
            result.append(item)
        elif isinstance(item, ActionHalf):
            result.append(Action(item))
        else:
            if item not in catalog.actions:
                raise KeyError(f"unknown action {item!r} in catalog {catalog.name!r}")
            result.append(Action(catalog.actions[item]))
    return result


def _screen(seat: int | None, club: Club, actions: Sequence[P]) -> tuple[list[P], list[P], list[Note]]:
    """``(kept, reflected_away, notes)`` for the Actions aimed at one Shot: immunity, then
    cancellations, then reflections. An Action is read by position (half, by, target), so a table's
    plays are screened as the plain tuples they are, with no :class:`Action` made for each. The
    notes are :data:`Note` values, written out when read (:func:`note_texts`): a putter's Shot
    ignores the Actions aimed at it on many turns of a playout, which reads no notes."""
    notes: list[Note] = []
    if not club.immune_to_actions:
        for a in actions:
            if a[0].on_shot.screens:
                break
        else:
            return list(actions), [], notes  # nothing to cancel or reflect (most Shots)
    else:
        # Rule book, Putter Attributes: "2-Putt and Perfect Putt are immune to ALL Action cards
        # (this includes Lucky Bounce and Bad Karma)."
        ignored = []
        for a in actions:  # (loops and map, not comprehensions, in this module: every turn's Shots)
            if a[0].on_shot.acts:
                ignored.append(a)
        if len(ignored) == 1:
            notes.append((_IMMUNE, club.name, ignored[0][0].name, "has"))
        elif ignored:
            notes.append((_IMMUNE, club.name, ", ".join(map(_NAME, map(_CARD, ignored))), "have"))
        return [], [], notes
    live = list(actions)
    # Rule book, Tips: the Mulligan "can remove negative actions against you after they have been
    # revealed"; the catalog takes it as every Action an opponent (or, with by=anyone, anybody) aimed.
    cancellers = []
    for a in live:
        if "cancel_actions" in a[0].effect_names:
            cancellers.append(a)
    for canceller in cancellers:
        if canceller not in live:
            continue
        anyone = False
        for e in canceller[0].effects:  # a loop, not any() of a generator: every Mulligan in play
            if e.effect == "cancel_actions" and e.params.get("by") == "anyone":
                anyone = True
        owner = canceller[1] if canceller[1] is not None else seat
        cancelled = []
        for a in live:
            if a is not canceller and a[0].on_shot.acts and (anyone or a[1] is None or a[1] != owner):
                cancelled.append(a)
        for a in cancelled:
            live.remove(a)
            notes.append((_CANCELS, canceller[0].name, a[0].name, _who(a[1])))
    # Catalog house assumption for Bad Karma: every other Action aimed at its target goes back to
    # whoever played it. Bad Karma cards do not reflect each other, and nothing is reflected twice.
    reflectors = []
    for a in live:
        if "reflect_actions" in a[0].effect_names:
            reflectors.append(a)
    reflected: list[P] = []
    if reflectors:
        for a in list(live):
            if a in reflectors or not a[0].on_shot.acts:
                continue
            if seat is not None and a[1] == seat:
                continue  # back to the player who played it: it stays where it is
            live.remove(a)
            reflected.append(a)
            notes.append((_REFLECTS, reflectors[0][0].name, a[0].name, _who(a[1])))
    return live, reflected, notes


def resolve_shot(
    *,
    distance_to_hole: int,
    club: Club | str,
    actions: Sequence[ActionLike],
    catalog: Catalog,
    seat: int | None = None,
) -> ShotResult:
    """Resolve one Shot from ``distance_to_hole`` (yards, >= 0) with ``club`` and the Actions aimed
    at it (their ``target`` is ignored here). ``seat`` is the shooter, to tell their own Actions
    from opponents'; bare :class:`ActionHalf` values or catalog ids count as an opponent's.
    Actions reflected away by a Bad Karma are dropped; :func:`resolve_turn` delivers them."""
    if distance_to_hole < 0:
        raise ValueError(f"distance_to_hole must be >= 0, not {distance_to_hole}")
    if isinstance(club, str):
        club = catalog.clubs[club]
    return _resolve(distance_to_hole, club, _normalize(actions, catalog), seat, [])


def _resolve(
    distance_to_hole: int, club: Club, actions: Sequence[Action], seat: int | None, before: list[str]
) -> ShotResult:
    """:func:`resolve_shot` of Actions already in play, its notes after ``before``."""
    kept, _reflected, screen_notes = _screen(seat, club, actions)
    notes: list[Note] = [*before, *screen_notes]
    shot = measure(distance_to_hole, club, [a.card for a in kept], notes)
    applied = tuple(a for a in kept if a.card.on_shot.acts)
    return ShotResult(*shot[:4], tuple(note_texts(notes)), *shot[4:], applied)


# A Shot measured: (yards moved, new distance to the hole, strokes, finished, penalty strokes,
# club discarded); its notes are added to the list the caller gave.
Measured = tuple[int, int, int, bool, int, bool]
# A note on a Shot: its text, or a template and the values it is written with (note_text): every
# turn measures four Shots and bots never read their notes, so the common ones are written when read.
Note = str | tuple[Any, ...]
_DISTANCE = "{}: {} yd, {} yd to the hole"
_FINISHES = "the {} finishes the hole"
_NOT_FINISHING = "the {} is not a finishing club: the ball stops {} yd from the hole"
_HALVES = "{} halve{} the {} to {} yd"
_IMMUNE = "{} is immune to all Action cards: {} {} no effect"
_CANCELS = "{} cancels {} (from {})"
_REFLECTS = "{} reflects {} back to {}"
_IMMUNE_TO_REFLECTED = "{} is immune: the reflected {} has no effect"
_COMES_BACK = "{} comes back from seat {}"
_CHANGE = "{} {:+d} yd"
_PENALTY = "{} +{} stroke{}"


def note_text(note: Note) -> str:
    """A note's text (the one an f-string of its template and values would give)."""
    return note if type(note) is str else note[0].format(*note[1:])


def note_texts(notes: Sequence[Note]) -> list[str]:
    """The texts of ``notes`` (see :data:`Note`)."""
    return list(map(note_text, notes))


def measure(distance_to_hole: int, club: Club, halves: Sequence[ActionHalf], notes: list[Note]) -> Measured:
    """The Shot ``club`` makes from ``distance_to_hole`` under the Action halves that reached it
    (screened: immunity, cancellations and reflections are done), its notes added to ``notes``
    (some as :data:`Note` values to write out: :func:`note_texts`). Every Shot of every turn comes here, so it answers with a plain tuple."""
    if not halves:  # most Shots: the club alone
        return _plain_shot(distance_to_hole, club, notes)
    # One pass sorts the Actions by what they do (each in play order): a Shot has one or two, so
    # each kind is a tuple made when one is found, not a list made for every Shot.
    halvers = adders = snappers = preventers = _NO_HALVES
    duff: ActionHalf | None = None
    acting = False
    penalty = 0
    within = 0
    for half in halves:
        does = half.on_shot
        if not does.acts:
            continue
        acting = True
        if does.strokes:
            penalty += sum(does.strokes)
        if does.discard_club and duff is None:
            duff = half
        if does.halve:
            halvers += (half,)
        if does.yards:
            adders += (half,)
        if does.snap_within:
            snappers += (half,)
            if does.snap_within > within:
                within = does.snap_within
        if does.prevent_finish:
            preventers += (half,)
    if not acting:
        return _plain_shot(distance_to_hole, club, notes)
    # Rule book, Discarded or Canceled cards: "If a Club card is discarded by a Duff Shot, that player
    # doesn't advance any distance this turn." The catalog: the discarded Club counts no stroke.
    if duff is not None:
        notes.append(f"{duff.name} discards the {club.name}: the ball does not move")
        notes += _penalty_notes(halves)
        return 0, distance_to_hole, penalty, False, penalty, True
    yards = club.yards
    if club.fixed_distance:
        # Rule book, Putter Attributes: "The distance for the 1-Putt card can't be changed by any
        # Action ... Water's halving effect will be canceled, but the 1-stroke penalty will still be applied."
        ignored = list(map(_NAME, halvers + adders + snappers))
        if ignored:
            kept = " (its penalty strokes still count)" if penalty else ""
            notes.append(f"the {club.name}'s distance cannot change: {', '.join(ignored)} ignored{kept}")
        halvers = adders = snappers = _NO_HALVES
    if halvers:
        # Rule book, Half Distance: "If more than one Half Distance action is played on a Club, the
        # distance is only halved once" and "the Half Distance effect always happens first".
        yards = club.half_yards
        names = " and ".join(map(_NAME, halvers))
        notes.append((_HALVES, names, "s" if len(halvers) == 1 else "", club.name, yards))
    for half in adders:
        for change in half.on_shot.yards:
            yards += change
            notes.append((_CHANGE, half.name, change))
    if yards < 0:
        # Rule book, Shot Distance and Direction: "your Shot distance cannot be reduced to less than 0 yards."
        notes.append("the Shot cannot go below 0 yd")
        yards = 0
    # Rule book: "Your Shot will always advance your ball towards the hole – if you shoot past the
    # hole, your next Shot will move you back up the board towards the hole."
    crosses = yards >= distance_to_hole
    new_distance = abs(distance_to_hole - yards)
    snapped = False
    if snappers and new_distance > 0 and new_distance <= within:
        notes.append(f"{snappers[0].name}: the ball stops on the hole ({new_distance} yd away)")
        new_distance, snapped = 0, True
    finished = False
    if club.finishing and (crosses or snapped):
        if club.putter and preventers:
            # Rule book, Putter Attributes: with a Missed Putt "the player will still advance 25 yards
            # due to the putt but will not finish the hole if they cross it."
            notes.append(f"{preventers[0].name}: the {club.name} does not finish the hole")
        else:
            finished, new_distance = True, 0
            notes.append((_FINISHES, club.name))
    elif not club.finishing and crosses and distance_to_hole > 0:
        notes.append((_NOT_FINISHING, club.name, new_distance))
    if preventers and not club.putter:
        names = ", ".join(map(_NAME, preventers))
        notes.append(f"{names} only stops putters: no effect on the {club.name}")
    notes.append((_DISTANCE, club.name, yards, new_distance))
    if penalty:
        notes += _penalty_notes(halves)
    return yards, new_distance, club.strokes + penalty, finished, penalty, False


def _plain_shot(distance_to_hole: int, club: Club, notes: list[Note]) -> Measured:
    """:func:`measure` of a Shot no Action reached."""
    yards = club.yards
    if yards >= distance_to_hole:
        if club.finishing:
            notes.append((_FINISHES, club.name))
            notes.append((_DISTANCE, club.name, yards, 0))
            return yards, 0, club.strokes, True, 0, False
        new_distance = yards - distance_to_hole
        if distance_to_hole > 0:
            notes.append((_NOT_FINISHING, club.name, new_distance))
    else:
        new_distance = distance_to_hole - yards
    notes.append((_DISTANCE, club.name, yards, new_distance))
    return yards, new_distance, club.strokes, False, 0, False


def _penalty_notes(halves: Sequence[ActionHalf]) -> list[Note]:
    """The penalty strokes of the Actions among ``halves`` (those that act), in their order."""
    notes: list[Note] = []
    for half in halves:
        if not half.on_shot.acts:
            continue
        for strokes in half.on_shot.strokes:
            notes.append((_PENALTY, half.name, strokes, "s" if strokes != 1 else ""))
    return notes


def route_actions(
    *, clubs: Mapping[int, Club], actions: Sequence[Action]
) -> tuple[dict[int, list[Action]], dict[int, list[str]]]:
    """Which Actions reach each seat's Shot after immunity, cancellations and reflections:
    ``(landed, notes)`` keyed by seat. Every Action needs a ``target`` among ``clubs``."""
    landed: dict[int, list[Action]] = {seat: [] for seat in clubs}
    notes: dict[int, list[str]] = {seat: [] for seat in clubs}
    by_target: dict[int, list[Action]] = {seat: [] for seat in clubs}
    for a in actions:
        if a.target is None or a.target not in clubs:
            raise ValueError(f"{a.card.name} targets {a.target!r}, not one of the seats {sorted(clubs)}")
        by_target[a.target].append(a)
    for seat, aimed in by_target.items():
        if not aimed:
            continue  # nothing to keep, ignore or reflect
        kept, reflected, seat_notes = _screen(seat, clubs[seat], aimed)
        landed[seat] += kept
        notes[seat] += note_texts(seat_notes)
        for a in reflected:
            if a.by is None or a.by not in clubs:
                continue  # the course's Action reflected back at the course does nothing
            back = a._replace(target=a.by)
            if clubs[a.by].immune_to_actions:
                notes[a.by].append(f"{clubs[a.by].name} is immune: the reflected {a.card.name} has no effect")
                continue
            landed[a.by].append(back)
            notes[a.by].append(f"{a.card.name} comes back from seat {seat}")
    return landed, notes


def resolve_turn(
    *, shots: Mapping[int, Shot], actions: Sequence[Action], catalog: Catalog
) -> dict[int, ShotResult]:
    """Every seat's Shot in one Resolution: Actions (each with ``by`` and ``target``) routed through
    cancellations and reflections, then :func:`resolve_shot` for each seat."""
    clubs = {seat: shot.club for seat, shot in shots.items()}
    landed, route_notes = route_actions(clubs=clubs, actions=actions)
    results: dict[int, ShotResult] = {}
    for seat, shot in shots.items():
        if shot.distance_to_hole < 0:
            raise ValueError(f"distance_to_hole must be >= 0, not {shot.distance_to_hole}")
        results[seat] = _resolve(shot.distance_to_hole, shot.club, landed[seat], seat, route_notes[seat])
    return results


# A seat's Shot resolved for its table: the measured Shot and its notes (for resolve_and_line_up_lazily,
# some of them as Note values to write out).
TableShot = tuple[Measured, list[Note]]


def resolve_table(
    clubs: Sequence[Club], distances: Sequence[int], plays: Sequence[Played]
) -> list[tuple[Measured, list[str]]]:
    """:func:`resolve_turn` of a whole table, seats ``0`` to ``len(clubs) - 1`` (a game's every turn),
    each seat's Shot by its index."""
    return resolve_and_line_up(clubs, distances, plays)[0]


def resolve_and_line_up(
    clubs: Sequence[Club], distances: Sequence[int], plays: Sequence[Played]
) -> tuple[list[tuple[Measured, list[str]]], list[int | None]]:
    """:func:`resolve_table` and :func:`lined_up` of the same table at once: the turn's CLEANUP needs
    both, and they route the same Actions through the same screens, so routing once serves both."""
    shots, where = resolve_and_line_up_lazily(clubs, distances, plays)
    written: list[tuple[Measured, list[str]]] = []
    for shot, notes in shots:
        written.append((shot, note_texts(notes)))
    return written, where


def resolve_and_line_up_lazily(
    clubs: Sequence[Club], distances: Sequence[int], plays: Sequence[Played]
) -> tuple[list[TableShot], list[int | None]]:
    """:func:`resolve_and_line_up`, with some notes left as :data:`Note` values to write out
    (:func:`note_texts`) when they are read: the engine's every turn. Where no Action cancels or
    reflects, the Actions aimed at a seat are all it gets (none on an immune club), and it is
    measured at once."""
    n = len(clubs)
    aimed: list[list[ActionHalf]] = []
    for _ in range(n):  # a loop, not a comprehension (a call of its own): every turn
        aimed.append([])
    where: list[int | None] = [None] * len(plays)
    for index, (half, _by, target) in enumerate(plays):
        does = half.on_shot
        if does.screens:
            return _routed_table(clubs, distances, plays)
        if target is None or not 0 <= target < n:
            raise ValueError(f"{half.name} targets {target!r}, not one of the seats {list(range(n))}")
        aimed[target].append(half)
        if does.acts and not clubs[target].immune_to_actions:
            where[index] = target
    shots: list[TableShot] = []
    for seat, club in enumerate(clubs):
        notes: list[Note] = []
        halves = aimed[seat]
        if halves and club.immune_to_actions:
            # Screened for its notes (an immune club ignores them all), as plays from nobody in
            # particular, as Action(half) would make them without a call each.
            ignored: list[Played] = []
            for half in halves:
                ignored.append((half, None, None))
            notes += _screen(seat, club, ignored)[2]
            halves = []
        # measure() of a Shot no Action reached, without its call: most Shots.
        shots.append(
            (
                measure(distances[seat], club, halves, notes)
                if halves
                else _plain_shot(distances[seat], club, notes),
                notes,
            )
        )
    return shots, where


def lined_up(clubs: Sequence[Club], plays: Sequence[Played]) -> list[int | None]:
    """For each of ``plays`` (as :func:`resolve_table` takes them), the seat whose board it is lined
    up on: the seat whose Shot it took effect on (its target, or for an Action a *Bad Karma* sent
    back, the seat that played it), None for one that took none (cancelled, ignored by an immune
    club, sent back to the course, or no Action card: a Mulligan).

    Rule book, Resolution: "Each player lines up their Shot card and any Actions that will affect
    it against their yardage board"; Cleanup: "Any cards lined up on players' boards remain until
    the end of each hole." House reading: an Action "affects" a Shot when it reaches it after
    immunity, cancellations and reflections, as :attr:`ShotResult.applied` says."""
    where: list[int | None] = [None] * len(plays)
    screens = False
    for half, _by, _target in plays:
        if half.on_shot.screens:
            screens = True
            break
    if not screens:
        for index, (half, _by, target) in enumerate(plays):
            if half.on_shot.acts and target is not None and not clubs[target].immune_to_actions:
                where[index] = target
        return where
    actions = [Action(*play) for play in plays]
    number = {id(action): index for index, action in enumerate(actions)}
    by_target: dict[int, list[Action]] = {}
    for action in actions:
        if action.target is not None:
            by_target.setdefault(action.target, []).append(action)
    for seat, aimed in by_target.items():
        kept, reflected, _notes = _screen(seat, clubs[seat], aimed)
        for action in kept:
            if action.card.on_shot.acts:
                where[number[id(action)]] = seat
        for action in reflected:
            back = action.by
            if back is not None and 0 <= back < len(clubs) and not clubs[back].immune_to_actions:
                where[number[id(action)]] = back
    return where


def _routed_table(
    clubs: Sequence[Club], distances: Sequence[int], plays: Sequence[Played]
) -> tuple[list[TableShot], list[int | None]]:
    """:func:`resolve_and_line_up` of a table where some Action cancels or reflects: each seat's
    Actions are screened (:func:`route_actions`, seat by seat), where each play ends up is noted as
    it is routed (:func:`lined_up`), and each Shot is measured from what landed on it."""
    n = len(clubs)
    by_target: list[list[Played]] = []
    landed: list[list[Played]] = []
    route_notes: list[list[Note]] = []
    for _ in range(n):
        by_target.append([])
        landed.append([])
        route_notes.append([])
    # Each play routed as a tuple of its own (no Action made for it: a call each), numbered by its
    # identity: the same tuple twice among the plays would be numbered once.
    number: dict[int, int] = {}
    for index, (half, by, target) in enumerate(plays):
        if target is None or not 0 <= target < n:
            raise ValueError(f"{half.name} targets {target!r}, not one of the seats {list(range(n))}")
        a: Played = (half, by, target)
        by_target[target].append(a)
        number[id(a)] = index
    where: list[int | None] = [None] * len(plays)
    # The seats a reflected Action came back to: only their Actions need screening again.
    returned: set[int] = set()
    for seat, aimed in enumerate(by_target):
        if not aimed:
            continue
        if not clubs[seat].immune_to_actions:
            for a in aimed:
                if a[0].on_shot.screens:
                    break
            else:
                # Nothing here cancels or reflects: _screen would keep them all and note nothing
                # (most seats of a routed table), so they land as they are, without its call.
                landed[seat] += aimed
                for a in aimed:
                    if a[0].on_shot.acts:
                        where[number[id(a)]] = seat
                continue
        kept, reflected, seat_notes = _screen(seat, clubs[seat], aimed)
        landed[seat] += kept
        route_notes[seat] += seat_notes
        for a in kept:
            if a[0].on_shot.acts:
                where[number[id(a)]] = seat
        for a in reflected:
            back = a[1]
            if back is None or not 0 <= back < n:
                continue  # the course's Action reflected back at the course does nothing
            if clubs[back].immune_to_actions:
                route_notes[back].append((_IMMUNE_TO_REFLECTED, clubs[back].name, a[0].name))
                continue
            landed[back].append((a[0], back, back))  # aimed back at whoever played it
            returned.add(back)
            route_notes[back].append((_COMES_BACK, a[0].name, seat))
            where[number[id(a)]] = back
    shots: list[TableShot] = []
    for seat, club in enumerate(clubs):
        notes = route_notes[seat]
        kept = landed[seat]
        if not kept:
            # Screening no Action keeps none and notes nothing: a Shot nothing landed on (most of a
            # routed table's) is measured as it is.
            shots.append((_plain_shot(distances[seat], club, notes), notes))
            continue
        if seat in returned:
            kept, _reflected, screen_notes = _screen(seat, club, kept)
            notes += screen_notes
        # Else its Actions are the ones its own screen kept, and screening them again would keep
        # them all and note nothing (what cancels and what reflects has been done to them).
        shots.append((measure(distances[seat], club, list(map(_CARD, kept)), notes), notes))
    return shots, where


def finishing_strokes(distance: int) -> int:
    """Finishing strokes for a player who did not finish, ``distance`` yards from the hole."""
    if distance < 0:
        raise ValueError(f"distance must be >= 0, not {distance}")
    for limit, strokes in FINISHING_STROKE_BANDS:
        if distance <= limit:
            return strokes
    return FINISHING_STROKES_BEYOND


def hole_score(*, strokes: int, finished: bool, distance_to_hole: int) -> int:
    """A player's score for a hole: strokes taken (clubs plus penalties), plus finishing strokes
    (rule book, Finishing a Hole) unless they finished it."""
    if strokes < 0:
        raise ValueError(f"strokes must be >= 0, not {strokes}")
    return strokes if finished else strokes + finishing_strokes(distance_to_hole)
