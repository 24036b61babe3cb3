from __future__ import annotations

from django.db import models
from django.utils import timezone

from games.models.players import Competitor


class GameStatus(models.TextChoices):
    RUNNING = "running", "running"
    FINISHED = "finished", "finished"
    ABORTED = "aborted", "aborted"


class Game(models.Model):
    """One game of a registered engine game. The seed stays secret until the game ends.

    ``version`` is the number of moves stored so far: a client names the version it saw
    (``expected_move``) and a move is only accepted against the current one.
    """

    # Its indexes are the composite ones below, which lead with it: an index of its own (and
    # Django's second one, for LIKE) was only more to write on every move.
    game_id = models.CharField(max_length=40)
    config = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=20, choices=GameStatus.choices, default=GameStatus.RUNNING)
    version = models.PositiveIntegerField(default=0)
    rated = models.BooleanField(default=True)
    # Each move's time of a game outside any competition (a challenge's "time per move"); empty:
    # the site's default. A tournament's or league's own limit wins for their games.
    move_time_limit = models.DurationField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When the person (or people) who must act now run out of time: empty while only bots must act
    # and once the game is over. ``deadline_version`` is the ``version`` it was computed for, so a
    # game whose deadline is behind its moves (created without its bots being queued, say) is seen
    # by the deadline sweep (games.services.deadlines).
    turn_deadline = models.DateTimeField(null=True, blank=True)
    deadline_version = models.PositiveIntegerField(null=True, blank=True)
    # When its last move was stored (its creation, before the first). A running game whose bots
    # must act and that has not moved for BOT_STALL_SECONDS lost its worker: the stall sweep
    # (games.services.stalls) hands it to a worker again, and notes when in ``bots_requeued_at``
    # so that it waits as long again before the next try (a game queued behind a long backlog
    # is handed over once per that time, not once per sweep).
    moved_at = models.DateTimeField(default=timezone.now)
    bots_requeued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "game_id"]),
            models.Index(fields=["status", "turn_deadline"], name="game_status_deadline"),
            # The games list, newest first, filtered by game or by status (keyset pages on id).
            models.Index(fields=["game_id", "-id"], name="game_list_by_game"),
            models.Index(fields=["status", "-id"], name="game_list_by_status"),
            # The games dealt from one seed (a duplicate round's tables, a version test's pair): a
            # game of a deal still in play stays private (games.selectors.games), asked on every read.
            models.Index(fields=["game_id", "seed"], name="game_deal"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status == GameStatus.FINISHED


class Seat(models.Model):
    # No index of their own for these two keys: (game, index) and (competitor, -game) lead with them,
    # and a move's seats are written on every move (``to_act``), each index once more.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    index = models.PositiveSmallIntegerField()
    competitor = models.ForeignKey(Competitor, on_delete=models.PROTECT, related_name="seats", db_index=False)
    # A submitted bot's seat plays the version it was given when the game was created (a
    # validation game, the version under test), whatever the bot's active version is later.
    bot_version = models.ForeignKey(
        "games.BotVersion", null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    # Whether this seat must act now in its running game: kept by the game flow on every move
    # (games.services.game_flow), so "whose turn is it" is one indexed read instead of a replay of
    # every running game a person sits in.
    to_act = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["game", "index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="one_competitor_per_seat")]
        indexes = [
            # A person's turns: their seats that must act (a small part of all seats).
            models.Index(fields=["competitor"], condition=models.Q(to_act=True), name="seat_to_act"),
            # A competitor's games, newest first (a bot's games list).
            models.Index(fields=["competitor", "-game"], name="seat_competitor_games"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}"


class Move(models.Model):
    """One entry of a game's complete history; ``(game, number)`` is unique, so a turn is taken once."""

    # The unique (game, number) is the index by game: one of its own was one more per move stored.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    idempotency_key = models.CharField(max_length=100, null=True, blank=True)
    auto = models.BooleanField(
        default=False, db_default=False, help_text="played by the deadline policy, not by the seat"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_move_per_number"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="one_move_per_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} move {self.number}"
