"""The export's parameters, read from text (a query string, or ``manage.py export_games``' options).

Every one that is wrong is refused with its name and the reason, and so is a parameter the export
does not know (a misspelt filter must not quietly export every game). The names follow lichess's
game export (``since``, ``until``, ``max``, ``sort=dateAsc|dateDesc``, ``rated``); ``since`` and
``until`` take an ISO 8601 date-time, or milliseconds since 1970 as lichess's do.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models

from engine import registered_games
from games.converters import MAX_ID
from games.models import Bot, League, Player, Tournament, VersionTest
from games.selectors.exports import ExportFilter

MAX_GAMES = 1_000_000  # a larger export is asked for by leaving ``max`` out (every game)
LATEST_MILLISECONDS = 253_402_300_799_999  # 9999-12-31T23:59:59.999Z, datetime's last year
SORTS = {"dateDesc": True, "dateAsc": False}  # newest first?


class _Moment(forms.Field):
    """An ISO 8601 date-time (without an offset: UTC), or milliseconds since 1970 (UTC)."""

    def to_python(self, value: Any) -> datetime | None:
        if value in (None, ""):
            return None
        text = str(value).strip()
        if text.isascii() and text.isdigit():
            if len(text) > 15 or int(text) > LATEST_MILLISECONDS:
                raise forms.ValidationError(
                    f"milliseconds since 1970 up to {LATEST_MILLISECONDS}, not {text[:20]}"
                )
            return datetime.fromtimestamp(int(text) / 1000, tz=UTC)
        try:
            moment = datetime.fromisoformat(text.replace("z", "Z").replace("t", "T"))
        except ValueError:
            raise forms.ValidationError(
                f"give an ISO 8601 date-time (2026-11-25T12:00:00Z) or milliseconds since 1970, not {text[:40]!r}"
            ) from None
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class _Strict(forms.Field):
    """``true`` or ``false``, as the document's boolean is written in a query (nothing else)."""

    def to_python(self, value: Any) -> bool | None:
        if value in (None, ""):
            return None
        if value not in ("true", "false"):
            raise forms.ValidationError(f"give true or false, not {str(value)[:20]!r}")
        return bool(value == "true")


def _id(label: str) -> forms.IntegerField:
    return forms.IntegerField(required=False, min_value=1, max_value=MAX_ID, label=label)


class ExportFilterForm(forms.Form):
    """``user``: who asks (an unpublished version test is only its author's to export); None is
    the operator at the command line, who may export any."""

    def __init__(self, data: Any, user: AbstractBaseUser | AnonymousUser | None = None) -> None:
        super().__init__(data)
        self.user = user

    player = _id("only games in which this player (a person's player id) sat")
    bot = _id("only games in which this bot sat")
    game = forms.ChoiceField(required=False, choices=[(game.id, game.id) for game in registered_games()])
    tournament = _id("only this tournament's games")
    league = _id("only this league's games")
    version_test = _id("only this version test's games (its author's, or a published test's)")
    rated = _Strict(required=False)
    since = _Moment(required=False)
    until = _Moment(required=False)
    sort = forms.ChoiceField(required=False, choices=[(name, name) for name in SORTS])
    max = forms.IntegerField(required=False, min_value=1, max_value=MAX_GAMES)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name in sorted(set(self.data) - set(self.fields)):
            # Not a field of the form, so add_error would refuse it: named all the same.
            self._errors.setdefault(name, self.error_class()).append(
                f"unknown parameter: the export takes {', '.join(self.fields)}"
            )
        for name in self.fields:
            # An empty value is none of the document's (an integer, a date-time, a choice): refused,
            # not read as "any", which leaving the parameter out says.
            if self.data.get(name) == "":
                self.add_error(name, "give a value, or leave the parameter out")
        since, until = cleaned.get("since"), cleaned.get("until")
        if since is not None and until is not None and until <= since:
            self.add_error(
                "until", f"until ({until.isoformat()}) must come after since ({since.isoformat()})"
            )
        for name, model, words in (
            ("player", Player, "player"),
            ("bot", Bot, "bot"),
            ("tournament", Tournament, "tournament"),
            ("league", League, "league"),
        ):
            pk = cleaned.get(name)
            if pk is not None and not model.objects.filter(pk=pk).exists():
                self.add_error(name, f"no {words} {pk}")
        test = cleaned.get("version_test")
        if test is not None and not self._version_test_visible(test):
            # Another author's unpublished test reads as no test at all, as its page does.
            self.add_error("version_test", f"no version test {test}")
        return cleaned

    def _version_test_visible(self, pk: int) -> bool:
        tests = VersionTest.objects.filter(pk=pk)
        if self.user is None:
            return tests.exists()
        if self.user.is_authenticated:
            return tests.filter(models.Q(published=True) | models.Q(owner__user_id=self.user.pk)).exists()
        return tests.filter(published=True).exists()

    def export_filter(self) -> ExportFilter:
        """The filter the valid parameters ask for (call after ``is_valid()``)."""
        data = self.cleaned_data
        competitors = []
        if data.get("player") is not None:
            competitors.append(Player.objects.values_list("competitor_id", flat=True).get(pk=data["player"]))
        if data.get("bot") is not None:
            competitors.append(Bot.objects.values_list("competitor_id", flat=True).get(pk=data["bot"]))
        return ExportFilter(
            competitors=tuple(competitors),
            game=data.get("game") or None,
            tournament=data.get("tournament"),
            league=data.get("league"),
            version_test=data.get("version_test"),
            rated=data.get("rated"),
            since=data.get("since"),
            until=data.get("until"),
            newest_first=SORTS[data.get("sort") or "dateDesc"],
            max_games=data.get("max"),
        )

    def problems(self) -> dict[str, list[str]]:
        """The errors by parameter, as the API's 400 names them."""
        return {name: [str(message) for message in messages] for name, messages in self.errors.items()}
