"""The table's moments (`app/table_moments.js`) run in Chromium as the table runs them,
on a market of their own making with the client's stylesheet: what a game cannot be
brought to cheaply through the page (a market reset needs three face-up locomotives, a
reshuffle an empty deck). A reset market flips its cards and a reshuffled deck shakes,
neither under reduced motion; opening a table whose log already holds them moves
nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.replay_fixtures import AppServer

# A table as far as the moments read it, with a market of the client's own cards; its
# rendering shown to the moments, then `events` added to its log and shown again (none
# when `first`: the events are in the log from the start). Answers the marks put on the
# market and the animation each card's picture has.
MARKET = """async ([events, first]) => {
  if (!document.querySelector('link[href="/static/app/app.css"]')) {
    await new Promise((done) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = '/static/app/app.css';
      link.addEventListener('load', done);
      document.head.append(link);
    });
  }
  const moments = await import('/static/app/table_moments.js');
  const cards = await import('/static/app/cards.js');
  document.getElementById('market')?.remove();
  const market = document.createElement('div');
  market.id = 'market';
  const deck = document.createElement('button');
  deck.id = 'draw-deck';
  deck.append(cards.cardBack());
  market.append(deck);
  for (const [slot, colour] of ['red', 'locomotive', 'blue'].entries()) {
    const button = document.createElement('button');
    button.className = 'face-up';
    button.dataset.slot = slot;
    button.append(cards.cardFace(colour));
    market.append(button);
  }
  document.body.append(market);
  const log = new Map([[1, { version: 1, type: 'game_started', data: {} }]]);
  const table = {
    game: { status: 'playing', players: [], market: ['red', 'locomotive', 'blue'],
      you: { seat: 0, hand: {} } },
    moves: [], log, mySeat: () => 0,
    el: { market, hand: document.createElement('ul') },
    view: { root: document.createElementNS('http://www.w3.org/2000/svg', 'svg') },
  };
  const add = () => events.forEach((e, i) => log.set(2 + i, { version: 2 + i, ...e }));
  if (first) add();
  moments.showMoments(table);
  if (!first) add();
  moments.showMoments(table);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const named = (s) => getComputedStyle(market.querySelector(s)).animationName;
  return { marks: [...market.classList].sort(), deck: named('#draw-deck .card-face'),
    faceUp: named('.face-up .card-face'), running: document.getAnimations().length };
}"""
RESET = {"type": "market_reset", "data": {"discarded": ["locomotive"] * 3}}
RESHUFFLED = {"type": "deck_reshuffled", "data": {"size": 40}}


@pytest.fixture(scope="module")
def page(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with AppServer(tmp_path_factory.mktemp("moments"), []) as server:
        context = chromium.new_context()
        page = context.new_page()
        # a page of the origin that runs nothing of its own, under the pages' policy
        page.goto(server.origin + "/problems/not-found")
        yield page
        context.close()


def test_a_reset_market_flips_its_cards(page: Any) -> None:
    page.emulate_media(reduced_motion="no-preference")
    seen = page.evaluate(MARKET, [[RESET], False])
    assert seen["marks"] == ["market-reset"]
    assert seen["faceUp"] == "ttr-flip" and seen["deck"] == "none"


def test_a_reshuffled_deck_shakes(page: Any) -> None:
    page.emulate_media(reduced_motion="no-preference")
    seen = page.evaluate(MARKET, [[RESHUFFLED], False])
    assert seen["marks"] == ["deck-reshuffled"]
    assert seen["deck"] == "ttr-shuffle" and seen["faceUp"] == "none"


def test_nothing_moves_under_reduced_motion(page: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    seen = page.evaluate(MARKET, [[RESET, RESHUFFLED], False])
    assert seen["marks"] == ["deck-reshuffled", "market-reset"]  # marked, yet…
    assert seen["faceUp"] == "none" and seen["deck"] == "none" and seen["running"] == 0  # …still


def test_opening_a_table_moves_nothing_it_finds_in_the_log(page: Any) -> None:
    page.emulate_media(reduced_motion="no-preference")
    seen = page.evaluate(MARKET, [[RESET, RESHUFFLED], True])
    assert seen["marks"] == [] and seen["running"] == 0
