"""Gunicorn settings of the image (``gunicorn --config docker/gunicorn.conf.py``).

Gunicorn manages the web processes (``WEB_CONCURRENCY`` of them; it reads that itself), each a
uvicorn worker serving the ASGI application (``mulligan_league.asgi``): the event streams and the
turns' long poll (``GET /api/me/turns/wait/``, up to a minute) wait as coroutines, holding no
thread, the games' export (``GET /api/games/export/``) holds one only while a chunk is read, and
every other request runs in one of the process's ``WEB_THREADS`` threads (default 4),
as the threaded (gthread) workers ran them before. Each of those threads, and each of the event
loop's pool threads that run the waiting requests' short reads (at most the cores + 4), may hold
one database connection (``DATABASE_CONN_MAX_AGE``): keep processes x (threads + cores + 4) below
PostgreSQL's max_connections. ``GUNICORN_CMD_ARGS`` overrides anything here.
"""

from __future__ import annotations

worker_class = "uvicorn_worker.UvicornWorker"
# Longer than the longest long poll (60 s), so no request that is merely waiting gets cut off. (The
# uvicorn worker's heartbeat runs on its event loop, which a waiting request or stream never blocks.)
timeout = 90
# On SIGTERM open requests get this long to finish; an event stream never finishes by itself (its
# reader reconnects with Last-Event-ID to another process).
graceful_timeout = 10
