"""What a player wants to be told, and how (`/v1/users/me/notice-settings`), and the
one-click unsubscribe of the mails' ``List-Unsubscribe`` (RFC 8058).

The settings are `referee.notice_choice`'s document, checked there; a PUT replaces
them (the kinds it names are chosen, the others keep their defaults). The answer also
says whether the player has an address, and whether it was disabled after repeated
failures (then nothing is mailed until they add an address again).

The unsubscribe URL carries an opaque token: the player's id sealed with the server's
address key (`worker.outreach.unsubscribe_url`), good for nothing but turning mail off.
Using it turns every kind's mail off (``both`` becomes ``push``), and says nothing of
whose it was.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from events.ports import MailAddresses, NoticeOutbox
from referee.address_seal import AddressSeal
from referee.notice_choice import KINDS, InvalidSettings, NoticeSettings, settings_from
from service.problems import Problem

UNSUBSCRIBE = "unsubscribe:"  # (as `worker.outreach` seals it)


class SettingsStore(NoticeOutbox, MailAddresses, Protocol):
    """What the notice settings need of the store."""


def settings_view(store: SettingsStore, user_id: str) -> dict[str, Any]:
    settings = settings_from(store.notice_settings_of(user_id))
    address = store.mail_address_of(user_id)
    return {**settings.document(),
            "mail": {"address": address is not None,
                     "disabled": address is not None and address.disabled_at is not None}}


def put_settings(store: SettingsStore, user_id: str, body: dict[str, Any],
                 now: datetime) -> dict[str, Any]:
    document = {**body, "chosen": sorted(body.get("channels", {}))}
    try:
        settings = settings_from(document)
    except InvalidSettings as invalid:
        field, _, why = str(invalid).partition(": ")
        raise Problem("invalid-request", f"These notice settings cannot be used: {invalid}.",
                      errors={field.split(".")[0]: [why or str(invalid)]}) from None
    store.put_notice_settings(user_id, stored(settings), now)
    return settings_view(store, user_id)


def stored(settings: NoticeSettings) -> dict[str, Any]:
    document = settings.document()
    document["channels"] = dict(settings.channels)
    return document


def unsubscribe(store: SettingsStore, seal: AddressSeal | None, token: str,
                now: datetime) -> None:
    """Turn off every kind's mail for the player whose token this is (404 if none)."""
    try:
        opened = seal.open("v1:" + token) if seal is not None else ""
    except (ValueError, TypeError):
        opened = ""
    if not opened.startswith(UNSUBSCRIBE):
        raise Problem("not-found", "This unsubscribe link is unknown.")
    user_id = opened.removeprefix(UNSUBSCRIBE)
    settings = settings_from(store.notice_settings_of(user_id))
    channels = {}
    for kind in KINDS:
        channel = settings.channel(kind, True)
        channels[kind] = {"mail": "none", "both": "push"}.get(channel, channel)
    settings = NoticeSettings(channels, settings.mail_after_minutes, settings.digest_hours,
                              settings.quiet_start, settings.quiet_end, settings.time_zone)
    store.put_notice_settings(user_id, stored(settings), now)
