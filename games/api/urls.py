from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from games.api import archive_views as archives
from games.api import bot_views as bots
from games.api import challenge_views as challenges
from games.api import competition_views as tournaments
from games.api import export_views as exports
from games.api import league_views as leagues
from games.api import me_views as me
from games.api import notification_views as notifications
from games.api import token_views as tokens
from games.api import version_test_views as version_tests
from games.api import views
from games.streams import views as streams

# Redoc styles itself by inserting <style> elements (styled-components) and fails to render without
# them, and runs its search in a worker made from a blob: URL; so its page alone may apply inline
# styles and start that worker. Its scripts, and everything else, still come from this host only.
redoc_view = csp_update({"style-src": [UNSAFE_INLINE], "worker-src": [SELF, "blob:"]})(
    SpectacularRedocView.as_view(url_name="api-schema")
)

# Grouped by the first part of the path, the groups most asked for first: Django tries a request's
# path against each pattern in turn, and with 68 in one list a read of a pattern late in it (a
# player, the ladder, /me/turns/) spent 20-50 µs of its CPU there (bench/read_path.py). The names,
# paths and OpenAPI document are those of the one flat list.
urlpatterns = [
    path(
        "games/",
        include(
            [
                path("", views.GameListCreateView.as_view(), name="api-games"),
                path("export/", exports.GameExportView.as_view(), name="api-games-export"),
                path("<id:pk>/", views.GameDetailView.as_view(), name="api-game"),
                path("<id:pk>/moves/", views.GameMovesView.as_view(), name="api-game-moves"),
                path("<id:pk>/stream/", streams.game_stream, name="api-game-stream"),
            ]
        ),
    ),
    path(
        "me/",
        include(
            [
                path("", views.MeView.as_view(), name="api-me"),
                path("turns/", me.MyTurnsView.as_view(), name="api-me-turns"),
                path("turns/wait/", me.MyTurnsWaitView.as_view(), name="api-me-turns-wait"),
                path("vacations/", me.MyVacationsView.as_view(), name="api-me-vacations"),
                path("vacations/<id:pk>/", me.MyVacationView.as_view(), name="api-me-vacation"),
                path("tokens/", tokens.MyTokensView.as_view(), name="api-me-tokens"),
                path("tokens/<id:pk>/", tokens.MyTokenView.as_view(), name="api-me-token"),
                path(
                    "notifications/",
                    notifications.NotificationSettingsView.as_view(),
                    name="api-me-notifications",
                ),
                path(
                    "notifications/rotate-secret/",
                    notifications.NotificationSecretRotateView.as_view(),
                    name="api-me-notifications-rotate-secret",
                ),
                path(
                    "notifications/test/",
                    notifications.NotificationTestView.as_view(),
                    name="api-me-notifications-test",
                ),
            ]
        ),
    ),
    path("ladder/", views.LadderView.as_view(), name="api-ladder"),
    path("players/<id:pk>/", views.PlayerDetailView.as_view(), name="api-player"),
    path(
        "leagues/",
        include(
            [
                path("", leagues.LeagueListCreateView.as_view(), name="api-leagues"),
                path("<id:pk>/", leagues.LeagueDetailView.as_view(), name="api-league"),
                path("<id:pk>/open/", leagues.LeagueOpenView.as_view(), name="api-league-open"),
                path("<id:pk>/start/", leagues.LeagueStartView.as_view(), name="api-league-start"),
                path("<id:pk>/finish/", leagues.LeagueFinishView.as_view(), name="api-league-finish"),
                path("<id:pk>/cancel/", leagues.LeagueCancelView.as_view(), name="api-league-cancel"),
                path("<id:pk>/join/", leagues.LeagueJoinView.as_view(), name="api-league-join"),
                path("<id:pk>/leave/", leagues.LeagueLeaveView.as_view(), name="api-league-leave"),
                path(
                    "<id:pk>/challenge/", leagues.LeagueChallengeView.as_view(), name="api-league-challenge"
                ),
                path("<id:pk>/ladder/", leagues.LeagueLadderView.as_view(), name="api-league-ladder"),
                path("<id:pk>/games/", leagues.LeagueGamesView.as_view(), name="api-league-games"),
                path("<id:pk>/seasons/", leagues.LeagueSeasonsView.as_view(), name="api-league-seasons"),
                path("<id:pk>/archive/", archives.LeagueArchiveView.as_view(), name="api-league-archive"),
                path(
                    "<id:pk>/next-season/",
                    leagues.LeagueNextSeasonView.as_view(),
                    name="api-league-next-season",
                ),
            ]
        ),
    ),
    path(
        "tournaments/",
        include(
            [
                path("", tournaments.TournamentListCreateView.as_view(), name="api-tournaments"),
                path("<id:pk>/", tournaments.TournamentDetailView.as_view(), name="api-tournament"),
                path("<id:pk>/open/", tournaments.TournamentOpenView.as_view(), name="api-tournament-open"),
                path(
                    "<id:pk>/start/", tournaments.TournamentStartView.as_view(), name="api-tournament-start"
                ),
                path(
                    "<id:pk>/cancel/",
                    tournaments.TournamentCancelView.as_view(),
                    name="api-tournament-cancel",
                ),
                path("<id:pk>/stream/", streams.tournament_stream, name="api-tournament-stream"),
                path("<id:pk>/join/", tournaments.TournamentJoinView.as_view(), name="api-tournament-join"),
                path(
                    "<id:pk>/leave/", tournaments.TournamentLeaveView.as_view(), name="api-tournament-leave"
                ),
                path("<id:pk>/drop/", tournaments.TournamentDropView.as_view(), name="api-tournament-drop"),
                path(
                    "<id:pk>/entries/",
                    tournaments.TournamentEntriesView.as_view(),
                    name="api-tournament-entries",
                ),
                path(
                    "<id:pk>/rounds/",
                    tournaments.TournamentRoundsView.as_view(),
                    name="api-tournament-rounds",
                ),
                path(
                    "<id:pk>/rounds/<id:number>/",
                    tournaments.TournamentRoundView.as_view(),
                    name="api-tournament-round",
                ),
                path(
                    "<id:pk>/standings/",
                    tournaments.TournamentStandingsView.as_view(),
                    name="api-tournament-standings",
                ),
                path(
                    "<id:pk>/bracket/",
                    tournaments.TournamentBracketView.as_view(),
                    name="api-tournament-bracket",
                ),
                path(
                    "<id:pk>/archive/",
                    archives.TournamentArchiveView.as_view(),
                    name="api-tournament-archive",
                ),
            ]
        ),
    ),
    path(
        "bots/",
        include(
            [
                path("", bots.BotListCreateView.as_view(), name="api-bots"),
                path("<id:pk>/", bots.BotDetailView.as_view(), name="api-bot"),
                path("<id:pk>/versions/", bots.BotVersionsView.as_view(), name="api-bot-versions"),
                path(
                    "<id:pk>/versions/<id:number>/",
                    bots.BotVersionDetailView.as_view(),
                    name="api-bot-version",
                ),
                path(
                    "<id:pk>/versions/<id:number>/activate/",
                    bots.BotVersionActivateView.as_view(),
                    name="api-bot-version-activate",
                ),
                path("<id:pk>/games/", bots.BotGamesView.as_view(), name="api-bot-games"),
                path("<id:pk>/faults/", bots.BotFaultsView.as_view(), name="api-bot-faults"),
                path(
                    "<id:pk>/tests/", version_tests.VersionTestListCreateView.as_view(), name="api-bot-tests"
                ),
                path(
                    "<id:pk>/tests/<id:tid>/",
                    version_tests.VersionTestDetailView.as_view(),
                    name="api-bot-test",
                ),
                path(
                    "<id:pk>/tests/<id:tid>/stream/", streams.version_test_stream, name="api-bot-test-stream"
                ),
                path(
                    "<id:pk>/tests/<id:tid>/stop/",
                    version_tests.VersionTestStopView.as_view(),
                    name="api-bot-test-stop",
                ),
                path(
                    "<id:pk>/tests/<id:tid>/publish/",
                    version_tests.VersionTestPublishView.as_view(),
                    name="api-bot-test-publish",
                ),
            ]
        ),
    ),
    path(
        "challenges/",
        include(
            [
                path("", challenges.ChallengeListCreateView.as_view(), name="api-challenges"),
                path("<id:pk>/", challenges.ChallengeDetailView.as_view(), name="api-challenge"),
                path(
                    "<id:pk>/accept/", challenges.ChallengeAcceptView.as_view(), name="api-challenge-accept"
                ),
                path(
                    "<id:pk>/decline/",
                    challenges.ChallengeDeclineView.as_view(),
                    name="api-challenge-decline",
                ),
                path(
                    "<id:pk>/cancel/", challenges.ChallengeCancelView.as_view(), name="api-challenge-cancel"
                ),
            ]
        ),
    ),
    path("catalog/", views.GameCatalogView.as_view(), name="api-catalog"),
    path("auth/token/", views.TokenLoginView.as_view(), name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script from its own URL (?script), so the page has
    # no inline script and runs under the site's Content-Security-Policy.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", redoc_view, name="api-redoc"),
]
