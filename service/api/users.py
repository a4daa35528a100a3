"""Accounts: create one (the bearer token is shown once), read your own, close it."""

from __future__ import annotations

from typing import Any

from flask import Response, g, request
from flask.views import MethodView

from service.api.common import BEARER, Blueprint, doc, json_response, problems, user_view
from service.auth import current_user, signed_in
from service.farewell import close_account
from service.problems import Problem
from service.ratelimit import rate_headers, retry_after
from service.schemas import NewUserSchema, UserCreatedSchema, UserSchema
from service.services import services

blp = Blueprint("users", __name__, url_prefix="/v1/users", description="Accounts and tokens.")


@blp.route("")
class Users(MethodView):
    @blp.arguments(NewUserSchema(), error_status_code=400)
    @blp.response(201, UserCreatedSchema)
    @problems(blp, "invalid-request", "rate-limited")
    def post(self, body: dict[str, Any]) -> Any:
        """Create an account

        Returns the user and its bearer token, which grants every scope. The token is
        shown only in this response (the server keeps its hash): keep it.
        """
        s = services()
        per_hour = s.http.accounts_per_address_per_hour
        allowance = s.limiter.check("accounts:" + (request.remote_addr or "?"),
                                    per_hour / 3600, per_hour)
        g.rate_headers = rate_headers("accounts", per_hour / 3600, per_hour, allowance)
        if allowance.wait > 0:
            raise Problem("rate-limited", "Too many new accounts from this address.",
                          headers={"Retry-After": retry_after(allowance.wait)})
        user, token = s.accounts.create(body["name"].strip() or "player")
        return json_response({**user_view(user), "token": token}, 201)


@blp.route("/me")
class Me(MethodView):
    @blp.response(200, UserSchema)
    @problems(blp, "unauthorized", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self) -> Any:
        """Who the token belongs to"""
        return json_response(user_view(current_user()))

    @blp.response(204)
    @problems(blp, "unauthorized", "rate-limited", "unavailable")
    @doc(blp, security=BEARER)
    def delete(self) -> Any:
        """Close the account

        At once: every token of the account stops working (in every server process),
        its webhook and its browsers' push subscriptions are deleted and its name is
        replaced by a neutral placeholder. Its seats are given up as a player would:
        it leaves every table not yet started and resigns every game in play (the
        others play on, or the game ends and is scored). Finished games keep their
        history unchanged. This cannot be undone.
        """
        holder = signed_in()
        s = services()
        close_account(holder.user.user_id, referee=s.referee, store=s.store, games=s.store,
                      webhooks=s.store, accounts=s.accounts, push=s.store,
                      addresses=s.store)
        return Response(status=204)
