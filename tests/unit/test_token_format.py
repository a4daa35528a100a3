"""The token's MAC: a token the server made is told from a made-up one by its text alone;
keys are replaced without stopping the tokens they signed; the key of the embedded
mode is made once and kept beside the database; a key that is no secret is refused."""

from __future__ import annotations

import secrets
import stat
from pathlib import Path

import pytest

from bootstrap.token_keys import KEYS_SUFFIX, kept_keys
from service.config import SettingsError, http_settings_from_env
from service.token_format import Shape, TokenSeal, legacy_token, new_key, unsealed_shape
from tests.api_support import Client, make_app

OLD_KEY, NEW_KEY = new_key(), new_key()


def test_a_token_the_server_made_is_sealed() -> None:
    seal = TokenSeal([OLD_KEY])
    token = seal.mint()
    assert token.startswith("ttr_") and len(token) == 70
    assert seal.shape(token) is Shape.SEALED


def test_a_token_whose_mac_was_made_up_is_forged() -> None:
    seal = TokenSeal([OLD_KEY])
    random_part = seal.mint()[4:47]
    assert seal.shape(f"ttr_{random_part}_{secrets.token_urlsafe(16)}") is Shape.FORGED


def test_a_token_sealed_under_another_key_is_forged() -> None:
    assert TokenSeal([NEW_KEY]).shape(TokenSeal([OLD_KEY]).mint()) is Shape.FORGED


def test_the_first_key_signs_and_every_key_verifies() -> None:
    old_token = TokenSeal([OLD_KEY]).mint()
    rotated = TokenSeal([NEW_KEY, OLD_KEY])
    assert rotated.shape(old_token) is Shape.SEALED
    assert TokenSeal([NEW_KEY]).shape(rotated.mint()) is Shape.SEALED


def test_a_token_of_the_old_format_is_left_to_the_store() -> None:
    assert TokenSeal([OLD_KEY]).shape(legacy_token()) is Shape.LEGACY


@pytest.mark.parametrize("text", ["", "ttr_", "not a token", "ttr_" + "a" * 42,
                                  "ttr_" + "a" * 44, "ttr_" + "a" * 42 + "=",
                                  "xyz_" + "a" * 43, "ttr_" + "a" * 43 + "_" + "b" * 21])
def test_text_of_neither_format_was_never_a_token(text: str) -> None:
    assert TokenSeal([OLD_KEY]).shape(text) is Shape.FORGED
    assert unsealed_shape(text) is Shape.FORGED


def test_without_a_key_a_sealed_looking_token_is_left_to_the_store() -> None:
    assert unsealed_shape(TokenSeal([OLD_KEY]).mint()) is Shape.LEGACY


def test_the_embedded_key_is_made_once_and_kept_for_its_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / ("ttr.sqlite3" + KEYS_SUFFIX)
    first = kept_keys(path)
    assert kept_keys(path) == first and len(first) == 1
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # nothing left aside


def test_tokens_of_the_embedded_mode_outlive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ttr.sqlite3'}"
    first = make_app(url)
    token = Client(first).new_user()
    first.extensions["ttr"].close()
    again = make_app(url)
    assert Client(again).get("/v1/users/me", token=token).status_code == 200
    assert (tmp_path / ("ttr.sqlite3" + KEYS_SUFFIX)).exists()
    again.extensions["ttr"].close()


def test_a_token_works_after_its_key_moves_down_the_list(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ttr.sqlite3'}"
    before = make_app(url, token_keys=(OLD_KEY,))
    token = Client(before).new_user()
    before.extensions["ttr"].close()
    rotated = make_app(url, token_keys=(NEW_KEY, OLD_KEY))
    assert Client(rotated).get("/v1/users/me", token=token).status_code == 200
    rotated.extensions["ttr"].close()
    dropped = make_app(url, token_keys=(NEW_KEY,))
    assert Client(dropped).get("/v1/users/me", token=token).status_code == 401
    dropped.extensions["ttr"].close()


@pytest.mark.parametrize("keys", ["short", f"{new_key()},CHANGE-ME-0123456789-0123456789-01"],
                         ids=["too short", "a placeholder after a real key"])
def test_a_token_key_that_is_no_secret_is_refused(keys: str) -> None:
    with pytest.raises(SettingsError, match="^TTR_TOKEN_KEYS .*shorter than 32"):
        http_settings_from_env({"TTR_TOKEN_KEYS": keys})


def test_token_keys_are_read_as_a_list() -> None:
    read = http_settings_from_env({"TTR_TOKEN_KEYS": f"{NEW_KEY}, {OLD_KEY}"})
    assert read.token_keys == (NEW_KEY, OLD_KEY)
