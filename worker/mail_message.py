"""A `referee.outreach.Mail` as the MIME message every mail sender hands over or shows.

One composition for all the adapters (SMTP, the log, memory), so what a player receives
is the same whichever carries it: a ``multipart/alternative`` with the plain-text part
first and the HTML part second (RFC 2046: the last is the richest), the mail's own
headers (``List-Unsubscribe``…), and a ``Message-ID`` made from the mail's `key`, so a
mail handed over twice for the same thing carries the same id and a mail system that
deduplicates by it shows it once.
"""

from __future__ import annotations

import hashlib
from email.message import EmailMessage
from email.utils import formatdate, parseaddr

from referee.outreach import Mail

# headers a mail's own `headers` may not replace: they say who sends it to whom, and
# which mail it is
_OWN = frozenset({"from", "to", "subject", "message-id", "date", "content-type",
                  "mime-version", "content-transfer-encoding"})


def message_id(key: str, sender: str) -> str:
    """The Message-ID of the mail whose key is `key`: the same key, the same id."""
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:32]}@{domain}>"


def mime_message(mail: Mail, sender: str) -> EmailMessage:
    """`mail`, from `sender` (``Name <address>``), as a MIME message."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = message_id(mail.key, sender)
    for name, value in mail.headers.items():
        if name.lower() not in _OWN:
            message[name] = value
    message.set_content(mail.text)
    message.add_alternative(mail.html, subtype="html")
    return message


def masked(address: str) -> str:
    """`address` as the logs may show it: its first letter and its domain alone
    (addresses are never logged whole)."""
    local, _, domain = address.rpartition("@")
    return f"{local[:1]}…@{domain}" if local else "…"
