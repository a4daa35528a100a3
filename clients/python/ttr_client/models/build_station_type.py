from enum import Enum

class BuildStationType(str, Enum):
    BUILD_STATION = "build_station"

    def __str__(self) -> str:
        return str(self.value)
