"""The Django app: players, bots, games, seats, moves and ratings."""
