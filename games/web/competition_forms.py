"""The forms of the competition pages: create a tournament or a league (made from the API's create
serializers, :mod:`games.web.serializer_forms`), and filter the lists."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models

from engine import registered_games
from games.api.competition_serializers import TournamentCreateSerializer
from games.api.league_serializers import LeagueCreateSerializer
from games.models import CompetitionState, League, Tournament
from games.web.serializer_forms import SerializerForm, serializer_form

LABELS = {
    "name": "Name",
    "game": "Game",
    "config": "Game options",
    "format": "Format",
    "seats_per_table": "Seats per table",
    "min_table_size": "Smallest table",
    "rounds": "Rounds",
    "best_of": "Best of",
    "entrants": "Who may enter",
    "late_entries": "Late entries",
    "max_entrants": "Places",
    "rated": "Rated",
    "rating_system": "Rating system",
    "challenge_range": "Challenge range (places)",
    "ratings_per_season": "Reset ratings every season",
    "move_time_limit": "Time per move",
    "timeout_policy": "On timeout",
    "allow_vacations": "Vacations extend deadlines",
    "bot_move_time_ms": "Bot time per move (ms)",
    "bot_time_bank_ms": "Bot time bank (ms)",
    "bot_fault_policy": "On a bot's fault",
    "bot_max_strikes": "Bot strikes before disqualification",
}

# How the create forms are laid out: fields not named here go in the first group.
GROUPS = (
    ("The competition", ()),
    ("Time", ("move_time_limit", "timeout_policy", "allow_vacations")),
    ("Submitted bots", ("bot_move_time_ms", "bot_time_bank_ms", "bot_fault_policy", "bot_max_strikes")),
)


def _model_help(model: type[models.Model]) -> Any:
    def help_for(name: str) -> str:
        try:
            return str(model._meta.get_field(name).help_text)
        except models.FieldDoesNotExist:
            return ""

    return help_for


def _game_choices() -> list[tuple[str, str]]:
    return [(game.id, game.name) for game in registered_games()]


class _GamePicker(SerializerForm):
    """The serializer's ``game`` (any text) offered as the registered games; the service still checks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        text = self.fields["game"]
        self.fields["game"] = forms.ChoiceField(
            choices=[("", "choose…"), *_game_choices()],
            label=text.label,
            help_text="the game every table plays",
        )

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        placed = {name for _, names in GROUPS for name in names}
        first = [self[name] for name in self.fields if name not in placed]
        rest = [
            (legend, [self[name] for name in names if name in self.fields]) for legend, names in GROUPS[1:]
        ]
        return [(GROUPS[0][0], first), *rest]


TournamentForm = serializer_form(
    TournamentCreateSerializer, labels=LABELS, fallback_help=_model_help(Tournament), base=_GamePicker
)
LeagueForm = serializer_form(
    LeagueCreateSerializer, labels=LABELS, fallback_help=_model_help(League), base=_GamePicker
)


# -- The lists' filter -------------------------------------------------------------------------------

STATE_WORDS = {
    CompetitionState.REGISTRATION: "open for entry",
    CompetitionState.RUNNING: "running",
    CompetitionState.FINISHED: "finished",
    CompetitionState.DRAFT: "in draft",
    CompetitionState.CANCELLED: "cancelled",
}


class CompetitionFilterForm(forms.Form):
    game = forms.ChoiceField(required=False, label="Game")
    state = forms.ChoiceField(
        required=False,
        label="State",
        choices=[("", "any state"), *((state.value, words) for state, words in STATE_WORDS.items())],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "any game"), *_game_choices()]

    def filters(self) -> dict[str, str]:
        """The valid choices made, as ``{"game_id": ..., "state": ...}`` (a refused one is left out)."""
        self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        found = {"game_id": cleaned.get("game"), "state": cleaned.get("state")}
        return {key: value for key, value in found.items() if value}
