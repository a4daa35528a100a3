from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.push_subscription import PushSubscription





T = TypeVar("T", bound="PushSubscriptionList")



@_attrs_define
class PushSubscriptionList:
    """ 
        Attributes:
            subscriptions (list[PushSubscription]):
     """

    subscriptions: list[PushSubscription]





    def to_dict(self) -> dict[str, Any]:
        from ..models.push_subscription import PushSubscription
        subscriptions = []
        for subscriptions_item_data in self.subscriptions:
            subscriptions_item = subscriptions_item_data.to_dict()
            subscriptions.append(subscriptions_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "subscriptions": subscriptions,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_subscription import PushSubscription
        d = dict(src_dict)
        subscriptions = []
        _subscriptions = d.pop("subscriptions")
        for subscriptions_item_data in (_subscriptions):
            subscriptions_item = PushSubscription.from_dict(subscriptions_item_data)



            subscriptions.append(subscriptions_item)


        push_subscription_list = cls(
            subscriptions=subscriptions,
        )

        return push_subscription_list

