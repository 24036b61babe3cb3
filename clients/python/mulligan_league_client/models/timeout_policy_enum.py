from enum import StrEnum


class TimeoutPolicyEnum(StrEnum):
    DEFAULT_ACTION = "default_action"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
