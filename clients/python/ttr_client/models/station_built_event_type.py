from enum import Enum

class StationBuiltEventType(str, Enum):
    STATION_BUILT = "station_built"

    def __str__(self) -> str:
        return str(self.value)
