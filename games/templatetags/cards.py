"""Cards and actions on pages, for every registered game.

A value that is a card in ``engine.cards`` notation (``"Qc"``) renders as a card (``Q♣``, red for
hearts and diamonds, its full name as the title); any other value is escaped text. Observations are
walked generically, so a game without its own table template still shows everything its viewer
may see, legibly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from engine import get_game
from engine.cards import CARD_INDEX, SUIT_NAMES, SUIT_SYMBOLS

register = template.Library()

RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
RED_SUITS = frozenset("hd")
# Card tokens inside a description; only the cards the action itself names are replaced, so table
# talk such as "As I said" keeps its words.
CARD_TOKEN = re.compile(r"\b([2-9TJQKA][shcd])\b")


def is_card(value: Any) -> bool:
    return isinstance(value, str) and value in CARD_INDEX


def card_symbol(name: str) -> str:
    """``"Td"`` -> ``"10♦"``."""
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[name[1]]


def card_title(name: str) -> str:
    return f"{RANK_NAMES.get(name[0], name[0])} of {SUIT_NAMES[name[1]]}"


def card_html(name: str) -> SafeString:
    colour = "red" if name[1] in RED_SUITS else "black"
    return format_html(
        '<span class="card {}" data-card="{}" title="{}" aria-label="{}">{}</span>',
        colour,
        name,
        card_title(name),
        card_title(name),
        card_symbol(name),
    )


@register.filter(name="card")
def card_filter(value: Any) -> SafeString:
    """A card if ``value`` is one, else the value as escaped text."""
    return card_html(value) if is_card(value) else SafeString(escape(value))


@register.filter(name="hand_card")
def hand_card(value: Any) -> SafeString:
    """One card of a hand: a playing card drawn as one, any other game's card as a labelled chip."""
    if is_card(value):
        return card_html(value)
    return format_html('<span class="chip">{}</span>', value)


@register.filter
def cards(values: Any) -> SafeString:
    """A row of cards from a list (``None`` entries are cards face down)."""
    if not isinstance(values, list | tuple):
        return card_filter(values)
    return SafeString(" ".join(face_down_html() if value is None else card_filter(value) for value in values))


@register.simple_tag(name="face_down")
def face_down_html() -> SafeString:
    return mark_safe('<span class="card back" title="face down" aria-label="face down">?</span>')


def _cards_named(value: Any) -> set[str]:
    if is_card(value):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(_cards_named(item) for item in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_cards_named(item) for item in value)) if value else set()
    return set()


def action_text(game_id: str, action: Any) -> str:
    """The game's description of ``action`` with card symbols, as plain text (messages, titles)."""
    text = get_game(game_id).describe_action(action)
    named = _cards_named(action)
    return CARD_TOKEN.sub(lambda m: card_symbol(m.group(1)) if m.group(1) in named else m.group(1), text)


@register.simple_tag
def describe_action(game_id: str, action: Any) -> SafeString:
    """The game's description of ``action``, the cards it names drawn as cards."""
    return _with_cards(get_game(game_id).describe_action(action), _cards_named(action))


def cards_seen(observation: Any) -> set[str]:
    """The playing cards an observation shows, for :func:`action_label` (worked out once a page)."""
    return _cards_named(observation)


def action_label(game_id: str, observation: Any, action: Any, seen: set[str]) -> SafeString:
    """What ``action`` does for the seat that sees ``observation`` (its button's words), the cards
    drawn as cards: those the action names and those the seat sees (``seen``: the offer a swap
    brings in)."""
    text = get_game(game_id).describe_action_for(observation, action)
    return _with_cards(text, _cards_named(action) | seen)


def _with_cards(text: str, named: set[str]) -> SafeString:
    parts: list[str] = []
    last = 0
    for match in CARD_TOKEN.finditer(text):
        if match.group(1) in named:
            parts.append(escape(text[last : match.start()]))
            parts.append(card_html(match.group(1)))
            last = match.end()
    parts.append(escape(text[last:]))
    return SafeString("".join(parts))


@register.simple_tag
def render_value(value: Any) -> SafeString:
    """Any JSON-able value walked generically: dicts as labelled rows, lists inline, cards as cards."""
    return _render(value, depth=0)


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _render(value: Any, depth: int) -> SafeString:
    if depth > 8:
        return SafeString(escape(repr(value)[:200]))
    if value is None:
        return mark_safe('<span class="muted">—</span>')
    if isinstance(value, bool):
        return SafeString("yes" if value else "no")
    if is_card(value):
        return card_html(value)
    if isinstance(value, Mapping):
        if not value:
            return mark_safe('<span class="muted">none</span>')
        rows = format_html_join(
            "", "<dt>{}</dt><dd>{}</dd>", ((_label(k), _render(v, depth + 1)) for k, v in value.items())
        )
        return format_html('<dl class="obs">{}</dl>', rows)
    if isinstance(value, list | tuple):
        if not value:
            return mark_safe('<span class="muted">none</span>')
        if all(not isinstance(item, Mapping | list | tuple) for item in value):
            return SafeString(" ".join(_render(item, depth + 1) for item in value))
        items = format_html_join("", "<li>{}</li>", ((_render(item, depth + 1),) for item in value))
        return format_html('<ol class="obs" start="0">{}</ol>', items)
    return SafeString(escape(value))


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` in a template (lists by index, dicts by key or its string)."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        if isinstance(mapping, Mapping):
            return mapping.get(str(key))
        return None


@register.filter
def seat_name(event: Any, names: Any) -> Any:
    """The name of the seat an event or offer names in its ``seat`` (empty when it names none)."""
    seat = event.get("seat") if isinstance(event, Mapping) else None
    return get_item(names, seat) if seat is not None else ""


@register.filter
def without(mapping: Any, keys: str) -> Any:
    """The dict without the comma-separated ``keys`` (shown elsewhere on the page)."""
    if not isinstance(mapping, Mapping):
        return mapping
    drop = {key.strip() for key in keys.split(",")}
    return {key: value for key, value in mapping.items() if key not in drop}


@register.filter
def mode_words(mode: Any) -> str:
    """A game mode in words: ``"heavy_bag"`` -> ``"Heavy bag"``; combined modes joined by "+"."""
    modes = mode if isinstance(mode, list | tuple) else [mode]
    return " + ".join(str(name).replace("_", " ").capitalize() for name in modes)
