from enum import StrEnum


class ExportGamesSort(StrEnum):
    DATEASC = "dateAsc"
    DATEDESC = "dateDesc"

    def __str__(self) -> str:
        return str(self.value)
