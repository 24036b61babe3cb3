"""Gunicorn settings of the image (``gunicorn --config docker/gunicorn.conf.py``).

Threaded workers (gthread): ``GET /api/me/turns/wait/`` holds its request for up to a minute while
it waits for a turn, which would take a whole sync worker out of service. A thread waits instead,
and the worker's other threads serve the other requests; the worker's heartbeat runs in its main
loop, so a long poll is not mistaken for a hung worker. Each thread may hold one database
connection (``DATABASE_CONN_MAX_AGE``): keep workers x threads below PostgreSQL's max_connections.

Environment: ``WEB_CONCURRENCY`` (worker processes, default 1; gunicorn reads it itself),
``GUNICORN_THREADS`` (threads per worker, default 8); ``GUNICORN_CMD_ARGS`` overrides anything here.
"""

from __future__ import annotations

import os

worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# Longer than the longest long poll (60 s), so no request that is merely waiting gets cut off.
timeout = 90
