"""One narration for the web client's log and the replay viewer
(`service/static/app/words.js`): every event type the server can emit (the event
catalogue, `events/catalogue.py`) is told in a sentence of its own, in every language of
the catalogue (`service/static/app/i18n/*.json`), run in Chromium as the pages run it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from events.catalogue import TYPES
from tests.replay_fixtures import AppServer

APP = Path(__file__).resolve().parents[2] / "service" / "static" / "app"
LANGUAGES = sorted(p.stem for p in (APP / "i18n").glob("*.json"))
CARDS = {"red": 2, "locomotive": 1}

# One event of each type the server can emit, with the details a finished game's export
# shows (a new type fails the test below until it has a sample here and words there).
SAMPLES: dict[str, dict[str, Any]] = {
    "game_created": {"map": "usa", "seats": 3, "created_by": "u-ann"},
    "seat_taken": {"seat": 2, "user_id": "u-cy", "name": "Cy", "bot": None},
    "seat_left": {"seat": 1, "user_id": "u-ben"},
    "stand_in_seated": {"seat": 0, "user_id": "bot-1", "name": "Easy bot", "level": "easy",
                        "replaced": "u-ann", "reason": "resigned"},
    "player_returned": {"seat": 0, "user_id": "u-ann", "name": "Ann", "bot_user_id": "bot-1"},
    "hint_given": {"seat": 1},
    "reaction_sent": {"seat": 1, "reaction": "well_played"},
    "deadline_paused": {"seat": 1, "until": "2026-12-05T09:00:00Z", "time_left": 43200},
    "deadline_resumed": {"seat": 1},
    "game_started": {"map": "usa", "players": 2, "first_player": 1,
                     "hands": [["red"] * 4, ["blue"] * 4], "dealt_tickets": [["t1"] * 3] * 2,
                     "market": ["red", "blue", "green", "white", "locomotive"]},
    "deck_reshuffled": {"shuffle": 1, "size": 42},
    "market_refilled": {"slots": [0], "cards": ["red"]},
    "market_reset": {"discarded": ["locomotive", "locomotive", "locomotive", "red", "blue"]},
    "card_drawn_blind": {"seat": 0, "card": "red"},
    "card_taken": {"seat": 1, "slot": 2, "card": "green"},
    "route_claimed": {"seat": 0, "route": "r1", "cards": CARDS, "points": 4},
    "tunnel_attempted": {"seat": 0, "route": "r1", "cards": CARDS, "color": "red"},
    "tunnel_cards_revealed": {"seat": 0, "cards": ["red", "blue", "green"], "extra_cards": 1},
    "tunnel_declined": {"seat": 0, "route": "r1"},
    "tickets_drawn": {"seat": 1, "count": 3, "tickets": ["t1", "t2", "t3"]},
    "tickets_kept": {"seat": 1, "kept": ["t1", "t2"], "kept_count": 2, "returned_count": 1},
    "setup_tickets_returned": {"count": 2},
    "station_built": {"seat": 1, "city": "Oslo", "cards": CARDS},
    "passed": {"seat": 0},
    "turn_ended": {"seat": 0, "next_seat": 1, "skipped": []},
    "final_round_started": {"seat": 1, "trains": 2},
    "game_ended": {"reason": "final_round"},
    "seed_revealed": {"seed": "00ff" * 16},
    "player_resigned": {"seat": 1},
    "turn_timed_out": {"seat": 0, "deadline": "2026-11-27T18:00:00Z", "consecutive": 2},
    "player_dropped": {"seat": 0, "timeouts": 3},
    "game_scored": {"players": [{"seat": 0, "score": {"total": 95}}], "winners": [0]},
}

TELL = """async ([language, samples]) => {
  const i18n = await import('/static/app/i18n.js');
  const words = await import('/static/app/words.js');
  await i18n.setLanguage(language);
  const ctx = { seatName: (s) => ['Ann', 'Ben', 'Cy'][s], userName: () => 'Ann',
    routeName: () => 'Oslo–Bergen', ticketName: (id) => id,
    actorName: () => 'Ann' };
  const unknown = i18n.t('ev.unknown', { type: '' }).split('(')[0];
  const told = {};
  for (const [type, data] of Object.entries(samples)) {
    told[type] = [words.describeEvent({ type, data }, ctx), unknown];
  }
  return told;
}"""


@pytest.fixture(scope="module")
def page(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with AppServer(tmp_path_factory.mktemp("narration"), []) as server:
        context = chromium.new_context()
        page = context.new_page()
        # a page that runs nothing of its own, under the pages' policy (a JSON answer's
        # lets a document run nothing at all)
        page.goto(server.origin + "/problems/not-found")
        yield page
        context.close()


def test_every_event_type_the_server_emits_has_a_sample_here() -> None:
    assert set(SAMPLES) == set(TYPES)


def test_the_narration_has_a_case_for_every_event_type() -> None:
    source = (APP / "words.js").read_text(encoding="utf-8")
    cases = set(re.findall(r'case "([a-z_]+)":', source))
    assert set(TYPES) <= cases, set(TYPES) - cases


@pytest.fixture(scope="module")
def english(page: Any) -> dict[str, list[str]]:
    told: dict[str, list[str]] = page.evaluate(TELL, ["en", SAMPLES])
    return told


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_type_is_told_in_every_language(page: Any, language: str,
                                                    english: dict[str, list[str]]) -> None:
    told = page.evaluate(TELL, [language, SAMPLES])
    for type_name, (sentence, unknown) in told.items():
        assert sentence and not sentence.startswith(unknown), (language, type_name, sentence)
        assert "{" not in sentence and "ev." not in sentence, (language, type_name, sentence)
        if language != "en":  # a translation, not the English sentence again
            assert sentence != english[type_name][0], (language, type_name, sentence)


def test_the_details_a_finished_game_shows_are_told(page: Any) -> None:
    told = page.evaluate(TELL, ["en", SAMPLES])
    assert told["tickets_drawn"][0] == "Ben drew 3 destination tickets: t1, t2, t3."
    assert told["tickets_kept"][0] == "Ben kept 2 tickets: t1, t2. 1 ticket was returned."
    assert told["game_scored"][0] == "Final score: Ann (95 points) wins."
    assert told["seed_revealed"][0].startswith("The secret seed was revealed (00ff00ff00ff00ff…)")
    assert told["game_started"][0] == (
        "The game started with 2 players; Ben plays first. Each player was dealt 4 cards."
        " Each player chose from 3 tickets. Face up: red, blue, green, white, locomotive.")
    skipped = page.evaluate(TELL, ["en", {"turn_ended": {"seat": 0, "next_seat": 2,
                                                         "skipped": [1]}}])
    assert skipped["turn_ended"][0] == (
        "Ann's turn ended; Cy plays next (skipping Ben, who left).")
