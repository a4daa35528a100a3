"""The job that hands over a mail carrying a one-time link: an address's verification,
or a sign-in (`referee.jobs.LINK_MAIL`, asked for by `service.mail_addresses`).

The mail comes sealed (`referee.outreach.sealed_mail`) and is opened here with the
addresses' key. A mail server that is away (a `SendFailed` that is not permanent)
makes the job fail, so that it is run again after the kind's growing waits; a refusal
for good ends it: trying again would not help. What is logged names neither the
address nor the link.
"""

from __future__ import annotations

import logging

from referee.outreach import SendFailed, opened_mail
from worker.context import current_context

log = logging.getLogger(__name__)


class LinkMailDelayed(Exception):
    """The mail server could not take the mail now: the job is to be run again."""


def send_link_mail(sealed: str) -> str:
    """Open and hand over the sealed mail; what came of it (raises `LinkMailDelayed`
    for a failure worth retrying)."""
    ctx = current_context()
    if ctx.addresses is None:
        log.warning("a link mail was dropped: this server keeps no mail keys")
        return "dropped: no mail keys"
    try:
        mail = opened_mail(ctx.addresses, sealed)
    except ValueError:
        log.warning("a link mail was dropped: no key of this server opens it")
        return "dropped: sealed under another key"
    try:
        ctx.mail.send(mail)
    except SendFailed as failed:
        if failed.permanent:
            log.warning("a link mail was refused for good: %s", failed.reason)
            return f"refused: {failed.reason}"
        raise LinkMailDelayed(failed.reason) from None
    return "mailed"
