"""One module per aggregate. Models hold data and small invariants; services hold the workflows."""

from games.models.matches import Game, GameStatus, Move, Seat
from games.models.players import Bot, BotKind, Competitor, Player
from games.models.ratings import Rating, RatingChange

__all__ = [
    "Bot",
    "BotKind",
    "Competitor",
    "Game",
    "GameStatus",
    "Move",
    "Player",
    "Rating",
    "RatingChange",
    "Seat",
]
