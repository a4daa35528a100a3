from enum import Enum

class LayoutLabelsAdditionalProperty(str, Enum):
    E = "e"
    N = "n"
    NE = "ne"
    NW = "nw"
    S = "s"
    SE = "se"
    SW = "sw"
    W = "w"

    def __str__(self) -> str:
        return str(self.value)
