"""Tournaments in the web client, in Chromium against `ttr serve` (bots playing with no
pause): the lobby links to the tournaments page, a player organises one there, joins
and leaves it before the start, adds bots, starts it at once, and follows its page,
rounds and standings, until it has finished."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve

STATUS = "() => document.getElementById('tournament')?.dataset.status"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-tournaments"), TTR_BOT_PAUSE="0") as running:
        yield running


@pytest.fixture(scope="module")
def organiser(server: Server, chromium: Any) -> Iterator[Any]:
    """The organiser's page, on the tournament they have just organised."""
    page = chromium.new_context().new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={server.user('Olga')}")
    page.wait_for_function(READY)
    page.press("#tournaments-link", "Enter")
    page.wait_for_function("() => document.getElementById('new-tournament') !== null")
    page.fill("#tournament-name", "Quick cup")
    page.select_option("#tournament-map", "usa")
    page.select_option("#tournament-per-table", "2")
    page.fill("#tournament-rounds", "2")
    page.press("#create-tournament", "Enter")
    page.wait_for_function(f"() => ({STATUS})() === 'open'")
    yield page
    page.context.close()


def entrants(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#entrants li[data-entrant]",
                                          "(items) => items.map((li) => li.dataset.entrant)"))


def press_and_wait(page: Any, selector: str) -> None:
    """Press and wait until the tournament is drawn again with the answer."""
    version = page.evaluate("() => document.getElementById('tournament').dataset.version")
    page.press(selector, "Enter")
    page.wait_for_function(
        "(v) => document.getElementById('tournament').dataset.version !== v", arg=version)


def test_the_new_tournament_is_open_and_listed(server: Server, organiser: Any) -> None:
    tournament_id = organiser.evaluate("location.pathname").removeprefix("/tournaments/")
    assert organiser.inner_text("h1") == "Quick cup"
    organiser.go_back()
    organiser.wait_for_function(
        "(id) => document.querySelector(`#tournaments-open [data-tournament='${id}']`)",
        arg=tournament_id)
    organiser.go_forward()
    organiser.wait_for_function(f"() => ({STATUS})() === 'open'")


def test_a_player_joins_and_leaves_before_the_start(organiser: Any) -> None:
    press_and_wait(organiser, "#join-tournament")
    assert len(entrants(organiser)) == 1
    press_and_wait(organiser, "#leave-tournament")
    assert entrants(organiser) == []


def test_the_tournament_started_now_is_followed_to_its_final_standings(
        server: Server, organiser: Any) -> None:
    organiser.select_option("#tournament-bot-level", "easy")
    for _ in range(4):
        press_and_wait(organiser, "#add-bot")
    assert len(entrants(organiser)) == 4
    press_and_wait(organiser, "#start-tournament")
    assert organiser.evaluate(STATUS) == "playing"
    links = organiser.eval_on_selector_all(".round-tables a.table-link",
                                           "(links) => links.map((a) => a.pathname)")
    assert len(links) == 2 and all(link.startswith("/play/") for link in links)
    # the page asks again by itself: no reload until the last round has been scored
    organiser.wait_for_function(f"() => ({STATUS})() === 'finished'", timeout=120_000)
    assert organiser.evaluate(
        "() => document.getElementById('tournament').dataset.rounds") == "2"
    rows = organiser.eval_on_selector_all(
        "#standings tbody tr", "(rows) => rows.map((r) => Number(r.cells[2].textContent))")
    # two tables of two a round, each giving out one placing point: four in all
    assert len(rows) == 4 and sum(rows) == 4 and rows == sorted(rows, reverse=True)
    assert organiser.errors == []


def test_a_visitor_signs_up_before_seeing_the_tournaments(server: Server, chromium: Any) -> None:
    page = chromium.new_context().new_page()
    page.goto(f"{server.origin}/tournaments")
    page.wait_for_function(READY)
    assert page.evaluate("() => document.body.dataset.state") == "ready"
    assert page.is_visible("#signup")
    page.context.close()
