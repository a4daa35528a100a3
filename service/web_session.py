"""The web client's credential: a session cookie that no script of the page can read.

The page trades the token it was given (at sign-up, or by a sign-in link) for a session
(`POST /v1/session`, `service.api.session`) and from then on sends no `Authorization`
header: the browser sends the cookie `COOKIE`, `HttpOnly` (out of reach of every script,
an injected one included), `Secure`, `SameSite=Strict` (never on a request another
site starts) and, by its `__Host-` prefix, set by this host alone for its whole path
(no subdomain can plant one). Its value is the session's own token, not the one traded:
a token of the account like any other (kept as its hash, listed and revocable with
the account's tokens, gone with the account), named `SESSION_NAME`, expiring when the
traded token does (never, for the token a page's sign-up made). The browser keeps the
cookie `COOKIE_SECONDS` (the longest Chromium keeps one), renewed each time the page
reads its account (`renews_cookie`): an account the page holds is lost only to a
browser left unused that long, signing out, or a revocation, as when it was in
`localStorage`, but no script can read it.

An API client sends `Authorization: Bearer`; a request that does is read by its header
alone, cookie or not. A request the cookie speaks for that could change something (any
method but GET, HEAD and OPTIONS) must also show that the page sent it (`same_page`):
the browser's `Sec-Fetch-Site: same-origin` (or, from a browser that does not send it,
an `Origin` naming this host), and the header `CLIENT_HEADER` that only a script of the
page (same-origin, or allowed by CORS, which never allows it) can add. A cookie whose
session has ended is treated as no credential, and the answer deletes it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Response, request

from service.problems import Problem

COOKIE = "__Host-ttr_session"
CLIENT_HEADER = "X-TTR-Client"
CLIENT_VALUE = "web"
SESSION_NAME = "web session"
COOKIE_SECONDS = 400 * 24 * 3600
# (the page reads its account at every start: the cookie's life starts again then)
RENEWED_AT = "/v1/users/me"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def session_cookie() -> str | None:
    """The session the request's cookie names, unless it sends an Authorization header
    (an API client's request is read by its header alone)."""
    if "Authorization" in request.headers:
        return None
    return request.cookies.get(COOKIE) or None


def same_page() -> None:
    """Refuse (403 `forbidden`, code `cross_site_request`) a request the cookie speaks
    for that could change something, unless the page itself sent it."""
    if request.method in SAFE_METHODS:
        return
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        # what the browser itself says (no page can set it): a proxy that rewrites the
        # Host header does not change it
        from_here = site == "same-origin"
    else:  # a browser that does not send it: its Origin must name this host
        origin = request.headers.get("Origin")
        from_here = origin is not None and urlsplit(origin).netloc == request.host
    if not from_here or request.headers.get(CLIENT_HEADER) != CLIENT_VALUE:
        raise Problem("forbidden", "A request signed by the session cookie is taken only "
                      f"from the web client's own page (same origin, with {CLIENT_HEADER}: "
                      f"{CLIENT_VALUE}); other clients send their bearer token.",
                      code="cross_site_request")


def set_cookie(response: Response, session_token: str) -> None:
    response.set_cookie(COOKIE, session_token, max_age=COOKIE_SECONDS, path="/",
                        secure=True, httponly=True, samesite="Strict")


def renews_cookie() -> str | None:
    """The session token to set again on this request's answer (the page reading its
    account by the cookie), or None."""
    if request.method != "GET" or request.path != RENEWED_AT:
        return None
    return session_cookie()


def end_cookie(response: Response) -> None:
    """Tell the browser to drop the cookie (the same attributes, or it would keep it)."""
    response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="Strict")
