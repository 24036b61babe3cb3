"""No one where they do not belong (issue 17, point 4): a sweep over every URL of the site.

Every URL pattern is taken from Django's URL resolver, so a URL added later is swept without a word
here; one that takes an id of a kind the sweep does not know fails the sweep until its kind is
named in :func:`fill`. Each is requested with every method, as anonymous, as carol (who holds
nothing of alice's) and as bob (who holds the other seat of alice's game), with alice's ids and a
body naming alice's things (her seat, her bot, her entries). Every answer is then checked:

- no server error, whatever was sent;
- no secret planted in the world (tests/faults/sweep_world.py) in the body or a header: alice's
  e-mail address, token key and digest, password hash, webhook URL and secret; her bot's source,
  entry command, URL and stderr; the seeds of running games; and on a game's URLs, no card the
  viewer's seat has not been shown (alice's hand, the deck);
- on a URL with an id, a write by someone who may not make it is refused (4xx, or a redirect to
  the log-in page or back to the page with the refusal) and changes nothing in the database.

Each request runs in a savepoint rolled back afterwards, so every request meets the same world.
Findings are collected and reported together. Owner-side checks make sure the scan can see each
kind of secret where alice may (a scanner that finds nothing would pass everything).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError, connection, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from engine.cards import CARD_INDEX
from games.models import Game
from games.selectors.games import game_state
from games.services.tokens import token_create
from games.templatetags.cards import card_symbol, card_title
from tests.conftest import require_postgresql
from tests.faults.sweep_world import World, build_world, hidden_cards

pytestmark = [pytest.mark.faults, pytest.mark.django_db]

METHODS = ("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE")
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
# The database tables a request may touch without changing anything of anyone's.
NOT_STATE = {"django_session"}
# Answers that refuse: the API's (not logged in, not allowed, not found, no such method) and the
# pages' redirects (to the log-in page, or back to the page that shows the refusal).
REFUSALS = {302, 400, 401, 403, 404, 405, 409, 429}


@dataclass(frozen=True)
class Route:
    template: str  # as the resolver spells it, e.g. "api/games/<id:pk>/moves/"
    name: str
    params: tuple[str, ...]

    @property
    def is_api(self) -> bool:
        return self.template.startswith("api/")


@dataclass(frozen=True)
class Target:
    route: Route
    url: str
    game: Game | None  # the game whose cards the URL may show


def routes() -> list[Route]:
    found = []

    def walk(resolver: URLResolver, prefix: str, namespace: tuple[str, ...]) -> Iterator[Route]:
        for pattern in resolver.url_patterns:
            template = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                inner = namespace + ((pattern.namespace,) if pattern.namespace else ())
                yield from walk(pattern, template, inner)
            elif isinstance(pattern, URLPattern):
                params = tuple(pattern.pattern.regex.groupindex)
                yield Route(template, ":".join([*namespace, pattern.name or "(unnamed)"]), params)

    found = list(walk(get_resolver(), "", ()))
    return found


def _concrete(template: str, values: dict[str, str]) -> str:
    url = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m.group(1)], template)  # re_path()
    url = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], url)  # path()
    return "/" + url.replace("^", "").replace("$", "")


def fill(route: Route, world: World) -> list[Target]:
    """The route with alice's ids in it: one URL per thing of hers it can name."""
    if not route.params:
        return [Target(route, _concrete(route.template, {}), None)]
    path = route.template.removeprefix("api/")
    head = path.split("/")[0]
    games = [(world.game, {"pk": world.game.pk}), (world.bot_game, {"pk": world.bot_game.pk})]
    kinds: dict[str, list[tuple[Game | None, dict[str, Any]]]] = {
        "games": games,
        "challenges": [(None, {"pk": world.challenge.pk})],
        "players": [(None, {"pk": world.alice.pk, "competitor_pk": world.alice.competitor_id})],
        "bots": [
            (None, {"pk": bot.pk, "number": 1, "tid": world.version_test.pk})
            for bot in (world.program_bot, world.http_bot)
        ],
        "tournaments": [
            (None, {"pk": t.pk, "number": 1}) for t in (world.tournament, world.running_tournament)
        ],
        "leagues": [(None, {"pk": world.league.pk})],
        "ladder": [(None, {"game_id": "mulligan"})],
        "rules": [(None, {"game_id": "mulligan"})],
        # allauth's links from mails: a key nobody was sent
        "accounts": [(None, {"key": "sweep-key", "uidb36": "1"})],
    }
    if head == "admin":  # every admin page sends non-staff to its log-in page, whatever the id
        values = {
            "object_id": "1",
            "content_type_id": "1",
            "id": str(world.alice.user_id),
            "app_label": "games",
            "url": "games/game/",
        }
        return [Target(route, _concrete(route.template, values), None)]
    if head in ("me", "settings"):
        second = path.split("/")[1]
        mine = {"vacations": world.vacation.pk, "tokens": world.token.pk}
        if second not in mine:
            raise LookupError(
                f"the sweep does not know whose {second} {route.template} takes: add it to fill()"
            )
        kinds[head] = [(None, {"pk": mine[second]})]
    if head not in kinds:
        raise LookupError(f"the sweep does not know what {route.template} takes an id of: add it to fill()")
    targets = []
    for game, values in kinds[head]:
        missing = set(route.params) - set(values)
        if missing:
            raise LookupError(f"the sweep has no {sorted(missing)} for {route.template}: add it to fill()")
        targets.append(Target(route, _concrete(route.template, {k: str(v) for k, v in values.items()}), game))
    return targets


def hostile_body(route: Route, world: World) -> dict[str, Any]:
    """A body naming alice's things: her seat and move, her bot, her entries, her URLs."""
    state = game_state(world.game)
    seat = state.to_act()[0]
    entry = world.league_entry.pk if "leagues" in route.template else world.tournament_entry.pk
    return {
        "action": state.legal_actions(seat)[0],
        "expected_move": world.game.version,
        "seat": 0,
        "idempotency_key": "sweep",
        "bot": world.program_bot.pk,
        "entry": entry,
        "name": "taken over",
        "url": "https://evil.example.com/move",
        "entry_command": ["python3", "evil.py"],
        "webhook_url": "https://evil.example.com/hook",
        "email": "evil@example.com",
        "starts_at": "2099-01-01T00:00:00Z",
        "ends_at": "2099-01-02T00:00:00Z",
        "game": "mulligan",
        "config": {},
        "format": "swiss",
        "seats": [{"player": world.alice.pk}, {"bot": world.program_bot.pk}],
    }


def send(client: Client, method: str, target: Target, world: World) -> Any:
    url = target.url + ("?timeout=0" if target.url.endswith("/turns/wait/") else "")
    if method not in UNSAFE:
        return client.generic(method, url)
    body = hostile_body(target.route, world)
    if target.route.is_api:
        return client.generic(method, url, json.dumps(body), content_type="application/json")
    form = {
        key: json.dumps(value) if isinstance(value, dict | list) else str(value)
        for key, value in body.items()
    }
    form["file"] = SimpleUploadedFile("bot.py", b"print('evil')\n")
    if method == "POST":
        return client.post(url, form)
    return client.generic(
        method, url, "&".join(f"{k}=x" for k in form), content_type="application/x-www-form-urlencoded"
    )


def snapshot() -> dict[str, str]:
    """A digest of every table's rows (PostgreSQL), to tell whether a request changed anything."""
    tables = [t for t in connection.introspection.table_names() if t not in NOT_STATE]
    query = " UNION ALL ".join(
        f"SELECT %s, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM {connection.ops.quote_name(t)} t"
        for t in tables
    )
    with connection.cursor() as cursor:
        cursor.execute(query, tables)
        return dict(cursor.fetchall())


class _PageText(HTMLParser):
    """A page's visible text and its attribute values, apart (styles are left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.attributes: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_style = tag == "style"
        self.attributes.extend(value for _, value in attrs if value)

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if not self._in_style:
            self.text.append(data)


def body_of(response: Any) -> str:
    """The response's body; an event stream's, read to its end once (it ends at once here)."""
    if response.streaming:
        if not hasattr(response, "swept_body"):
            response.swept_body = b"".join(response.streaming_content)
        return str(response.swept_body.decode(errors="replace"))
    return str(response.content.decode(errors="replace"))


def shown_cards(response: Any, secret: set[str]) -> set[str]:
    """Which of the ``secret`` cards the response shows: as a JSON string, an attribute, drawn or named."""
    body = body_of(response)
    if response.get("Content-Type", "").startswith(
        ("application/json", "application/x-ndjson", "text/event-stream")
    ):
        return {card for card in secret if f'"{card}"' in body}
    page = _PageText()
    page.feed(body)
    text = " ".join(page.text).lower()
    shown = set()
    for card in secret:
        in_attribute = any(value == card or f'"{card}"' in value for value in page.attributes)
        drawn = card in CARD_INDEX and (card_symbol(card).lower() in text or card_title(card).lower() in text)
        if in_attribute or drawn:
            shown.add(card)
    return shown


def response_text(response: Any) -> str:
    headers = " ".join(f"{name}: {value}" for name, value in response.items())
    return headers + "\n" + body_of(response)


@dataclass
class Actor:
    name: str
    client: Client
    seat: int | None  # the seat of alice's game this actor holds
    api_only: bool = False


def actors(world: World) -> list[Actor]:
    anonymous = Client(raise_request_exception=False)
    carol = Client(raise_request_exception=False)
    carol.force_login(world.carol.user)
    bob = Client(raise_request_exception=False)
    bob.force_login(world.bob.user)
    _, key = token_create(user=world.carol.user, name="sweep")
    carol_by_token = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {key}")
    # A token's first use is recorded (then not again within the hour): not the sweep's business.
    assert carol_by_token.get("/api/me/").status_code == 200
    return [
        Actor("anonymous", anonymous, None),
        Actor("carol", carol, None),
        Actor("bob", bob, 1),
        Actor("carol's token", carol_by_token, None, api_only=True),
    ]


def _unthrottled(settings: Any) -> None:
    """The sweep asks thousands of times: every limit out of the way, so each answer is the view's."""
    cache.clear()
    settings.ACCOUNT_RATE_LIMITS = False
    settings.RATELIMIT_MOVES = "100000/m"
    rates = {name: "100000/min" for name in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    settings.GAME_PAGE_WAIT_SECONDS = 0
    # An event stream served to the test client (WSGI) sends what it has and ends at once.
    settings.STREAM_WSGI_SECONDS = 0


def sweep(world: World, who: list[Actor], targets: list[Target]) -> tuple[list[str], Counter[int]]:
    """Every method on every target as each actor: the findings, and the answers' statuses."""
    findings: list[str] = []
    statuses: Counter[int] = Counter()
    before = snapshot()
    cards = {
        (game.pk, seat): hidden_cards(game, seat)
        for game in (world.game, world.bot_game)
        for seat in (None, 1)
    }
    for target in targets:
        for actor in who:
            if actor.api_only and not target.route.is_api:
                continue
            secret_cards = set()
            if target.game is not None:
                seat = actor.seat if target.game.pk == world.game.pk else None
                secret_cards = cards[target.game.pk, seat]
            for method in METHODS:
                where = f"{method} {target.url} as {actor.name}"
                with transaction.atomic():
                    try:
                        response = send(actor.client, method, target, world)
                        statuses[response.status_code] += 1
                        changed = None
                        if method in UNSAFE and target.route.params:
                            try:
                                after = snapshot()
                            except DatabaseError as error:
                                findings.append(f"{where}: left the transaction broken ({error})")
                                after = before
                            changed = sorted(t for t in before if before[t] != after.get(t))
                    finally:
                        transaction.set_rollback(True)
                findings += check(where, method, target, response, changed, world, secret_cards)
    return findings, statuses


def check(
    where: str,
    method: str,
    target: Target,
    response: Any,
    changed: list[str] | None,
    world: World,
    secret_cards: set[str],
) -> list[str]:
    found = []
    status = response.status_code
    if status >= 500:
        found.append(f"{where}: server error {status}")
    text = response_text(response)
    found += [f"{where}: shows {what}" for what, secret in world.secrets.items() if secret in text]
    leaked = shown_cards(response, secret_cards)
    if leaked:
        found.append(f"{where}: shows cards the viewer has not been shown: {sorted(leaked)}")
    if changed is not None:
        if changed:
            found.append(f"{where}: answered {status} and changed {changed}")
        # allauth's mailed-link pages answer a bad key with a page that says so (200); ours refuse.
        ours = not target.route.template.startswith(("accounts/", "admin/"))
        if ours and status not in REFUSALS:
            found.append(f"{where}: answered {status} where a refusal was due")
        if status == 302 and target.route.is_api:
            found.append(f"{where}: the API redirected")
    return found


def test_every_url_pattern_with_an_id_is_swept() -> None:
    """The sweep reads the resolver: every area of the site with ids is in it, and ids of a kind it
    does not know stop it (fill raises), so no URL is left out silently."""
    found = routes()
    with_ids = [route for route in found if route.params]
    names = {route.name for route in with_ids}
    assert len(found) > 150 and len(with_ids) > 120
    for expected in (
        "api-game-moves",
        "api-game-stream",
        "api-tournament-stream",
        "api-bot-test-stream",
        "api-bot-version",
        "api-bot-faults",
        "api-tournament-round",
        "api-league-challenge",
        "api-challenge-accept",
        "api-me-vacation",
        "api-me-token",
        "game",
        "game-replay",
        "bot-activate",
        "profile",
        "settings-token-revoke",
        "account_confirm_email",
        "admin:games_game_change",
    ):
        assert expected in names, expected


def test_no_one_sees_or_changes_what_is_not_theirs(settings: Any) -> None:
    require_postgresql(connection.vendor)
    _unthrottled(settings)
    world = build_world()
    targets = [target for route in routes() for target in fill(route, world)]
    findings, statuses = sweep(world, actors(world), targets)
    figure = {
        "figure": "id_sweep",
        "urls": len(targets),
        "requests": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
        "findings": len(findings),
    }
    print(json.dumps(figure))
    assert not findings, f"{len(findings)} findings:\n" + "\n".join(findings)


def test_the_scan_finds_each_secret_where_its_owner_may_see_it(settings: Any) -> None:
    """Alice, on her own pages, is shown the secrets that are hers to see: so the sweep's scan
    would find them if they leaked to anyone else."""
    require_postgresql(connection.vendor)
    _unthrottled(settings)
    world = build_world()
    alice = Client(raise_request_exception=False)
    alice.force_login(world.alice.user)
    seen: set[str] = set()
    cards_seen: set[str] = set()
    own_cards = hidden_cards(world.game, None) - hidden_cards(world.game, 0)
    assert own_cards, "alice holds cards nobody else has been shown"
    for target in [
        t for route in routes() for t in fill(route, world) if not route.template.startswith("admin")
    ]:
        response = alice.get(target.url + ("?timeout=0" if target.url.endswith("/turns/wait/") else ""))
        text = response_text(response)
        seen |= {what for what, secret in world.secrets.items() if secret in text}
        if target.game is not None and target.game.pk == world.game.pk:
            cards_seen |= shown_cards(response, own_cards)
    assert {
        "alice's e-mail",
        "bot entry command",
        "bot URL key",
        "bot stderr",
        "webhook URL",
        "webhook secret",
    } <= seen
    assert cards_seen == own_cards
    # Never shown to anyone, alice included, once made: her key, its digest, her password hash,
    # her bot's source, and the seeds of games that are still running.
    assert not seen & {"alice's token key", "alice's token digest", "alice's password hash", "bot source"}
    assert not {what for what in seen if "seed" in what}
