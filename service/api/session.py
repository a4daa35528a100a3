"""The web client's session: trade a bearer token for the session cookie, end it.

The cookie and the rules of a request it signs: `service.web_session`. API clients
need none of this: they send their bearer token.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from events.accounts import Token
from events.clock import iso
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_holder, signed_in
from service.schemas.users import SessionSchema
from service.services import services
from service.sessions import end_session, open_session
from service.web_session import end_cookie, session_cookie, set_cookie

blp = Blueprint("session", __name__, url_prefix="/v1/session",
                description="The web client's session cookie.")


def session_view(token: Token) -> dict[str, Any]:
    return {"id": token.token_id, "scopes": sorted(token.scopes),
            "expires_at": None if token.expires_at is None else iso(token.expires_at)}


@blp.route("")
class Session(MethodView):
    @blp.response(201, SessionSchema, headers={"Set-Cookie": {
        "description": "The session cookie (`HttpOnly; Secure; SameSite=Strict`).",
        "schema": {"type": "string"}}})
    @problems(blp, "unauthorized", "forbidden", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self) -> Any:
        """Trade a token for a session cookie (the web client)

        The answer sets an `HttpOnly`, `Secure`, `SameSite=Strict` cookie holding a
        new session: a token of the account named `web session`, granting the scopes of
        the token sent, that expires after 30 days and is listed and revoked with the
        account's tokens. A page then sends no `Authorization` header: the browser
        sends the cookie. A request the cookie signs that could change something must
        come from the page itself: same origin (`Origin`, `Sec-Fetch-Site`) and the
        header `X-TTR-Client: web`; otherwise 403 `forbidden` (`cross_site_request`).
        API clients keep sending their bearer token and need no session.
        """
        token, secret = open_session(services().accounts, signed_in())
        response = json_response(session_view(token), 201)
        set_cookie(response, secret)
        return response

    @blp.response(204, headers={"Set-Cookie": {
        "description": "The session cookie, expired.", "schema": {"type": "string"}}})
    @problems(blp, "forbidden", "rate-limited")
    def delete(self) -> Any:
        """End the session (sign out of the web client)

        The session the cookie holds stops working at once, in every server process,
        and the browser drops the cookie. A request without the cookie ends nothing (a
        bearer token is revoked under `/v1/users/me/tokens`).
        """
        holder = current_holder()
        if holder is not None and session_cookie() is not None:
            end_session(services().accounts, holder)
        response = Response(status=204)
        end_cookie(response)
        return response
