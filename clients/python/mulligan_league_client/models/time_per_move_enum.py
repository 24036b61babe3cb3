from enum import StrEnum


class TimePerMoveEnum(StrEnum):
    VALUE_0 = "1h"
    VALUE_1 = "6h"
    VALUE_2 = "12h"
    VALUE_3 = "1d"
    VALUE_4 = "2d"
    VALUE_5 = "3d"
    VALUE_6 = "7d"
    VALUE_7 = "14d"

    def __str__(self) -> str:
        return str(self.value)
