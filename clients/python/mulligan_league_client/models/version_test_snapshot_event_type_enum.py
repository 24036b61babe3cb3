from enum import StrEnum


class VersionTestSnapshotEventTypeEnum(StrEnum):
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
