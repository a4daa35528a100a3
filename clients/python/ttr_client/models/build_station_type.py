from enum import StrEnum

class BuildStationType(StrEnum):
    BUILD_STATION = "build_station"

    def __str__(self) -> str:
        return str(self.value)
