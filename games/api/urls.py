from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from games.api import competition_views as tournaments
from games.api import views

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("me/", views.MeView.as_view(), name="api-me"),
    path("catalog/", views.GameCatalogView.as_view(), name="api-catalog"),
    path("games/", views.GameListCreateView.as_view(), name="api-games"),
    path("games/<int:pk>/", views.GameDetailView.as_view(), name="api-game"),
    path("games/<int:pk>/moves/", views.GameMovesView.as_view(), name="api-game-moves"),
    path("ladder/", views.LadderView.as_view(), name="api-ladder"),
    path("players/<int:pk>/", views.PlayerDetailView.as_view(), name="api-player"),
    path("bots/", views.BotListView.as_view(), name="api-bots"),
    path("tournaments/", tournaments.TournamentListCreateView.as_view(), name="api-tournaments"),
    path("tournaments/<int:pk>/", tournaments.TournamentDetailView.as_view(), name="api-tournament"),
    path("tournaments/<int:pk>/open/", tournaments.TournamentOpenView.as_view(), name="api-tournament-open"),
    path(
        "tournaments/<int:pk>/start/", tournaments.TournamentStartView.as_view(), name="api-tournament-start"
    ),
    path(
        "tournaments/<int:pk>/cancel/",
        tournaments.TournamentCancelView.as_view(),
        name="api-tournament-cancel",
    ),
    path("tournaments/<int:pk>/join/", tournaments.TournamentJoinView.as_view(), name="api-tournament-join"),
    path(
        "tournaments/<int:pk>/leave/", tournaments.TournamentLeaveView.as_view(), name="api-tournament-leave"
    ),
    path("tournaments/<int:pk>/drop/", tournaments.TournamentDropView.as_view(), name="api-tournament-drop"),
    path(
        "tournaments/<int:pk>/entries/",
        tournaments.TournamentEntriesView.as_view(),
        name="api-tournament-entries",
    ),
    path(
        "tournaments/<int:pk>/rounds/",
        tournaments.TournamentRoundsView.as_view(),
        name="api-tournament-rounds",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/",
        tournaments.TournamentRoundView.as_view(),
        name="api-tournament-round",
    ),
    path(
        "tournaments/<int:pk>/standings/",
        tournaments.TournamentStandingsView.as_view(),
        name="api-tournament-standings",
    ),
    path(
        "tournaments/<int:pk>/bracket/",
        tournaments.TournamentBracketView.as_view(),
        name="api-tournament-bracket",
    ),
]
