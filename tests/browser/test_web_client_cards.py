"""The feel of a game at the table, in Chromium against `ttr serve`, seen and pressed on
the page only: train cards drawn as cards (one pile per colour with its count in the
hand, cards in the market that still draw), each colour told apart by a symbol and a
texture as well as its hue; a card drawn moves into the hand, and a claimed route
flashes, except for a player who asked for reduced motion; sounds are off until the
player turns them on, and stay on in that browser.

Each game is a two-player Europe game with its tickets kept through the API; the other
player's moves are sent through the API as that player's own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.claim_setups import bring_to, route_with_payments
from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
                      / "en.json").read_text(encoding="utf-8"))

# Records, from before a move, the marks the table puts on what just happened and the
# CSS animations that start: for each card marked as just drawn, its colour, the name of
# the animation its picture has then, and how many animations run on it.
WATCH = """() => {
  window.seen = { started: [], drawn: [], claimed: [], dealt: [] };
  document.addEventListener('animationstart',
    (e) => window.seen.started.push(e.animationName), true);
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (el.matches && el.matches('#hand li.just-drawn')) {
        const art = el.querySelector('.card-art');
        window.seen.drawn.push([el.dataset.color, getComputedStyle(art).animationName,
          art.getAnimations().length]);
      }
      if (el.matches && el.matches('#market .face-up.just-dealt')) {
        window.seen.dealt.push([+el.dataset.slot, el.querySelector('svg').dataset.color]);
      }
      if (el.matches && el.matches('.route.just-claimed')) {
        window.seen.claimed.push([el.dataset.routeId,
          getComputedStyle(el.querySelector('.car')).animationName]);
      }
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true });
}"""
# after two frames: an animation that was to start has started
FRAMES = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"""


@dataclass
class Site:
    server: Server
    database: Path  # the server's SQLite file (read for its deal: see claim_setups)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("web-cards")
    with serve(folder) as running:
        yield Site(running, folder / "ttr.sqlite3")


@dataclass
class Game:
    id: str
    tokens: list[str]

    def view(self, site: Site, seat: int) -> dict[str, Any]:
        answer: dict[str, Any] = site.server.api("GET", f"/v1/games/{self.id}",
                                                 token=self.tokens[seat])
        return answer

    def on_turn(self, site: Site) -> int:
        seat: int = self.view(site, 0)["to_act"][0]
        return seat


def _game(site: Site) -> Game:
    """A two-player Europe game, both players' tickets kept."""
    server = site.server
    tokens = [server.user("Ann"), server.user("Ben")]
    game = server.api("POST", "/v1/games", {"map": "europe", "seats": 2}, tokens[0])["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, tokens[1])
    for token in tokens:
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    return Game(game, tokens)


def _open(site: Site, chromium: Any, game: Game, seat: int, motion: str = "no-preference") -> Any:
    """The table page of `seat`, in a browser context of its own."""
    context = chromium.new_context(viewport={"width": 1300, "height": 900}, reduced_motion=motion)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{site.server.origin}/signin#token={game.tokens[seat]}")
    page.wait_for_function(READY)
    page.goto(f"{site.server.origin}/play/{game.id}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    return page


def _draw_two_from_the_deck(site: Site, game: Game, seat: int) -> None:
    """`seat`'s whole turn, sent through the API: two cards from the deck."""
    for _ in range(2):
        path = f"/v1/games/{game.id}/moves"
        moves = site.server.api("GET", path, token=game.tokens[seat])["moves"]
        deck = next(m for m in moves if m["type"] == "draw_card" and m["source"] == "deck")
        site.server.api("POST", f"/v1/games/{game.id}/actions", deck, game.tokens[seat])


def _moved(page: Any, version: int) -> None:
    page.wait_for_function("(v) => +document.body.dataset.version > v"
                           " && document.body.dataset.busy !== 'true'", arg=version)


def _hand(page: Any) -> dict[str, int]:
    pairs = page.evaluate("[...document.querySelectorAll('#hand li[data-color]')]"
                          ".map(li => [li.dataset.color, +li.dataset.count])")
    return dict(pairs)


def _faces(page: Any, selector: str) -> list[dict[str, str]]:
    """The card pictures under `selector`: colour, symbol, texture."""
    faces: list[dict[str, str]] = page.evaluate(
        "(s) => [...document.querySelectorAll(s)].map(f => ({color: f.dataset.color,"
        " symbol: f.dataset.symbol, texture: f.dataset.texture}))", f"{selector} svg.card-face")
    return faces


def test_my_hand_shows_one_card_for_each_colour_i_hold_with_its_count(
        site: Site, chromium: Any) -> None:
    game = _game(site)
    page = _open(site, chromium, game, 0)
    held = {c: n for c, n in game.view(site, 0)["you"]["hand"].items() if n}

    assert _hand(page) == held
    for colour, n in held.items():
        pile = page.locator(f"#hand li[data-color='{colour}']")
        assert pile.locator("svg.card-face").count() == 1  # one card, however many held
        assert pile.locator(".count").inner_text() == f"×{n}"
        assert ENGLISH[f"card.{colour}"] in pile.inner_text()  # and its name in words
    assert page.errors == []
    page.context.close()


def test_each_colour_has_a_symbol_and_a_texture_of_its_own(site: Site, chromium: Any) -> None:
    game = _game(site)
    page = _open(site, chromium, game, 0)
    faces = _faces(page, "#hand") + _faces(page, "#market .face-up")

    looks = {f["color"]: (f["symbol"], f["texture"]) for f in faces}
    assert len(looks) >= 2
    for face in faces:  # the same colour always looks the same…
        assert looks[face["color"]] == (face["symbol"], face["texture"])
    symbols = [s for s, _ in looks.values()]
    textures = [x for _, x in looks.values()]
    assert len(set(symbols)) == len(looks) and len(set(textures)) == len(looks)  # …and no other
    assert all(symbols) and all(textures)
    page.context.close()


def _game_whose_market_cannot_reset(site: Site) -> Game:
    """A game as `_game` makes it, with one locomotive face up at most: a card taken and
    the one dealt in its place then cannot make three (the market would be reset, and
    the page would show the reset, not the slot's new card)."""
    for _ in range(50):
        game = _game(site)
        if game.view(site, 0)["market"].count("locomotive") <= 1:
            return game
    raise AssertionError("50 deals in a row with two locomotives face up or more")


def test_the_face_up_cards_are_cards_and_taking_one_puts_it_in_my_hand(
        site: Site, chromium: Any) -> None:
    game = _game_whose_market_cannot_reset(site)
    seat = game.on_turn(site)
    page = _open(site, chromium, game, seat)
    before = game.view(site, seat)
    market = before["market"]

    assert [f["color"] for f in _faces(page, "#market .face-up")] == market
    slot = next(i for i, c in enumerate(market) if c != "locomotive")  # (a turn goes on)
    colour = market[slot]
    take = page.get_by_role("button", name=f"Take the face-up {ENGLISH[f'card.{colour}']}")
    assert take.count() >= 1
    page.evaluate(WATCH)
    page.locator(f"#market .face-up[data-slot='{slot}']").press("Enter")
    _moved(page, before["version"])

    after = game.view(site, seat)
    assert after["you"]["hand"][colour] == before["you"]["hand"].get(colour, 0) + 1
    assert _hand(page) == {c: n for c, n in after["you"]["hand"].items() if n}
    assert [f["color"] for f in _faces(page, "#market .face-up")] == after["market"]
    page.wait_for_function("() => window.seen.dealt.length > 0")  # the slot's new card…
    assert page.evaluate("window.seen.dealt[0]") == [slot, after["market"][slot]]  # …turned up
    assert page.errors == []
    page.context.close()


def test_a_card_drawn_moves_into_the_hand(site: Site, chromium: Any) -> None:
    game = _game(site)
    seat = game.on_turn(site)
    page = _open(site, chromium, game, seat)
    version = game.view(site, seat)["version"]
    page.evaluate(WATCH)

    page.press("#draw-deck", "Enter")
    _moved(page, version)
    page.wait_for_function("() => window.seen.drawn.length > 0")
    colour, animation, running = page.evaluate("window.seen.drawn[0]")
    assert animation == "ttr-card-in" and running == 1
    assert page.locator(f"#hand li[data-color='{colour}']").count() == 1
    page.wait_for_function("() => window.seen.started.includes('ttr-card-in')")
    assert page.errors == []
    page.context.close()


def test_no_card_moves_for_a_player_who_asked_for_reduced_motion(site: Site, chromium: Any) -> None:
    game = _game(site)
    seat = game.on_turn(site)
    page = _open(site, chromium, game, seat, motion="reduce")
    version = game.view(site, seat)["version"]
    page.evaluate(WATCH)

    page.press("#draw-deck", "Enter")
    _moved(page, version)
    page.wait_for_function("() => window.seen.drawn.length > 0")  # the card was marked as drawn…
    page.evaluate(FRAMES)
    assert page.evaluate("window.seen.drawn[0].slice(1)") == ["none", 0]  # …and nothing moved
    assert page.evaluate("window.seen.started") == []
    assert page.evaluate("document.getAnimations().length") == 0
    page.context.close()


def test_a_claimed_route_flashes_on_the_board_unless_motion_is_reduced(
        site: Site, chromium: Any) -> None:
    game = _game(site)
    target = bring_to(site.server, site.database, game.id, game.tokens,
                      route_with_payments(several=False))
    route = target.claim.route
    watcher = _open(site, chromium, game, 1 - target.seat)  # the other player sees it
    still = _open(site, chromium, game, 1 - target.seat, motion="reduce")
    page = _open(site, chromium, game, target.seat)
    for viewer in (watcher, still):
        viewer.evaluate(WATCH)
    version = game.view(site, target.seat)["version"]

    page.click(f"#board .route[data-route-id='{route}']")
    page.click("#claim-confirm")
    _moved(page, version)

    for viewer in (watcher, still):
        _moved(viewer, version)
        viewer.wait_for_function("() => window.seen.claimed.length > 0")
    assert watcher.evaluate("window.seen.claimed[0]") == [route, "ttr-claim"]
    watcher.wait_for_function("() => window.seen.started.includes('ttr-claim')")
    assert still.evaluate("window.seen.claimed[0]") == [route, "none"]
    still.evaluate(FRAMES)
    assert still.evaluate("document.getAnimations().length") == 0
    for each in (page, watcher, still):
        assert each.errors == []
        each.context.close()


def test_sounds_are_off_until_the_player_turns_them_on(site: Site, chromium: Any) -> None:
    game = _game(site)
    mover = game.on_turn(site)
    page = _open(site, chromium, game, 1 - mover)
    version = game.view(site, 0)["version"]

    assert not page.is_checked("#sound-toggle")
    assert page.get_by_label(ENGLISH["sound.toggle"]).count() == 1
    _draw_two_from_the_deck(site, game, mover)  # my turn comes
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    _moved(page, version)
    quiet = page.evaluate("({...document.body.dataset})")
    assert quiet["sound"] == "off"
    assert "audio" not in quiet and "lastSound" not in quiet  # no AudioContext was made
    page.context.close()


def test_sounds_turned_on_stay_on_after_a_reload_and_sound_on_my_turn(
        site: Site, chromium: Any) -> None:
    game = _game(site)
    mover = game.on_turn(site)
    page = _open(site, chromium, game, 1 - mover)

    page.check("#sound-toggle")
    page.wait_for_function("() => document.body.dataset.audio !== undefined")  # made on the click
    assert page.evaluate("document.body.dataset.sound") == "on"
    page.reload()
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    assert page.is_checked("#sound-toggle")  # remembered by this browser
    assert "lastSound" not in page.evaluate("({...document.body.dataset})")

    _draw_two_from_the_deck(site, game, mover)
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    page.wait_for_function("() => document.body.dataset.lastSound === 'turn'")
    assert page.evaluate("document.body.dataset.audio") in ("running", "suspended")
    assert page.errors == []
    page.context.close()


def test_with_sounds_on_another_players_claim_plays_the_claim_tone(
        site: Site, chromium: Any) -> None:
    game = _game(site)
    target = bring_to(site.server, site.database, game.id, game.tokens,
                      route_with_payments(several=False))
    page = _open(site, chromium, game, 1 - target.seat)
    page.check("#sound-toggle")
    page.wait_for_function("() => document.body.dataset.lastSound === 'turn'")  # (the switch's)
    version = game.view(site, 0)["version"]

    site.server.api("POST", f"/v1/games/{game.id}/actions", target.claim.as_dict(),
                    game.tokens[target.seat])
    _moved(page, version)
    page.wait_for_function("() => document.body.dataset.lastSound === 'claim'")
    assert page.errors == []
    page.context.close()
