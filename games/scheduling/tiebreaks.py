"""Standings with the Magic Tournament Rules (MTR) tiebreakers, as pure functions over plain data.

MTR 3.1 ranks players by, in order:

1. match points (3 for a match win, 1 for a draw, 0 for a loss; a bye is a match win),
2. opponents' match-win percentage (OMW%),
3. game-win percentage (GW%),
4. opponents' game-win percentage (OGW%).

The definitions are MTR Appendix C ("Tiebreaker Explanation", as published at
https://blogs.magicjudges.org/rules/mtr-appendix-c/):

* match-win percentage = match points / (3 × rounds played), and "if this number is lower than
  0.33, use 0.33 instead" (its worked table: 5-2-1 over 8 rounds → 16/24 = 0.667; 1-3-0 then a
  drop → 3/12 = 0.25, "so 0.33 is used"; 3-2-0 including a bye, then a drop → 9/15 = 0.60);
* game points: 3 per game won, 1 per game drawn, 0 per game lost; game-win percentage = game
  points / (3 × games played), with the same floor;
* a bye counts as a match won 2-0 (3 match points, 6 game points over 2 games);
* OMW% / OGW% = the average of the (floored) match-/game-win percentages of each opponent the
  player actually played; byes are not opponents and are left out of these averages.

Choices this module makes where the MTR leaves room (each documented where it happens):

* The floor is exactly 1/3 by default (``MTR_FLOOR``); pass ``floor=Fraction(33, 100)`` for the
  printed 0.33.
* An opponent met twice counts twice (the average is over matches, as round-by-round software
  computes it).
* A player with no opponents (only byes, or nothing yet) has OMW% = OGW% = 0: there is nothing
  to average, and 0 makes that visible rather than inventing an opponent.
* A player with no games (e.g. only an intentional draw) has GW% = the floor: 0 of 0 possible is
  treated as 0, which the floor lifts.
* Dropped players stay in the standings (flagged ``dropped``): their results still count for
  their opponents.

Exactness and speed: every percentage is a ratio of small integers. Sorting on floats would split
players whose tiebreakers are equal but were summed in a different order (1 ulp apart), so the
ranking uses exact integer keys: each per-player percentage is scaled to one common denominator
(the lcm of all denominators that occur, a handful of values), and each opponents' average to a
second common denominator (the lcm of the opponent counts). That is O(players + matches) integer
work over lists indexed by player, no Fractions in the hot loop; 10,000 players × 5 rounds take
about 0.15 s of CPU, most of it building the 10,000 rows (``bench/scheduling.py``). The floats in :class:`Standing` are correctly rounded
from those exact values, so equal tiebreakers give equal floats.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

PlayerId: TypeAlias = int | str
"""A player's id. The ids of one event must be mutually orderable (all ints or all strs): the
last, deterministic tiebreak falls back on them."""

MATCH_WIN_POINTS = 3
MATCH_DRAW_POINTS = 1
GAME_WIN_POINTS = 3
GAME_DRAW_POINTS = 1
BYE_GAMES_WON = 2
"""MTR: a bye is a match won 2-0."""

MTR_FLOOR = Fraction(1, 3)
"""The floor under each match-/game-win percentage (MTR Appendix C prints it as 0.33)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One played two-player match: the games each side won, and the games drawn.

    The match winner is whoever won more games (MTR); equal game wins make a drawn match, which
    includes the 0-0-0 of an intentional draw.
    """

    player_a: PlayerId
    player_b: PlayerId
    games_a: int
    games_b: int
    games_drawn: int = 0

    def __post_init__(self) -> None:
        if self.player_a == self.player_b:
            raise ValueError(f"a player cannot play themself: {self.player_a!r}")
        if min(self.games_a, self.games_b, self.games_drawn) < 0:
            raise ValueError(f"game counts must not be negative: {self}")

    @property
    def winner(self) -> PlayerId | None:
        """The match winner, or None for a drawn match."""
        if self.games_a > self.games_b:
            return self.player_a
        if self.games_b > self.games_a:
            return self.player_b
        return None


@dataclass(slots=True)
class Standing:
    """One player's line in the standings, with every tiebreaker value.

    Not frozen: building 10,000 frozen instances costs 5x more (each field goes through
    ``object.__setattr__``), and these are plain records that nothing mutates.

    ``wins`` includes byes (the MTR counts a bye as a match win); ``byes`` says how many of them
    were byes. ``rounds_played`` counts matches and byes. Percentages are in [0, 1].
    """

    rank: int
    player: PlayerId
    match_points: int
    wins: int
    losses: int
    draws: int
    byes: int
    rounds_played: int
    game_points: int
    games_played: int
    match_win_pct: float
    opp_match_win_pct: float
    game_win_pct: float
    opp_game_win_pct: float
    opponents: tuple[PlayerId, ...]
    dropped: bool

    @property
    def record(self) -> str:
        """Wins-losses-draws, the way the MTR writes a record ("5-2-1")."""
        return f"{self.wins}-{self.losses}-{self.draws}"

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (for an API or a template)."""
        return {
            "rank": self.rank,
            "player": self.player,
            "record": self.record,
            "match_points": self.match_points,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "byes": self.byes,
            "rounds_played": self.rounds_played,
            "game_points": self.game_points,
            "games_played": self.games_played,
            "match_win_pct": self.match_win_pct,
            "opp_match_win_pct": self.opp_match_win_pct,
            "game_win_pct": self.game_win_pct,
            "opp_game_win_pct": self.opp_game_win_pct,
            "opponents": list(self.opponents),
            "dropped": self.dropped,
        }


@dataclass(slots=True)
class Tallies:
    """Every player's totals, column by column (index ``k`` is ``players[k]``).

    ``opponents[k]`` lists the indices of the players that ``players[k]`` met, one entry per
    match; ``wins`` includes byes. Columns of ints instead of one object per player keep the
    10,000-player case fast.
    """

    players: list[PlayerId]
    index: dict[PlayerId, int]
    wins: list[int]
    losses: list[int]
    draws: list[int]
    byes: list[int]
    game_points: list[int]
    games_played: list[int]
    opponents: list[list[int]]

    def match_points(self, k: int) -> int:
        return MATCH_WIN_POINTS * self.wins[k] + MATCH_DRAW_POINTS * self.draws[k]

    def rounds_played(self, k: int) -> int:
        return self.wins[k] + self.losses[k] + self.draws[k]


def tally_results(
    players: Iterable[PlayerId], matches: Iterable[MatchResult] = (), byes: Iterable[PlayerId] = ()
) -> Tallies:
    """Add up each player's record; a result naming a player not in ``players`` is an error."""
    order = list(players)
    index = {player: k for k, player in enumerate(order)}
    if len(index) != len(order):
        raise ValueError("duplicate player id")
    n = len(order)
    t = Tallies(order, index, [0] * n, [0] * n, [0] * n, [0] * n, [0] * n, [0] * n, [[] for _ in range(n)])
    wins, losses, draws, game_points, games_played = t.wins, t.losses, t.draws, t.game_points, t.games_played
    try:
        for match in matches:
            a, b = index[match.player_a], index[match.player_b]
            won_a, won_b, drawn = match.games_a, match.games_b, match.games_drawn
            if won_a > won_b:
                wins[a] += 1
                losses[b] += 1
            elif won_b > won_a:
                wins[b] += 1
                losses[a] += 1
            else:
                draws[a] += 1
                draws[b] += 1
            game_points[a] += GAME_WIN_POINTS * won_a + GAME_DRAW_POINTS * drawn
            game_points[b] += GAME_WIN_POINTS * won_b + GAME_DRAW_POINTS * drawn
            games_played[a] += won_a + won_b + drawn
            games_played[b] += won_a + won_b + drawn
            t.opponents[a].append(b)
            t.opponents[b].append(a)
        for player in byes:
            k = index[player]
            t.byes[k] += 1
            wins[k] += 1
            game_points[k] += GAME_WIN_POINTS * BYE_GAMES_WON
            games_played[k] += BYE_GAMES_WON
    except KeyError as exc:
        raise ValueError(f"result names an unknown player: {exc.args[0]!r}") from None
    return t


def _scaled_percentages(
    numerators: list[int], denominators: list[int], floor: Fraction
) -> tuple[list[int], int]:
    """Floored ratios num/den as integers over one common denominator, and that denominator.

    A zero denominator (nothing played) reads as 0 before the floor, so it becomes the floor.
    """
    denominator = math.lcm(floor.denominator, *{den for den in denominators if den})
    floor_scaled = floor.numerator * (denominator // floor.denominator)
    scaled = [
        max(num * (denominator // den), floor_scaled) if den else floor_scaled
        for num, den in zip(numerators, denominators, strict=True)
    ]
    return scaled, denominator


def compute_standings(
    players: Iterable[PlayerId],
    matches: Iterable[MatchResult] = (),
    byes: Iterable[PlayerId] = (),
    dropped: Iterable[PlayerId] = (),
    *,
    floor: Fraction = MTR_FLOOR,
    tiebreak_key: Callable[[PlayerId], Any] | None = None,
) -> list[Standing]:
    """The standings, best first: match points, OMW%, GW%, OGW%, then ``tiebreak_key``.

    ``byes`` lists one entry per bye received (a player twice for two byes). ``tiebreak_key``
    orders players tied on all four MTR tiebreakers (default: the player id); the ranks are
    positions 1..n, so they are distinct.
    """
    tallies = tally_results(players, matches, byes)
    return standings_from_tallies(tallies, dropped, floor=floor, tiebreak_key=tiebreak_key)


@dataclass(slots=True)
class _Columns:
    """The four MTR keys per player index, as exact integers (see the module docs)."""

    match_points: list[int]
    mwp: list[int]  # floored match-win %, over mwp_den
    mwp_den: int
    gwp: list[int]  # floored game-win %, over gwp_den
    gwp_den: int
    omw_sum: list[int]  # Σ opponents' mwp; OMW% = omw_sum / (mwp_den × opponents)
    ogw_sum: list[int]
    scale: list[int]  # count_lcm // opponents: puts every average over one denominator


def _columns(t: Tallies, floor: Fraction) -> _Columns:
    n = len(t.players)
    match_points = [t.match_points(k) for k in range(n)]
    rounds_possible = [MATCH_WIN_POINTS * t.rounds_played(k) for k in range(n)]
    mwp, mwp_den = _scaled_percentages(match_points, rounds_possible, floor)
    gwp, gwp_den = _scaled_percentages(t.game_points, [GAME_WIN_POINTS * g for g in t.games_played], floor)
    count_lcm = math.lcm(1, *{len(opponents) for opponents in t.opponents if opponents})
    return _Columns(
        match_points=match_points,
        mwp=mwp,
        mwp_den=mwp_den,
        gwp=gwp,
        gwp_den=gwp_den,
        omw_sum=[sum(map(mwp.__getitem__, opponents)) for opponents in t.opponents],
        ogw_sum=[sum(map(gwp.__getitem__, opponents)) for opponents in t.opponents],
        scale=[count_lcm // len(opponents) if opponents else 0 for opponents in t.opponents],
    )


def _ranking(
    c: _Columns, players: list[PlayerId], tiebreak_key: Callable[[PlayerId], Any] | None
) -> list[int]:
    final_key = tiebreak_key or _identity
    mp, omw, gwp, ogw, scale = c.match_points, c.omw_sum, c.gwp, c.ogw_sum, c.scale
    return sorted(
        range(len(players)),
        key=lambda k: (-mp[k], -omw[k] * scale[k], -gwp[k], -ogw[k] * scale[k], final_key(players[k])),
    )


def ranking(
    tallies: Tallies, *, floor: Fraction = MTR_FLOOR, tiebreak_key: Callable[[PlayerId], Any] | None = None
) -> list[int]:
    """Player indices (into ``tallies.players``) in standings order, without building rows.

    The Swiss pairer only needs the order; skipping 10,000 :class:`Standing` rows saves time.
    """
    return _ranking(_columns(tallies, floor), tallies.players, tiebreak_key)


def standings_from_tallies(
    tallies: Tallies,
    dropped: Iterable[PlayerId] = (),
    *,
    floor: Fraction = MTR_FLOOR,
    tiebreak_key: Callable[[PlayerId], Any] | None = None,
) -> list[Standing]:
    """:func:`compute_standings` for totals already added up."""
    t, c = tallies, _columns(tallies, floor)
    players = t.players
    dropped_set = frozenset(dropped)
    standings = []
    for rank, k in enumerate(_ranking(c, players, tiebreak_key), start=1):
        count = len(t.opponents[k])
        standings.append(
            Standing(
                rank=rank,
                player=players[k],
                match_points=c.match_points[k],
                wins=t.wins[k],
                losses=t.losses[k],
                draws=t.draws[k],
                byes=t.byes[k],
                rounds_played=t.rounds_played(k),
                game_points=t.game_points[k],
                games_played=t.games_played[k],
                match_win_pct=c.mwp[k] / c.mwp_den,
                opp_match_win_pct=c.omw_sum[k] / (c.mwp_den * count) if count else 0.0,
                game_win_pct=c.gwp[k] / c.gwp_den,
                opp_game_win_pct=c.ogw_sum[k] / (c.gwp_den * count) if count else 0.0,
                opponents=tuple(players[o] for o in t.opponents[k]),
                dropped=players[k] in dropped_set,
            )
        )
    return standings


def _identity(player: PlayerId) -> PlayerId:
    return player
