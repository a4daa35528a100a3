from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scope import Scope
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NewSigninCode")



@_attrs_define
class NewSigninCode:
    """ 
        Attributes:
            scopes (list[Scope] | None | Unset): The scopes of the token the code becomes: no more than the token that makes
                it (left out: the same as that token's). Default: `null`. Example: ['play', 'read'].
     """

    scopes: list[Scope] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = []
            for scopes_type_0_item_data in self.scopes:
                scopes_type_0_item = scopes_type_0_item_data.value
                scopes.append(scopes_type_0_item)


        else:
            scopes = self.scopes


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_scopes(data: object) -> list[Scope] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = []
                _scopes_type_0 = data
                for scopes_type_0_item_data in (_scopes_type_0):
                    scopes_type_0_item = Scope(scopes_type_0_item_data)



                    scopes_type_0.append(scopes_type_0_item)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Scope] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))


        new_signin_code = cls(
            scopes=scopes,
        )

        return new_signin_code

