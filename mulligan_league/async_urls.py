"""The URLs as the ASGI handler serves them (``mulligan_league.asgi``): the site's, with the long
polls as async views (the turns' for the API, the game's and the version test's for the pages) in
place of the views that wait in their thread under a WSGI server (runserver, the test suite's
clients), and the games' export, whose download holds no thread while the client reads it."""

from __future__ import annotations

from django.urls import path

from games.api.export_views import GameExportView
from games.api.me_views import MyTurnsWaitView
from games.web.live_views import game_wait
from games.web.long_polls import without_a_thread
from games.web.version_test_views import version_test_wait
from mulligan_league.urls import handler404 as handler404
from mulligan_league.urls import urlpatterns as site_urlpatterns

urlpatterns = [
    path("api/me/turns/wait/", MyTurnsWaitView.as_async_view(), name="api-me-turns-wait"),
    path("api/games/export/", GameExportView.as_async_view(), name="api-games-export"),
    path("games/<id:pk>/wait/", without_a_thread(game_wait), name="game-wait"),
    path("bots/<id:pk>/tests/<id:tid>/wait/", without_a_thread(version_test_wait), name="bot-test-wait"),
    *site_urlpatterns,
]
