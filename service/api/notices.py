"""What you want to be told away from the table, and how; the mails' one-click
unsubscribe (`service.notice_settings`)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.api.common import BEARER, Blueprint, json_response, problems
from service.auth import current_user
from service.notice_settings import put_settings, settings_view, unsubscribe
from service.schemas.notices import NewNoticeSettingsSchema, NoticeSettingsSchema
from service.services import services

blp = Blueprint("notices", __name__, url_prefix="/v1",
                description="Notices away from the table: by e-mail, by push, or not at all.")


@blp.route("/users/me/notice-settings")
class MyNoticeSettings(MethodView):
    @blp.response(200, NoticeSettingsSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "rate-limited")
    @blp.doc(security=BEARER)
    def get(self) -> Any:
        """What you are told, and how"""
        return json_response(settings_view(services().store, current_user().user_id))

    @blp.arguments(NewNoticeSettingsSchema(), error_status_code=400)
    @blp.response(200, NoticeSettingsSchema)
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "rate-limited")
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any]) -> Any:
        """Choose what you are told, and how

        Replaces your settings: per kind of notice a channel (the kinds left out keep
        their defaults), a digest, quiet hours in your time zone.
        """
        s = services()
        view = put_settings(s.store, current_user().user_id, body, s.worker.clock())
        s.worker.reachable.invalidate()  # (this process: at once; the others within seconds)
        return json_response(view)


@blp.route("/unsubscribe/<token>")
class Unsubscribe(MethodView):
    @blp.response(204, description="No more mail to this address's account.")
    @problems(blp, "not-found", "rate-limited")
    def post(self, token: str) -> Any:
        """Unsubscribe in one click (RFC 8058)

        The `List-Unsubscribe` URL of every notice mail: a mail program POSTs
        `List-Unsubscribe=One-Click` to it. Turns off every kind of notice by mail; push
        notices stay as they were.
        """
        s = services()
        unsubscribe(s.store, s.mailing.seal, token, s.worker.clock())
        return Response(status=204)
