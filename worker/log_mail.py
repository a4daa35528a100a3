"""The mail sender of an installation with no SMTP server (the embedded default): each
mail is written to the log, marked as not sent, so a person trying the service
locally sees the links it carries (a sign-in link, an address's verification).

The recipient's address is not written whole (`worker.mail_message.masked`): the logs
are never a place where addresses can be gathered.
"""

from __future__ import annotations

import logging

from referee.outreach import Mail
from worker.mail_message import masked, mime_message

log = logging.getLogger(__name__)

NOT_SENT = "mail NOT SENT (no SMTP server is configured: TTR_SMTP_HOST)"


class MailToLog:
    """Writes each mail to the log (see the module doc); never fails."""

    def __init__(self, sender: str) -> None:
        self.sender = sender

    def send(self, mail: Mail) -> None:
        message = mime_message(mail, self.sender)
        del message["To"]
        message["To"] = masked(mail.to)
        log.warning("%s:\n%s", NOT_SENT, message.as_string())
