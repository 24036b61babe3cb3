from enum import StrEnum


class GameMoveEventTypeEnum(StrEnum):
    MOVE = "move"

    def __str__(self) -> str:
        return str(self.value)
