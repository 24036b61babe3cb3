from enum import StrEnum


class BotCreateKindEnum(StrEnum):
    HTTP = "http"
    PROGRAM = "program"

    def __str__(self) -> str:
        return str(self.value)
