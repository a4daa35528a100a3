"""Your e-mail address (verify, see, remove) and sign-in by e-mail
(`service.mail_addresses`)."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView

from events.clock import iso
from service.api.common import BEARER, Blueprint, json_response, problems, token_view, user_view
from service.auth import current_user
from service.mail_addresses import (
    address_view,
    ask_signin,
    ask_verification,
    signin,
    verify,
)
from service.problems import Problem
from service.schemas.links import SignedInSchema
from service.schemas.mail import (
    MailAddressSchema,
    MailCodeSchema,
    NewMailAddressSchema,
    SigninMailSchema,
    SigninMailSentSchema,
    VerificationSentSchema,
    VerifiedSchema,
)
from service.services import services

blp = Blueprint("mail", __name__, url_prefix="/v1",
                description="Your e-mail address, and signing in by e-mail.")

SENT = ("If this address belongs to an account, a sign-in link is on its way to it.")


@blp.route("/users/me/mail-address")
class MyMailAddress(MethodView):
    @blp.arguments(NewMailAddressSchema(), error_status_code=400)
    @blp.response(202, VerificationSentSchema)
    @problems(blp, "invalid-request", "invalid-mail-address", "unauthorized",
              "insufficient-scope", "rate-limited", "mail-unavailable")
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any]) -> Any:
        """Add or replace your e-mail address

        Mails a link to the address; it becomes yours (replacing any other) when the
        link is opened, within 30 minutes. It is never shown to anyone else.
        """
        s = services()
        link = ask_verification(s.store, s.mailing, s.limiter, current_user(),
                                body["address"], s.worker.clock())
        return json_response({"expires_at": iso(link.expires_at)}, 202)

    @blp.response(200, MailAddressSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @blp.doc(security=BEARER)
    def get(self) -> Any:
        """Your e-mail address"""
        s = services()
        view = address_view(s.store, s.mailing.seal, current_user().user_id)
        if view is None:
            raise Problem("not-found", "You have no verified e-mail address (PUT one here).")
        return json_response(view)

    @blp.response(204, description="You have no address now (whether or not you had one).")
    @problems(blp, "unauthorized", "insufficient-scope", "rate-limited")
    @blp.doc(security=BEARER)
    def delete(self) -> Any:
        """Remove your e-mail address

        Nothing more is mailed to it, and it no longer signs in.
        """
        services().store.remove_mail_address(current_user().user_id)
        return Response(status=204)


@blp.route("/mail-address/verify")
class VerifyMailAddress(MethodView):
    @blp.arguments(MailCodeSchema(), error_status_code=400)
    @blp.response(200, VerifiedSchema)
    @problems(blp, "invalid-request", "unauthorized", "link-used", "link-expired",
              "rate-limited")
    def post(self, body: dict[str, Any]) -> Any:
        """Verify an e-mail address

        Uses the code of a verification link (once): its address becomes its account's.
        """
        s = services()
        link = verify(s.store, s.limiter, request.remote_addr or "?", body["code"],
                      s.worker.clock())
        s.worker.reachable.invalidate()  # (this process: at once; the others within seconds)
        return json_response({"verified_at": iso(link.used_at or link.created_at)})


@blp.route("/signin/mail")
class SigninMail(MethodView):
    @blp.arguments(SigninMailSchema(), error_status_code=400)
    @blp.response(202, SigninMailSentSchema)
    @problems(blp, "invalid-request", "invalid-mail-address", "rate-limited",
              "mail-unavailable")
    def post(self, body: dict[str, Any]) -> Any:
        """Ask for a sign-in link by e-mail

        The answer is the same whether or not the address has an account.
        """
        s = services()
        ask_signin(s.store, s.mailing, s.limiter, body["address"],
                   request.remote_addr or "?", s.worker.clock())
        return json_response({"message": SENT}, 202)


@blp.route("/signin/mail-code")
class SigninMailCode(MethodView):
    @blp.arguments(MailCodeSchema(), error_status_code=400)
    @blp.response(201, SignedInSchema)
    @problems(blp, "invalid-request", "unauthorized", "link-used", "link-expired",
              "rate-limited")
    def post(self, body: dict[str, Any]) -> Any:
        """Sign in with a code sent by e-mail

        Exchanges the code of a sign-in mail (once, within 15 minutes) for a new bearer
        token of its account, shown only now; the account's other tokens keep working.
        """
        s = services()
        user, token, secret = signin(s.store, s.limiter, request.remote_addr or "?",
                                     body["code"], s.worker.clock(), s.accounts.mint())
        return json_response({**token_view(token), "token": secret, "user": user_view(user)},
                             201)
