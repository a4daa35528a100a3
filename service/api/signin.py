"""Sign-in links: make a one-time code on a signed-in device, redeem it on another for
a token of that device's own (`service.signin`)."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from events.clock import iso
from service.api.common import (
    BEARER,
    Blueprint,
    doc,
    json_response,
    problems,
    token_view,
    user_view,
)
from service.auth import signed_in
from service.schemas.links import (
    NewSigninCodeSchema,
    SignedInSchema,
    SigninCodeSchema,
    SigninSchema,
)
from service.services import services
from service.signin import limit_attempts, make_code, redeem

blp = Blueprint("signin", __name__, url_prefix="/v1",
                description="Sign-in links: one-time codes for a new device's token.")


@blp.route("/signin-codes")
class SigninCodes(MethodView):
    @blp.arguments(NewSigninCodeSchema(), error_status_code=400)
    @blp.response(201, SigninCodeSchema)
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Make a sign-in code

        For a sign-in link: the code works once, for ten minutes, and becomes a new
        token of this account (POST /v1/signin) with the scopes asked for, none beyond
        this token's, expiring when this token does. Revoking this token voids it.
        """
        s = services()
        code, secret = make_code(s.store, signed_in(), s.worker.clock(), body["scopes"])
        return json_response({"code": secret, "link": f"/signin#code={secret}",
                              "scopes": sorted(code.scopes),
                              "expires_at": iso(code.expires_at)}, 201)


@blp.route("/signin")
class Signin(MethodView):
    @blp.arguments(SigninSchema(), error_status_code=400)
    @blp.response(201, SignedInSchema)
    @problems(blp, "invalid-request", "unauthorized", "rate-limited")
    def post(self, body: dict[str, Any]) -> Any:
        """Sign in with a code

        Exchanges a sign-in code (once) for a new bearer token of its account, shown
        only now. A code that is unknown, already used or expired is refused (401,
        saying which) and changes nothing. Each address may try ten codes, then one a
        minute.
        """
        s = services()
        limit_attempts(s.limiter, request.remote_addr or "?")
        user, token, secret = redeem(s.store, body["code"], s.worker.clock(),
                                    s.accounts.mint())
        return json_response({**token_view(token), "token": secret, "user": user_view(user)},
                             201)
