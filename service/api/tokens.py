"""An account's named tokens: make one (shown once), list them, revoke one.

Rotating a token without downtime: make the new one, switch the clients to it, then
revoke the old one; both work in between.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.api.common import BEARER, Blueprint, doc, json_response, problems, token_view
from service.auth import signed_in
from service.problems import Problem
from service.schemas.users import (
    NewTokenSchema,
    TokenCreatedSchema,
    TokenListSchema,
)
from service.services import services

blp = Blueprint("tokens", __name__, url_prefix="/v1/users/me/tokens",
                description="Named tokens with scopes.")


@blp.route("")
class Tokens(MethodView):
    @blp.arguments(NewTokenSchema(), error_status_code=400)
    @blp.response(201, TokenCreatedSchema)
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Make a token

        Returns the token once (the server keeps only its hash). It grants the scopes
        asked for, none beyond those of the token that makes it, until it expires
        (`expires_in`) or is revoked. It never outlives the token that makes it: from
        an expiring token, `expires_in` may be no longer than that token has left
        (400 `invalid-request` otherwise), and left out, the new token expires with
        it. To rotate a token: make the new one, switch to it, revoke the old one:
        both work in between.
        """
        holder = signed_in()
        token, secret = services().accounts.add_token(
            holder, body["name"].strip() or "token", body["scopes"], body["expires_in"])
        return json_response({**token_view(token), "token": secret}, 201)

    @blp.response(200, TokenListSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self) -> Any:
        """List the account's tokens (never the tokens themselves)"""
        holder = signed_in()
        tokens = services().store.tokens_of(holder.user.user_id)
        return json_response({"tokens": [token_view(t) for t in tokens]})


@blp.route("/<token_id>")
class OneToken(MethodView):
    @blp.response(204)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self, token_id: str) -> Any:
        """Revoke a token

        It stops working at once, in every server process (it may be the token that
        sends this request).
        """
        holder = signed_in()
        if not services().accounts.revoke(holder.user.user_id, token_id):
            raise Problem("not-found", "This account has no such token.")
        return Response(status=204)
