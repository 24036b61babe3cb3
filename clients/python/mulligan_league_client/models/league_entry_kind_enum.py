from enum import StrEnum


class LeagueEntryKindEnum(StrEnum):
    BOT = "bot"
    PERSON = "person"

    def __str__(self) -> str:
        return str(self.value)
