from __future__ import annotations

from django.conf import settings
from django.db import models


class Competitor(models.Model):
    """Whoever can take a seat, be rated or enter a competition: a person (Player) or a Bot."""

    name = models.CharField(max_length=150)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    @property
    def is_bot(self) -> bool:
        return hasattr(self, "bot")


class Player(models.Model):
    """A person, linked to a Django user."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    competitor = models.OneToOneField(Competitor, on_delete=models.PROTECT, related_name="player")

    def __str__(self) -> str:
        return self.competitor.name


class BotKind(models.TextChoices):
    BUILTIN = "builtin", "built-in engine bot"
    PROGRAM = "program", "uploaded program (JSON lines on stdin/stdout, sandboxed)"
    HTTP = "http", "HTTP endpoint (a POST per decision)"


class Bot(models.Model):
    """A bot that plays one game. Built-in bots run the engine's own bot classes in the worker."""

    competitor = models.OneToOneField(Competitor, on_delete=models.PROTECT, related_name="bot")
    owner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="bots")
    game_id = models.CharField(max_length=40)
    kind = models.CharField(max_length=20, choices=BotKind.choices, default=BotKind.BUILTIN)
    engine_bot = models.CharField(max_length=40, help_text="the engine's bot name, for built-in bots")
    # Submitted bots (program, http): the version that plays; uploading makes a new one.
    active_version = models.ForeignKey(
        "games.BotVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game_id", "engine_bot"],
                condition=models.Q(kind="builtin"),
                name="one_builtin_bot_per_engine_bot",
            )
        ]
        # The bot list's order (games.selectors.bots.bots_listed): a page is read off the index.
        indexes = [models.Index(fields=["game_id", "engine_bot", "id"], name="bot_list")]

    def __str__(self) -> str:
        return f"{self.competitor.name} ({self.game_id})"
