"""What every request goes through before and after its view: a request id, the caller
(their token, its scopes) and the rate limits.

`before_request` names the request (`X-Request-Id`), finds the caller by their bearer
token (or the web client's session cookie, on a request its page sent:
`service.web_session`), takes the request from the caller's bucket (429 when it is
empty) and refuses a token without the scope the operation needs; `after_request`
echoes the request id, tells the client its budget (the RateLimit headers) and adds the
security headers (`service.headers`).

Which bucket: a token the server made (its MAC holds, or an old-format one this process
has found valid) is charged to its own, even before it is looked up; a request without
a token to its address's; and a token that is made up (its MAC fails), or of the old
format and not yet found valid here, to its address's bucket of invalid tokens, which
nothing else shares. So however many made-up tokens are sent from an address, a valid
token from there, and the address's anonymous requests, are never refused for them.
"""

from __future__ import annotations

import random
import re
import time

from flask import Response, g, request

from service.auth import Holder, bearer_token, token_hash, unknown_token
from service.headers import header_names, secure_headers
from service.problems import Problem
from service.ratelimit import rate_headers, retry_after
from service.scopes import scope_of
from service.services import Services, services
from service.token_format import Shape
from service.web_session import end_cookie, renews_cookie, same_page, session_cookie, set_cookie

# paths that are never rate limited (probes, metrics, docs and their assets)
UNLIMITED = ("/healthz", "/readyz", "/metrics", "/docs", "/openapi", "/static", "/problems",
             "/manifest.webmanifest")


def before_request() -> Response | None:
    g.started = time.perf_counter()
    # An id to find the request by in the logs, not a secret: the process's random
    # generator (reseeded in each forked worker) rather than a system call.
    g.request_id = request.headers.get("X-Request-Id", "")[:64] or \
        f"{random.getrandbits(64):016x}"
    s = services()
    g.accounts = s.accounts
    if request.path.startswith(UNLIMITED) or request.method == "OPTIONS":
        return None
    token = bearer_token()
    if token is None:
        _limit_address(s)
        return None
    by_cookie = session_cookie() is not None
    if by_cookie:
        same_page()
    g.token_digest = digest = token_hash(token)
    if s.accounts.is_admin(token):
        g.holder = g.user = None
        _limit_token(s, digest)
        return None
    # A token this process holds as valid passed the MAC check when it was looked up:
    # the cache answers first, so most requests cost no MAC at all.
    found = s.accounts.cached(digest)
    if isinstance(found, Holder):
        own = True
    else:
        shape = s.accounts.shape(token)
        if shape is Shape.FORGED:
            _limit_invalid(s)
            raise unknown_token()
        # Made by the server (its MAC holds, or it was found valid here before): its own
        # bucket pays, its look-ups too. Otherwise it is an old-format token new to this
        # process, or one known to be unknown: only the store can tell it from a made-up
        # one, so it is looked up only while the address's invalid tokens may still make
        # a request.
        own = shape is Shape.SEALED or s.accounts.vouched(digest)
    if own:
        _limit_token(s, digest)
    else:
        _limit_invalid(s)
    if not isinstance(found, Holder):
        found = None if found is None else s.accounts.look_up(digest)
        if found is None and by_cookie:
            # an ended session is no credential (the page reads as a visitor's), and
            # the browser is told to drop its cookie
            g.session_ended, g.holder, g.user = True, None, None
            g.pop("token_digest")
            return None
        if found is None:
            raise unknown_token()
        if not own:  # valid after all: from now on its requests are its own
            _limit_token(s, digest)
    g.holder, g.user = found, found.user
    rule = request.url_rule
    scope = "" if rule is None else scope_of(request.method, rule.rule)
    if not found.grants(scope):
        raise Problem("insufficient-scope", f"This needs a token with the `{scope}` scope.",
                      scope=scope)
    return None


def _limit_address(s: Services) -> None:
    _limit(s, "address", "a:" + (request.remote_addr or "?"), s.http.rate_per_address,
           s.http.burst_per_address)


def _limit_invalid(s: Services) -> None:
    """The address's bucket of invalid tokens: as large as its anonymous one, apart."""
    _limit(s, "invalid-token", "i:" + (request.remote_addr or "?"), s.http.rate_per_address,
           s.http.burst_per_address)


def _limit_token(s: Services, digest: str) -> None:
    _limit(s, "token", "t:" + digest[:32], s.http.rate_per_token, s.http.burst_per_token)


def _limit(s: Services, policy: str, key: str, rate: float, burst: int) -> None:
    """Take one request from `key`'s bucket (429 if it is empty); the response tells
    the client its budget (the RateLimit headers)."""
    allowance = s.limiter.check(key, rate, burst)
    g.rate_headers = rate_headers(policy, rate, burst, allowance)
    if allowance.wait > 0:
        wait = retry_after(allowance.wait)
        raise Problem("rate-limited", f"Too many requests; retry in {wait} s.",
                      headers={"Retry-After": wait})


def after_request(response: Response) -> Response:
    names = header_names(response)
    secure_headers(response, names)
    if g.get("session_ended"):
        end_cookie(response)
    elif response.status_code == 200 and g.get("user") is not None:
        renewed = renews_cookie()
        if renewed is not None:
            set_cookie(response, renewed)
    headers = response.headers
    for name, value in [("X-Request-Id", _SAFE_REQUEST_ID.sub("", g.get("request_id", ""))),
                        *g.get("rate_headers", {}).items()]:
        # (`set` replaces a header the view wrote; absent, it is added at the end)
        if name.lower() in names:
            headers[name] = value
        else:
            headers.add(name, value)
    return response


# A client's X-Request-Id is echoed: only what a header value may hold, and no more
_SAFE_REQUEST_ID = re.compile(r"[^\x21-\x7e]")
