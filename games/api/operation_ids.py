"""Every operation's ``operationId``: the name generated clients give its function.

openapi-python-client makes ``api/<tag>/<operationId>.py`` of each, openapi-typescript keys its
``operations`` by it, so these are a client's vocabulary: a verb and what it acts on, read as
``api.games.play_move``. drf-spectacular's own names follow the URL and the HTTP method
(``games_moves_create``, ``tournaments_join_create``, ``me_turns_retrieve``) and change with either.

Renaming one breaks every client generated before: it is a change the document's version must say
(tests/games/test_api_schema_document.py). A new operation gets its name here; one without a name
stops the document being written.
"""

from __future__ import annotations

OPERATION_IDS: dict[tuple[str, str], str] = {
    ("POST", "/api/auth/token/"): "log_in",
    # Bots
    ("GET", "/api/bots/"): "list_bots",
    ("POST", "/api/bots/"): "create_bot",
    ("GET", "/api/bots/{id}/"): "get_bot",
    ("GET", "/api/bots/{id}/faults/"): "list_bot_faults",
    ("GET", "/api/bots/{id}/games/"): "list_bot_games",
    ("GET", "/api/bots/{id}/versions/"): "list_bot_versions",
    ("POST", "/api/bots/{id}/versions/"): "create_bot_version",
    ("GET", "/api/bots/{id}/versions/{number}/"): "get_bot_version",
    ("POST", "/api/bots/{id}/versions/{number}/activate/"): "activate_bot_version",
    # Version tests of a bot
    ("GET", "/api/bots/{id}/tests/"): "list_version_tests",
    ("POST", "/api/bots/{id}/tests/"): "start_version_test",
    ("GET", "/api/bots/{id}/tests/{tid}/"): "get_version_test",
    ("GET", "/api/bots/{id}/tests/{tid}/stream/"): "follow_version_test",
    ("POST", "/api/bots/{id}/tests/{tid}/stop/"): "stop_version_test",
    ("POST", "/api/bots/{id}/tests/{tid}/publish/"): "publish_version_test",
    # The registered games
    ("GET", "/api/catalog/"): "get_catalog",
    # Challenges
    ("GET", "/api/challenges/"): "list_challenges",
    ("POST", "/api/challenges/"): "create_challenge",
    ("GET", "/api/challenges/{id}/"): "get_challenge",
    ("POST", "/api/challenges/{id}/accept/"): "accept_challenge",
    ("POST", "/api/challenges/{id}/cancel/"): "cancel_challenge",
    ("POST", "/api/challenges/{id}/decline/"): "decline_challenge",
    # Games
    ("GET", "/api/games/"): "list_games",
    ("GET", "/api/games/export/"): "export_games",
    ("POST", "/api/games/"): "create_game",
    ("GET", "/api/games/{id}/"): "get_game",
    ("GET", "/api/games/{id}/moves/"): "get_game_history",
    ("GET", "/api/games/{id}/stream/"): "follow_game",
    ("POST", "/api/games/{id}/moves/"): "play_move",
    ("GET", "/api/ladder/"): "list_ladder",
    ("GET", "/api/players/{id}/"): "get_player",
    # Leagues
    ("GET", "/api/leagues/"): "list_leagues",
    ("POST", "/api/leagues/"): "create_league",
    ("GET", "/api/leagues/{id}/"): "get_league",
    ("GET", "/api/leagues/{id}/archive/"): "get_league_archive",
    ("POST", "/api/leagues/{id}/cancel/"): "cancel_league",
    ("POST", "/api/leagues/{id}/challenge/"): "challenge_league_entry",
    ("POST", "/api/leagues/{id}/finish/"): "finish_league",
    ("GET", "/api/leagues/{id}/games/"): "list_league_games",
    ("POST", "/api/leagues/{id}/join/"): "join_league",
    ("GET", "/api/leagues/{id}/ladder/"): "list_league_ladder",
    ("POST", "/api/leagues/{id}/leave/"): "leave_league",
    ("POST", "/api/leagues/{id}/next-season/"): "start_next_season",
    ("POST", "/api/leagues/{id}/open/"): "open_league",
    ("GET", "/api/leagues/{id}/seasons/"): "list_league_seasons",
    ("POST", "/api/leagues/{id}/start/"): "start_league",
    # You
    ("GET", "/api/me/"): "get_me",
    ("GET", "/api/me/notifications/"): "get_notification_settings",
    ("PATCH", "/api/me/notifications/"): "update_notification_settings",
    ("POST", "/api/me/notifications/rotate-secret/"): "rotate_webhook_secret",
    ("POST", "/api/me/notifications/test/"): "send_test_notification",
    ("GET", "/api/me/tokens/"): "list_tokens",
    ("POST", "/api/me/tokens/"): "create_token",
    ("DELETE", "/api/me/tokens/{id}/"): "revoke_token",
    ("GET", "/api/me/turns/"): "list_my_turns",
    ("GET", "/api/me/turns/wait/"): "wait_for_my_turns",
    ("GET", "/api/me/vacations/"): "list_vacations",
    ("POST", "/api/me/vacations/"): "book_vacation",
    ("DELETE", "/api/me/vacations/{id}/"): "end_vacation",
    # Tournaments
    ("GET", "/api/tournaments/"): "list_tournaments",
    ("POST", "/api/tournaments/"): "create_tournament",
    ("GET", "/api/tournaments/{id}/"): "get_tournament",
    ("GET", "/api/tournaments/{id}/archive/"): "get_tournament_archive",
    ("GET", "/api/tournaments/{id}/bracket/"): "get_bracket",
    ("POST", "/api/tournaments/{id}/cancel/"): "cancel_tournament",
    ("POST", "/api/tournaments/{id}/drop/"): "drop_from_tournament",
    ("GET", "/api/tournaments/{id}/entries/"): "list_tournament_entries",
    ("POST", "/api/tournaments/{id}/join/"): "join_tournament",
    ("POST", "/api/tournaments/{id}/leave/"): "leave_tournament",
    ("POST", "/api/tournaments/{id}/open/"): "open_tournament",
    ("GET", "/api/tournaments/{id}/rounds/"): "list_tournament_rounds",
    ("GET", "/api/tournaments/{id}/rounds/{number}/"): "get_tournament_round",
    ("GET", "/api/tournaments/{id}/standings/"): "get_standings",
    ("GET", "/api/tournaments/{id}/stream/"): "follow_tournament",
    ("POST", "/api/tournaments/{id}/start/"): "start_tournament",
}


class UnnamedOperation(LookupError):
    pass


def operation_id(method: str, path: str) -> str:
    try:
        return OPERATION_IDS[method, path]
    except KeyError:
        raise UnnamedOperation(
            f"{method} {path} has no operationId: give it a name in games/api/operation_ids.py"
        ) from None
