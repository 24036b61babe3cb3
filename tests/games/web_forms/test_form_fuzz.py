"""No form on the pages answers anything a person can send with a server error.

The test builds a small world (a person who organises a tournament and a league, owns a bot,
has challenges to answer, may enter another's competitions and plays a game of every registered
game), crawls every page a logged-in person can reach from the
home page and the entry points, and sends each POST form it finds fuzzed values: each field gets
its own value, an empty one, a very long one, control characters, numbers out of range, markup,
an option that is not offered, or is left out. Whatever is sent, the answer
is a page or a redirect (2xx, 3xx) or a refusal (4xx), never a 500 or an exception, and a
refusal leaves every table as it was.

Hypothesis draws the values (derandomized in the suite's ``ci`` profile; ``make test-explore`` looks
further). Forms that differ only in their hidden values (one per action button of a game)
are fuzzed once per address and set of fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from django.apps import apps
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registered_games
from games.models import Player
from games.services.bot_versions import bot_create
from games.services.challenges import Opponent, challenge_create
from games.services.competitions import tournament_create, tournament_open_registration
from games.services.games import game_create
from games.services.leagues import league_create, league_open_registration
from games.services.players import builtin_bots_ensure, player_create
from games.services.seeds import new_seed

pytestmark = pytest.mark.django_db

# Where a person starts besides the home page: pages a link may not lead to from an empty site.
ENTRY_POINTS = [
    "/",
    "/games/new/",
    "/lobby/",
    "/tournaments/new/",
    "/leagues/new/",
    "/settings/",
    "/bots/new/",
]
# Never followed: the API and the admin have their own tests; static files are not pages; log out
# would end the crawl's session.
NOT_CRAWLED = re.compile(r"^/(api|admin|static)/|/logout/")
MAX_PAGES = 150
EXAMPLES_PER_FORM = 12

ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "99999999999999999999999",
        "1e308",
        "NaN",
        "null",
        "true",
        "[]",
        "{}",
        '{"type": "swap"}',
        "<script>alert(1)</script>",
        "x" * 10_000,
        "\x00",
        "a\x00b",
        "\ud800",
        "é" * 300,
        "../../etc/passwd",
        "http://127.0.0.1:1/",
        "' OR 1=1 --",
    ]
)


@dataclass(frozen=True)
class FoundForm:
    page: str
    action: str
    enctype: str
    # (name, kind, the value on the page, the values offered by a select or radio group)
    fields: tuple[tuple[str, str, str, tuple[str, ...]], ...]

    def shape(self) -> tuple[str, tuple[str, ...]]:
        return urlsplit(self.action).path, tuple(sorted({name for name, *_ in self.fields}))


def _forms(page: str, html: str) -> Iterator[FoundForm]:
    soup = BeautifulSoup(html, "html.parser")
    for form in soup.find_all("form"):
        if str(form.get("method", "get")).lower() != "post":
            continue
        action = urljoin(page, str(form.get("action") or page))
        fields: dict[str, tuple[str, str, list[str]]] = {}
        for element in form.find_all(["input", "select", "textarea", "button"]):
            name = element.get("name")
            if not name or name == "csrfmiddlewaretoken":
                continue
            if element.name == "select":
                offered = [str(option.get("value", option.text)) for option in element.find_all("option")]
                fields.setdefault(name, ("select", offered[0] if offered else "", []))[2].extend(offered)
            elif element.name == "textarea":
                fields.setdefault(name, ("text", element.text, []))
            else:
                kind = str(element.get("type", "text")).lower()
                value = str(element.get("value", ""))
                entry = fields.setdefault(name, (kind, value, []))
                entry[2].append(value)
        yield FoundForm(
            page=page,
            action=action,
            enctype=str(form.get("enctype", "")),
            fields=tuple(
                (name, kind, value, tuple(offered)) for name, (kind, value, offered) in fields.items()
            ),
        )


def _crawl(client: Client) -> list[FoundForm]:
    seen: set[str] = set()
    queue = list(ENTRY_POINTS)
    forms: dict[tuple[str, tuple[str, ...]], FoundForm] = {}
    while queue and len(seen) < MAX_PAGES:
        path = queue.pop(0)
        if path in seen or NOT_CRAWLED.search(path):
            continue
        seen.add(path)
        response = client.get(path)
        assert response.status_code < 500, f"GET {path} answered {response.status_code}"
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        for form in _forms(path, html):
            forms.setdefault(form.shape(), form)
        for link in BeautifulSoup(html, "html.parser").find_all("a", href=True):
            target = urlsplit(urljoin(path, str(link["href"])))
            if target.netloc in ("", "testserver") and target.path.startswith("/"):
                local = target.path + (f"?{target.query}" if target.query else "")
                if local not in seen:
                    queue.append(local)
    return sorted(forms.values(), key=lambda form: form.shape())


def _row_counts() -> dict[str, int]:
    """Rows of every table of the service, its users and their addresses: a refusal changes none."""
    models = [*apps.get_app_config("games").get_models(), *apps.get_app_config("account").get_models(), User]
    return {model._meta.label: model.objects.count() for model in models}


def _value(kind: str, page_value: str, offered: tuple[str, ...]) -> st.SearchStrategy[Any]:
    choices: list[st.SearchStrategy[Any]] = [st.just(page_value), ODD_TEXT, st.text(max_size=40)]
    if offered:
        choices.append(st.sampled_from(offered))
    if kind == "number":
        choices.append(st.integers(min_value=-(2**70), max_value=2**70).map(str))
    if kind == "file":
        return st.binary(max_size=2048).map(lambda data: SimpleUploadedFile("bot.zip", data))
    return st.one_of(choices)


@pytest.fixture
def world() -> Player:
    """A person with something of everything a form can act on."""
    cache.clear()  # the pages' rate limits count in the cache, which outlives a test
    person = player_create(username="fuzzer", password="a long fuzzing password", email="fuzz@example.org")
    other = player_create(username="other", password="another long password")
    bots = builtin_bots_ensure()
    for game in registered_games():
        bot = next(b for b in bots if b.game_id == game.id and b.engine_bot == "random")
        seats = [person.competitor, bot.competitor][: max(game.min_players, 2)]
        game_create(game_id=game.id, competitors=seats, seed=new_seed())
    tournament_create(name="Fuzz cup", game_id="mulligan", format="swiss", organiser=person)
    league_create(name="Fuzz league", game_id="mulligan", organiser=person)
    # Open for entry: their pages offer join and enter-a-bot forms.
    cup = tournament_create(
        name="Someone else's cup", game_id="mulligan", format="round_robin", organiser=other
    )
    tournament_open_registration(tournament_pk=cup.pk)
    league = league_create(name="Someone else's league", game_id="mulligan", organiser=other)
    league_open_registration(league_pk=league.pk)
    # A bot of the person's own (its page has upload, URL and activation forms).
    bot_create(owner=person, name="Fuzzbot", game_id="mulligan", kind="program")
    # Challenges to accept, decline and cancel in the lobby.
    day = timedelta(days=1)
    for user, opponents in [
        (other.user, [Opponent(kind="player", name="fuzzer")]),
        (other.user, [Opponent(kind="open")]),
        (person.user, [Opponent(kind="player", name="other")]),
    ]:
        challenge_create(user=user, game_id="mulligan", config={}, opponents=opponents, move_time_limit=day)
    return person


def test_no_form_answers_with_a_server_error(world: Player) -> None:
    client = Client()
    client.force_login(world.user)
    forms = _crawl(client)
    assert forms, "the crawl found no form at all"

    for form in forms:
        _fuzzer(client, world, form)()


def _fuzzer(client: Client, person: Player, form: FoundForm) -> Any:
    @settings(
        max_examples=EXAMPLES_PER_FORM,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        payload: dict[str, Any] = {}
        for name, kind, page_value, offered in form.fields:
            if data.draw(st.booleans(), label=f"leave out {name}") and data.draw(st.booleans()):
                continue
            payload[name] = data.draw(_value(kind, page_value, offered), label=name)
        # A browser's encoder cannot send a lone surrogate: it replaces it, and so does this.
        payload = {
            key: value.encode("utf-8", "replace").decode("utf-8") if isinstance(value, str) else value
            for key, value in payload.items()
        }
        before = _row_counts()
        response = client.post(form.action, payload)
        assert response.status_code < 500, (
            f"POST {form.action} (form of {form.page}) answered {response.status_code} to {payload!r}"
        )
        if response.status_code >= 400:
            assert _row_counts() == before, (
                f"POST {form.action} was refused ({response.status_code}) but changed rows: {payload!r}"
            )
        # A form that logged the person out would leave the rest of the forms untried.
        client.force_login(person.user)

    return fuzz
