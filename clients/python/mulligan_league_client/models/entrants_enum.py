from enum import StrEnum


class EntrantsEnum(StrEnum):
    BOTH = "both"
    BOTS = "bots"
    PEOPLE = "people"

    def __str__(self) -> str:
        return str(self.value)
