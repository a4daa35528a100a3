from enum import StrEnum

class StationBuiltEventType(StrEnum):
    STATION_BUILT = "station_built"

    def __str__(self) -> str:
        return str(self.value)
