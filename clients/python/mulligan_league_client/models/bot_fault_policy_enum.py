from enum import StrEnum


class BotFaultPolicyEnum(StrEnum):
    DEFAULT_MOVE = "default_move"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
