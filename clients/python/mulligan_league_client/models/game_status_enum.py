from enum import StrEnum


class GameStatusEnum(StrEnum):
    ABORTED = "aborted"
    FINISHED = "finished"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
