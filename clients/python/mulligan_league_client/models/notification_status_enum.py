from enum import StrEnum


class NotificationStatusEnum(StrEnum):
    FAILED = "failed"
    PENDING = "pending"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)
