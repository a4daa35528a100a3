"""Every message the browser pages ask for is in all nine catalogues
(`service/static/app/i18n/*.json`): the web client's and the replay viewer's modules
(`t("key")`, a key named in a table of keys, a key built from a prefix), and the words of
their HTML pages (`data-t`, `data-t-title`, `data-t-label`). A map, a bot level and a
score part each have their name in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from domain.cards import KINDS
from domain.maps import MAP_NAMES, map_entry
from domain.stand_ins import BOT_LEVELS
from worker.notice_mail import map_called

STATIC = Path(__file__).resolve().parents[2] / "service" / "static"
CATALOGUE = STATIC / "app" / "i18n"
LANGUAGES = ("en", "cs", "da", "fi", "hu", "nb", "pl", "pt", "sv")
MODULES = sorted([*STATIC.glob("app/*.js"), *STATIC.glob("replay/*.js")])
PAGES = sorted([*STATIC.glob("app/*.html"), *STATIC.glob("replay/*.html")])


def _catalogue(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(
        (CATALOGUE / f"{language}.json").read_text(encoding="utf-8"))
    return messages


ENGLISH = _catalogue("en")
# the first part of every dotted key ("caption" of "caption.you"): a string of a module
# that starts so and looks like a key is taken for one
FAMILIES = {key.split(".")[0] for key in ENGLISH if "." in key}


def _code(path: Path) -> str:
    """A module's text without its comments (which name keys in passing)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"(?m)(^|[^:\"'`])//.*$", r"\1", text)


def _asked() -> set[str]:
    """The keys the modules name whole: as t()'s or has()'s argument, or as a string of
    a key's family elsewhere (a table of keys, a ternary's branches)."""
    asked: set[str] = set()
    for module in MODULES:
        code = _code(module)
        asked |= set(re.findall(r"\b(?:t|has)\(\s*[\"']([A-Za-z_][\w.]*)[\"']", code))
        for literal in re.findall(r"[\"']([a-z_]+\.[a-z_0-9.]+)[\"']", code):
            if literal.split(".")[0] in FAMILIES and not literal.endswith((".js", ".json")):
                asked.add(literal)
    return asked


def _built() -> set[str]:
    """The fixed beginnings of the keys the modules build (t(`map.${code}`): "map.")."""
    prefixes: set[str] = set()
    for module in MODULES:
        prefixes |= set(re.findall(r"\b(?:t|has)\(\s*`([\w.]*)\$\{", _code(module)))
    return prefixes


def _page_keys() -> set[str]:
    keys: set[str] = set()
    for page in PAGES:
        keys |= set(re.findall(r"\bdata-t(?:-title|-label)?=\"([^\"]+)\"",
                               page.read_text(encoding="utf-8")))
    return keys


def test_the_modules_ask_for_messages() -> None:
    # the patterns below find what they look for (an empty find would pass anything)
    assert {"caption.you", "caption.you_no_stations", "replay.play"} <= _asked()
    assert {"map.", "score.", "bot_name."} <= _built()
    assert {"replay.heading", "score.globetrotter", "replay.first_key"} <= _page_keys()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_a_module_names_is_in_the_catalogue(language: str) -> None:
    messages = _catalogue(language)
    assert sorted(_asked() - set(messages)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_a_page_names_is_in_the_catalogue(language: str) -> None:
    messages = _catalogue(language)
    assert sorted(_page_keys() - set(messages)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_a_module_builds_has_messages_of_its_beginning(language: str) -> None:
    messages = _catalogue(language)
    assert [p for p in sorted(_built()) if not any(k.startswith(p) for k in messages)] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_map_bot_level_card_and_score_part_has_its_name(language: str) -> None:
    messages = _catalogue(language)
    wanted = {f"map.{name}" for name in MAP_NAMES}
    wanted |= {f"level.{level}" for level in BOT_LEVELS}
    wanted |= {f"bot_name.{level}{n}" for level in BOT_LEVELS for n in ("", "_n")}
    wanted |= {f"card.{kind}" for kind in KINDS}
    wanted |= {f"score.{part}" for part in ("routes", "tickets", "stations", "longest_path",
                                            "globetrotter", "total")}
    assert sorted(wanted - set(messages)) == []


@pytest.mark.parametrize("language", [x for x in LANGUAGES if x != "en"])
def test_a_name_of_a_map_or_a_bot_is_translated_not_copied(language: str) -> None:
    # "Europe" is Europe in more than one language; North America and a bot are not
    messages = _catalogue(language)
    for key in ("map.usa", "bot_name.hard", "caption.you_no_stations", "skip_to_content"):
        assert messages[key] != ENGLISH[key], key


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_the_server_calls_a_map_what_the_english_catalogue_does(map_name: str) -> None:
    # a mail says "North America" as the page does, never the map's id ("usa")
    assert map_entry(map_name).region_name == ENGLISH[f"map.{map_name}"] == map_called(map_name)


def test_a_mail_names_a_map_the_registry_does_not_know_by_its_id_made_readable() -> None:
    assert map_called("tiny_land") == "Tiny Land"
