"""Steps a person takes in the browser to start a game from ``/games/new/`` and play it out, shared
by the browser tests that do so. Every loop is bounded and fails naming the game and the step."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest

# A button the rule picks, from the buttons the page offers (in the page's order).
Rule = Callable[[list[Any]], Any]


def first_staying(buttons: list[Any]) -> Any:
    """The first button that does not fold (a fold ends a person's game at once), else the first."""
    return next((b for b in buttons if b.get_attribute("data-action-type") != "fold"), buttons[0])


def open_new_game_form(page: Any, game_id: str, preset: str | None = None) -> None:
    """From any page: the navigation's "New game" link, the game picked, a preset if given."""
    page.click("header nav a:text-is('New game')")
    page.wait_for_load_state()
    page.select_option("#id_pick_game", game_id)
    with page.expect_navigation():
        page.click("form[data-testid=pick-game-form] [type=submit]")
    assert page.locator("form[data-testid=new-game-form]").count() == 1, (
        f"{game_id}: no new-game form after picking the game: {page.inner_text('main')[:500]}"
    )
    if preset is not None:
        page.select_option("#id_preset", preset)
        with page.expect_navigation():
            page.click("form[data-testid=preset-form] [type=submit]")


def fill_options(page: Any, options: Mapping[str, Any]) -> None:
    """Sets those of ``options`` the form has (``#id_option_<name>``); a select takes JSON values."""
    for name, value in options.items():
        field = page.locator(f"#id_option_{name}")
        if field.count() == 0:
            continue
        if field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(json.dumps(value))
        else:
            field.fill(str(value))


def seat_bots(page: Any, seats: int, bot: str | None = None) -> None:
    """``seats`` seats, the person in the first and a built-in bot in each other (the form's own
    choice of bot unless ``bot`` names one)."""
    page.fill("#id_seats", str(seats))
    for index in range(1, seats):
        if bot is not None:
            page.select_option(f"#id_seat_{index}", f"builtin:{bot}")
        chosen = page.locator(f"#id_seat_{index}").input_value()
        assert chosen.startswith("builtin:"), f"seat {index + 1} holds {chosen!r}, not a built-in bot"


def start(page: Any, game_id: str) -> int:
    """Presses the form's button; with only bots the game starts and the page is the game's."""
    with page.expect_navigation():
        page.click("form[data-testid=new-game-form] [type=submit]")
    if page.locator("#game-live").count() == 0:
        pytest.fail(f"{game_id}: the new-game form did not start a game: {page.inner_text('main')[:800]}")
    assert "has started" in page.inner_text("[data-testid=messages]")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def status(page: Any) -> str:
    return str(page.get_attribute("[data-testid=game-status]", "data-game-status"))


def play_to_the_end(page: Any, game_id: str, rule: Rule, max_clicks: int, screenshot: Any = None) -> int:
    """Clicks the button ``rule`` picks until the page shows the game is no longer running;
    returns the number of clicks. Fails naming the game and the step if the page stops offering
    moves while the game runs, if a click plays nothing, or after ``max_clicks``."""
    clicks = 0
    while status(page) == "running":
        if clicks >= max_clicks:
            pytest.fail(f"{game_id}: still running after {max_clicks} clicks")
        buttons = page.query_selector_all("[data-testid=action]")
        if not buttons:
            pytest.fail(
                f"{game_id}: step {clicks + 1}: the game runs but the page offers no move: "
                + page.inner_text("[data-testid=game-status]")
            )
        button = rule(buttons)
        label = button.inner_text()
        with page.expect_navigation():
            button.click()
        shown = page.inner_text("[data-testid=messages]")
        if "You played" not in shown:
            pytest.fail(f"{game_id}: step {clicks + 1}: clicking {label!r} played nothing: {shown}")
        clicks += 1
        if screenshot is not None:
            screenshot(f"{game_id}-move-{clicks:03d}")
    return clicks
