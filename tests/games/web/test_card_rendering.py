"""Cards, actions and observations on pages, generically for every registered game."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.template.loader import select_template

from engine import registered_games
from games.templatetags.cards import action_text, card_filter, cards, describe_action, render_value
from games.web.rendering import table_templates
from tests.games.web.conftest import cards_in, cards_on_page


def test_a_card_string_becomes_a_card_with_a_title() -> None:
    html = str(card_filter("Qc"))
    assert "Q♣" in html
    assert 'class="card black"' in html
    assert 'title="queen of clubs"' in html
    assert 'data-card="Qc"' in html


@pytest.mark.parametrize(
    ("name", "shown", "title"), [("Th", "10♥", "10 of hearts"), ("2d", "2♦", "2 of diamonds")]
)
def test_hearts_and_diamonds_are_red(name: str, shown: str, title: str) -> None:
    html = str(card_filter(name))
    assert 'class="card red"' in html
    assert shown in html
    assert title in html


@pytest.mark.parametrize("value", ["hello", "<script>", "As I said", 7, None, "10h", "qc"])
def test_anything_else_is_escaped_text(value: object) -> None:
    html = str(card_filter(value))
    assert "class=" not in html
    assert "<script>" not in html


def test_a_row_of_cards_shows_face_down_ones() -> None:
    html = str(cards(["As", None, "Kd"]))
    assert cards_on_page(html) == {"As", "Kd"}
    assert "face down" in html


def test_action_descriptions_draw_the_cards_the_action_names() -> None:
    html = str(describe_action("mulligan", {"type": "auction", "card": "3h"}))
    assert html.startswith("Auction ")
    assert cards_on_page(html) == {"3h"}
    assert action_text("mulligan", {"type": "auction", "card": "3h"}) == "Auction 3♥"


def test_table_talk_keeps_its_words_and_is_escaped() -> None:
    html = str(describe_action("mulligan", {"type": "say", "text": "As I said, <i>Kd</i>"}))
    assert not cards_on_page(html)
    assert "As I said, &lt;i&gt;Kd&lt;/i&gt;" in html


def test_the_generic_walk_renders_nested_values() -> None:
    html = str(
        render_value({"hand_sizes": [5, 5], "ring": {"auction": {"card": "Js", "seat": 1}}, "x": None})
    )
    assert cards_on_page(html) == {"Js"}
    assert "hand sizes" in html
    assert "<dl" in html


def test_a_game_without_its_own_table_falls_back_to_the_generic_one() -> None:
    template = select_template(table_templates("no_such_game"))
    assert template.origin.template_name == "games/tables/generic.html"
    assert select_template(table_templates("mulligan")).origin.template_name == "games/tables/mulligan.html"


@pytest.mark.parametrize("game", registered_games(), ids=lambda game: game.id)
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_every_registered_game_renders_its_table_with_exactly_the_viewers_cards(
    game: object, seat: int | None
) -> None:
    import random

    state = game.new_state({}, 3)  # type: ignore[attr-defined]
    rng = random.Random(3)
    for _ in range(12):
        if state.is_over:
            break
        acting = state.to_act()[0]
        state.apply(acting, rng.choice(state.legal_actions(acting)))
    obs = state.observe(seat)
    names = {index: f"player {index}" for index in range(state.num_players)}
    html = Template("{% include templates %}").render(
        Context({"templates": table_templates(game.id), "obs": obs, "names": names})  # type: ignore[attr-defined]
    )
    shown = cards_on_page(html)
    assert shown <= cards_in(obs)
    assert cards_in({key: value for key, value in obs.items() if key != "hand"}) <= shown
    for description in (
        game.describe_action(a) for a in state.legal_actions(state.to_act()[0]) if not state.is_over
    ):  # type: ignore[attr-defined]
        assert description
