"""MTR tiebreakers: hand-worked examples, the 1/3 floor, byes, drops, and a Fraction reference."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.scheduling.tiebreaks import (
    MTR_FLOOR,
    MatchResult,
    PlayerId,
    Standing,
    compute_standings,
)


def by_player(standings: list[Standing]) -> dict[PlayerId, Standing]:
    return {s.player: s for s in standings}


def losses_to(player: str, opponents: list[str], score: tuple[int, int] = (0, 2)) -> list[MatchResult]:
    return [MatchResult(player, o, *score) for o in opponents]


# --- MTR Appendix C, "Match Points" and "Game Points" examples -------------------------------


def test_mtr_match_point_examples() -> None:
    # "A player's record is 6-2-0 ... 18 match points (6*3, 2*0, 0*1)."
    # "A player's record is 4-2-2 ... 14 match points (4*3, 2*0, 2*1)."
    others = [f"o{k}" for k in range(16)]
    matches = (
        [MatchResult("six", o, 2, 0) for o in others[:6]]
        + losses_to("six", others[6:8])
        + [MatchResult("four", o, 2, 0) for o in others[8:12]]
        + losses_to("four", others[12:14])
        + [MatchResult("four", o, 1, 1) for o in others[14:16]]
    )
    table = by_player(compute_standings(["six", "four", *others], matches))
    assert (table["six"].record, table["six"].match_points) == ("6-2-0", 18)
    assert (table["four"].record, table["four"].match_points) == ("4-2-2", 14)


@pytest.mark.parametrize(
    ("games", "winner_points", "loser_points"),
    [
        ((2, 0, 0), 6, 0),  # "wins a match 2-0-0, so she earns 6 game points and her opponent 0"
        ((2, 1, 0), 6, 3),  # "2-1-0 ... 6 game points and her opponent earns 3"
        ((2, 0, 1), 7, 1),  # "2-0-1 ... 7 game points and his opponent earns 1"
    ],
)
def test_mtr_game_point_examples(games: tuple[int, int, int], winner_points: int, loser_points: int) -> None:
    won, lost, drawn = games
    table = by_player(compute_standings(["w", "l"], [MatchResult("w", "l", won, lost, drawn)]))
    assert table["w"].game_points == winner_points
    assert table["l"].game_points == loser_points


def test_mtr_match_win_percentage_table() -> None:
    # MTR Appendix C: three players of an 8-round event; only the first finished it.
    #   5-2-1                               16 points / (8*3) = 0.667
    #   1-3-0, then withdraws                3 points / (4*3) = 0.25, so 0.33 is used
    #   3-2-0 incl. a first-round bye, drops 9 points / (5*3) = 0.60
    o = [f"o{k}" for k in range(20)]
    matches = (
        [MatchResult("a", x, 2, 0) for x in o[0:5]]
        + losses_to("a", o[5:7])
        + [MatchResult("a", o[7], 1, 1)]
        + [MatchResult("b", o[8], 2, 1)]
        + losses_to("b", o[9:12])
        + [MatchResult("c", x, 2, 0) for x in o[12:14]]
        + losses_to("c", o[14:16])
    )
    standings = compute_standings(["a", "b", "c", *o], matches, byes=["c"], dropped=["b", "c"])
    table = by_player(standings)
    assert table["a"].match_win_pct == pytest.approx(16 / 24)
    assert table["b"].match_win_pct == pytest.approx(1 / 3)  # floored from 0.25
    assert table["c"].match_win_pct == pytest.approx(9 / 15)
    assert (table["c"].record, table["c"].rounds_played, table["c"].byes) == ("3-2-0", 5, 1)
    assert table["b"].dropped and table["c"].dropped and not table["a"].dropped


# --- A hand-worked event: every tiebreaker, and a tie that falls through to GW% ------------------


HAND_WORKED = [
    # round 1
    MatchResult("A", "B", 2, 1),
    MatchResult("C", "D", 2, 0),
    # round 2
    MatchResult("A", "C", 2, 0),
    MatchResult("B", "D", 1, 1, 1),  # one game each and one drawn game: a drawn match
    # round 3
    MatchResult("A", "D", 1, 2),
    MatchResult("B", "C", 2, 0),
]


def test_hand_worked_event() -> None:
    # Records, match points (MP), match-win % (MWP = MP / 9 after three rounds):
    #   A: beat B 2-1, beat C 2-0, lost to D 1-2  -> 2-1-0, 6 MP, 6/9
    #   B: lost to A 1-2, drew D 1-1-1, beat C    -> 1-1-1, 4 MP, 4/9
    #   C: beat D 2-0, lost to A, lost to B       -> 1-2-0, 3 MP, 3/9 (= the 1/3 floor)
    #   D: lost to C, drew B, beat A 2-1          -> 1-1-1, 4 MP, 4/9
    # Game points (3 per game won, 1 per game drawn) / (3 x games played):
    #   A: games 5-3-0 -> 15 / 24        B: games 4-3-1 -> 13 / 24
    #   C: games 2-4-0 ->  6 / 18        D: games 3-4-1 -> 10 / 24
    # OMW% (average of the opponents' MWP):
    #   A: (B 4/9 + C 3/9 + D 4/9) / 3 = 11/27     B: (A 6/9 + D 4/9 + C 3/9) / 3 = 13/27
    #   C: (D 4/9 + A 6/9 + B 4/9) / 3 = 14/27     D: (C 3/9 + B 4/9 + A 6/9) / 3 = 13/27
    # OGW% (average of the opponents' GW%, in 24ths; C's 6/18 = 8/24):
    #   A: (13 + 8 + 10) / 72 = 31/72    B: (15 + 10 + 8) / 72 = 33/72
    #   C: (10 + 15 + 13) / 72 = 38/72   D: (8 + 13 + 15) / 72 = 36/72
    # Ranking: A (6 MP); B and D tie on 4 MP and on OMW% 13/27, so GW% decides: B 13/24 > D 10/24.
    standings = compute_standings("ABCD", HAND_WORKED)
    assert [s.player for s in standings] == ["A", "B", "D", "C"]
    assert [s.rank for s in standings] == [1, 2, 3, 4]
    expected = {
        "A": (6, 6 / 9, 11 / 27, 15 / 24, 31 / 72),
        "B": (4, 4 / 9, 13 / 27, 13 / 24, 33 / 72),
        "C": (3, 3 / 9, 14 / 27, 6 / 18, 38 / 72),
        "D": (4, 4 / 9, 13 / 27, 10 / 24, 36 / 72),
    }
    for s in standings:
        got = (s.match_points, s.match_win_pct, s.opp_match_win_pct, s.game_win_pct, s.opp_game_win_pct)
        assert got == pytest.approx(expected[str(s.player)]), s.player
    table = by_player(standings)
    assert table["B"].opp_match_win_pct == table["D"].opp_match_win_pct  # exactly, not just close
    assert (table["B"].record, table["B"].games_played, table["B"].game_points) == ("1-1-1", 8, 13)
    assert table["A"].opponents == ("B", "C", "D")


def test_tie_on_everything_falls_to_the_final_key() -> None:
    # Two mirror-image pairs: P beat Q 2-0 and R beat S 2-0. P and R tie on every tiebreaker.
    matches = [MatchResult("P", "Q", 2, 0), MatchResult("R", "S", 2, 0)]
    assert [s.player for s in compute_standings("PQRS", matches)] == ["P", "R", "Q", "S"]
    reverse = compute_standings("PQRS", matches, tiebreak_key=lambda p: -ord(str(p)))
    assert [s.player for s in reverse] == ["R", "P", "S", "Q"]


def test_tie_falls_through_to_opponents_game_win() -> None:
    # X beat U 2-0 and Y beat V 2-0; then U beat Z1 2-0 and V beat Z2 2-1.
    #   U: 1-1-0, MWP 3/6 = 1/2; games 2-2 -> GW% 6/12 = 1/2
    #   V: 1-1-0, MWP 3/6 = 1/2; games 2-3 -> GW% 6/15 = 2/5
    # X and Y: 3 MP, OMW% 1/2, GW% 6/6 = 1 each; OGW% decides: X 1/2 > Y 2/5.
    matches = [
        MatchResult("X", "U", 2, 0),
        MatchResult("Y", "V", 2, 0),
        MatchResult("U", "Z1", 2, 0),
        MatchResult("V", "Z2", 2, 1),
    ]
    table = by_player(compute_standings(["X", "Y", "U", "V", "Z1", "Z2"], matches))
    x, y = table["X"], table["Y"]
    assert (x.match_points, x.opp_match_win_pct, x.game_win_pct) == (3, 0.5, 1.0)
    assert (y.match_points, y.opp_match_win_pct, y.game_win_pct) == (3, 0.5, 1.0)
    assert x.opp_game_win_pct == pytest.approx(1 / 2)
    assert y.opp_game_win_pct == pytest.approx(2 / 5)
    assert x.rank < y.rank


# --- Floors, byes, drops ------------------------------------------------------------------------


def test_byes_count_as_2_0_wins_but_not_as_opponents() -> None:
    # P: round 1 bye, round 2 beat Q 2-0. P is 2-0-0: 6 MP over 2 rounds, GW% 12/12.
    # Q is 0-1-0 (MWP 0, floored to 1/3). P's only opponent is Q: OMW% = 1/3, OGW% = 1/3.
    # (Counting the bye as an opponent would change both.)
    table = by_player(compute_standings(["P", "Q"], [MatchResult("P", "Q", 2, 0)], byes=["P"]))
    p = table["P"]
    assert (p.record, p.byes, p.match_points, p.game_points, p.games_played) == ("2-0-0", 1, 6, 12, 4)
    assert p.match_win_pct == 1.0 and p.game_win_pct == 1.0
    assert p.opp_match_win_pct == pytest.approx(1 / 3)
    assert p.opp_game_win_pct == pytest.approx(1 / 3)
    assert p.opponents == ("Q",)


def test_only_byes_means_no_opponents() -> None:
    table = by_player(compute_standings(["P"], byes=["P", "P"]))
    assert (table["P"].record, table["P"].opp_match_win_pct, table["P"].opp_game_win_pct) == (
        "2-0-0",
        0.0,
        0.0,
    )


def test_floor_is_one_third_and_configurable() -> None:
    # L lost three matches 0-2: MWP 0 and GW% 0, both floored.
    matches = [MatchResult("L", w, 0, 2) for w in ("W1", "W2", "W3")]
    table = by_player(compute_standings(["L", "W1", "W2", "W3"], matches))
    assert table["L"].match_win_pct == pytest.approx(1 / 3)
    assert table["L"].game_win_pct == pytest.approx(1 / 3)
    assert table["W1"].opp_match_win_pct == pytest.approx(1 / 3)
    assert Fraction(1, 3) == MTR_FLOOR
    table = by_player(compute_standings(["L", "W1", "W2", "W3"], matches, floor=Fraction(33, 100)))
    assert table["L"].match_win_pct == 0.33
    assert table["W1"].opp_game_win_pct == 0.33


def test_intentional_draw_has_no_games() -> None:
    table = by_player(compute_standings(["A", "B"], [MatchResult("A", "B", 0, 0)]))
    assert (table["A"].record, table["A"].match_points, table["A"].games_played) == ("0-0-1", 1, 0)
    assert table["A"].game_win_pct == pytest.approx(1 / 3)  # 0 of 0 possible, lifted by the floor


def test_dropped_players_stay_in_the_standings_and_count_as_opponents() -> None:
    matches = [MatchResult("A", "D", 2, 0), MatchResult("B", "C", 2, 0), MatchResult("A", "B", 2, 1)]
    table = by_player(compute_standings("ABCD", matches, dropped=["D"]))
    assert table["D"].dropped
    assert table["A"].opp_match_win_pct == pytest.approx((1 / 3 + 3 / 6) / 2)


def test_rejects_unknown_players_and_bad_results() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        compute_standings(["A"], [MatchResult("A", "B", 2, 0)])
    with pytest.raises(ValueError, match="unknown player"):
        compute_standings(["A"], byes=["Z"])
    with pytest.raises(ValueError):
        MatchResult("A", "A", 2, 0)
    with pytest.raises(ValueError):
        MatchResult("A", "B", -1, 0)


def test_as_dict_is_plain_data() -> None:
    row = compute_standings("ABCD", HAND_WORKED)[0].as_dict()
    assert row["player"] == "A" and row["record"] == "2-1-0" and row["opponents"] == ["B", "C", "D"]


# --- Property: agrees with a straightforward Fraction implementation -----------------------------


def reference_standings(
    players: Sequence[PlayerId], matches: Sequence[MatchResult], byes: Sequence[PlayerId]
) -> dict[PlayerId, tuple[int, Fraction, Fraction, Fraction, Fraction]]:
    """MTR Appendix C written out directly with Fractions, for comparison."""
    mp = dict.fromkeys(players, 0)
    rounds = dict.fromkeys(players, 0)
    gp = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    opponents: dict[PlayerId, list[PlayerId]] = {p: [] for p in players}
    for m in matches:
        for me, them, won, lost in (
            (m.player_a, m.player_b, m.games_a, m.games_b),
            (m.player_b, m.player_a, m.games_b, m.games_a),
        ):
            mp[me] += 3 if won > lost else 1 if won == lost else 0
            rounds[me] += 1
            gp[me] += 3 * won + m.games_drawn
            games[me] += won + lost + m.games_drawn
            opponents[me].append(them)
    for p in byes:
        mp[p] += 3
        rounds[p] += 1
        gp[p] += 6
        games[p] += 2

    def floored(num: int, den: int) -> Fraction:
        return max(Fraction(num, den) if den else Fraction(0), Fraction(1, 3))

    mwp = {p: floored(mp[p], 3 * rounds[p]) for p in players}
    gwp = {p: floored(gp[p], 3 * games[p]) for p in players}

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)

    return {
        p: (mp[p], mean([mwp[o] for o in opponents[p]]), gwp[p], mean([gwp[o] for o in opponents[p]]), mwp[p])
        for p in players
    }


@st.composite
def events(draw: st.DrawFn) -> tuple[list[int], list[MatchResult], list[int]]:
    n = draw(st.integers(2, 12))
    players = list(range(n))
    matches: list[MatchResult] = []
    byes: list[int] = []
    for _round in range(draw(st.integers(0, 6))):
        order = draw(st.permutations(players))
        for a, b in zip(order[::2], order[1::2], strict=False):
            won_a, won_b = draw(st.sampled_from([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1), (0, 0), (1, 0)]))
            matches.append(MatchResult(a, b, won_a, won_b, draw(st.integers(0, 1))))
        if n % 2:
            byes.append(order[-1])
    return players, matches, byes


@given(events())
def test_matches_the_fraction_reference(event: tuple[list[int], list[MatchResult], list[int]]) -> None:
    players, matches, byes = event
    reference = reference_standings(players, matches, byes)
    standings = compute_standings(players, matches, byes)
    for s in standings:
        mp, omw, gw, ogw, mw = reference[s.player]
        assert s.match_points == mp
        assert s.match_win_pct == float(mw)
        assert s.opp_match_win_pct == float(omw)
        assert s.game_win_pct == float(gw)
        assert s.opp_game_win_pct == float(ogw)
    expected_order = sorted(
        players, key=lambda p: (-reference[p][0], -reference[p][1], -reference[p][2], -reference[p][3], p)
    )
    assert [s.player for s in standings] == expected_order
