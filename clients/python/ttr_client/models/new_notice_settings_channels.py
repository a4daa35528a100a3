from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.new_notice_settings_channels_additional_property import NewNoticeSettingsChannelsAdditionalProperty






T = TypeVar("T", bound="NewNoticeSettingsChannels")



@_attrs_define
class NewNoticeSettingsChannels:
    """ Per kind of notice (your_turn, game_started, game_scored, player_left, player_timed_out, deadline_near): how you are
    told: push, mail, both, none. A kind left out keeps its default.

        Example:
            {'your_turn': 'push', 'game_scored': 'none'}

     """

    additional_properties: dict[str, NewNoticeSettingsChannelsAdditionalProperty] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        
        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.value


        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        new_notice_settings_channels = cls(
        )


        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = NewNoticeSettingsChannelsAdditionalProperty(prop_dict)



            additional_properties[prop_name] = additional_property

        new_notice_settings_channels.additional_properties = additional_properties
        return new_notice_settings_channels

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> NewNoticeSettingsChannelsAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: NewNoticeSettingsChannelsAdditionalProperty) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
