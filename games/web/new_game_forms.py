"""The new-game form, built from a game's config metadata (``Game.config_fields``).

One Django field per option (``option_<name>``), the seats and who sits in each, the time per
move and rated. The form checks only shapes (a whole number, valid JSON); the engine judges the
config, and its :class:`~engine.ConfigError` words come back through the service and are shown
next to the option they name (or at the top).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms

from engine import ConfigField, ConfigPreset, Game
from games.models import DEFAULT_MOVE_TIME, MOVE_TIMES, Bot
from games.services.challenges import Opponent

OPTION = "option_"
MAX_JSON_CHARS = 50_000
MAX_NAME_CHARS = 150


def seat_field(index: int) -> str:
    """The select of the seat ``index`` (1 is the second seat: the challenger sits in 0)."""
    return f"seat_{index}"


def seat_player_field(index: int) -> str:
    return f"seat_{index}_player"


def _encode(value: Any) -> str:
    return json.dumps(value)


class ParsedTextField(forms.CharField):
    """Text that becomes another value (a list, JSON). Its length is checked on the text, before it
    is parsed: CharField's own max_length validator runs on the parsed value, which may be a number."""

    def __init__(self, *, max_chars: int, **kwargs: Any) -> None:
        self.max_chars = max_chars
        super().__init__(**kwargs)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        return {**super().widget_attrs(widget), "maxlength": str(self.max_chars)}

    def text(self, value: Any) -> str:
        text = str(super().to_python(value) or "").strip()
        if len(text) > self.max_chars:
            raise forms.ValidationError(f"at most {self.max_chars} characters (this has {len(text)})")
        return text


class ListOfNumbersField(ParsedTextField):
    """``1, 0, -2`` → ``[1, 0, -2]``; empty → ``None`` (the engine's default)."""

    def to_python(self, value: Any) -> list[int] | None:
        text = self.text(value)
        if not text:
            return None
        try:
            return [int(part) for part in text.replace(";", ",").split(",")]
        except ValueError:
            raise forms.ValidationError("write whole numbers separated by commas, like 1, 0, -1") from None


class JsonField(ParsedTextField):
    """JSON text → its value; empty → ``None`` (the built-in default)."""

    def to_python(self, value: Any) -> Any:
        text = self.text(value)
        if not text:
            return None
        try:
            return json.loads(text)
        except ValueError as exc:
            raise forms.ValidationError(f"not valid JSON: {exc}") from None


def _option_field(spec: ConfigField, initial: Any) -> forms.Field:
    common: dict[str, Any] = {"label": spec.label, "help_text": spec.help, "required": False}
    if spec.kind == "int":
        return forms.IntegerField(min_value=spec.min, max_value=spec.max, initial=initial, **common)
    if spec.kind == "bool":
        return forms.BooleanField(initial=bool(initial), **common)
    if spec.kind == "choice":
        return forms.TypedChoiceField(
            choices=[(_encode(value), label) for value, label in spec.choices],
            coerce=json.loads,
            initial=_encode(initial),
            empty_value=spec.default,
            **common,
        )
    if spec.kind == "list":
        shown = ", ".join(map(str, initial)) if isinstance(initial, list) else ""
        return ListOfNumbersField(max_chars=500, initial=shown, **common)
    if spec.kind == "json":
        return JsonField(
            max_chars=MAX_JSON_CHARS,
            initial="" if initial is None else json.dumps(initial, indent=1),
            widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
            **common,
        )
    return forms.CharField(max_length=500, initial=initial, **common)


def opponent_choices(game: Game, submitted: list[Bot]) -> list[tuple[str, str]]:
    choices = [("open", "Anyone (an open seat in the lobby)"), ("player", "A player I name")]
    choices += [(f"builtin:{name}", f"{name} bot (built-in)") for name in game.bot_names()]
    choices += [(f"bot:{bot.pk}", f"{bot.competitor.name} (submitted bot{_owner(bot)})") for bot in submitted]
    return choices


def _owner(bot: Bot) -> str:
    return f" by {bot.owner.competitor.name}" if bot.owner is not None else ""


def default_opponent(game: Game) -> str:
    """A built-in bot that plays its best (not the random one) where the game has one."""
    names = game.bot_names()
    return f"builtin:{next((name for name in names if name != 'random'), names[0])}"


def preset_initial(game: Game, preset: ConfigPreset | None) -> dict[str, Any]:
    """The form's first values: the defaults, changed by the preset."""
    values = {spec.name: spec.default for spec in game.config_fields()}
    if preset is not None:
        values.update(preset.config)
    return values


class NewGameForm(forms.Form):
    game = forms.CharField(widget=forms.HiddenInput, max_length=40)
    time_per_move = forms.ChoiceField(
        label="Time per move",
        choices=[(key, words) for key, words, _ in MOVE_TIMES],
        initial=DEFAULT_MOVE_TIME,
        help_text="how long each person has for a move before the game goes on without them",
    )
    rated = forms.BooleanField(
        label="Rated", required=False, initial=True, help_text="the result moves ratings"
    )

    def __init__(
        self,
        *args: Any,
        game: Game,
        submitted_bots: list[Bot],
        values: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.engine_game = game
        self.specs = [spec for spec in game.config_fields() if spec.name != "players"]
        values = values if values is not None else preset_initial(game, None)
        self.fields["game"].initial = game.id
        self.fields["seats"] = forms.IntegerField(
            label="Seats",
            help_text=f"{game.min_players} to {game.max_players}; you sit in seat 1",
            min_value=game.min_players,
            max_value=game.max_players,
            initial=values.get("players", max(2, game.min_players)),
        )
        choices = opponent_choices(game, submitted_bots)
        self.seat_rows = []
        for index in range(1, game.max_players):
            self.fields[seat_field(index)] = forms.ChoiceField(
                label=f"Seat {index + 1}", choices=choices, initial=default_opponent(game), required=False
            )
            self.fields[seat_player_field(index)] = forms.CharField(
                label=f"Seat {index + 1}: the player's name",
                max_length=MAX_NAME_CHARS,
                required=False,
            )
            self.seat_rows.append((index, seat_field(index), seat_player_field(index)))
        for spec in self.specs:
            self.fields[OPTION + spec.name] = _option_field(spec, values.get(spec.name, spec.default))

    # -- what the page shows ---------------------------------------------------------------------

    def seat_bound_fields(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(index, self[choice], self[name]) for index, choice, name in self.seat_rows]

    def option_bound_fields(self) -> list[forms.BoundField]:
        return [self[OPTION + spec.name] for spec in self.specs]

    # -- what the service gets -------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        """The options a person changed from the defaults: left alone, the engine fills them in
        (and an option whose default depends on another, such as a per-seat list, follows it)."""
        config = {}
        for spec in self.specs:
            value = self.cleaned_data.get(OPTION + spec.name)
            if spec.kind == "int" and value is None:
                continue  # left empty: the default
            if value != spec.default:
                config[spec.name] = value
        return config

    def opponents(self) -> list[Opponent]:
        opponents = []
        for index, choice_name, player_name in self.seat_rows[: self.cleaned_data["seats"] - 1]:
            choice = self.cleaned_data.get(choice_name) or ""
            if choice == "open":
                opponents.append(Opponent("open"))
            elif choice == "player":
                opponents.append(Opponent("player", self.cleaned_data.get(player_name) or ""))
            elif choice.startswith("builtin:"):
                opponents.append(Opponent("builtin", choice.removeprefix("builtin:")))
            elif choice.startswith("bot:"):
                opponents.append(Opponent("bot", bot_pk=int(choice.removeprefix("bot:"))))
            else:
                self.add_error(choice_name, f"choose who sits in seat {index + 1}")
        return opponents

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = data.get("seats")
        if isinstance(seats, int):
            for index, choice_name, player_name in self.seat_rows[: seats - 1]:
                if not data.get(choice_name):
                    self.add_error(choice_name, f"choose who sits in seat {index + 1}")
                elif data[choice_name] == "player" and not (data.get(player_name) or "").strip():
                    self.add_error(player_name, f"name the player for seat {index + 1}")
        return data

    def show_refusal(self, message: str) -> None:
        """The service's words next to the option they name, else at the top of the form."""
        for spec in sorted(self.specs, key=lambda spec: -len(spec.name)):
            if f"'{spec.name}'" in message or message.startswith(f"{spec.name} "):
                self.add_error(OPTION + spec.name, message)
                return
        if "players" in message:
            self.add_error("seats", message)
            return
        self.add_error(None, message)
