from enum import StrEnum


class BotKindEnum(StrEnum):
    BUILTIN = "builtin"
    HTTP = "http"
    PROGRAM = "program"

    def __str__(self) -> str:
        return str(self.value)
