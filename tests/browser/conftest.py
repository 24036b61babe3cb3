"""Browser tests: Playwright driving Debian's Chromium against the pages served by ``live_server``.

Chromium comes from Debian's packages (``make test`` installs it; ``CHROMIUM`` names another
binary); Playwright's own browser download is never used. A test run without the browser fails
and says so, it does not skip.

The pages are served by pytest-django's ``live_server`` (a thread of this process), so tests use
``django_db(transaction=True)``: the server thread sees what the test commits. Celery is eager, so
the bots' replies run inside the request that made it their turn.

Screenshots of the main pages are written to ``var/screenshots/`` (``SCREENSHOT_DIR`` to change).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django refuses ORM calls from a thread
# with a running loop unless told this is deliberate. The test thread only sets up and checks rows.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOT_DIR = Path(os.environ.get("SCREENSHOT_DIR", REPO_ROOT / "var" / "screenshots"))
# The flags a headless Chromium needs on a machine with no network beyond loopback and no display:
# without the background-networking ones it keeps trying (and failing) to reach Google's hosts.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"the browser tests need Chromium at {CHROMIUM}: `make test` installs Debian's chromium "
            "package, or set CHROMIUM to another Chromium binary",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _new_context(chromium: Any) -> Any:
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(20_000)
    return context


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = _new_context(chromium)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def another_browser(chromium: Any) -> Iterator[Callable[[], Any]]:
    """``another_browser()`` is a page in a context of its own (its own cookies): another person at
    another computer, for tests where several people use the site at once."""
    contexts: list[Any] = []

    def open_page() -> Any:
        context = _new_context(chromium)
        contexts.append(context)
        return context.new_page()

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    # The rate limits of log-in, sign-up and verification mails (allauth, django-ratelimit) count
    # in the cache, which outlives a test's database: every test starts with none spent.
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _short_streams(settings: Any) -> None:
    # live_server is a WSGI server in this process: a game page's event stream holds one of its
    # threads and ends after STREAM_WSGI_SECONDS (the page's EventSource reconnects). Short, so a
    # stream still open when a test ends soon lets go of the server and its database connection.
    settings.STREAM_WSGI_SECONDS = 5.0
    settings.STREAM_HEARTBEAT_SECONDS = 2.0


@pytest.fixture(autouse=True)
def _celery_eager(settings: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CELERY_TASK_EAGER_PROPAGATES = True


@pytest.fixture
def screenshot(page: Any) -> Any:
    """``screenshot("name")`` saves the page as it is now to ``SCREENSHOT_DIR/name.png``
    (``screenshot("name", of=other_page)`` another person's page)."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)

    def take(name: str, of: Any = None) -> Path:
        path = SCREENSHOT_DIR / f"{name}.png"
        (of or page).screenshot(path=str(path), full_page=True)
        return path

    return take


# axe-core's impact levels that fail a page: a person using a screen reader or a keyboard cannot get
# through (critical) or is badly hindered (serious). Minor and moderate ones are reported, not fatal.
AXE_FAILING_IMPACTS = frozenset({"serious", "critical"})


@pytest.fixture(scope="session")
def _axe() -> Any:
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture
def accessibility(page: Any, _axe: Any) -> Any:
    """``accessibility("what")`` runs axe-core (bundled in axe-playwright-python, nothing fetched) on
    the page as it is now and fails with every serious or critical violation, named and located.

    ``of`` checks another page than ``page``; ``context`` is axe-core's context (what to include and
    exclude, e.g. ``{"exclude": [["#widget"]]}``) when part of a page is not ours to check.
    """

    def check(what: str, of: Any = None, context: Any = None) -> list[dict[str, Any]]:
        checked = of or page
        violations = _axe.run(checked, context=context).response["violations"]
        failing = [v for v in violations if v.get("impact") in AXE_FAILING_IMPACTS]
        if failing:
            lines = [
                f"{v['impact']}: {v['id']} ({v['help']}) at "
                + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
                for v in failing
            ]
            pytest.fail(f"{what} ({checked.url}) has accessibility violations:\n" + "\n".join(lines))
        return violations

    return check


class ConsoleWatch:
    """The console messages of the pages it watches, to fail on the browser's refusals.

    Chromium reports a Content-Security-Policy violation on the console, as an error: a page our CSP
    breaks shows it there first (the page may still look fine when the blocked part is a script).
    Older Chromiums word it "Refused to load the script ...", "Refused to apply inline style ...";
    Debian's Chromium 156 "Executing inline script violates the following Content Security Policy
    directive ...", "Loading the script ... violates ...": both are caught.
    """

    REFUSALS = ("Refused to", "Content Security Policy")

    def __init__(self) -> None:
        self.messages: list[tuple[str, str, str]] = []

    def watch(self, page: Any) -> Any:
        page.on("console", lambda message: self.messages.append((page.url, message.type, message.text)))
        return page

    def refusals(self) -> list[str]:
        return [
            f"{url}: {text}"
            for url, _, text in self.messages
            if any(words in text for words in self.REFUSALS)
        ]

    def check(self, what: str) -> None:
        """Fail if a watched page refused something since the last check."""
        found = self.refusals()
        self.messages.clear()
        if found:
            pytest.fail(f"{what}: the browser refused (Content-Security-Policy):\n" + "\n".join(found))


@pytest.fixture
def console(page: Any) -> ConsoleWatch:
    """Watches ``page``'s console (``console.watch(other)`` for more pages); ``console.check(what)``
    fails on a CSP refusal."""
    watch = ConsoleWatch()
    watch.watch(page)
    return watch
