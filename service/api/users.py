"""Accounts: create one (the bearer token is shown once) and read your own."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

from events.clock import iso
from service.api.common import BEARER, doc, json_response, problems
from service.app import services
from service.auth import current_user
from service.problems import Problem
from service.ratelimit import retry_after
from service.schemas import NewUserSchema, UserCreatedSchema, UserSchema

blp = Blueprint("users", __name__, url_prefix="/v1/users", description="Accounts and tokens.")


def user_view(user: Any) -> dict[str, Any]:
    return {"id": user.user_id, "name": user.name, "created_at": iso(user.created_at)}


@blp.route("")
class Users(MethodView):
    @blp.arguments(NewUserSchema(), error_status_code=400)
    @blp.response(201, UserCreatedSchema)
    @problems(blp, "invalid-request", "rate-limited")
    def post(self, body: dict[str, Any]) -> Any:
        """Create an account

        Returns the user and its bearer token. The token is shown only in this
        response (the server keeps its hash): keep it.
        """
        s = services()
        per_hour = s.settings.accounts_per_address_per_hour
        wait = s.limiter.take("accounts:" + (request.remote_addr or "?"), per_hour / 3600,
                              per_hour)
        if wait > 0:
            raise Problem("rate-limited", "Too many new accounts from this address.",
                          headers={"Retry-After": retry_after(wait)})
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
