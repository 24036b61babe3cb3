"""Helpers of the page tests (not a test module): fetch a page and parse it."""

from __future__ import annotations

from bs4 import BeautifulSoup
from django.test import Client


def page(path: str, status: int = 200) -> BeautifulSoup:
    response = Client().get(path)
    assert response.status_code == status, response.content[:500]
    return BeautifulSoup(response.content, "html.parser")


def texts(nodes: object) -> list[str]:
    return [" ".join(node.get_text(" ").split()) for node in nodes]  # type: ignore[attr-defined]
