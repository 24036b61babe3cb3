"""Every page a person can reach passes axe-core (no serious or critical violation) and runs under the
site's Content-Security-Policy without the browser refusing anything (issue 15, points 5 and 7).

Each test builds a small world with the services (a person with a running game of every registered
game against bots, a finished game to replay, a running tournament and league they organise, a
tournament open for entry, an open challenge in the lobby, a bot of theirs, a version test of
another bot of theirs), logs the person in
(or not, for the pages of someone logged out), opens one page, checks it and screenshots it
(``var/screenshots/a11y-<page>.png``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest

from engine import registered_games
from engine.bots.kit import template
from games.models import Bot, Game, GameStatus, League, Player, Tournament
from games.services.bot_versions import bot_create, bot_version_upload
from games.services.challenges import Opponent, challenge_create
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.games import game_create
from games.services.leagues import league_create, league_join, league_open_registration, league_start
from games.services.players import builtin_bots_ensure, email_verified_set, player_create
from games.services.version_tests import VersionTestRequest, version_test_start

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
GAME_IDS = [game.id for game in registered_games()]
# Short sessions where a game has a length to set (the pages are the same, the setup quicker).
SHORT = {"max_turns": 6, "hands": 3, "turn_cap": 8, "holes": 1}


@dataclass
class World:
    person: Player
    running: dict[str, Game] = field(default_factory=dict)
    finished: Game | None = None
    tournament: Tournament | None = None
    open_tournament: Tournament | None = None
    league: League | None = None
    bot_pk: int = 0
    tested_bot_pk: int = 0
    version_test_pk: int = 0
    other_table: Game | None = None


def _short(game_id: str) -> dict[str, Any]:
    defaults = next(g for g in registered_games() if g.id == game_id).normalize_config({})
    return {key: value for key, value in SHORT.items() if key in defaults}


def _build_world() -> World:
    person = player_create(username="pia", password=PASSWORD, email="pia@example.org")
    email_verified_set(person.user, "pia@example.org")
    world = World(person=person)
    bots: dict[str, list[Any]] = {}
    for bot in builtin_bots_ensure():
        bots.setdefault(bot.game_id, []).append(bot.competitor)

    # A game of every registered game, the person in seat 0 (first to act): it waits for them.
    for game in registered_games():
        seats = max(2, game.min_players)
        others = [bots[game.id][k % len(bots[game.id])] for k in range(seats - 1)]
        world.running[game.id] = game_create(
            game_id=game.id, competitors=[person.competitor, *others], config=_short(game.id), seed=11
        )
    # Bots alone play a game to its end at once (eager Celery): the replay's subject.
    world.finished = game_create(
        game_id="mulligan", competitors=bots["mulligan"][:2], config=_short("mulligan"), seed=12
    )

    world.tournament = tournament_create(
        name="Winter cup",
        game_id="mulligan",
        format="round_robin",
        organiser=person,
        config=_short("mulligan"),
    )
    tournament_open_registration(tournament_pk=world.tournament.pk)
    for competitor in [person.competitor, *bots["mulligan"][:2]]:
        tournament_join(tournament_pk=world.tournament.pk, competitor=competitor)
    tournament_start(tournament_pk=world.tournament.pk)

    world.open_tournament = tournament_create(
        name="Spring open", game_id="mulligan", format="swiss", organiser=person, rounds=2
    )
    tournament_open_registration(tournament_pk=world.open_tournament.pk)
    tournament_join(tournament_pk=world.open_tournament.pk, competitor=person.competitor)

    world.league = league_create(name="Evening league", game_id="mulligan", organiser=person)
    league_open_registration(league_pk=world.league.pk)
    for competitor in [person.competitor, *bots["mulligan"][:2]]:
        league_join(league_pk=world.league.pk, competitor=competitor)
    league_start(league_pk=world.league.pk)

    # The lobby: quinn's open challenge and one naming pia (buttons to accept and decline), and pia's.
    quinn = player_create(username="quinn", password=PASSWORD)
    for opponent in [Opponent(kind="open"), Opponent(kind="player", name="pia")]:
        challenge_create(
            user=quinn.user,
            game_id="mulligan",
            config={},
            opponents=[opponent],
            move_time_limit=timedelta(days=1),
        )
    challenge_create(
        user=person.user,
        game_id="mulligan",
        config={},
        opponents=[Opponent(kind="open")],
        move_time_limit=timedelta(days=1),
    )
    # quinn's game dealt from the seed of pia's running Mulligan game (as the tables of a round dealt
    # in duplicate are): closed to pia until both have finished.
    world.other_table = game_create(
        game_id="mulligan",
        competitors=[quinn.competitor, bots["mulligan"][0]],
        config=_short("mulligan"),
        seed=11,
    )
    bot = bot_create(owner=person, name="pia's bot", game_id="mulligan", kind="program")
    bot_version_upload(
        bot_pk=bot.pk,
        user=person.user,
        filename="mulligan_bot.py",
        content=template("mulligan").encode(),
    )
    world.bot_pk = bot.pk

    # A version test of hers, played to its end at once (eager Celery): the built-in heuristic bot
    # made hers, against the built-in random one, two deals.
    heuristic = Bot.objects.get(kind="builtin", game_id="mulligan", engine_bot="heuristic")
    Bot.objects.filter(pk=heuristic.pk).update(owner=person)
    random_bot = Bot.objects.get(kind="builtin", game_id="mulligan", engine_bot="random")
    test = version_test_start(
        bot_pk=heuristic.pk,
        user=person.user,
        request=VersionTestRequest(baseline_bot=random_bot.pk, config={"players": 2}, max_deals=2),
    )
    world.tested_bot_pk, world.version_test_pk = heuristic.pk, test.pk
    return world


Where = Callable[[World], str]

# Every page, by name: where it is in a world. The person is logged in unless the name is in
# LOGGED_OUT (the log-in, sign-up and reset pages send someone logged in elsewhere).
PAGES: dict[str, Where] = {
    "home": lambda w: "/",
    **{f"game-{g}": lambda w, g=g: f"/games/{w.running[g].pk}/" for g in GAME_IDS},
    "replay": lambda w: f"/games/{w.finished.pk}/replay/?step=3",
    "game-new": lambda w: "/games/new/",
    **{f"game-new-{g}": lambda w, g=g: f"/games/new/?game={g}" for g in GAME_IDS},
    "lobby": lambda w: "/lobby/",
    "rules": lambda w: "/rules/",
    **{f"rules-{g}": lambda w, g=g: f"/rules/{g}/" for g in GAME_IDS},
    **{f"ladder-{g}": lambda w, g=g: f"/ladder/{g}/" for g in GAME_IDS},
    "tournaments": lambda w: "/tournaments/",
    "tournament-running": lambda w: f"/tournaments/{w.tournament.pk}/",
    "tournament-open": lambda w: f"/tournaments/{w.open_tournament.pk}/",
    "tournament-new": lambda w: "/tournaments/new/",
    "leagues": lambda w: "/leagues/",
    "league": lambda w: f"/leagues/{w.league.pk}/",
    "league-new": lambda w: "/leagues/new/",
    "bots": lambda w: "/bots/",
    "bot-new": lambda w: "/bots/new/",
    "bot": lambda w: f"/bots/{w.bot_pk}/",
    "bot-tested": lambda w: f"/bots/{w.tested_bot_pk}/",
    "bot-test": lambda w: f"/bots/{w.tested_bot_pk}/tests/{w.version_test_pk}/",
    "profile": lambda w: f"/players/{w.person.competitor_id}/",
    "settings": lambda w: "/settings/",
    "account-email": lambda w: "/accounts/email/",
    "account-password-change": lambda w: "/accounts/password/change/",
    "account-logout": lambda w: "/accounts/logout/",
    "account-login": lambda w: "/accounts/login/",
    "account-signup": lambda w: "/accounts/signup/",
    "account-password-reset": lambda w: "/accounts/password/reset/",
    "not-found": lambda w: "/games/999999/",
    "deal-in-play": lambda w: f"/games/{w.other_table.pk}/",
    "api-docs": lambda w: "/api/docs/",
}
# What axe-core leaves out, per page, and why: only markup we cannot change.
THIRD_PARTY_FAULTS = {
    # Swagger UI (drf-spectacular-sidecar's bundle) draws an operation's request-body editor as
    # <textarea class="body-param__text" title=""> with no label and no way to give it one from its
    # settings: axe-core's "label" (critical). That one element is left out; the rest of the page,
    # Swagger UI's included, is checked (its colours are fixed in static/css/api_docs.css, its
    # nested deep links turned off in SPECTACULAR_SETTINGS).
    "api-docs": {"exclude": [["#swagger-ui textarea.body-param__text"]]},
}
# Forms sent as a person would send them by mistake: each page again, refusing, its errors shown.
REFUSED: dict[str, Callable[[Any], None]] = {
    "tournament-new-refused": lambda page: page.click("form[data-testid=create-form] [type=submit]"),
    "league-new-refused": lambda page: page.click("form[data-testid=create-form] [type=submit]"),
    "bot-new-refused": lambda page: (
        page.fill("#id_name", "quinn"),  # a player's name: the service refuses it
        page.click("form[data-testid=bot-new-form] [type=submit]"),
    ),
    "bot-tested-refused": lambda page: (
        page.fill("[data-testid=version-test-form] #id_elo0", "5"),  # above elo1: refused
        page.click("form[data-testid=version-test-form] [type=submit]"),
    ),
    "game-new-mulligan-refused": lambda page: (
        page.select_option("#id_seat_1", "player"),
        page.click("form[data-testid=new-game-form] [type=submit]"),
    ),
    "account-login-refused": lambda page: (
        page.fill("#id_login", "pia"),
        page.fill("#id_password", "not pia's password"),
        page.click("form[data-testid=login-form] [type=submit]"),
    ),
}
PAGES |= {name: PAGES[name.removesuffix("-refused")] for name in REFUSED}
# The pages that are a refusal: what is not there, what pia may not read yet.
STATUS = {"not-found": 404, "deal-in-play": 403}
LOGGED_OUT = {"account-login-refused", "account-login", "account-signup", "account-password-reset"}


def _log_in(page: Any, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", "pia")
    page.fill("#id_password", PASSWORD)
    page.click("form[data-testid=login-form] [type=submit]")
    page.wait_for_load_state()
    assert "pia" in page.inner_text("header"), "pia could not log in"


@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_is_accessible_and_nothing_is_refused(
    name: str, live_server: Any, page: Any, screenshot: Any, accessibility: Any, console: Any
) -> None:
    world = _build_world()
    for game_id, game in world.running.items():
        game.refresh_from_db()
        assert game.status == GameStatus.RUNNING, f"the {game_id} game ended before the person played"
    base = live_server.url
    if name not in LOGGED_OUT:
        _log_in(page, base)
    path = PAGES[name](world)
    response = page.goto(base + path)
    assert response is not None
    assert response.status == STATUS.get(name, 200), response.status
    assert page.url == base + path, f"{path} led to {page.url}"
    page.wait_for_load_state()
    if name in REFUSED:
        REFUSED[name](page)
        page.wait_for_load_state()
        assert page.locator(".errorlist, [role=alert], .form-errors").count() > 0, "no error is shown"
    if name == "api-docs":
        _open_an_operation(page)
    screenshot(f"a11y-{name}")
    accessibility(f"the {name} page", context=THIRD_PARTY_FAULTS.get(name))
    console.check(f"the {name} page")


def _open_an_operation(page: Any) -> None:
    """Swagger UI draws the docs from the schema after the page loads: wait for it, and open one
    operation with its "Try it out" form, as a reader of the docs would."""
    summary = page.locator("#operations-games-create_game .opblock-summary-control")
    summary.click()
    page.get_by_role("button", name="Try it out").click()
    page.locator("#operations-games-create_game .execute").wait_for()


def test_the_console_watch_sees_what_the_policy_refuses(live_server: Any, page: Any, console: Any) -> None:
    """The check above can fail: an inline script and a style attribute put into one of our pages
    are refused by its policy, and the watch reports both."""
    page.goto(f"{live_server.url}/rules/")
    with page.expect_console_message(lambda message: "inline script" in message.text):
        page.evaluate(
            """() => {
                const script = document.createElement("script");
                script.textContent = "document.body.dataset.inline = 'ran'";
                document.body.appendChild(script);
            }"""
        )
    with page.expect_console_message(lambda message: "inline style" in message.text):
        page.evaluate(
            """() => {
                const styled = document.createElement("div");
                styled.innerHTML = '<p style="color: red">styled</p>';
                document.body.appendChild(styled);
            }"""
        )
    assert page.evaluate("() => document.body.dataset.inline") is None, "the inline script ran"
    refusals = console.refusals()
    assert any("inline script" in line for line in refusals), refusals
    assert any("inline style" in line for line in refusals), refusals
    with pytest.raises(pytest.fail.Exception, match="the browser refused"):
        console.check("a page with inline script")
