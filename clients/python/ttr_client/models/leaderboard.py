from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.board_entry import BoardEntry





T = TypeVar("T", bound="Leaderboard")



@_attrs_define
class Leaderboard:
    """ 
        Attributes:
            map_ (MapName):
            bots (bool):
            total (int): Entries on the board.
            offset (int):
            limit (int):
            entries (list[BoardEntry]):
            me (BoardEntry | None | Unset): With `me=true`: the caller's entry (null: not on this board).
     """

    map_: MapName
    bots: bool
    total: int
    offset: int
    limit: int
    entries: list[BoardEntry]
    me: BoardEntry | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.board_entry import BoardEntry
        map_ = self.map_.value

        bots = self.bots

        total = self.total

        offset = self.offset

        limit = self.limit

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)



        me: dict[str, Any] | None | Unset
        if isinstance(self.me, Unset):
            me = UNSET
        elif isinstance(self.me, BoardEntry):
            me = self.me.to_dict()
        else:
            me = self.me


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "map": map_,
            "bots": bots,
            "total": total,
            "offset": offset,
            "limit": limit,
            "entries": entries,
        })
        if me is not UNSET:
            field_dict["me"] = me

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.board_entry import BoardEntry
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        bots = d.pop("bots")

        total = d.pop("total")

        offset = d.pop("offset")

        limit = d.pop("limit")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = BoardEntry.from_dict(entries_item_data)



            entries.append(entries_item)


        def _parse_me(data: object) -> BoardEntry | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = BoardEntry.from_dict(data)



                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BoardEntry | None | Unset, data)

        me = _parse_me(d.pop("me", UNSET))


        leaderboard = cls(
            map_=map_,
            bots=bots,
            total=total,
            offset=offset,
            limit=limit,
            entries=entries,
            me=me,
        )

        return leaderboard

