from enum import StrEnum


class CompetitionStateEnum(StrEnum):
    CANCELLED = "cancelled"
    DRAFT = "draft"
    FINISHED = "finished"
    REGISTRATION = "registration"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
