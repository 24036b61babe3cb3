"""Single- and double-elimination brackets as pure functions over plain data.

A bracket is built once from the seed order (seed 1 first; :func:`seeds_by_rating` makes one from
ratings) and never changes. Results are a plain mapping ``{match id: winner}``; :func:`advance`
replays them over the bracket to say who plays in each match, what is ready to play, who is out,
and who won. Keeping results apart from the structure means a service stores one row per match
and rebuilds the state from them at any time.

Seeding is the standard one: in a bracket of 2^k lines, seed s meets seed 2^k + 1 - s in the
first round, and the lines are laid out (1-16, 8-9, 5-12, 4-13, 3-14, 6-11, 7-10, 2-15 for 16) so
that seeds 1 and 2 can meet only in the final, seeds 1-4 only in the semi-finals, and so on. A
field that is not a power of two is padded with byes, which fall to the top seeds because they
would have met the missing lowest seeds. A match with a bye is never created: the entrant simply
appears in the next round, so a single-elimination bracket of n entrants has exactly n - 1
matches, and a double-elimination one 2n - 2, or 2n - 1 when the grand final is reset.

Double elimination: losers of winners'-bracket round 1 play each other in losers' round 1; in
every even losers' round the survivors meet the losers dropping from the next winners' round,
dropped in reversed and straight order by turns (a common convention that keeps most first
meetings in the losers' bracket from being rematches); odd losers' rounds halve the field. The
winners' and losers' champions meet in the grand final; with ``bracket_reset`` a second final is
played when the losers' champion wins the first, so that nobody is out before losing twice.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias, TypeVar

EntrantId = Hashable
_E = TypeVar("_E", bound=Hashable)  # an entrant id of the caller's type, given back as it is
BracketSide = Literal["winners", "losers", "final"]
MatchStatus = Literal["waiting", "ready", "played", "void"]


@dataclass(frozen=True)
class Seed:
    """A slot filled by an entrant from the start (a bye may carry them past round 1)."""

    number: int
    entrant: EntrantId


@dataclass(frozen=True)
class WinnerOf:
    match_id: str


@dataclass(frozen=True)
class LoserOf:
    match_id: str


Slot: TypeAlias = Seed | WinnerOf | LoserOf


@dataclass(frozen=True)
class Match:
    """One match. ``slots[0]`` is the upper line of the bracket (the higher seed in round 1).

    ``reset`` marks the grand-final rematch, played only if the losers'-bracket champion wins the
    first grand final.
    """

    id: str
    side: BracketSide
    round: int
    slots: tuple[Slot, Slot]
    reset: bool = False


@dataclass(frozen=True)
class BracketRound:
    name: str
    side: BracketSide
    number: int
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Bracket:
    kind: Literal["single", "double"]
    seeds: tuple[EntrantId, ...]
    rounds: tuple[BracketRound, ...]
    bracket_reset: bool = False

    @property
    def matches(self) -> tuple[Match, ...]:
        """Every match, in an order where each comes after the matches it depends on."""
        return tuple(m for rnd in self.rounds for m in rnd.matches)


@dataclass(frozen=True)
class MatchState:
    match: Match
    entrants: tuple[EntrantId | None, EntrantId | None]
    status: MatchStatus
    winner: EntrantId | None = None

    @property
    def loser(self) -> EntrantId | None:
        if self.winner is None:
            return None
        return self.entrants[1] if self.winner == self.entrants[0] else self.entrants[0]


@dataclass(frozen=True)
class BracketState:
    matches: tuple[MatchState, ...]
    champion: EntrantId | None
    losses: Mapping[EntrantId, int] = field(default_factory=dict)

    def match(self, match_id: str) -> MatchState:
        for state in self.matches:
            if state.match.id == match_id:
                return state
        raise KeyError(match_id)

    @property
    def ready(self) -> tuple[MatchState, ...]:
        """Matches whose two entrants are known and that have no result yet."""
        return tuple(m for m in self.matches if m.status == "ready")

    @property
    def is_complete(self) -> bool:
        return self.champion is not None


@dataclass(frozen=True)
class Standing:
    """``place`` counts like sports standings (tied places share the best one: 1, 2, 3, 3, 5, ...);
    ``None`` while the entrant is still in the competition."""

    entrant: EntrantId
    seed: int
    place: int | None
    eliminated_in: str | None


# --------------------------------------------------------------------------- seeding


def seeds_by_rating(ratings: Mapping[_E, float], *, seed: int = 0) -> list[_E]:
    """Entrants by rating, best first; equal ratings in an order drawn from ``seed``."""
    entrants = list(ratings)
    random.Random(seed).shuffle(entrants)
    return sorted(entrants, key=lambda e: -ratings[e])  # stable: the shuffle breaks ties


def bracket_order(size: int) -> list[int]:
    """Seed numbers down the lines of a bracket of ``size`` (a power of two) lines.

    Built by doubling: each seed s of the half-size bracket is replaced by the pair s and
    2m + 1 - s, with the pair's order alternating down the bracket; then the higher seed of each
    first-round pair is written first. For 16: 1 16 8 9 5 12 4 13 3 14 6 11 7 10 2 15.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power-of-two number of lines, got {size}")
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for i, s in enumerate(order) for x in ((s, m + 1 - s) if i % 2 == 0 else (m + 1 - s, s))]
    pairs = [sorted(order[i : i + 2]) for i in range(0, size, 2)] if size >= 2 else [order]
    return [s for pair in pairs for s in pair]


# --------------------------------------------------------------------------- building


@dataclass(frozen=True)
class _Bye:
    """A missing entrant; matches against it are removed when the bracket is built."""


_RawSlot: TypeAlias = Seed | WinnerOf | LoserOf | _Bye


@dataclass
class _RawMatch:
    id: str
    side: BracketSide
    round: int
    slots: tuple[_RawSlot, _RawSlot]
    reset: bool = False


def single_elimination(seeds: Sequence[EntrantId]) -> Bracket:
    """A single-elimination bracket for ``seeds`` (seed 1 first)."""
    entrants = _validated(seeds)
    raw = _winners_bracket(entrants)
    return Bracket(kind="single", seeds=tuple(entrants), rounds=_without_byes(raw))


def double_elimination(seeds: Sequence[EntrantId], *, bracket_reset: bool = True) -> Bracket:
    """A double-elimination bracket: winners', losers', grand final (and optional reset)."""
    entrants = _validated(seeds)
    winners = _winners_bracket(entrants)
    losers = _losers_bracket(winners)
    champion_of_losers: _RawSlot = WinnerOf(losers[-1][0].id) if losers else LoserOf(winners[-1][0].id)
    final_slots = (WinnerOf(winners[-1][0].id), champion_of_losers)
    finals = [[_RawMatch("GF", "final", 1, final_slots)]]
    if bracket_reset:
        finals.append([_RawMatch("GF2", "final", 2, final_slots, reset=True)])
    rounds = _without_byes(winners + losers + finals)
    return Bracket(kind="double", seeds=tuple(entrants), rounds=rounds, bracket_reset=bracket_reset)


def _validated(seeds: Sequence[EntrantId]) -> list[EntrantId]:
    entrants = list(seeds)
    if len(entrants) < 2:
        raise ValueError("a bracket needs at least two entrants")
    if len(set(entrants)) != len(entrants):
        raise ValueError("entrants must be distinct")
    return entrants


def _winners_bracket(entrants: list[EntrantId]) -> list[list[_RawMatch]]:
    size = 1
    while size < len(entrants):
        size *= 2
    lines: list[_RawSlot] = [
        Seed(s, entrants[s - 1]) if s <= len(entrants) else _Bye() for s in bracket_order(size)
    ]
    rounds: list[list[_RawMatch]] = []
    number = 1
    while len(lines) > 1:
        matches = [
            _RawMatch(f"W{number}-{i // 2 + 1}", "winners", number, (lines[i], lines[i + 1]))
            for i in range(0, len(lines), 2)
        ]
        rounds.append(matches)
        lines = [WinnerOf(m.id) for m in matches]
        number += 1
    return rounds


def _losers_bracket(winners: list[list[_RawMatch]]) -> list[list[_RawMatch]]:
    """Losers' rounds: L1 pairs round-1 losers; L2j adds losers of W(j+1); L(2j+1) halves."""
    if len(winners) < 2:
        return []
    rounds: list[list[_RawMatch]] = []

    def add_round(pairs: list[tuple[_RawSlot, _RawSlot]]) -> list[WinnerOf]:
        number = len(rounds) + 1
        matches = [_RawMatch(f"L{number}-{i + 1}", "losers", number, p) for i, p in enumerate(pairs)]
        rounds.append(matches)
        return [WinnerOf(m.id) for m in matches]

    first_losers = [LoserOf(m.id) for m in winners[0]]
    survivors = add_round(list(zip(first_losers[::2], first_losers[1::2], strict=True)))
    for j, winners_round in enumerate(winners[1:], start=1):
        dropping: list[_RawSlot] = [LoserOf(m.id) for m in winners_round]
        if j % 2 == 1:
            dropping.reverse()
        survivors = add_round(list(zip(survivors, dropping, strict=True)))
        if len(survivors) > 1:
            survivors = add_round(list(zip(survivors[::2], survivors[1::2], strict=True)))
    return rounds


def _without_byes(raw_rounds: list[list[_RawMatch]]) -> tuple[BracketRound, ...]:
    """Drop matches with a bye, forward their entrant, renumber what is left.

    A match against a bye "is won" by the other slot and "lost" by a bye, so a losers'-bracket
    slot fed by it becomes a bye in turn; matches, then rounds, left empty disappear.
    """
    winner_of: dict[str, _RawSlot] = {}
    loser_of: dict[str, _RawSlot] = {}

    def resolve(slot: _RawSlot) -> _RawSlot:
        if isinstance(slot, WinnerOf):
            return winner_of[slot.match_id]
        if isinstance(slot, LoserOf):
            return loser_of[slot.match_id]
        return slot

    kept_rounds: list[list[tuple[_RawMatch, tuple[_RawSlot, _RawSlot]]]] = []
    for raw_round in raw_rounds:
        kept: list[tuple[_RawMatch, tuple[_RawSlot, _RawSlot]]] = []
        for match in raw_round:
            a, b = (resolve(s) for s in match.slots)
            if isinstance(a, _Bye) or isinstance(b, _Bye):
                winner_of[match.id] = b if isinstance(a, _Bye) else a
                loser_of[match.id] = _Bye()
            else:
                winner_of[match.id], loser_of[match.id] = WinnerOf(match.id), LoserOf(match.id)
                kept.append((match, (a, b)))
        if kept:
            kept_rounds.append(kept)
    return _renumbered(kept_rounds)


def _renumbered(
    kept_rounds: list[list[tuple[_RawMatch, tuple[_RawSlot, _RawSlot]]]],
) -> tuple[BracketRound, ...]:
    new_id: dict[str, str] = {}
    numbers = {"winners": 0, "losers": 0, "final": 0}
    prefixes = {"winners": "W", "losers": "L", "final": "GF"}
    rounds = []
    for kept in kept_rounds:
        side = kept[0][0].side
        numbers[side] += 1
        number = numbers[side]
        name = f"{prefixes[side]}{number}" if side != "final" else ("GF" if number == 1 else f"GF{number}")
        matches = []
        for i, (match, slots) in enumerate(kept, start=1):
            match_id = name if side == "final" else f"{name}-{i}"
            new_id[match.id] = match_id
            renamed = tuple(_renamed(slot, new_id) for slot in slots)
            matches.append(Match(match_id, side, number, (renamed[0], renamed[1]), match.reset))
        rounds.append(BracketRound(name=name, side=side, number=number, matches=tuple(matches)))
    return tuple(rounds)


def _renamed(slot: _RawSlot, new_id: dict[str, str]) -> Slot:
    if isinstance(slot, WinnerOf):
        return WinnerOf(new_id[slot.match_id])
    if isinstance(slot, LoserOf):
        return LoserOf(new_id[slot.match_id])
    if isinstance(slot, Seed):
        return slot
    raise AssertionError("byes are resolved before renaming")


# --------------------------------------------------------------------------- playing


def advance(bracket: Bracket, results: Mapping[str, EntrantId]) -> BracketState:
    """Replay ``results`` (match id -> winner) over the bracket.

    Raises ValueError for a result of an unknown, not-yet-ready or void match, or a winner who is
    not in the match: a stored result that does not fit the bracket is a bug to surface, not to
    skip.
    """
    known = {m.id for m in bracket.matches}
    unknown = sorted(set(results) - known)
    if unknown:
        raise ValueError(f"results for matches not in the bracket: {unknown}")
    states: dict[str, MatchState] = {}
    for match in bracket.matches:
        states[match.id] = _match_state(match, states, results)
    ordered = tuple(states.values())
    losses: dict[EntrantId, int] = dict.fromkeys(bracket.seeds, 0)
    for state in ordered:
        if state.loser is not None:
            losses[state.loser] += 1
    return BracketState(matches=ordered, champion=_champion(bracket, states), losses=losses)


def _match_state(
    match: Match, states: Mapping[str, MatchState], results: Mapping[str, EntrantId]
) -> MatchState:
    entrants = (_occupant(match.slots[0], states), _occupant(match.slots[1], states))
    winner = results.get(match.id)
    first_final = states.get("GF")
    if match.reset and first_final is not None and first_final.winner is None:
        status: MatchStatus = "waiting"  # the same two entrants, but only once the first final is in
    elif match.reset and first_final is not None and first_final.winner == first_final.entrants[0]:
        status = "void"  # the winners' champion won the first final: no reset
    elif entrants[0] is None or entrants[1] is None:
        status = "waiting"
    else:
        status = "ready" if winner is None else "played"
    if winner is not None:
        if status == "waiting":
            raise ValueError(f"match {match.id} is waiting for earlier results: it cannot have a result yet")
        if status == "void":
            raise ValueError(f"match {match.id} is void: the winners' champion won the first final")
        if winner not in entrants:
            raise ValueError(
                f"{winner!r} is not playing in match {match.id} ({entrants[0]!r} v {entrants[1]!r})"
            )
    return MatchState(match=match, entrants=entrants, status=status, winner=winner)


def _occupant(slot: Slot, states: Mapping[str, MatchState]) -> EntrantId | None:
    if isinstance(slot, Seed):
        return slot.entrant
    if isinstance(slot, WinnerOf):
        return states[slot.match_id].winner
    return states[slot.match_id].loser


def _champion(bracket: Bracket, states: Mapping[str, MatchState]) -> EntrantId | None:
    last = bracket.rounds[-1].matches[-1]
    if last.reset and states[last.id].status == "void":
        return states["GF"].winner
    return states[last.id].winner


# --------------------------------------------------------------------------- standings


def standings(bracket: Bracket, results: Mapping[str, EntrantId]) -> tuple[Standing, ...]:
    """Places from the bracket so far: entrants out in the same round share a place.

    An entrant knocked out in an eliminating round finishes below everyone who is still in after
    it, so its place is 1 + n - (entrants eliminated up to and including that round), a number
    fixed by the structure alone: it is final as soon as the entrant is out. Single elimination
    eliminates in every round; double elimination in the losers' rounds and the grand final (both
    grand-final matches together eliminate one entrant).
    """
    state = advance(bracket, results)
    out_in: dict[EntrantId, str] = {}
    lives = 1 if bracket.kind == "single" else 2
    losses = dict.fromkeys(bracket.seeds, 0)
    for match_state in state.matches:  # each entrant's matches come in the order they play them
        loser = match_state.loser
        if loser is None:
            continue
        losses[loser] += 1
        decided_by_final = match_state.match.side == "final" and state.champion not in (None, loser)
        if losses[loser] >= lives or decided_by_final:
            out_in.setdefault(loser, _stage_name(match_state.match))
    place_of = _places_by_stage(bracket)
    table = []
    for number, entrant in enumerate(bracket.seeds, start=1):
        stage = out_in.get(entrant)
        place = 1 if entrant == state.champion else (place_of[stage] if stage else None)
        table.append(Standing(entrant=entrant, seed=number, place=place, eliminated_in=stage))
    return tuple(sorted(table, key=lambda s: (s.place or 0, s.seed)))


def _stage_name(match: Match) -> str:
    return "GF" if match.side == "final" else f"{'W' if match.side == 'winners' else 'L'}{match.round}"


def _places_by_stage(bracket: Bracket) -> dict[str, int]:
    n = len(bracket.seeds)
    eliminated = 0
    places = {}
    for rnd in bracket.rounds:
        if rnd.side == "final":
            if "GF" not in places:
                places["GF"] = 1 + n - (eliminated + 1)
            continue
        if bracket.kind == "double" and rnd.side == "winners":
            continue
        eliminated += len(rnd.matches)
        places[rnd.name] = 1 + n - eliminated
    return places
