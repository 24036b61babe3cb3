"""Two people, each in their own browser, sign up, verify their address from the mail and meet in
the lobby: one posts a Mulligan challenge open to anyone, the other accepts it, and they play it to
the end by clicking in their own page, each page following the other's moves live (the game's event
stream, no reload). Named challenges declined or cancelled from the lobby leave no game behind."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.cache import cache
from playwright.sync_api import expect

from games.models import Challenge, ChallengeState, Game, GameStatus, Move, Seat
from games.selectors.games import game_state
from tests.browser.conftest import SCREENSHOT_DIR

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
LINK = re.compile(r"https?://\S+")
# Short but whole: the game is played until the engine says it is over.
MAX_TURNS = 6
MAX_CLICKS = 200
CHALLENGE_POSTED = re.compile(r"Challenge (\d+) is posted")


class Person:
    """One person at their own browser: a page in a context of its own (own cookies), and the
    main-frame navigations it has made since :meth:`mark` (a live update must make none)."""

    def __init__(self, page: Any, username: str) -> None:
        self.page = page
        self.username = username
        self.email = f"{username}@example.org"
        self.navigations: list[str] = []
        page.on("framenavigated", self._navigated)

    def _navigated(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self.navigations.append(frame.url)

    def mark(self) -> None:
        """From now on, a reload or a navigation of this page shows: the marker is lost, and the
        navigation is recorded."""
        self.page.evaluate("window.__marker = 1")
        self.navigations.clear()

    def assert_not_reloaded(self) -> None:
        assert self.page.evaluate("window.__marker") == 1, f"{self.username}'s page was reloaded"
        assert self.navigations == [], f"{self.username}'s page navigated: {self.navigations}"

    def shot(self, name: str) -> None:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOT_DIR / f"{name}.png"), full_page=True)


@pytest.fixture
def other_page(chromium: Any) -> Iterator[Any]:
    """A second browser context: another person, with cookies of their own."""
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(20_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    # The account pages' rate limits (sign-ups from one address, one confirmation mail per address
    # in three minutes) count in the process's cache, which outlives a test's database.
    cache.clear()


def _submit(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def _sign_up_and_verify(person: Person, base: str) -> None:
    page = person.page
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", person.username)
    page.fill("#id_email", person.email)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    _submit(page, "form[data-testid=signup-form] [type=submit]")
    [message] = [m for m in mail.outbox if m.to == [person.email]]
    [link] = LINK.findall(message.body)
    assert "/accounts/confirm-email/" in link
    page.goto(base + urlsplit(link).path)
    _submit(page, "form[data-testid=confirm-email-form] [type=submit]")
    assert EmailAddress.objects.get(email=person.email).verified
    assert page.locator("[data-testid=verify-banner]").count() == 0


def _post_challenge(person: Person, base: str, seat: str, invitee: str = "") -> int:
    """A two-player Mulligan challenge from /games/new/; its number, as the lobby says it."""
    page = person.page
    page.goto(f"{base}/games/new/?game=mulligan")
    page.fill("#id_seats", "2")
    page.select_option("#id_seat_1", seat)
    if invitee:
        page.fill("#id_seat_1_player", invitee)
    page.fill("#id_option_max_turns", str(MAX_TURNS))
    _submit(page, "form[data-testid=new-game-form] button[type=submit]")
    assert urlsplit(page.url).path == "/lobby/", page.inner_text("main")
    found = CHALLENGE_POSTED.search(page.inner_text("[data-testid=messages]"))
    assert found, page.inner_text("[data-testid=messages]")
    return int(found.group(1))


def _in_lobby(page: Any, pk: int) -> int:
    return page.locator(f"[data-testid=challenge-{pk}]").count()


def _shown_moves(page: Any) -> int:
    return int(page.get_attribute("[data-testid=game-status]", "data-move-count"))


def _wait_for_version(person: Person, version: int) -> None:
    person.page.wait_for_selector(f"[data-testid=game-status][data-move-count='{version}']")


def _chosen_button(page: Any) -> Any:
    """A fixed rule: the first button that trades (an auction, an offer, a swap, a mulligan), else
    the first. Folding at once would end the game in a move or two, and skipping would only
    stretch it to the turn cap."""
    buttons = page.locator("[data-testid=action]")
    trading = buttons.and_(page.locator(":not([data-action-type=skip]):not([data-action-type=fold])"))
    return trading.first if trading.count() else buttons.first


def _to_seat(game: Game, person: Person) -> int:
    return Seat.objects.get(game=game, competitor__name=person.username).index


def _to_act(game: Game, person: Person) -> bool:
    """Whether the engine has ``person``'s seat to act now (as the server sees the game)."""
    return _to_seat(game, person) in game_state(game).to_act()


def test_an_open_challenge_accepted_from_the_lobby_is_played_live_to_the_end(
    live_server: Any, page: Any, other_page: Any, screenshot: Any, accessibility: Any
) -> None:
    base = live_server.url
    ann, bea = Person(page, "ann"), Person(other_page, "bea")
    _sign_up_and_verify(ann, base)
    _sign_up_and_verify(bea, base)
    ann.shot("home-verified")

    pk = _post_challenge(ann, base, "open")
    assert _in_lobby(page, pk) == 2  # among the open challenges and among hers
    assert "Accept challenge" not in page.inner_text(
        f"[data-testid=challenges-open] [data-testid=challenge-{pk}]"
    )
    accessibility("the lobby with her open challenge")
    screenshot("lobby-open-challenge-posted")
    assert not Game.objects.exists()

    bea.page.goto(f"{base}/lobby/")
    row = f"[data-testid=challenges-open] [data-testid=challenge-{pk}]"
    assert "ann" in bea.page.inner_text(row)
    bea.shot("lobby-open-challenge-seen")
    _submit(bea.page, f"{row} button:has-text('Accept challenge {pk}')")
    challenge = Challenge.objects.get(pk=pk)
    assert challenge.state == ChallengeState.ACCEPTED and challenge.started_game is not None
    game = challenge.started_game
    assert urlsplit(bea.page.url).path == f"/games/{game.pk}/"
    assert sorted(Seat.objects.filter(game=game).values_list("competitor__name", flat=True)) == ["ann", "bea"]
    bea.shot("game-accepted")

    # Ann finds the game from her home page.
    ann.page.goto(f"{base}/")
    _submit(ann.page, f"main a[href='/games/{game.pk}/']")
    assert urlsplit(ann.page.url).path == f"/games/{game.pk}/"
    screenshot("game-started-ann")
    people = [ann, bea]

    clicks = 0
    live_updates = {ann.username: 0, bea.username: 0}
    buttons_appeared = {ann.username: 0, bea.username: 0}
    while True:
        game.refresh_from_db()
        for person in people:
            _wait_for_version(person, game.version)
        if game.status != GameStatus.RUNNING:
            break
        movers = [p for p in people if p.page.locator("[data-testid=action]").count()]
        assert movers, "the game runs but nobody is shown a move"
        assert clicks < MAX_CLICKS, "the game did not end"
        mover = movers[0]
        watcher = next(p for p in people if p is not mover)
        watcher.mark()
        watcher_had_buttons = watcher.page.locator("[data-testid=action]").count() > 0
        turns_before = watcher.page.inner_text("[data-your-turns]").strip()
        before = game.version
        button = _chosen_button(mover.page)
        played = button.get_attribute("value")
        with mover.page.expect_navigation():
            button.click()
        clicks += 1
        last = Move.objects.filter(game=game).order_by("-number").first()
        # The move is stored as the clicker's, the action of the button they clicked.
        assert last is not None and last.number > before and last.auto is False
        assert _to_seat(game, mover) == last.seat and last.action == json.loads(played)
        game.refresh_from_db()
        # The watcher's page, never reloaded, shows the move: its event stream told of it and the
        # game part was swapped in.
        _wait_for_version(watcher, game.version)
        watcher.assert_not_reloaded()
        assert f"({last.number})" in watcher.page.inner_text("[data-testid=last-move]")
        live_updates[watcher.username] += 1
        if clicks == 1:
            watcher.shot(f"game-live-update-{watcher.username}")
        if game.status == GameStatus.RUNNING and _to_act(game, watcher):
            # It is the watcher's turn now: the buttons appear in the page, still without a reload.
            watcher.page.wait_for_selector("[data-testid=action]")
            # and the nav's count of games waiting for them follows.
            expect(watcher.page.locator("[data-your-turns]")).to_have_text("1")
            watcher.assert_not_reloaded()
            if not watcher_had_buttons and turns_before == "0":
                buttons_appeared[watcher.username] += 1

    assert game.status == GameStatus.FINISHED
    assert min(live_updates.values()) >= 1 and min(buttons_appeared.values()) >= 1, (
        live_updates,
        buttons_appeared,
    )
    for person in people:
        assert person.page.get_attribute("[data-testid=game-status]", "data-game-status") == "finished"
        assert person.page.locator("[data-testid=action]").count() == 0
    screenshot("game-finished-ann")
    bea.shot("game-finished-bea")

    # Each of them was told by mail that it was their turn, with the game's link.
    turn_mails = [m for m in mail.outbox if m.subject == f"Your turn in game {game.pk}"]
    for person in people:
        theirs = [m for m in turn_mails if m.to == [person.email]]
        assert theirs, f"no your-turn mail to {person.email}: {[(m.to, m.subject) for m in mail.outbox]}"
        links = [urlsplit(link).path for m in theirs for link in LINK.findall(m.body)]
        assert f"/games/{game.pk}/" in links


def test_named_challenges_declined_and_cancelled_from_the_lobby_leave_no_game(
    live_server: Any, page: Any, other_page: Any, screenshot: Any, accessibility: Any
) -> None:
    base = live_server.url
    # Here ``page`` is Bea's, the one challenged: the accessibility check runs on her lobby.
    bea, ann = Person(page, "bea"), Person(other_page, "ann")
    _sign_up_and_verify(ann, base)
    _sign_up_and_verify(bea, base)

    declined = _post_challenge(ann, base, "player", invitee="bea")
    cancelled = _post_challenge(ann, base, "player", invitee="bea")
    ann.shot("lobby-named-challenges-posted")
    # A named challenge is not open to anyone: it is listed for Bea and among Ann's.
    assert _in_lobby(ann.page, declined) == 1 and _in_lobby(ann.page, cancelled) == 1

    bea.page.goto(f"{base}/lobby/")
    for pk in (declined, cancelled):
        assert _in_lobby(bea.page, pk) == 1
        assert bea.page.locator(f"[data-testid=challenges-for-me] [data-testid=challenge-{pk}]").count() == 1
    accessibility("the lobby with two challenges for her")
    screenshot("lobby-challenges-for-me")

    _submit(bea.page, f"[data-testid=challenge-{declined}] button:has-text('Decline challenge {declined}')")
    assert f"You declined challenge {declined}" in bea.page.inner_text("[data-testid=messages]")
    assert _in_lobby(bea.page, declined) == 0
    assert _in_lobby(bea.page, cancelled) == 1
    screenshot("lobby-declined")
    ann.page.goto(f"{base}/lobby/")
    assert _in_lobby(ann.page, declined) == 0

    _submit(ann.page, f"[data-testid=challenge-{cancelled}] button:has-text('Cancel challenge {cancelled}')")
    assert f"Challenge {cancelled} is cancelled" in ann.page.inner_text("[data-testid=messages]")
    assert _in_lobby(ann.page, cancelled) == 0
    ann.shot("lobby-cancelled")
    bea.page.goto(f"{base}/lobby/")
    assert _in_lobby(bea.page, cancelled) == 0
    assert "Nobody has challenged you." in bea.page.inner_text("[data-testid=challenges-for-me]")
    screenshot("lobby-empty-again")

    states = dict(Challenge.objects.values_list("pk", "state"))
    assert states == {declined: ChallengeState.DECLINED, cancelled: ChallengeState.CANCELLED}
    assert not Challenge.objects.filter(started_game__isnull=False).exists()
    assert not Game.objects.exists()
    assert not Seat.objects.filter(competitor__name__in=["ann", "bea"]).exists()
