from enum import StrEnum


class GameEndEventTypeEnum(StrEnum):
    END = "end"

    def __str__(self) -> str:
        return str(self.value)
