"""The mail sender that hands mail to an SMTP server (the standard library's `smtplib`:
one connection per mail, which a job's pace makes plenty).

What the server answers decides what a failure is: a refusal of the recipient or of the
mail (a 5xx reply) is permanent, trying again will not help; anything else (a 4xx reply,
a server that cannot be reached, a time-out) is `SendFailed` to be retried.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass

from referee.outreach import Mail, SendFailed
from worker.mail_message import mime_message

SECURITY = ("starttls", "tls", "none")


@dataclass(frozen=True)
class SmtpServer:
    """Where and how to reach the SMTP server (`referee.settings`: ``TTR_SMTP_*``)."""

    host: str
    port: int = 587
    security: str = "starttls"  # one of SECURITY
    username: str = ""
    password: str = ""
    timeout: float = 10.0


class MailBySmtp:
    """Hands each mail to `server`, from `sender` (``Name <address>``)."""

    def __init__(self, server: SmtpServer, sender: str) -> None:
        if server.security not in SECURITY:
            raise ValueError(f"security must be one of {SECURITY}, not {server.security!r}")
        self.server = server
        self.sender = sender

    def send(self, mail: Mail) -> None:
        message = mime_message(mail, self.sender)
        try:
            with self._connect() as smtp:
                if self.server.username:
                    smtp.login(self.server.username, self.server.password)
                smtp.send_message(message)
        except smtplib.SMTPRecipientsRefused as refused:
            codes = [code for code, _ in refused.recipients.values()]
            raise SendFailed(f"the SMTP server refused the recipient ({codes})",
                             permanent=all(code >= 500 for code in codes)) from None
        except smtplib.SMTPResponseException as error:
            raise SendFailed(f"the SMTP server answered {error.smtp_code}",
                             permanent=500 <= error.smtp_code < 600) from None
        except (smtplib.SMTPException, OSError) as error:
            raise SendFailed(f"the SMTP server could not be reached: "
                             f"{type(error).__name__}") from None

    def _connect(self) -> smtplib.SMTP:
        server = self.server
        if server.security == "tls":
            return smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout,
                                    context=ssl.create_default_context())
        smtp = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
        if server.security == "starttls":
            try:
                smtp.starttls(context=ssl.create_default_context())
            except BaseException:
                smtp.close()
                raise
        return smtp
