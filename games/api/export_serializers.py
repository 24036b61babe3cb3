"""The export's line, described for the OpenAPI document (``games.selectors.exports`` writes it)."""

from __future__ import annotations

from rest_framework import serializers


class ExportedSeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    competitor = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["player", "bot"])
    player = serializers.IntegerField(allow_null=True, help_text="the person's player id")
    bot = serializers.IntegerField(allow_null=True, help_text="the bot's id")
    bot_version = serializers.IntegerField(
        allow_null=True,
        help_text="the number of the submitted bot's version that played (built-in bots: null)",
    )
    rank = serializers.IntegerField(allow_null=True, help_text="1 = first; seats the rules tie share one")
    score = serializers.FloatField(allow_null=True)
    rating_before = serializers.FloatField(
        allow_null=True, help_text="the game's Elo before it; null: not rated"
    )
    rating_after = serializers.FloatField(allow_null=True)
    league_rating_before = serializers.FloatField(
        allow_null=True, help_text="the league's rating; null outside leagues"
    )
    league_rating_after = serializers.FloatField(allow_null=True)


class ExportedMoveSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1, 2, ... in the order played")
    seat = serializers.IntegerField()
    action = serializers.DictField(help_text="the action as the engine takes it")
    at = serializers.DateTimeField(help_text="when it was stored")
    auto = serializers.BooleanField(help_text="played by the clock's policy (a late seat), not by the seat")


class ExportedTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    match_game = serializers.IntegerField(help_text="the game's number within its match")


class ExportedLeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    season = serializers.IntegerField()
    challenge = serializers.BooleanField(help_text="a person's challenge, not the ladder's matchmaking")


class ExportedGameSerializer(serializers.Serializer):
    """One line of the export: a finished game, complete (``python -m engine replay --verify`` replays it)."""

    id = serializers.IntegerField()
    game = serializers.CharField(help_text="the engine's game id")
    config = serializers.DictField()
    seed = serializers.IntegerField(help_text="the deal's seed (a finished game's is no secret)")
    rated = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField()
    tournament = ExportedTournamentSerializer(allow_null=True)
    league = ExportedLeagueSerializer(allow_null=True)
    seats = ExportedSeatSerializer(many=True)
    moves = ExportedMoveSerializer(many=True, help_text="every move, in order")
    outcome = serializers.DictField(
        help_text="ranking, ranks, scores and details as the engine gives them; a forfeit's details name the "
        "late seats (reason timeout or bot_fault)"
    )
