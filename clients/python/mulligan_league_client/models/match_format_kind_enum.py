from enum import StrEnum


class MatchFormatKindEnum(StrEnum):
    BEST_OF = "best_of"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
