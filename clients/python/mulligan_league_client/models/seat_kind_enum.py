from enum import StrEnum


class SeatKindEnum(StrEnum):
    BOT = "bot"
    PLAYER = "player"

    def __str__(self) -> str:
        return str(self.value)
