from enum import StrEnum


class GameSnapshotEventTypeEnum(StrEnum):
    GAME = "game"

    def __str__(self) -> str:
        return str(self.value)
