"""The lists' choice filters: a choice given empty is refused with the parameter named; left out, any."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/tournaments/", "/api/leagues/"])
def test_an_empty_state_is_refused_and_named(path: str) -> None:
    answer = APIClient().get(f"{path}?state=")
    assert answer.status_code == 400
    assert "state" in answer.json()["errors"]


@pytest.mark.parametrize("path", ["/api/tournaments/", "/api/leagues/"])
@pytest.mark.parametrize("query", ["", "?state=running", "?game=mulligan&state=draft", "?game="])
def test_a_state_left_out_or_given_is_taken(path: str, query: str) -> None:
    assert APIClient().get(f"{path}{query}").status_code == 200


@pytest.mark.parametrize("path", ["/api/tournaments/", "/api/leagues/"])
def test_a_state_that_is_no_choice_is_refused(path: str) -> None:
    answer = APIClient().get(f"{path}?state=sleeping")
    assert answer.status_code == 400
    assert "state" in answer.json()["errors"]
