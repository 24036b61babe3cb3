"""Version tests over HTTP: the request's shape here (the service decides the rest), and the answer."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import serializers

from games.api.json_requests import JsonRequest
from games.converters import MAX_ID
from games.models import VersionTest, VersionTestModel, VersionTestState
from games.ratings.sprt import Bounds, Model
from games.services.version_tests import (
    DEFAULT_ALPHA,
    DEFAULT_BETA,
    DEFAULT_ELO0,
    DEFAULT_ELO1,
    VersionTestRequest,
)


class VersionTestCreateSerializer(JsonRequest):
    candidate_version = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ID,
        help_text="the version under test (a submitted bot's; it must have passed validation); "
        "default: the active version. Built-in bots have none",
    )
    baseline_version = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ID,
        help_text="the baseline: another version of this bot (give this or baseline_bot)",
    )
    baseline_bot = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ID,
        help_text="the baseline: another bot of the game you may play (built-in, or submitted with a "
        "validated active version, which it plays for the whole test)",
    )
    config = serializers.DictField(
        required=False,
        default=dict,
        help_text="the game's options (see /api/catalog/); players: the table size (2: the candidate "
        "against the baseline in both seat orders)",
    )
    opponents = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        default=list,
        help_text="bot ids of the other seats of a table of three or more (players - 1 of them)",
    )
    elo0 = serializers.FloatField(
        required=False, default=DEFAULT_ELO0, help_text="H0's Elo (lower bound), within ±2000"
    )
    elo1 = serializers.FloatField(
        required=False, default=DEFAULT_ELO1, help_text="H1's Elo (upper bound), above elo0"
    )
    model = serializers.ChoiceField(
        choices=VersionTestModel.choices,
        required=False,
        default=VersionTestModel.NORMALIZED,
        help_text="what the bounds are in: normalized Elo (the default) or logistic Elo",
    )
    alpha = serializers.FloatField(
        required=False, default=DEFAULT_ALPHA, help_text="false-accept rate, in (0, 0.5)"
    )
    beta = serializers.FloatField(
        required=False, default=DEFAULT_BETA, help_text="false-reject rate, in (0, 0.5)"
    )
    max_deals = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ID,
        help_text="the budget of deals (two games each) after which the test is inconclusive; "
        f"default {settings.VERSIONTEST_DEFAULT_MAX_DEALS}, at most the site's cap",
    )


class VersionTestPublishSerializer(JsonRequest):
    published = serializers.BooleanField(
        required=False, default=True, help_text="true: shown on the bot's public page; false: yours alone"
    )


class EstimateSerializer(serializers.Serializer[dict[str, Any]]):
    value = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True, help_text="95 % interval; null until it has an end")
    high = serializers.FloatField(allow_null=True)


class LlrSerializer(serializers.Serializer[dict[str, Any]]):
    value = serializers.FloatField(allow_null=True, help_text="null before the first pair")
    lower = serializers.FloatField(help_text="log(beta / (1 - alpha)): at or below it, rejected")
    upper = serializers.FloatField(help_text="log((1 - beta) / alpha): at or above it, accepted")


class VersionTestSerializer(serializers.Serializer[dict[str, Any]]):
    id = serializers.IntegerField()
    bot = serializers.IntegerField()
    candidate_version = serializers.IntegerField(allow_null=True)
    baseline_bot = serializers.IntegerField()
    baseline_bot_name = serializers.CharField()
    baseline_version = serializers.IntegerField(allow_null=True)
    game = serializers.CharField()
    config = serializers.DictField()
    opponents = serializers.ListField(child=serializers.IntegerField())
    elo0 = serializers.FloatField()
    elo1 = serializers.FloatField()
    model = serializers.CharField(help_text=f"one of {', '.join(VersionTestModel.values)}")
    alpha = serializers.FloatField()
    beta = serializers.FloatField()
    max_deals = serializers.IntegerField()
    # Text, not an enum: a second "state" enum would rename the competitions' StateEnum in the schema.
    state = serializers.CharField(help_text=f"one of {', '.join(VersionTestState.values)}")
    published = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    deals_started = serializers.IntegerField()
    pairs = serializers.IntegerField(help_text="deals whose two games were counted")
    games = serializers.IntegerField(help_text="games counted (two per pair)")
    wins = serializers.IntegerField(
        help_text="the candidate's games won (two seats) or pairs it scored more in (larger tables)"
    )
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    pentanomial = serializers.ListField(
        child=serializers.IntegerField(), help_text="two seats: the pairs LL, LD, DD+WL, WD, WW; else empty"
    )
    paired_values = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="larger tables: each pair value (1 + candidate's score - baseline's) / 2 and its count",
    )
    llr = LlrSerializer()
    elo = EstimateSerializer(help_text="logistic Elo per game")
    nelo = EstimateSerializer(help_text="normalized Elo per game")


def test_request_from(data: dict[str, Any]) -> VersionTestRequest:
    """The service's request from a :class:`VersionTestCreateSerializer`'s validated data."""
    return VersionTestRequest(
        candidate_version=data.get("candidate_version"),
        baseline_version=data.get("baseline_version"),
        baseline_bot=data.get("baseline_bot"),
        config=data.get("config") or {},
        opponents=list(data.get("opponents") or ()),
        elo0=data.get("elo0"),
        elo1=data.get("elo1"),
        model=data.get("model") or VersionTestModel.NORMALIZED,
        alpha=data.get("alpha"),
        beta=data.get("beta"),
        max_deals=data.get("max_deals"),
    )


def version_test_data(test: VersionTest) -> dict[str, Any]:
    bounds = Bounds(test.elo0, test.elo1, test.alpha, test.beta, Model(test.model))
    return {
        "id": test.pk,
        "bot": test.bot_id,
        "candidate_version": test.candidate_version.number if test.candidate_version else None,
        "baseline_bot": test.baseline_bot_id,
        "baseline_bot_name": test.baseline_bot.competitor.name,
        "baseline_version": test.baseline_version.number if test.baseline_version else None,
        "game": test.game_id,
        "config": test.config,
        "opponents": test.opponents,
        "elo0": test.elo0,
        "elo1": test.elo1,
        "model": test.model,
        "alpha": test.alpha,
        "beta": test.beta,
        "max_deals": test.max_deals,
        "state": test.state,
        "published": test.published,
        "created_at": test.created_at,
        "finished_at": test.finished_at,
        "deals_started": test.deals_started,
        "pairs": test.pairs,
        "games": 2 * test.pairs,
        "wins": test.wins,
        "draws": test.draws,
        "losses": test.losses,
        "pentanomial": test.pentanomial,
        "paired_values": test.paired_values,
        "llr": {"value": test.llr, "lower": bounds.lower, "upper": bounds.upper},
        "elo": {"value": test.elo, "low": test.elo_low, "high": test.elo_high},
        "nelo": {"value": test.nelo, "low": test.nelo_low, "high": test.nelo_high},
    }
