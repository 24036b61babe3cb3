"""One module per aggregate. Models hold data and small invariants; services hold the workflows.

A foreign key that a composite index (or unique constraint) already leads with has no index of its
own (``db_index=False``): the composite one serves its lookups and its checks, and each index is
one more entry to write for every row stored or moved (tests/games/test_indexes.py)."""

from games.models.bot_versions import (
    BotActivation,
    BotFault,
    BotFaultPolicy,
    BotRules,
    BotVersion,
    ValidationStatus,
)
from games.models.challenges import (
    DEFAULT_MOVE_TIME,
    MOVE_TIMES,
    Challenge,
    ChallengeSeat,
    ChallengeState,
    SeatKind,
)
from games.models.competitions import (
    TRANSITIONS,
    CompetitionState,
    EntrantKinds,
    Entry,
    League,
    LeagueEntry,
    LeagueGame,
    LeagueTally,
    Match,
    MatchGame,
    RatingSystem,
    Round,
    Season,
    TimeoutPolicy,
    Tournament,
    TournamentFormat,
)
from games.models.matches import Game, GameStatus, Move, Seat
from games.models.notifications import (
    Notification,
    NotificationChannel,
    NotificationKind,
    NotificationSettings,
    NotificationStatus,
)
from games.models.players import Bot, BotKind, Competitor, Player
from games.models.ratings import LeagueRatingChange, Rating, RatingChange
from games.models.stream_events import TournamentEvent, TournamentEventKind
from games.models.tokens import ApiToken
from games.models.vacations import Vacation
from games.models.version_tests import VersionTest, VersionTestDeal, VersionTestModel, VersionTestState

__all__ = [
    "DEFAULT_MOVE_TIME",
    "MOVE_TIMES",
    "TRANSITIONS",
    "ApiToken",
    "Bot",
    "BotActivation",
    "BotFault",
    "BotFaultPolicy",
    "BotKind",
    "BotRules",
    "BotVersion",
    "Challenge",
    "ChallengeSeat",
    "ChallengeState",
    "CompetitionState",
    "Competitor",
    "EntrantKinds",
    "Entry",
    "Game",
    "GameStatus",
    "League",
    "LeagueEntry",
    "LeagueGame",
    "LeagueRatingChange",
    "LeagueTally",
    "Match",
    "MatchGame",
    "Move",
    "Notification",
    "NotificationChannel",
    "NotificationKind",
    "NotificationSettings",
    "NotificationStatus",
    "Player",
    "Rating",
    "RatingChange",
    "RatingSystem",
    "Round",
    "Season",
    "Seat",
    "SeatKind",
    "TimeoutPolicy",
    "Tournament",
    "TournamentEvent",
    "TournamentEventKind",
    "TournamentFormat",
    "Vacation",
    "ValidationStatus",
    "VersionTest",
    "VersionTestDeal",
    "VersionTestModel",
    "VersionTestState",
]
