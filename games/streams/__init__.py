"""Event streams of games, tournaments and version tests (``GET /api/games/{id}/stream/``,
``GET /api/tournaments/{id}/stream/``, ``GET /api/bots/{id}/tests/{tid}/stream/``): ndjson or
server-sent events, resumable with Last-Event-ID.

- :mod:`.notices`: the announcement, after a commit, that a game, tournament or version test has
  something new (Redis pub/sub; nothing in the embedded default, whose streams look at the database instead);
- :mod:`.waiting`: how an open stream waits for that announcement, under ASGI and under WSGI;
- :mod:`.game_stream`, :mod:`.tournament_stream`, :mod:`.version_test_stream`: the events
  themselves, as one reader may see them;
- :mod:`.formats`: ndjson and server-sent events on the wire;
- :mod:`.views`: the async views that put them together.
"""
