"""Where the VAPID key comes from (`bootstrap.push_keys`): the setting when there is one;
beside a SQLite file, one made on the first start and kept; none for PostgreSQL
without the setting (no push offered rather than a key lost at the next restart)."""

from __future__ import annotations

import stat
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from bootstrap.push_keys import KEY_SUFFIX, NoPush, push_sender, vapid_key
from events.ports import Store
from referee.settings import Settings
from worker.web_push import VapidKey, WebPushSender

SET = VapidKey.generate()


def store_at(**where: Any) -> Store:
    return cast(Store, SimpleNamespace(**where))


def test_the_setting_is_the_key_wherever_the_store_is() -> None:
    settings = Settings(vapid_private_key=SET.private)
    for store in (store_at(url="postgresql://db/ttr"), store_at(path="/x/ttr.sqlite3"),
                  store_at()):
        found = vapid_key(settings, store)
        assert found is not None and found.public == SET.public


def test_beside_a_sqlite_file_the_first_start_makes_a_key_every_later_one_reads(
        tmp_path: Path) -> None:
    database = str(tmp_path / "ttr.sqlite3")
    first = vapid_key(Settings(), store_at(path=database))
    again = vapid_key(Settings(), store_at(path=database))
    assert first is not None and again is not None and first.public == again.public
    kept = Path(database + KEY_SUFFIX)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_postgresql_without_the_setting_offers_no_push() -> None:
    store = store_at(url="postgresql://db/ttr")
    assert vapid_key(Settings(), store) is None
    assert isinstance(push_sender(Settings(), store), NoPush)


def test_the_sender_signs_with_the_key_and_the_subject_and_allows_loopback_when_told() -> None:
    sender = push_sender(Settings(vapid_private_key=SET.private, vapid_subject="https://a.example",
                                  push_allow_loopback=True), store_at())
    assert isinstance(sender, WebPushSender)
    assert (sender.key.public, sender.subject, sender.allow_loopback) == (
        SET.public, "https://a.example", True)
