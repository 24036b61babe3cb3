"""What the hand-built answers look like, for the OpenAPI document.

These reads are plain dicts from the selectors (hand-written SQL and the engine's views, see
``games.selectors``), not serializer output; these serializers only describe them, so a generated
client gets real types instead of a free-form object. ``tests/faults/test_schemathesis.py`` holds
every answer to its description.
"""

from __future__ import annotations

from rest_framework import serializers

from games.models import BotKind, GameStatus

ANY = "any JSON value"


class ConfigChoiceSerializer(serializers.Serializer):
    value = serializers.JSONField(help_text="the value to put in the config")
    label = serializers.CharField()


class ConfigFieldSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="the config key")
    label = serializers.CharField()
    kind = serializers.CharField(help_text="int, bool, choice, list or json")
    default = serializers.JSONField(allow_null=True)
    choices = ConfigChoiceSerializer(many=True, help_text="kind choice: the values allowed")
    min = serializers.IntegerField(allow_null=True)
    max = serializers.IntegerField(allow_null=True)
    help = serializers.CharField(allow_blank=True)


class ConfigPresetSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    config = serializers.DictField(help_text="a config to send as it is")
    help = serializers.CharField(allow_blank=True)


class GameMetadataSerializer(serializers.Serializer):
    """A registered game, as ``GET /api/catalog/`` lists it."""

    id = serializers.CharField(help_text="the game id other requests take, e.g. mulligan")
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    simultaneous = serializers.BooleanField()
    chance = serializers.BooleanField()
    hidden_information = serializers.BooleanField()
    rules = serializers.CharField(allow_null=True, help_text="the rules text's file name")
    scoring = serializers.CharField()
    table_talk = serializers.BooleanField()
    duplicate_deals = serializers.BooleanField()
    bots = serializers.ListField(child=serializers.CharField(), help_text="the built-in bots' names")
    config_fields = ConfigFieldSerializer(many=True)
    config_presets = ConfigPresetSerializer(many=True)


class SeatSummarySerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="the seat, from 0")
    competitor = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["player", "bot"])
    player = serializers.IntegerField(allow_null=True)
    bot = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True, help_text="1 = first, once the game is over")
    score = serializers.FloatField(allow_null=True)


class GameListItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="the game id of the catalog")
    status = serializers.ChoiceField(choices=GameStatus.choices)
    move_count = serializers.IntegerField()
    seats = SeatSummarySerializer(many=True)
    created_at = serializers.DateTimeField()


# A finished game's record waits for every game dealt from its seed (games.selectors.games.record_open).
ONCE_DEAL_OVER = "once the game is over, and every other game of its deal (the same seed) too"
ONCE_DEAL_OVER_EVERYTHING = f"{ONCE_DEAL_OVER}: everything"


class GameViewSerializer(serializers.Serializer):
    """A game as the caller may see it: their seat's observation, or a spectator's."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    config = serializers.DictField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    rated = serializers.BooleanField()
    move_count = serializers.IntegerField(help_text="send it back as expected_move with your move")
    seats = SeatSummarySerializer(many=True)
    your_seats = serializers.ListField(child=serializers.IntegerField())
    viewer_seat = serializers.IntegerField(allow_null=True, help_text="the seat whose view this is")
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="the seats that must act")
    observation = serializers.JSONField(help_text="the game's view for viewer_seat (the engine's observe)")
    legal_actions = serializers.ListField(
        child=serializers.DictField(), help_text="what viewer_seat may send now, if it must act: each an action"
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    outcome = serializers.DictField(allow_null=True, help_text="ranking, ranks, places, scores, details")
    seed = serializers.IntegerField(required=False, help_text=ONCE_DEAL_OVER)


class HistoryMoveSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.DictField(help_text="as you may see it (others' face-down offers hidden)")
    created_at = serializers.DateTimeField()


class GameHistorySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    move_count = serializers.IntegerField()
    moves = HistoryMoveSerializer(many=True)
    seed = serializers.IntegerField(required=False, help_text=ONCE_DEAL_OVER)
    config = serializers.DictField(required=False, help_text=ONCE_DEAL_OVER)
    final_state = serializers.JSONField(required=False, help_text=ONCE_DEAL_OVER_EVERYTHING)
    outcome = serializers.DictField(required=False, allow_null=True, help_text=ONCE_DEAL_OVER)
    next = serializers.URLField(
        required=False, allow_null=True, help_text="with limit: the following moves (null after the last)"
    )


class PlayerRatingSerializer(serializers.Serializer):
    rating = serializers.FloatField()
    games_played = serializers.IntegerField()


class RatingChangeSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="the game id")
    game_pk = serializers.IntegerField(help_text="the game: /api/games/{game_pk}/")
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    delta = serializers.FloatField()
    at = serializers.DateTimeField()


class PlayerProfileSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    competitor = serializers.IntegerField()
    ratings = serializers.DictField(child=PlayerRatingSerializer(), help_text="by game id")
    rating_history = RatingChangeSerializer(many=True)


class MeSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    competitor = serializers.IntegerField()
    name = serializers.CharField()


class AuthTokenAnswerSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="send it as `Authorization: Token <token>`")


# -- Bots ---------------------------------------------------------------------------------------------


class BotOwnerSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()


class BotSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    competitor = serializers.IntegerField()
    game_id = serializers.CharField()
    kind = serializers.ChoiceField(choices=BotKind.choices)
    engine_bot = serializers.CharField(allow_blank=True, help_text="built-in bots: the engine's bot")
    owner = BotOwnerSerializer(allow_null=True)
    active_version = serializers.IntegerField(allow_null=True)
    validation_status = serializers.CharField(allow_null=True, help_text="the latest version's")


class BotVersionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    filename = serializers.CharField(allow_blank=True)
    sha256 = serializers.CharField(allow_blank=True)
    size = serializers.IntegerField()
    uploaded_at = serializers.DateTimeField()
    validation_status = serializers.CharField()
    validation_message = serializers.CharField(allow_blank=True)
    validation_game = serializers.IntegerField(allow_null=True)
    active = serializers.BooleanField()
    entry_command = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="the owner only"
    )
    url = serializers.CharField(required=False, allow_blank=True, help_text="the owner only")


class BotGlobalRatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    rating = serializers.FloatField()
    games_played = serializers.IntegerField()


class BotLeagueRatingSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    name = serializers.CharField()
    rating_system = serializers.CharField()
    rating = serializers.FloatField()
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    games_played = serializers.IntegerField()
    provisional = serializers.BooleanField()
    active = serializers.BooleanField()


class BotDetailSerializer(BotSummarySerializer):
    you_own_it = serializers.BooleanField()
    active = BotVersionSerializer(allow_null=True)
    versions = BotVersionSerializer(many=True)
    ratings = BotGlobalRatingSerializer(many=True)
    leagues = BotLeagueRatingSerializer(many=True)


class BotGameSeatSerializer(SeatSummarySerializer):
    version = serializers.IntegerField(allow_null=True, help_text="a submitted bot's version")


class BotSeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    version = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)


class BotGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    rated = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = BotGameSeatSerializer(many=True)
    bot_seats = BotSeatSerializer(many=True, help_text="the seats this bot held")


class BotFaultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    version = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField()
    move_number = serializers.IntegerField()
    kind = serializers.CharField()
    message = serializers.CharField(allow_blank=True)
    consequence = serializers.CharField(help_text="default_move, forfeit or disqualified")
    created_at = serializers.DateTimeField()
    stderr_tail = serializers.CharField(required=False, allow_blank=True, help_text="the owner only")


# -- A tournament's bracket -----------------------------------------------------------------------------


class BracketEntrantSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)


class BracketSlotSerializer(serializers.Serializer):
    # "from" is a Python keyword: the field is renamed below.
    source = serializers.DictField(help_text='{"seed": n}, {"winner_of": match} or {"loser_of": match}')
    entrant = BracketEntrantSerializer(allow_null=True)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = fields.pop("source")
        return fields


class BracketMatchSerializer(serializers.Serializer):
    id = serializers.CharField()
    status = serializers.CharField()
    slots = BracketSlotSerializer(many=True)
    winner = BracketEntrantSerializer(allow_null=True)
    round = serializers.IntegerField(allow_null=True, help_text="the round it is played in, once paired")
    table = serializers.IntegerField(allow_null=True)


class BracketRoundSerializer(serializers.Serializer):
    name = serializers.CharField()
    side = serializers.CharField()
    number = serializers.IntegerField()
    matches = BracketMatchSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="single or double elimination")
    bracket_reset = serializers.BooleanField()
    seeds = serializers.ListField(child=BracketEntrantSerializer(allow_null=True), help_text="null: a bye")
    rounds = BracketRoundSerializer(many=True)
    champion = BracketEntrantSerializer(allow_null=True)
