from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.notice_channels_deadline_near import NoticeChannelsDeadlineNear
from ..models.notice_channels_game_scored import NoticeChannelsGameScored
from ..models.notice_channels_game_started import NoticeChannelsGameStarted
from ..models.notice_channels_invitation import NoticeChannelsInvitation
from ..models.notice_channels_player_left import NoticeChannelsPlayerLeft
from ..models.notice_channels_player_timed_out import NoticeChannelsPlayerTimedOut
from ..models.notice_channels_stand_in_seated import NoticeChannelsStandInSeated
from ..models.notice_channels_your_turn import NoticeChannelsYourTurn
from ..types import UNSET, Unset






T = TypeVar("T", bound="NoticeChannels")



@_attrs_define
class NoticeChannels:
    """ 
        Attributes:
            your_turn (NoticeChannelsYourTurn | Unset):
            game_started (NoticeChannelsGameStarted | Unset):
            game_scored (NoticeChannelsGameScored | Unset):
            player_left (NoticeChannelsPlayerLeft | Unset):
            player_timed_out (NoticeChannelsPlayerTimedOut | Unset):
            stand_in_seated (NoticeChannelsStandInSeated | Unset):
            deadline_near (NoticeChannelsDeadlineNear | Unset):
            invitation (NoticeChannelsInvitation | Unset):
     """

    your_turn: NoticeChannelsYourTurn | Unset = UNSET
    game_started: NoticeChannelsGameStarted | Unset = UNSET
    game_scored: NoticeChannelsGameScored | Unset = UNSET
    player_left: NoticeChannelsPlayerLeft | Unset = UNSET
    player_timed_out: NoticeChannelsPlayerTimedOut | Unset = UNSET
    stand_in_seated: NoticeChannelsStandInSeated | Unset = UNSET
    deadline_near: NoticeChannelsDeadlineNear | Unset = UNSET
    invitation: NoticeChannelsInvitation | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        your_turn: str | Unset = UNSET
        if not isinstance(self.your_turn, Unset):
            your_turn = self.your_turn.value


        game_started: str | Unset = UNSET
        if not isinstance(self.game_started, Unset):
            game_started = self.game_started.value


        game_scored: str | Unset = UNSET
        if not isinstance(self.game_scored, Unset):
            game_scored = self.game_scored.value


        player_left: str | Unset = UNSET
        if not isinstance(self.player_left, Unset):
            player_left = self.player_left.value


        player_timed_out: str | Unset = UNSET
        if not isinstance(self.player_timed_out, Unset):
            player_timed_out = self.player_timed_out.value


        stand_in_seated: str | Unset = UNSET
        if not isinstance(self.stand_in_seated, Unset):
            stand_in_seated = self.stand_in_seated.value


        deadline_near: str | Unset = UNSET
        if not isinstance(self.deadline_near, Unset):
            deadline_near = self.deadline_near.value


        invitation: str | Unset = UNSET
        if not isinstance(self.invitation, Unset):
            invitation = self.invitation.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if your_turn is not UNSET:
            field_dict["your_turn"] = your_turn
        if game_started is not UNSET:
            field_dict["game_started"] = game_started
        if game_scored is not UNSET:
            field_dict["game_scored"] = game_scored
        if player_left is not UNSET:
            field_dict["player_left"] = player_left
        if player_timed_out is not UNSET:
            field_dict["player_timed_out"] = player_timed_out
        if stand_in_seated is not UNSET:
            field_dict["stand_in_seated"] = stand_in_seated
        if deadline_near is not UNSET:
            field_dict["deadline_near"] = deadline_near
        if invitation is not UNSET:
            field_dict["invitation"] = invitation

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _your_turn = d.pop("your_turn", UNSET)
        your_turn: NoticeChannelsYourTurn | Unset
        if isinstance(_your_turn,  Unset):
            your_turn = UNSET
        else:
            your_turn = NoticeChannelsYourTurn(_your_turn)




        _game_started = d.pop("game_started", UNSET)
        game_started: NoticeChannelsGameStarted | Unset
        if isinstance(_game_started,  Unset):
            game_started = UNSET
        else:
            game_started = NoticeChannelsGameStarted(_game_started)




        _game_scored = d.pop("game_scored", UNSET)
        game_scored: NoticeChannelsGameScored | Unset
        if isinstance(_game_scored,  Unset):
            game_scored = UNSET
        else:
            game_scored = NoticeChannelsGameScored(_game_scored)




        _player_left = d.pop("player_left", UNSET)
        player_left: NoticeChannelsPlayerLeft | Unset
        if isinstance(_player_left,  Unset):
            player_left = UNSET
        else:
            player_left = NoticeChannelsPlayerLeft(_player_left)




        _player_timed_out = d.pop("player_timed_out", UNSET)
        player_timed_out: NoticeChannelsPlayerTimedOut | Unset
        if isinstance(_player_timed_out,  Unset):
            player_timed_out = UNSET
        else:
            player_timed_out = NoticeChannelsPlayerTimedOut(_player_timed_out)




        _stand_in_seated = d.pop("stand_in_seated", UNSET)
        stand_in_seated: NoticeChannelsStandInSeated | Unset
        if isinstance(_stand_in_seated,  Unset):
            stand_in_seated = UNSET
        else:
            stand_in_seated = NoticeChannelsStandInSeated(_stand_in_seated)




        _deadline_near = d.pop("deadline_near", UNSET)
        deadline_near: NoticeChannelsDeadlineNear | Unset
        if isinstance(_deadline_near,  Unset):
            deadline_near = UNSET
        else:
            deadline_near = NoticeChannelsDeadlineNear(_deadline_near)




        _invitation = d.pop("invitation", UNSET)
        invitation: NoticeChannelsInvitation | Unset
        if isinstance(_invitation,  Unset):
            invitation = UNSET
        else:
            invitation = NoticeChannelsInvitation(_invitation)




        notice_channels = cls(
            your_turn=your_turn,
            game_started=game_started,
            game_scored=game_scored,
            player_left=player_left,
            player_timed_out=player_timed_out,
            stand_in_seated=stand_in_seated,
            deadline_near=deadline_near,
            invitation=invitation,
        )

        return notice_channels

