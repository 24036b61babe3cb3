from enum import StrEnum


class ModelEnum(StrEnum):
    LOGISTIC = "logistic"
    NORMALIZED = "normalized"

    def __str__(self) -> str:
        return str(self.value)
