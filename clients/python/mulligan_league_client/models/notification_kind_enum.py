from enum import StrEnum


class NotificationKindEnum(StrEnum):
    DEADLINE = "deadline"
    ROUND = "round"
    TEST = "test"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
