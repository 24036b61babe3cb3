"""Helpers of the page tests that act (not a test module): a signed-in browser, its posts, and what
the page then says; the API's answer to the same request, to compare words."""

from __future__ import annotations

import json
import re
from typing import Any

from bs4 import BeautifulSoup
from django.http import HttpResponse
from django.test import Client
from rest_framework.test import APIClient

from games.models import Bot, Player
from tests.games.competitions.conftest import make_bots


def signed_in(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def soup_of(response: HttpResponse) -> BeautifulSoup:
    return BeautifulSoup(response.content, "html.parser")


def said(response: HttpResponse, kind: str = "error") -> list[str]:
    """The page's messages of a kind (``error``, ``success``), as shown."""
    return [" ".join(li.get_text(" ").split()) for li in soup_of(response).select(f"ul.messages li.{kind}")]


def as_json(value: Any) -> Any:
    """A page's text as a JSON client sends it: a number is a number (the API takes JSON's types)."""
    if isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value):
        return json.loads(value)
    return value


def api_detail(client: APIClient, path: str, body: dict[str, Any] | None = None) -> tuple[int, str]:
    response = client.post(path, body or {}, format="json")
    return response.status_code, response.json()["detail"]


def owned_bots(owner: Player, count: int, *, game_id: str = "mulligan") -> list[Bot]:
    bots = make_bots(count, game_id=game_id)
    Bot.objects.filter(pk__in=[b.pk for b in bots]).update(owner=owner)
    for bot in bots:
        bot.owner = owner
    return bots
