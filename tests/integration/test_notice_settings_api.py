"""What a player wants to be told, through the API, on every adapter: the defaults, a
choice kept, settings that cannot be used refused and nothing changed, and the mails'
one-click unsubscribe (RFC 8058) taking a form body and no credential."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from tests.api_support import Client, make_app
from worker.outreach import unsubscribe_url

SETTINGS = "/v1/users/me/notice-settings"


@pytest.fixture(scope="module")
def app(module_adapter_url: str) -> Iterator[Flask]:
    """One app per adapter for the module (each test has players of its own)."""
    app = make_app(module_adapter_url, mail_keys=("n" * 32,), public_url="https://play.example")
    yield app
    app.extensions["ttr"].close()


def test_a_player_who_never_chose_has_the_defaults(client: Client) -> None:
    got = client.get(SETTINGS, token=client.new_user("Ada")).json
    assert got is not None
    assert got["channels"]["your_turn"] == "both" and got["channels"]["game_started"] == "mail"
    assert (got["chosen"], got["digest_hours"], got["quiet_hours"]) == ([], 0, None)
    assert got["mail"] == {"address": False, "disabled": False}


def test_a_choice_is_kept(client: Client) -> None:
    token = client.new_user("Ada")
    body = {"channels": {"your_turn": "push", "game_scored": "none"}, "digest_hours": 24,
            "quiet_hours": {"start": "22:00", "end": "07:30"}, "time_zone": "Europe/Paris"}
    assert client.request("PUT", SETTINGS, token=token, json=body).status_code == 200
    got = client.get(SETTINGS, token=token).json
    assert got is not None
    assert (got["channels"]["your_turn"], got["channels"]["game_scored"]) == ("push", "none")
    assert got["chosen"] == ["game_scored", "your_turn"] and got["digest_hours"] == 24
    assert got["quiet_hours"] == {"start": "22:00", "end": "07:30"}


@pytest.mark.parametrize("body", [
    {"channels": {"your_turn": "pigeon"}}, {"channels": {"nonsense": "mail"}},
    {"time_zone": "Mars/Olympus"}, {"quiet_hours": {"start": "25:00", "end": "07:00"}},
    {"digest_hours": -1}], ids=["channel", "kind", "zone", "hours", "digest"])
def test_settings_that_cannot_be_used_are_refused_and_change_nothing(
        client: Client, body: dict[str, object]) -> None:
    token = client.new_user("Ada")
    before = client.get(SETTINGS, token=token).json
    answer = client.request("PUT", SETTINGS, token=token, json=body)
    assert answer.status_code == 400 and answer.json is not None
    assert answer.json["type"] == "/problems/invalid-request"
    assert client.get(SETTINGS, token=token).json == before


def test_one_click_unsubscribe_turns_every_mail_off(app: Flask, client: Client) -> None:
    token = client.new_user("Ada")
    user_id = (client.get("/v1/users/me", token=token).json or {})["id"]
    url = unsubscribe_url(app.extensions["ttr"].worker, user_id)
    path = url.removeprefix("https://play.example")
    answer = client.post(path, data="List-Unsubscribe=One-Click",
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 204
    got = client.get(SETTINGS, token=token).json
    assert got is not None
    assert got["channels"]["your_turn"] == "push" and got["channels"]["game_started"] == "none"


def test_an_unknown_unsubscribe_token_is_not_found(client: Client) -> None:
    answer = client.post("/v1/unsubscribe/made-up-token", data="List-Unsubscribe=One-Click",
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 404
