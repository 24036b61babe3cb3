from enum import StrEnum


class LobbyOpponentKindEnum(StrEnum):
    BOT = "bot"
    BUILTIN = "builtin"
    OPEN = "open"
    PLAYER = "player"

    def __str__(self) -> str:
        return str(self.value)
