from enum import StrEnum


class TournamentEventTypeEnum(StrEnum):
    CANCELLED = "cancelled"
    FINISHED = "finished"
    GAME_END = "game_end"
    ROUND_START = "round_start"
    STANDINGS = "standings"

    def __str__(self) -> str:
        return str(self.value)
