"""The URLs as the ASGI handler serves them (``mulligan_league.asgi``): the site's, with the async
long poll for a person's turns in place of the DRF view that waits in its thread under a WSGI server
(runserver, the test suite's clients)."""

from __future__ import annotations

from django.urls import path

from games.api.me_views import MyTurnsWaitView
from mulligan_league.urls import handler404 as handler404
from mulligan_league.urls import urlpatterns as site_urlpatterns

urlpatterns = [
    path("api/me/turns/wait/", MyTurnsWaitView.as_async_view(), name="api-me-turns-wait"),
    *site_urlpatterns,
]
