"""The security headers every answer carries: what a browser may load, run, frame and
tell other sites on the service's pages.

Every answer says `X-Content-Type-Options: nosniff` (a JSON or text answer is never
taken for a script or a page) and `Referrer-Policy: no-referrer` (a page's address, a
game's id among it, goes to no other site). A page (`text/html`) also carries its
Content-Security-Policy, a Permissions-Policy turning off the devices and sensors no
page here uses, and `X-Frame-Options: DENY` for browsers older than `frame-ancestors`:

- every page (`PAGE_POLICY`: the web client, the replay viewer, the API reference at
  `/docs`, the problem pages): scripts, styles, fonts and connections only from this
  origin, no inline script (but the web client's page's first reads, `app/early.js`,
  which that page allows by its hash: `service.api.client_pages`), no style
  attribute, no eval, no plugin, no `<base>`, framed by nobody; images also as `data:`
  URLs (the tab's icon, drawn when it is the player's turn). The Swagger UI bundle of
  `/docs` keeps to it as it is: it styles its elements through their `style`
  properties, which a policy does not govern
  (tests/browser/test_page_policy.py opens it under this policy);
- every other answer (JSON, the contract, scripts, styles): `NON_PAGE_POLICY`, which
  lets a document made of it load and run nothing at all, should a browser be sent to
  one directly.
"""

from __future__ import annotations

from flask import Response

PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "font-src 'self'; connect-src 'self'; manifest-src 'self'; "
               "form-action 'self'; object-src 'none'; base-uri 'none'; "
               "frame-ancestors 'none'")
NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
# the powerful features none of the pages uses, refused to them and to any frame
PERMISSIONS_POLICY = ", ".join(f"{feature}=()" for feature in (
    "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media",
    "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment",
    "publickey-credentials-get", "screen-wake-lock", "serial", "usb", "xr-spatial-tracking"))


def policy_for(mimetype: str | None) -> str:
    """The Content-Security-Policy of an answer of this `mimetype`."""
    return PAGE_POLICY if mimetype == "text/html" else NON_PAGE_POLICY


# what a page carries besides what every answer does
PAGE_ONLY = (("Permissions-Policy", PERMISSIONS_POLICY), ("X-Frame-Options", "DENY"),
             ("Cross-Origin-Opener-Policy", "same-origin"))


def header_names(response: Response) -> set[str]:
    """The names of `response`'s headers, lowercased. Speed: werkzeug's `in`, `get` and
    `setdefault` raise and catch an exception for each name that is absent (most of
    the ones the hooks ask about); one pass over the few headers costs less."""
    return {name.lower() for name, _ in response.headers}


def secure_headers(response: Response, names: set[str] | None = None) -> Response:
    """The `after_request` part that writes the headers above (a view's own stay);
    `names`: `header_names(response)`, if known (it is kept up to date)."""
    headers = response.headers
    names = header_names(response) if names is None else names
    mimetype = response.mimetype  # (parsed from Content-Type on each read)
    wanted = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
              ("Content-Security-Policy", policy_for(mimetype))]
    for name, value in (wanted + list(PAGE_ONLY)) if mimetype == "text/html" else wanted:
        if name.lower() not in names:  # (what `setdefault` does, without its exception)
            headers.add(name, value)
            names.add(name.lower())
    return response
