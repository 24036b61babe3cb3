from enum import StrEnum


class VersionTestFiguresEventTypeEnum(StrEnum):
    END = "end"
    FIGURES = "figures"

    def __str__(self) -> str:
        return str(self.value)
