"""A competitor's profile: ratings per game, the rating history as an inline SVG chart, recent games."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.selectors.competitors import competitor_competitions, competitor_or_none, competitor_recent_games
from games.selectors.ratings import competitor_game_ratings, competitor_rating_history
from games.web.charts import line_chart


@require_safe
def profile(request: HttpRequest, competitor_pk: int) -> HttpResponse:
    competitor = competitor_or_none(competitor_pk)
    if competitor is None:
        return render(request, "not_found.html", {"what": f"player or bot {competitor_pk}"}, status=404)
    history = competitor_rating_history(competitor)
    # One point per rating change, at its place in the whole history, so lines of several games
    # share the x axis (the n-th rated game of this competitor).
    series: dict[str, list[tuple[float, float]]] = {}
    for number, change in enumerate(history, start=1):
        series.setdefault(change.game.game_id, []).append((float(number), change.rating_after))
    bot = getattr(competitor, "bot", None)
    player = getattr(competitor, "player", None)
    context = {
        "competitor": competitor,
        "kind": "bot" if bot is not None else "player",
        "bot": bot,
        "player": player,
        "ratings": competitor_game_ratings(competitor),
        "history": history,
        "chart": line_chart(series) if history else None,
        "recent_games": competitor_recent_games(competitor),
        **competitor_competitions(competitor),
    }
    return render(request, "players/profile.html", context)
