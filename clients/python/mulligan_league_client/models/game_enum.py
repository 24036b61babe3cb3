from enum import StrEnum


class GameEnum(StrEnum):
    GOLF = "golf"
    MULLIGAN = "mulligan"
    OPENING_HAND = "opening_hand"
    THREE_CARD = "three_card"

    def __str__(self) -> str:
        return str(self.value)
