from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.mail_state import MailState
  from ..models.notice_settings_channels import NoticeSettingsChannels
  from ..models.quiet_hours import QuietHours





T = TypeVar("T", bound="NoticeSettings")



@_attrs_define
class NoticeSettings:
    """ 
        Attributes:
            channels (NoticeSettingsChannels): Per kind of notice (your_turn, game_started, game_scored, player_left,
                player_timed_out, stand_in_seated, deadline_near, invitation): how you are told: push, mail, both, none. (A
                correspondence game's; in a live game the your-turn and deadline notices you did not choose are not sent.)
            chosen (list[str]): The kinds you chose; the others are defaults.
            mail_after_minutes (int):
            digest_hours (int):
            quiet_hours (None | QuietHours):
            time_zone (str):
            mail (MailState):
     """

    channels: NoticeSettingsChannels
    chosen: list[str]
    mail_after_minutes: int
    digest_hours: int
    quiet_hours: None | QuietHours
    time_zone: str
    mail: MailState





    def to_dict(self) -> dict[str, Any]:
        from ..models.mail_state import MailState
        from ..models.notice_settings_channels import NoticeSettingsChannels
        from ..models.quiet_hours import QuietHours
        channels = self.channels.to_dict()

        chosen = self.chosen



        mail_after_minutes = self.mail_after_minutes

        digest_hours = self.digest_hours

        quiet_hours: dict[str, Any] | None
        if isinstance(self.quiet_hours, QuietHours):
            quiet_hours = self.quiet_hours.to_dict()
        else:
            quiet_hours = self.quiet_hours

        time_zone = self.time_zone

        mail = self.mail.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "channels": channels,
            "chosen": chosen,
            "mail_after_minutes": mail_after_minutes,
            "digest_hours": digest_hours,
            "quiet_hours": quiet_hours,
            "time_zone": time_zone,
            "mail": mail,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mail_state import MailState
        from ..models.notice_settings_channels import NoticeSettingsChannels
        from ..models.quiet_hours import QuietHours
        d = dict(src_dict)
        channels = NoticeSettingsChannels.from_dict(d.pop("channels"))




        chosen = cast(list[str], d.pop("chosen"))


        mail_after_minutes = d.pop("mail_after_minutes")

        digest_hours = d.pop("digest_hours")

        def _parse_quiet_hours(data: object) -> None | QuietHours:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                quiet_hours_type_0 = QuietHours.from_dict(data)



                return quiet_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuietHours, data)

        quiet_hours = _parse_quiet_hours(d.pop("quiet_hours"))


        time_zone = d.pop("time_zone")

        mail = MailState.from_dict(d.pop("mail"))




        notice_settings = cls(
            channels=channels,
            chosen=chosen,
            mail_after_minutes=mail_after_minutes,
            digest_hours=digest_hours,
            quiet_hours=quiet_hours,
            time_zone=time_zone,
            mail=mail,
        )

        return notice_settings

