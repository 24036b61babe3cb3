"""Every response carries a Content-Security-Policy that lets the browser load nothing from another
host, and the API docs load only this host's files, each of which is served."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.models import Bot, Game, Player

pytestmark = pytest.mark.django_db

# Sources that name no host: this origin, nothing, data: images and blob: workers made by this
# page's own scripts. 'unsafe-inline' names no host either; the Redoc page alone needs it for styles.
NO_OTHER_HOST = {"'self'", "'none'", "data:", "blob:", "'unsafe-inline'"}
STRICT_DIRECTIVES = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
# Routes whose GET waits for news: asked not to wait.
QUERIES = {"/api/me/turns/wait/": "?timeout=0"}


def policy_of(response: Any) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{response.request['PATH_INFO']} answered {response.status_code} with no CSP header"
    directives: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def assert_allows_no_other_host(response: Any) -> None:
    path = response.request["PATH_INFO"]
    policy = policy_of(response)
    for directive, expected in STRICT_DIRECTIVES.items():
        assert policy.get(directive) == expected, f"{path}: {directive} is {policy.get(directive)}"
    for directive, sources in policy.items():
        others = [source for source in sources if source not in NO_OTHER_HOST]
        assert not others, f"{path}: {directive} allows {others}"
    if path != "/api/redoc/":
        assert policy.get("style-src") == ["'self'"], f"{path}: style-src is {policy.get('style-src')}"


def parameterless_paths() -> list[str]:
    """Every route of the site that takes no argument, so a new page is covered when it is added."""
    paths: list[str] = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for entry in patterns:
            route = str(entry.pattern)
            if "<" in route or route.startswith("^"):
                continue
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + route)
            elif isinstance(entry, URLPattern):
                paths.append("/" + prefix + route)

    walk(get_resolver().url_patterns, "")
    # Log-out routes last: one that logs out on GET would leave the rest to an anonymous visitor.
    return sorted(set(paths), key=lambda path: ("logout" in path, path))


@pytest.fixture
def pages(vs_bot: Game, random_bot: Bot) -> list[str]:
    """Pages of objects, beside the routes without arguments."""
    competitor = vs_bot.seats.first().competitor_id  # type: ignore[union-attr]
    return [
        f"/games/{vs_bot.pk}/",
        f"/api/games/{vs_bot.pk}/",
        f"/api/games/{vs_bot.pk}/moves/",
        f"/players/{competitor}/",
        f"/api/players/{competitor}/",
        f"/bots/{random_bot.pk}/",
        "/ladder/mulligan/",
        "/api/ladder/?game=mulligan",
        "/api/docs/?script=",
        "/games/999999/",
        "/no/such/page/",
        "/api/games/999999/",
        "/static/css/site.css",
    ]


def test_every_response_carries_a_policy_that_allows_no_other_host(
    player: Player, pages: list[str], admin_user: Any
) -> None:
    routes = parameterless_paths()
    assert "/api/docs/" in routes and "/" in routes, routes
    visitors = [Client(), Client(), Client()]
    visitors[1].force_login(player.user)
    visitors[2].force_login(admin_user)  # the admin's pages themselves, not its log-in redirect
    for path in routes + pages:
        for visitor in visitors:
            response = visitor.get(path + QUERIES.get(path, ""), HTTP_ACCEPT="text/html")
            assert_allows_no_other_host(response)
            json_response = visitor.get(path + QUERIES.get(path, ""), HTTP_ACCEPT="application/json")
            assert_allows_no_other_host(json_response)


def test_a_refused_post_carries_the_policy_too(player: Player) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player.user)
    response = client.post("/settings/", {"email_enabled": "on"})
    assert response.status_code == 403
    assert_allows_no_other_host(response)


class AssetCollector(HTMLParser):
    """The URLs a page makes the browser fetch (scripts, stylesheets, icons, images, frames)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.inline_scripts = 0
        self.style_blocks = 0
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("src", "href"):
            if values.get(name):
                self.urls.append(str(values[name]))
        if tag == "script":
            self._in_script = "src" not in values
        if tag == "style":
            self.style_blocks += 1
        assert "style" not in values, f"a style attribute on <{tag}>"
        assert not [name for name in values if name.startswith("on")], f"an event handler on <{tag}>"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_load_only_files_of_this_host_and_each_is_served(path: str, client: Client) -> None:
    page = client.get(path)
    assert page.status_code == 200
    assert_allows_no_other_host(page)
    html = page.content.decode()
    collector = AssetCollector()
    collector.feed(html)
    assert collector.inline_scripts == 0 and collector.style_blocks == 0, "inline code on the docs page"
    assert not re.search(r"https?://", html), "the page names another host"
    scripts = [url for url in collector.urls if url.endswith(".js") or "script" in url]
    assert scripts, f"{path} loads no script: {collector.urls}"
    for url in collector.urls:
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc, f"{url} is on another host"
        assert url.startswith("/"), url
        asset = client.get(url)
        assert asset.status_code == 200, f"{url} answered {asset.status_code}"
        body = b"".join(asset.streaming_content) if asset.streaming else asset.content
        assert body, f"{url} is empty"


def test_swagger_ui_start_up_script_points_at_this_hosts_schema(client: Client) -> None:
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "/api/schema/" in script.content.decode()
    assert client.get("/api/schema/").status_code == 200
