"""Celery's Redis transport publishes through one client per channel (mulligan_league/broker.py):
kombu's own made a ``redis.Redis`` for every task published."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from kombu import Connection, Exchange, Queue

from tests.redis_server import REDIS_URL, redis_reached

TRANSPORT = "mulligan_league.broker:Transport"


@pytest.fixture
def server() -> redis.Redis:
    return redis_reached()


@pytest.fixture
def clients_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    made: list[int] = []
    init = redis.Redis.__init__

    def counted(self: redis.Redis, *args: Any, **kwargs: Any) -> None:
        made.append(id(self))
        init(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", counted)
    yield made


def _publish(transport: str | None, queue_name: str, count: int) -> None:
    queue = Queue(queue_name, Exchange(queue_name, type="direct"), routing_key=queue_name)
    with Connection(REDIS_URL, transport=transport) as connection:
        producer = connection.Producer(serializer="json")
        for n in range(count):
            producer.publish({"n": n}, exchange=queue.exchange, routing_key=queue_name, declare=[queue])


def _drain(transport: str | None, queue_name: str) -> list[int]:
    got = []
    with Connection(REDIS_URL, transport=transport) as connection:
        simple = connection.SimpleQueue(queue_name)
        while True:
            try:
                message = simple.get(timeout=0.5)
            except simple.Empty:
                break
            got.append(message.payload["n"])
            message.ack()
        simple.close()
    return got


def test_publishing_makes_one_client_and_delivers_every_message(
    server: redis.Redis, clients_made: list[int]
) -> None:
    queue_name = f"ml-broker-test-{uuid.uuid4().hex}"
    try:
        _publish(TRANSPORT, queue_name, 20)
        published_with = len(clients_made)
        assert published_with <= 2  # the channel's client, and at most one kombu makes on connecting
        assert _drain(TRANSPORT, queue_name) == list(range(20))  # in order, through kombu's own reader
    finally:
        server.delete(queue_name)


def test_kombus_own_transport_made_a_client_per_message(server: redis.Redis, clients_made: list[int]) -> None:
    # What the transport is for: the regression it guards against, on the kombu installed.
    queue_name = f"ml-broker-test-{uuid.uuid4().hex}"
    try:
        _publish(None, queue_name, 20)
        assert len(clients_made) >= 20
        assert _drain(None, queue_name) == list(range(20))
    finally:
        server.delete(queue_name)


def test_a_redis_broker_url_selects_the_transport() -> None:
    root = Path(__file__).resolve().parent.parent
    code = (
        "import django; django.setup(); from mulligan_league.celery import app; "
        "print(app.connection_for_write().transport_cls)"
    )
    shown = {}
    for url in (REDIS_URL, "memory://"):
        shown[url] = subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env=os.environ
            | {"CELERY_BROKER_URL": url, "DJANGO_SETTINGS_MODULE": "mulligan_league.settings.local"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    assert shown == {REDIS_URL: TRANSPORT, "memory://": "memory"}
