"""The pages for people. Each area keeps its routes beside its views."""

from django.urls import include, path

from games.web import account_views, competition_views, game_views, profile_views, views
from games.web import bot_views as bots
from games.web import challenge_views as challenges
from games.web import competition_actions as competition_buttons
from games.web import competition_new_views as competition_new
from games.web import live_views as live
from games.web import rules_views as rules
from games.web import settings_views as my_settings
from games.web import version_test_views as version_tests

urlpatterns = [
    path("", views.home, name="home"),
    path("ladder/<str:game_id>/", views.ladder_page, name="ladder"),
    # django-allauth's account pages; the short names stay for our templates and tests.
    path("accounts/signup/", account_views.signup, name="signup"),
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", account_views.logout, name="logout"),
    path("accounts/", include("allauth.urls")),
    # Starting games and the lobby of challenges (games/web/challenge_views.py).
    path("games/new/", challenges.new_game, name="game-new"),
    path("lobby/", challenges.lobby, name="lobby"),
    path("challenges/<id:pk>/accept/", challenges.accept, name="challenge-accept"),
    path("challenges/<id:pk>/decline/", challenges.decline, name="challenge-decline"),
    path("challenges/<id:pk>/cancel/", challenges.cancel, name="challenge-cancel"),
    path("games/<id:pk>/", game_views.game_page, name="game"),
    path("games/<id:pk>/move/", game_views.game_move, name="game-move"),
    path("games/<id:pk>/replay/", game_views.game_replay, name="game-replay"),
    # Playing live (the game page's long poll and its game part) and the rules of every game.
    path("games/<id:pk>/wait/", live.game_wait, name="game-wait"),
    path("games/<id:pk>/live/", live.game_part, name="game-part"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<str:game_id>/", rules.rules_page, name="rules-game"),
    path("tournaments/", competition_views.tournament_list, name="tournaments"),
    path("tournaments/<id:pk>/", competition_views.tournament_detail, name="tournament"),
    path("leagues/", competition_views.league_list, name="leagues"),
    path("leagues/<id:pk>/", competition_views.league_detail, name="league"),
    # Competitions from the pages: create, enter and leave, the organiser's transitions.
    path("tournaments/new/", competition_new.tournament_new, name="tournament-new"),
    path("tournaments/<id:pk>/join/", competition_buttons.tournament_join, name="tournament-join"),
    path("tournaments/<id:pk>/leave/", competition_buttons.tournament_leave, name="tournament-leave"),
    path("tournaments/<id:pk>/drop/", competition_buttons.tournament_drop, name="tournament-drop"),
    path("tournaments/<id:pk>/open/", competition_buttons.tournament_open, name="tournament-open"),
    path("tournaments/<id:pk>/start/", competition_buttons.tournament_start, name="tournament-start"),
    path("tournaments/<id:pk>/cancel/", competition_buttons.tournament_cancel, name="tournament-cancel"),
    path("leagues/new/", competition_new.league_new, name="league-new"),
    path("leagues/<id:pk>/join/", competition_buttons.league_join, name="league-join"),
    path("leagues/<id:pk>/leave/", competition_buttons.league_leave, name="league-leave"),
    path("leagues/<id:pk>/open/", competition_buttons.league_open, name="league-open"),
    path("leagues/<id:pk>/start/", competition_buttons.league_start, name="league-start"),
    path("leagues/<id:pk>/finish/", competition_buttons.league_finish, name="league-finish"),
    path("leagues/<id:pk>/cancel/", competition_buttons.league_cancel, name="league-cancel"),
    path("leagues/<id:pk>/next-season/", competition_buttons.league_next_season, name="league-next-season"),
    path("players/<id:competitor_pk>/", profile_views.profile, name="profile"),
    path("bots/", bots.bot_list, name="bots"),
    path("bots/new/", bots.bot_new, name="bot-new"),
    path("bots/<id:pk>/", bots.bot_detail, name="bot"),
    path("bots/<id:pk>/upload/", bots.bot_upload, name="bot-upload"),
    path("bots/<id:pk>/url/", bots.bot_register_url, name="bot-register-url"),
    path("bots/<id:pk>/versions/<id:number>/activate/", bots.bot_activate, name="bot-activate"),
    path("bots/<id:pk>/tests/new/", bots.version_test_new, name="bot-test-new"),
    path("bots/<id:pk>/tests/<id:tid>/", version_tests.version_test_detail, name="bot-test"),
    path("bots/<id:pk>/tests/<id:tid>/part/", version_tests.version_test_part, name="bot-test-part"),
    path("bots/<id:pk>/tests/<id:tid>/wait/", version_tests.version_test_wait, name="bot-test-wait"),
    path("bots/<id:pk>/tests/<id:tid>/stop/", version_tests.version_test_stop_view, name="bot-test-stop"),
    path(
        "bots/<id:pk>/tests/<id:tid>/publish/",
        version_tests.version_test_publish_view,
        name="bot-test-publish",
    ),
    path("settings/", my_settings.settings_page, name="settings"),
    path("settings/webhook-secret/", my_settings.rotate_secret, name="settings-rotate-secret"),
    path("settings/test/", my_settings.send_test, name="settings-test"),
    path("settings/vacations/", my_settings.vacation_add, name="settings-vacation-add"),
    path("settings/vacations/<id:pk>/remove/", my_settings.vacation_remove, name="settings-vacation-remove"),
    path("settings/tokens/", my_settings.token_add, name="settings-token-add"),
    path("settings/tokens/<id:pk>/revoke/", my_settings.token_remove, name="settings-token-revoke"),
]
