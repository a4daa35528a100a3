from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.push_keys import PushKeys





T = TypeVar("T", bound="NewPushSubscription")



@_attrs_define
class NewPushSubscription:
    """ 
        Attributes:
            endpoint (str): An endpoint is an https:// URL of the browser's push service, without credentials, not on a
                private or loopback address. Example: https://fcm.googleapis.com/fcm/send/c1Kf.
            keys (PushKeys):
            expiration_time (float | None | Unset): As the browser gives it; not used. Default: `null`.
     """

    endpoint: str
    keys: PushKeys
    expiration_time: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.push_keys import PushKeys
        endpoint = self.endpoint

        keys = self.keys.to_dict()

        expiration_time: float | None | Unset
        if isinstance(self.expiration_time, Unset):
            expiration_time = UNSET
        else:
            expiration_time = self.expiration_time


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "endpoint": endpoint,
            "keys": keys,
        })
        if expiration_time is not UNSET:
            field_dict["expirationTime"] = expiration_time

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_keys import PushKeys
        d = dict(src_dict)
        endpoint = d.pop("endpoint")

        keys = PushKeys.from_dict(d.pop("keys"))




        def _parse_expiration_time(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        expiration_time = _parse_expiration_time(d.pop("expirationTime", UNSET))


        new_push_subscription = cls(
            endpoint=endpoint,
            keys=keys,
            expiration_time=expiration_time,
        )

        return new_push_subscription

