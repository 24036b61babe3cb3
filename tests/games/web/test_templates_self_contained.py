"""Every template of the site (the pages, the game tables, the overrides of third-party pages) loads
nothing from another host and holds no inline code, which the Content-Security-Policy would block:
no <script> body, no <style> block, no style="" attribute, no on...= handler, no javascript: URL.
Scripts and styles go in static/js and static/css, linked from the template."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATE_SUFFIXES = (".html", ".svg", ".xml")

TAG = re.compile(r"<(?!!--)([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
ATTRIBUTE = re.compile(r"""([^\s=/"'<>]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")
SCRIPT = re.compile(
    r"<script\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL
)
OTHER_HOST = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
# Attributes whose URL the browser fetches by itself (an <a href> is a link to follow, not an asset).
ASSET_ATTRIBUTES = {"src", "srcset", "poster", "data", "href", "xlink:href", "background"}
# <script> bodies that are data, never run (the json_script filter writes these).
DATA_SCRIPT_TYPES = {"application/json", "application/ld+json"}


def template_files() -> list[Path]:
    folders = [Path(folder) for folder in settings.TEMPLATES[0]["DIRS"]]
    folders += sorted(Path(settings.BASE_DIR, "games").glob("**/templates"))
    return sorted(
        path for folder in folders for path in folder.rglob("*") if path.suffix in TEMPLATE_SUFFIXES
    )


def unquote(value: str) -> str:
    return value[1:-1] if value[:1] in "\"'" and value[-1:] == value[:1] else value


def without_comments(text: str) -> str:
    """The template as the browser may get it: Django's and HTML's comments say, they do not load."""
    text = re.sub(r"\{%\s*comment\b.*?%\}.*?\{%\s*endcomment\s*%\}", "", text, flags=re.DOTALL)
    text = re.sub(r"\{#.*?#\}", "", text)
    return re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)


def problems_in(template: str) -> list[str]:
    """What in this template would load from another host or be inline code."""
    text = without_comments(template)
    found: list[str] = []
    for match in TAG.finditer(text):
        tag = match.group(1).lower()
        for name, raw in ATTRIBUTE.findall(match.group(2)):
            name, value = name.lower(), unquote(raw)
            if name == "style":
                found.append(f'style="" on <{tag}>')
            elif name.startswith("on"):
                found.append(f"{name}= handler on <{tag}>")
            elif value.strip().lower().startswith("javascript:"):
                found.append(f"javascript: URL in {name}= on <{tag}>")
            elif name in ASSET_ATTRIBUTES and tag != "a" and OTHER_HOST.match(value):
                found.append(f"<{tag} {name}={value}> loads from another host")
            elif name == "srcset" and re.search(r"(?:https?:)?//", value):
                found.append(f"<{tag} srcset> loads from another host")
        if tag == "style":
            found.append("a <style> block")
    for match in SCRIPT.finditer(text):
        attributes = dict((name.lower(), unquote(raw)) for name, raw in ATTRIBUTE.findall(match.group(1)))
        if attributes.get("type", "").lower() in DATA_SCRIPT_TYPES:
            continue
        if match.group(2).strip():
            found.append("an inline <script> body")
    if re.search(r"@import\b", text):
        found.append("a CSS @import")
    if re.search(r"url\(\s*[\"']?\s*(?:https?:)?//", text, re.IGNORECASE):
        found.append("a CSS url() on another host")
    return found


@pytest.mark.parametrize(
    "template", template_files(), ids=lambda path: str(path.relative_to(settings.BASE_DIR))
)
def test_template_loads_nothing_from_another_host_and_has_no_inline_code(template: Path) -> None:
    problems = problems_in(template.read_text(encoding="utf-8"))
    assert not problems, f"{template.relative_to(settings.BASE_DIR)}: " + "; ".join(problems)


def test_the_templates_are_found() -> None:
    names = {str(path.relative_to(settings.BASE_DIR)) for path in template_files()}
    assert {
        "templates/base.html",
        "templates/games/game.html",
        "templates/games/tables/mulligan.html",
    } <= names


@pytest.mark.parametrize(
    ("snippet", "problem"),
    [
        ('<script src="https://cdn.example.org/x.js"></script>', "another host"),
        ("<script src='//cdn.example.org/x.js'></script>", "another host"),
        ('<link rel="stylesheet" href="http://fonts.example.org/a.css">', "another host"),
        ('<img src="https://example.org/a.png" alt="">', "another host"),
        ('<img srcset="/a.png 1x, https://example.org/b.png 2x" alt="">', "another host"),
        ("<script>alert(1)</script>", "inline <script>"),
        ('<script type="module">\n  go();\n</script>', "inline <script>"),
        ("<style>p { color: red }</style>", "<style> block"),
        ('<p style="color: red">x</p>', "style="),
        ('<button onclick="go()">Go</button>', "onclick"),
        ('<body onload="go()">', "onload"),
        ('<a href="javascript:go()">go</a>', "javascript:"),
        ('<link rel="stylesheet" href="/static/a.css">@import "https://example.org/b.css";', "@import"),
        ('<div class="x">{{ y }}</div><span data-u="url(https://example.org/i.png)"></span>', "url()"),
    ],
)
def test_the_check_finds_each_kind_of_problem(snippet: str, problem: str) -> None:
    assert any(problem in found for found in problems_in(snippet)), problems_in(snippet)


def test_the_check_lets_this_hosts_assets_links_and_data_through() -> None:
    clean = """{% load static %}
    <link rel="stylesheet" href="{% static 'css/site.css' %}">
    <link rel="icon" href="data:,">
    <script src="{% static 'js/game.js' %}" defer></script>
    <a href="https://example.org/rules">the rules elsewhere</a>
    <img src="/static/cards/ace.svg" alt="ace">
    <form method="post" action="{% url 'game-move' 1 %}" data-testid="move-form"><button type="submit">Go</button></form>
    <p class="season" data-season="1">Mention of style="x" in prose is not an attribute.</p>
    <script id="seen" type="application/json">{"move_count": 3}</script>
    """
    assert problems_in(clean) == []


def test_comments_are_not_markup() -> None:
    assert (
        problems_in(
            "{# no <style> here #}<!-- <script>old()</script> -->{% comment %}<b style='x'>{% endcomment %}"
        )
        == []
    )
