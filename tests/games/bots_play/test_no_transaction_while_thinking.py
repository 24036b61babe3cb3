"""A submitted bot that never answers must not hold a transaction or the game's row lock while it
is being waited for: people, deadlines and other workers go on using the game meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections, transaction

from games.models import Bot, BotFault, Game, GameStatus
from games.services import remote_play
from games.services.games import game_create
from tests.conftest import require_postgresql
from tests.games.bots_play.conftest import SILENT_BOT
from tests.games.factories import BotFactory


@pytest.mark.django_db(transaction=True)
def test_a_silent_bot_holds_no_lock_while_it_is_waited_for(
    program_bot: Callable[..., Bot], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    require_postgresql(connection.vendor)
    settings.BOT_MOVE_TIME_MS = 1500
    settings.BOT_TIME_BANK_MS = 0
    settings.BOT_FAULT_POLICY = "forfeit"
    bot = program_bot(SILENT_BOT)
    opponent = BotFactory(engine_bot="random")
    game = game_create(
        game_id="mulligan",
        competitors=[bot.competitor, opponent.competitor],
        config={"players": 2},
        enqueue_bots=False,
    )
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        worker_pid = cursor.fetchone()[0]

    seen: dict[str, Any] = {}

    def meanwhile() -> None:
        """Another connection, while the worker waits for the bot: lock and update the game row."""
        try:
            with transaction.atomic():
                Game.objects.select_for_update(nowait=True).get(pk=game.pk)
                seen["updated"] = Game.objects.filter(pk=game.pk).update(turn_deadline=None)
            with connection.cursor() as cursor:
                cursor.execute("SELECT state, backend_xid FROM pg_stat_activity WHERE pid = %s", [worker_pid])
                seen["worker"] = cursor.fetchone()
                cursor.execute(
                    "SELECT count(*) FROM pg_locks WHERE pid = %s AND locktype = 'tuple'", [worker_pid]
                )
                seen["tuple_locks"] = cursor.fetchone()[0]
        finally:
            connections.close_all()

    real_ask = remote_play.ask

    def ask_while_another_connection_works(*args: Any, **kwargs: Any) -> Any:
        seen["in_atomic_block"] = connection.in_atomic_block
        other = threading.Thread(target=meanwhile)
        other.start()
        try:
            return real_ask(*args, **kwargs)
        finally:
            other.join()

    monkeypatch.setattr(remote_play, "ask", ask_while_another_connection_works)
    remote_play.game_play_remote(game_pk=game.pk)

    assert seen["in_atomic_block"] is False
    assert seen["updated"] == 1
    assert seen["worker"] == ("idle", None)  # not "idle in transaction", no transaction id
    assert seen["tuple_locks"] == 0
    fault = BotFault.objects.get(game=game)
    assert (fault.kind, fault.consequence) == ("timeout", "forfeit")
    assert "thinking forever" in fault.stderr_tail
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert [s.rank for s in game.seats.order_by("index")] == [2, 1]
