"""An organiser runs a Swiss tournament from the pages only (issue 15, point 7(c)): signs up, fills
the create form, opens registration; three people sign up in browsers of their own and join from the
tournament's page, the organiser enters a built-in bot, starts it, and the people play every game
they are seated in through the game pages until the tournament shows its final standings.

The deals are pinned per test (tests/conftest.py) and the people choose their moves by a fixed rule,
so the run is the same every time. The bot is ``steady_bot`` (never folds): a bot that folds at its
first move would end a person's game before the person plays it, and the test would prove less.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.models import CompetitionState, Move, Seat, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
PEOPLE = ["ines", "jonas", "kemal"]
NAME = "Autumn Swiss"
# Short games (Mulligan ends after this many turns) and two rounds: a whole tournament, quickly.
GAME_OPTIONS = '{"max_turns": 4}'
ROUNDS = 2
# Bounds on the loops below: far above what two rounds of four-turn games take.
MAX_VISITS = 40
MAX_CLICKS_PER_VISIT = 60


def _sign_up(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form[data-testid=signup-form] [type=submit]")
    page.wait_for_load_state()
    assert username in page.inner_text("header"), f"{username} is not logged in after signing up"


def _submit(page: Any, form: str) -> None:
    page.click(f"{form} [type=submit]")
    page.wait_for_load_state()


def _button(page: Any, words: str) -> None:
    page.get_by_role("button", name=words, exact=True).click()
    page.wait_for_load_state()


def _messages(page: Any) -> str:
    return str(page.inner_text("[data-testid=messages]"))


def _state(page: Any) -> str:
    return str(page.inner_text("[data-testid=competition-state]")).strip()


def _table_column(page: Any, table: str, column: int) -> list[str]:
    cells = page.locator(f"[data-testid={table}] tbody tr td:nth-child({column})").all_inner_texts()
    return [cell.strip() for cell in cells]


def _moves_stored(username: str) -> int:
    """The moves stored as ``username``'s own (not played for them on a timeout) in the tournament."""
    seats = Seat.objects.filter(
        game__match_game__match__round__tournament__name=NAME, competitor__player__user__username=username
    )
    return sum(Move.objects.filter(game=seat.game_id, seat=seat.index, auto=False).count() for seat in seats)


def _chosen(buttons: list[Any]) -> Any:
    """The fixed rule: the first action that trades (auction, offer, swap, mulligan), else the first
    offered. A person never folds nor skips while there is a trade to make, so every game runs to
    Mulligan's turn limit and each person plays in each of their games."""
    trading = [b for b in buttons if b.get_attribute("data-action-type") not in {"skip", "fold"}]
    return (trading or buttons)[0]


def _play_what_waits(page: Any, base: str) -> int:
    """From the home page, the person opens the game waiting for them (if any) and plays until it is
    no longer their turn; the number of moves they made."""
    page.goto(f"{base}/")
    link = page.query_selector("[data-testid=your-turn]")
    if link is None:
        return 0
    link.click()
    page.wait_for_load_state()
    assert re.search(r"/games/\d+/$", page.url), page.url
    clicks = 0
    while buttons := page.query_selector_all("[data-testid=action]"):
        assert clicks < MAX_CLICKS_PER_VISIT, f"a game at {page.url} does not end"
        _chosen(buttons).click()
        page.wait_for_load_state()
        assert "played" in _messages(page).lower(), _messages(page)
        clicks += 1
    return clicks


def test_an_organiser_runs_a_swiss_tournament_of_people_and_a_bot_from_the_pages(
    live_server: Any,
    page: Any,
    another_browser: Any,
    screenshot: Any,
    console: Any,
    steady_bot: Any,
) -> None:
    base = live_server.url
    organiser = page

    # The organiser signs up and fills the form, from the tournaments list's button.
    _sign_up(organiser, base, "olga")
    organiser.click("nav >> text=Tournaments")
    organiser.wait_for_load_state()
    organiser.click("text=Organise a tournament")
    organiser.wait_for_load_state()
    assert organiser.url == f"{base}/tournaments/new/"
    organiser.fill("#id_name", NAME)
    organiser.select_option("#id_game", "mulligan")
    organiser.fill("#id_config", GAME_OPTIONS)
    organiser.select_option("#id_format", "swiss")
    organiser.fill("#id_rounds", str(ROUNDS))
    screenshot("swiss-form")
    _submit(organiser, "form[data-testid=create-form]")
    match = re.search(r"/tournaments/(\d+)/$", organiser.url)
    assert match, f"the form did not lead to the new tournament: {organiser.url}"
    tournament_url = organiser.url
    assert f"{NAME} is made, in draft" in _messages(organiser)
    assert organiser.inner_text("h1") == NAME
    assert _state(organiser) == "draft"
    assert "Swiss of mulligan" in organiser.inner_text("main")

    _button(organiser, "Open registration")
    assert "Registration is open." in _messages(organiser)
    assert _state(organiser) == "registration open"

    # Three people, each at their own browser, find it among the tournaments open for entry and join.
    people = {}
    for username in PEOPLE:
        person = console.watch(another_browser())
        _sign_up(person, base, username)
        person.goto(f"{base}/tournaments/")
        person.select_option("[data-testid=filter] select[name=state]", "registration")
        _submit(person, "form[data-testid=filter]")
        person.click(f"[data-testid=tournaments] >> text={NAME}")
        person.wait_for_load_state()
        assert person.url == tournament_url
        _button(person, "Join this tournament")
        assert f"{username} entered {NAME}" in _messages(person)
        assert "You are in this tournament" in person.inner_text("[data-testid=your-entry]")
        people[username] = person

    # The organiser enters a built-in bot from the same page.
    organiser.reload()
    organiser.select_option("[data-testid=enter-bot] select", label="steady bot (built-in)")
    _submit(organiser, "form[data-testid=enter-bot]")
    assert f"steady bot entered {NAME}" in _messages(organiser)
    entrants = sorted([*PEOPLE, "steady bot"])
    assert sorted(_table_column(organiser, "entrants", 2)) == entrants
    assert "4 entrants" in organiser.inner_text("[data-testid=organiser-controls]")
    screenshot("swiss-entries")

    _button(organiser, "Start the tournament")
    assert "The tournament has started: round 1 is paired." in _messages(organiser)
    assert _state(organiser) == "running"
    assert f"round 1 of {ROUNDS}" in organiser.inner_text("[data-testid=organiser-controls]")
    assert "Round 1: 0 of 2 matches done" in organiser.inner_text("[data-testid=round-progress]")
    assert organiser.locator("[data-round='1'] tbody tr").count() == 2
    assert "Live standings, round 1" in organiser.inner_text("main")
    screenshot("swiss-running")

    # The people play what waits for them, in turn, until the tournament is over.
    moves = dict.fromkeys(PEOPLE, 0)
    for visit in range(MAX_VISITS):
        for username, person in people.items():
            moves[username] += _play_what_waits(person, base)
        if visit == 0:
            screenshot("swiss-a-game", of=people[PEOPLE[0]])
        organiser.reload()
        if _state(organiser) == "finished":
            break
    else:
        pytest.fail(f"the tournament did not finish: {organiser.inner_text('[data-testid=progress]')}")

    # Final standings: every entrant ranked, after the last round, both rounds done.
    assert "Nothing is left to do: it is finished." in organiser.inner_text(
        "[data-testid=organiser-controls]"
    )
    assert f"Final standings after round {ROUNDS}." in organiser.inner_text("main")
    assert sorted(_table_column(organiser, "standings", 2)) == entrants
    ranks = [int(rank) for rank in _table_column(organiser, "standings", 1)]
    assert ranks == sorted(ranks) and ranks[0] == 1, ranks
    for number in range(1, ROUNDS + 1):
        assert f"Round {number} (finished)" in organiser.inner_text(f"[data-round='{number}'] h3")
    assert organiser.locator("[data-round] tbody tr").count() == 2 * ROUNDS
    progress = organiser.inner_text("[data-testid=progress]")
    assert "4 of 4 games played (100%)" in progress, progress
    screenshot("swiss-final-standings")

    # Each person saw the same from their own browser, and played their games by hand.
    for username, person in people.items():
        person.goto(tournament_url)
        assert _state(person) == "finished"
        assert sorted(_table_column(person, "standings", 2)) == entrants
        assert moves[username] >= ROUNDS, moves
        assert _moves_stored(username) == moves[username], (username, moves)
    assert Tournament.objects.get(name=NAME).state == CompetitionState.FINISHED
    console.check("the Swiss tournament's pages")
