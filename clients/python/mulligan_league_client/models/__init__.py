"""Contains all the data models used in inputs/outputs"""

from .api_token import ApiToken
from .api_token_create_request import ApiTokenCreateRequest
from .api_token_created import ApiTokenCreated
from .auth_token_answer import AuthTokenAnswer
from .auth_token_request import AuthTokenRequest
from .bot_create_kind_enum import BotCreateKindEnum
from .bot_create_request import BotCreateRequest
from .bot_detail import BotDetail
from .bot_fault import BotFault
from .bot_fault_policy_enum import BotFaultPolicyEnum
from .bot_game import BotGame
from .bot_game_seat import BotGameSeat
from .bot_global_rating import BotGlobalRating
from .bot_kind_enum import BotKindEnum
from .bot_league_rating import BotLeagueRating
from .bot_owner import BotOwner
from .bot_seat import BotSeat
from .bot_summary import BotSummary
from .bot_version import BotVersion
from .bracket import Bracket
from .bracket_entrant import BracketEntrant
from .bracket_match import BracketMatch
from .bracket_round import BracketRound
from .bracket_slot import BracketSlot
from .bracket_slot_from import BracketSlotFrom
from .challenge_request import ChallengeRequest
from .challenge_state_enum import ChallengeStateEnum
from .competition_state_enum import CompetitionStateEnum
from .config_choice import ConfigChoice
from .config_field import ConfigField
from .config_preset import ConfigPreset
from .config_preset_config import ConfigPresetConfig
from .entrants_enum import EntrantsEnum
from .entry import Entry
from .entry_target_request import EntryTargetRequest
from .error import Error
from .error_errors import ErrorErrors
from .estimate import Estimate
from .export_games_sort import ExportGamesSort
from .exported_game import ExportedGame
from .exported_game_config import ExportedGameConfig
from .exported_game_outcome import ExportedGameOutcome
from .exported_league import ExportedLeague
from .exported_move import ExportedMove
from .exported_move_action import ExportedMoveAction
from .exported_seat import ExportedSeat
from .exported_tournament import ExportedTournament
from .format_enum import FormatEnum
from .game_create_request import GameCreateRequest
from .game_create_request_config import GameCreateRequestConfig
from .game_end_event import GameEndEvent
from .game_end_event_outcome_type_0 import GameEndEventOutcomeType0
from .game_end_event_type_enum import GameEndEventTypeEnum
from .game_enum import GameEnum
from .game_history import GameHistory
from .game_history_config import GameHistoryConfig
from .game_history_outcome_type_0 import GameHistoryOutcomeType0
from .game_list_item import GameListItem
from .game_metadata import GameMetadata
from .game_move_event import GameMoveEvent
from .game_move_event_action import GameMoveEventAction
from .game_move_event_type_enum import GameMoveEventTypeEnum
from .game_ref import GameRef
from .game_snapshot_event import GameSnapshotEvent
from .game_snapshot_event_type_enum import GameSnapshotEventTypeEnum
from .game_status_enum import GameStatusEnum
from .game_view import GameView
from .game_view_config import GameViewConfig
from .game_view_legal_actions_item import GameViewLegalActionsItem
from .game_view_outcome_type_0 import GameViewOutcomeType0
from .history_move import HistoryMove
from .history_move_action import HistoryMoveAction
from .join_request import JoinRequest
from .ladder_entry import LadderEntry
from .league import League
from .league_create_request import LeagueCreateRequest
from .league_create_request_config import LeagueCreateRequestConfig
from .league_entry import LeagueEntry
from .league_entry_kind_enum import LeagueEntryKindEnum
from .league_game import LeagueGame
from .league_game_seat import LeagueGameSeat
from .llr import Llr
from .lobby_challenge import LobbyChallenge
from .lobby_challenge_config import LobbyChallengeConfig
from .lobby_challenge_create_request import LobbyChallengeCreateRequest
from .lobby_challenge_create_request_config import LobbyChallengeCreateRequestConfig
from .lobby_challenge_seat import LobbyChallengeSeat
from .lobby_challenge_seat_kind_enum import LobbyChallengeSeatKindEnum
from .lobby_challenger import LobbyChallenger
from .lobby_opponent_kind_enum import LobbyOpponentKindEnum
from .lobby_opponent_request import LobbyOpponentRequest
from .match import Match
from .match_format import MatchFormat
from .match_format_kind_enum import MatchFormatKindEnum
from .me import Me
from .model_enum import ModelEnum
from .move import Move
from .move_action import MoveAction
from .move_create_request import MoveCreateRequest
from .move_create_request_action import MoveCreateRequestAction
from .notification import Notification
from .notification_channel_enum import NotificationChannelEnum
from .notification_kind_enum import NotificationKindEnum
from .notification_settings import NotificationSettings
from .notification_status_enum import NotificationStatusEnum
from .notification_test_channel_enum import NotificationTestChannelEnum
from .notification_test_request import NotificationTestRequest
from .organiser import Organiser
from .paginated_api_token_list import PaginatedApiTokenList
from .paginated_bot_fault_list import PaginatedBotFaultList
from .paginated_bot_game_list import PaginatedBotGameList
from .paginated_bot_summary_list import PaginatedBotSummaryList
from .paginated_bot_version_list import PaginatedBotVersionList
from .paginated_entry_list import PaginatedEntryList
from .paginated_game_list_item_list import PaginatedGameListItemList
from .paginated_ladder_entry_list import PaginatedLadderEntryList
from .paginated_league_entry_list import PaginatedLeagueEntryList
from .paginated_league_game_list import PaginatedLeagueGameList
from .paginated_league_list import PaginatedLeagueList
from .paginated_lobby_challenge_list import PaginatedLobbyChallengeList
from .paginated_round_list import PaginatedRoundList
from .paginated_season_list import PaginatedSeasonList
from .paginated_tournament_list import PaginatedTournamentList
from .paginated_vacation_list import PaginatedVacationList
from .paginated_version_test_list import PaginatedVersionTestList
from .patched_notification_settings_request import PatchedNotificationSettingsRequest
from .player_profile import PlayerProfile
from .player_profile_ratings import PlayerProfileRatings
from .player_rating import PlayerRating
from .program_version_request import ProgramVersionRequest
from .progress import Progress
from .rating_change import RatingChange
from .rating_system_enum import RatingSystemEnum
from .round_ import Round
from .season import Season
from .season_standing import SeasonStanding
from .seat import Seat
from .seat_kind_enum import SeatKindEnum
from .seat_request_request import SeatRequestRequest
from .seat_summary import SeatSummary
from .standings import Standings
from .standings_standings_item import StandingsStandingsItem
from .time_per_move_enum import TimePerMoveEnum
from .timeout_policy_enum import TimeoutPolicyEnum
from .tournament import Tournament
from .tournament_create_request import TournamentCreateRequest
from .tournament_create_request_config import TournamentCreateRequestConfig
from .tournament_event import TournamentEvent
from .tournament_event_byes_item import TournamentEventByesItem
from .tournament_event_outcome_type_0 import TournamentEventOutcomeType0
from .tournament_event_standings_type_0_item import TournamentEventStandingsType0Item
from .tournament_event_tables_item import TournamentEventTablesItem
from .tournament_event_type_enum import TournamentEventTypeEnum
from .turn import Turn
from .turns import Turns
from .turns_wait import TurnsWait
from .url_version_request import UrlVersionRequest
from .vacation import Vacation
from .vacation_create_request import VacationCreateRequest
from .version_test import VersionTest
from .version_test_config import VersionTestConfig
from .version_test_create_request import VersionTestCreateRequest
from .version_test_create_request_config import VersionTestCreateRequestConfig
from .version_test_figures_event import VersionTestFiguresEvent
from .version_test_figures_event_paired_values import VersionTestFiguresEventPairedValues
from .version_test_figures_event_type_enum import VersionTestFiguresEventTypeEnum
from .version_test_paired_values import VersionTestPairedValues
from .version_test_publish_request import VersionTestPublishRequest
from .version_test_snapshot_event import VersionTestSnapshotEvent
from .version_test_snapshot_event_type_enum import VersionTestSnapshotEventTypeEnum

__all__ = (
    "ApiToken",
    "ApiTokenCreateRequest",
    "ApiTokenCreated",
    "AuthTokenAnswer",
    "AuthTokenRequest",
    "BotCreateKindEnum",
    "BotCreateRequest",
    "BotDetail",
    "BotFault",
    "BotFaultPolicyEnum",
    "BotGame",
    "BotGameSeat",
    "BotGlobalRating",
    "BotKindEnum",
    "BotLeagueRating",
    "BotOwner",
    "BotSeat",
    "BotSummary",
    "BotVersion",
    "Bracket",
    "BracketEntrant",
    "BracketMatch",
    "BracketRound",
    "BracketSlot",
    "BracketSlotFrom",
    "ChallengeRequest",
    "ChallengeStateEnum",
    "CompetitionStateEnum",
    "ConfigChoice",
    "ConfigField",
    "ConfigPreset",
    "ConfigPresetConfig",
    "EntrantsEnum",
    "Entry",
    "EntryTargetRequest",
    "Error",
    "ErrorErrors",
    "Estimate",
    "ExportGamesSort",
    "ExportedGame",
    "ExportedGameConfig",
    "ExportedGameOutcome",
    "ExportedLeague",
    "ExportedMove",
    "ExportedMoveAction",
    "ExportedSeat",
    "ExportedTournament",
    "FormatEnum",
    "GameCreateRequest",
    "GameCreateRequestConfig",
    "GameEndEvent",
    "GameEndEventOutcomeType0",
    "GameEndEventTypeEnum",
    "GameEnum",
    "GameHistory",
    "GameHistoryConfig",
    "GameHistoryOutcomeType0",
    "GameListItem",
    "GameMetadata",
    "GameMoveEvent",
    "GameMoveEventAction",
    "GameMoveEventTypeEnum",
    "GameRef",
    "GameSnapshotEvent",
    "GameSnapshotEventTypeEnum",
    "GameStatusEnum",
    "GameView",
    "GameViewConfig",
    "GameViewLegalActionsItem",
    "GameViewOutcomeType0",
    "HistoryMove",
    "HistoryMoveAction",
    "JoinRequest",
    "LadderEntry",
    "League",
    "LeagueCreateRequest",
    "LeagueCreateRequestConfig",
    "LeagueEntry",
    "LeagueEntryKindEnum",
    "LeagueGame",
    "LeagueGameSeat",
    "Llr",
    "LobbyChallenge",
    "LobbyChallengeConfig",
    "LobbyChallengeCreateRequest",
    "LobbyChallengeCreateRequestConfig",
    "LobbyChallengeSeat",
    "LobbyChallengeSeatKindEnum",
    "LobbyChallenger",
    "LobbyOpponentKindEnum",
    "LobbyOpponentRequest",
    "Match",
    "MatchFormat",
    "MatchFormatKindEnum",
    "Me",
    "ModelEnum",
    "Move",
    "MoveAction",
    "MoveCreateRequest",
    "MoveCreateRequestAction",
    "Notification",
    "NotificationChannelEnum",
    "NotificationKindEnum",
    "NotificationSettings",
    "NotificationStatusEnum",
    "NotificationTestChannelEnum",
    "NotificationTestRequest",
    "Organiser",
    "PaginatedApiTokenList",
    "PaginatedBotFaultList",
    "PaginatedBotGameList",
    "PaginatedBotSummaryList",
    "PaginatedBotVersionList",
    "PaginatedEntryList",
    "PaginatedGameListItemList",
    "PaginatedLadderEntryList",
    "PaginatedLeagueEntryList",
    "PaginatedLeagueGameList",
    "PaginatedLeagueList",
    "PaginatedLobbyChallengeList",
    "PaginatedRoundList",
    "PaginatedSeasonList",
    "PaginatedTournamentList",
    "PaginatedVacationList",
    "PaginatedVersionTestList",
    "PatchedNotificationSettingsRequest",
    "PlayerProfile",
    "PlayerProfileRatings",
    "PlayerRating",
    "ProgramVersionRequest",
    "Progress",
    "RatingChange",
    "RatingSystemEnum",
    "Round",
    "Season",
    "SeasonStanding",
    "Seat",
    "SeatKindEnum",
    "SeatRequestRequest",
    "SeatSummary",
    "Standings",
    "StandingsStandingsItem",
    "TimePerMoveEnum",
    "TimeoutPolicyEnum",
    "Tournament",
    "TournamentCreateRequest",
    "TournamentCreateRequestConfig",
    "TournamentEvent",
    "TournamentEventByesItem",
    "TournamentEventOutcomeType0",
    "TournamentEventStandingsType0Item",
    "TournamentEventTablesItem",
    "TournamentEventTypeEnum",
    "Turn",
    "Turns",
    "TurnsWait",
    "UrlVersionRequest",
    "Vacation",
    "VacationCreateRequest",
    "VersionTest",
    "VersionTestConfig",
    "VersionTestCreateRequest",
    "VersionTestCreateRequestConfig",
    "VersionTestFiguresEvent",
    "VersionTestFiguresEventPairedValues",
    "VersionTestFiguresEventTypeEnum",
    "VersionTestPairedValues",
    "VersionTestPublishRequest",
    "VersionTestSnapshotEvent",
    "VersionTestSnapshotEventTypeEnum",
)
