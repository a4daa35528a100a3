from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.notice_channels import NoticeChannels
  from ..models.quiet_hours import QuietHours





T = TypeVar("T", bound="NewNoticeSettings")



@_attrs_define
class NewNoticeSettings:
    """ 
        Attributes:
            channels (NoticeChannels | Unset):
            mail_after_minutes (int | Unset): A your-turn mail waits this long, and goes only if the turn is still waiting.
                Default: `60`.
            digest_hours (int | Unset): 0: a mail per notice; else at most one mail per so many hours, gathering every game
                waiting for you. Default: `0`.
            quiet_hours (None | QuietHours | Unset): Nothing is sent between start and end (in your time zone); it waits for
                the end. Default: `null`.
            time_zone (str | Unset): An IANA time zone. Default: `UTC`. Example: Europe/Paris.
     """

    channels: NoticeChannels | Unset = UNSET
    mail_after_minutes: int | Unset = UNSET
    digest_hours: int | Unset = UNSET
    quiet_hours: None | QuietHours | Unset = UNSET
    time_zone: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.notice_channels import NoticeChannels
        from ..models.quiet_hours import QuietHours
        channels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.channels, Unset):
            channels = self.channels.to_dict()

        mail_after_minutes = self.mail_after_minutes

        digest_hours = self.digest_hours

        quiet_hours: dict[str, Any] | None | Unset
        if isinstance(self.quiet_hours, Unset):
            quiet_hours = UNSET
        elif isinstance(self.quiet_hours, QuietHours):
            quiet_hours = self.quiet_hours.to_dict()
        else:
            quiet_hours = self.quiet_hours

        time_zone = self.time_zone


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if channels is not UNSET:
            field_dict["channels"] = channels
        if mail_after_minutes is not UNSET:
            field_dict["mail_after_minutes"] = mail_after_minutes
        if digest_hours is not UNSET:
            field_dict["digest_hours"] = digest_hours
        if quiet_hours is not UNSET:
            field_dict["quiet_hours"] = quiet_hours
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notice_channels import NoticeChannels
        from ..models.quiet_hours import QuietHours
        d = dict(src_dict)
        _channels = d.pop("channels", UNSET)
        channels: NoticeChannels | Unset
        if isinstance(_channels,  Unset):
            channels = UNSET
        else:
            channels = NoticeChannels.from_dict(_channels)




        mail_after_minutes = d.pop("mail_after_minutes", UNSET)

        digest_hours = d.pop("digest_hours", UNSET)

        def _parse_quiet_hours(data: object) -> None | QuietHours | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                quiet_hours_type_0 = QuietHours.from_dict(data)



                return quiet_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuietHours | Unset, data)

        quiet_hours = _parse_quiet_hours(d.pop("quiet_hours", UNSET))


        time_zone = d.pop("time_zone", UNSET)

        new_notice_settings = cls(
            channels=channels,
            mail_after_minutes=mail_after_minutes,
            digest_hours=digest_hours,
            quiet_hours=quiet_hours,
            time_zone=time_zone,
        )

        return new_notice_settings

