from enum import StrEnum


class RatingSystemEnum(StrEnum):
    ELO = "elo"
    OPENSKILL = "openskill"

    def __str__(self) -> str:
        return str(self.value)
