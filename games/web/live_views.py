"""What keeps a game page live: the page's game part, rendered for the viewer's seat exactly as the
page renders it (static/js/game.js swaps it in when the game's event stream says it moved on), and
a long poll that says when the game moved on (counts and status only, never anything of the game
itself), which the page used before the streams and which stays for the scripts that call it."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_ratelimit.decorators import ratelimit

from games.models import GameStatus
from games.selectors import games as game_selectors
from games.streams.notices import game_channel
from games.web.game_views import deal_in_play_page
from games.web.long_polls import WaitFor, answer_or_wait
from games.web.rendering import deal_reading, game_page_context

# A page asks again as soon as it is answered: once per move while a game runs fast (bots);
# far more than that from one person or address is not a page.
WAIT_RATE = "600/m"


@require_GET
@never_cache
@ratelimit(group="game-wait", key="user_or_ip", rate=WAIT_RATE, method="GET", block=False)
def game_wait(request: HttpRequest, pk: int) -> HttpResponseBase:
    """``?after=n`` (the moves the page shows): answers once the game has other than n moves or has
    stopped running, or after ``GAME_PAGE_WAIT_SECONDS`` with ``changed: false``."""
    if getattr(request, "limited", False):
        return JsonResponse({"detail": "too many requests: wait a minute", "code": "throttled"}, status=429)
    raw = request.GET.get("after", "")
    if not raw.isdigit() or len(raw) > 9:
        return JsonResponse(
            {"detail": "after: give the number of moves the page shows, e.g. ?after=3", "code": "invalid"},
            status=400,
        )
    after = int(raw)

    def answer() -> JsonResponse:
        progress = game_selectors.game_progress(pk)
        if progress is None:
            return JsonResponse({"detail": f"no game {pk}", "code": "not_found"}, status=404)
        move_count, status = progress
        body: dict[str, object] = {
            "move_count": move_count,
            "status": status,
            "changed": move_count != after or status != GameStatus.RUNNING,
        }
        if request.user.is_authenticated:
            body["your_turns"] = game_selectors.turns_waiting_count(request.user)
        return JsonResponse(body)

    def news() -> JsonResponse | None:
        progress = game_selectors.game_progress(pk)
        if progress is None or progress[0] != after or progress[1] != GameStatus.RUNNING:
            return answer()
        return None

    return news() or answer_or_wait(
        request, WaitFor(game_channel(pk), news, answer, settings.GAME_PAGE_WAIT_SECONDS)
    )


@require_GET
@never_cache
def game_part(request: HttpRequest, pk: int) -> HttpResponse:
    """The game part of the game page (everything below its title), as the page shows it now."""
    game = game_selectors.games_with_seats().filter(pk=pk).first()
    if game is None:
        return render(request, "not_found.html", {"what": f"game {pk}"}, status=404)
    refusal, in_play = deal_reading(game, request.user)
    if refusal is not None:
        return deal_in_play_page(request, game, refusal)
    response = render(request, "games/_game_live.html", game_page_context(game, request.user, in_play))
    # The navigation's count of games waiting for this person, which the part does not show.
    response["X-Your-Turns"] = str(game_selectors.turns_waiting_count(request.user))
    return response
