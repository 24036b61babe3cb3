from enum import StrEnum


class LobbyChallengeSeatKindEnum(StrEnum):
    BOT = "bot"
    CHALLENGER = "challenger"
    INVITEE = "invitee"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
