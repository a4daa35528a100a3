"""Whole games in the web client: separate players, each in a browser context of its own
(its own account), sign up in the lobby, one creates a private game, the others join
through its invite link, and all play to the final score by pressing the page's
controls (`tests/web_client_support.py` chooses which legal move; the page sends it).

The games of every map, with two and with three players, run at once in one Chromium
against one `ttr serve`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS
from tests.web_client_support import (
    Server,
    create_game,
    join_by_link,
    run_async,
    serve,
    sign_up,
    take_turns,
)

# each map once, two and three players both played (three games at once keep the
# browser folder within its share of the suite's time)
GAMES = [("usa", 3), ("europe", 2), ("nordic", 3)]
NAMES = ("Ada", "Bea", "Cyd")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-games")) as running:
        yield running


async def _game(browser: Any, server: Server, map_name: str, seats: int) -> dict[str, Any]:
    pages = [await sign_up(browser, server.origin, f"{NAMES[i]}-{map_name}")
             for i in range(seats)]
    link = await create_game(pages[0], map_name, seats, private=True)
    assert "/join/" in link and "#invite=" in link
    for page in pages[1:]:
        await join_by_link(page, link)
    presses = await asyncio.gather(*(take_turns(p) for p in pages))
    game_id = link.split("/join/")[1].split("#")[0]
    shown = [await p.evaluate(
        "[...document.querySelectorAll('#final-scores tbody tr')].map(r =>"
        " [+r.dataset.seat, +r.querySelector('.total').textContent.trim(),"
        "  r.classList.contains('winner')])") for p in pages]
    # the page holds no token: the score is read as the page reads, with its session
    score = await pages[0].evaluate(
        "(id) => fetch(`/v1/games/${id}/score`).then((r) => r.json())", game_id)
    errors = [e for p in pages for e in p.errors]
    winners_text = await pages[1].inner_text("#winners")
    last = await pages[0].evaluate("document.querySelector('#log li').dataset.type")
    replay = await _replay_of_private_game(pages[0], game_id)
    for p in pages:
        await p.context.close()
    return {"game_id": game_id, "shown": shown, "score": score, "errors": errors,
            "presses": presses, "winners_text": winners_text, "last": last, "replay": replay}


async def _replay_of_private_game(page: Any, game_id: str) -> dict[str, Any]:
    """The end screen's replay link followed: where the page ended up, and what the
    address bar and the requests' Referers held meanwhile (the page holds no token:
    the shares are read as the page reads, with its session)."""
    href = await page.get_attribute("#replay-link", "href")
    referers: list[str] = []
    page.on("request", lambda r: referers.append(r.headers.get("referer", "")))
    await page.click("#replay-link")
    await page.wait_for_url(f"**/games/{game_id}/replay")
    await page.wait_for_function(
        "() => ['ready', 'error'].includes(document.body && document.body.dataset.state)")
    state = await page.evaluate("document.body.dataset.state")
    shares = await page.evaluate(
        "(id) => fetch(`/v1/games/${id}/shares`).then((r) => r.json())", game_id)
    return {"href": href, "url": page.url, "state": state, "shares": len(shares["shares"]),
            "referers": referers}


async def _all(server: Server) -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return await asyncio.gather(*(_game(browser, server, m, n) for m, n in GAMES))
        finally:
            await browser.close()


def test_players_in_separate_browsers_play_whole_games_of_every_map_to_the_final_score(
        server: Server) -> None:
    results = run_async(_all(server))
    for (map_name, seats), result in zip(GAMES, results, strict=True):
        assert result["errors"] == [], (map_name, result["errors"])
        score = result["score"]
        assert score["status"] == "finished"
        expected = sorted([p["seat"], p["score"]["total"], p["winner"]] for p in score["players"])
        assert len(expected) == seats
        for shown in result["shown"]:  # every player's page shows the same final score
            assert sorted(shown) == expected, map_name
        assert all(n > 0 for n in result["presses"])
        winners = [p["name"] for p in score["players"] if p["winner"]]
        assert all(name in result["winners_text"] for name in winners)
        assert result["last"] == "game_scored"
        # a private game's replay is opened through a share, never the player's token
        replay = result["replay"]
        assert "ttr_" not in replay["href"] and "#" not in replay["href"]
        assert replay["url"] == f"{server.origin}/games/{result['game_id']}/replay"
        assert replay["state"] == "ready" and replay["shares"] == 1
        assert not [r for r in replay["referers"] if "share" in r or "ttr_" in r or "#" in r]
