"""Claims at the table, in Chromium against `ttr serve`, pressed on the page only: a
route chosen (on the map or in the list) is claimed only once confirmed, with the
payment picked; cancelled, nothing is sent; the player's own "claim at once" setting;
a tunnel whose revealed cards cost more, paid, or shown why it cannot be; and the
reason's sentence for each way a tunnel can be unpayable.

Each test's game is a two-player Europe game brought, through the API, to the position
it needs (`tests/claim_setups.py`: the draws leading there are searched with the domain
on the server's own deal); the claim itself is always made on the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.claim_setups import Target, bring_to, route_with_payments, tunnel_costing_more
from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
                      / "en.json").read_text(encoding="utf-8"))


@dataclass
class Site:
    server: Server
    database: Path  # the server's SQLite file (read for its deal: see claim_setups)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("web-claims")
    with serve(folder) as running:
        yield Site(running, folder / "ttr.sqlite3")


@dataclass
class Table:
    game: str
    tokens: list[str]
    target: Target
    page: Any
    posts: list[str]  # the moves the page sent (POST …/actions), as JSON

    @property
    def token(self) -> str:
        return self.tokens[self.target.seat]


def _table(site: Site, chromium: Any, wanted: Any) -> Table:
    """A two-player Europe game at the position `wanted` (tickets kept), and the table
    page of the seat that is to claim."""
    server = site.server
    tokens = [server.user("Ann"), server.user("Ben")]
    game = server.api("POST", "/v1/games", {"map": "europe", "seats": 2}, tokens[0])["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, tokens[1])
    for token in tokens:
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    target = bring_to(server, site.database, game, tokens, wanted)
    page = chromium.new_context(viewport={"width": 1300, "height": 900}).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={tokens[target.seat]}")
    page.wait_for_function(READY)
    page.goto(f"{server.origin}/play/{game}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.post_data or "")
            if r.method == "POST" and r.url.endswith("/actions") else None)
    return Table(game, tokens, target, page, posts)


def _view(site: Site, table: Table) -> dict[str, Any]:
    view: dict[str, Any] = site.server.api("GET", f"/v1/games/{table.game}", token=table.token)
    return view


def _minus(hand: dict[str, int], *spent: dict[str, int]) -> dict[str, int]:
    left = dict(hand)
    for cards in spent:
        for colour, n in cards.items():
            left[colour] = left.get(colour, 0) - n
    return {c: n for c, n in left.items() if n}


def _cards(page: Any, selector: str) -> dict[str, int]:
    """The cards a list of the page shows, colour by colour."""
    pairs = page.evaluate("(s) => [...document.querySelectorAll(s)]"
                          ".map(li => [li.dataset.color, +li.dataset.count])",
                          f"{selector} li[data-color]")
    return dict(pairs)


def _said(key: str, **params: Any) -> str:
    """An English message, its plural form chosen by `n` (one or other)."""
    message = ENGLISH[key]
    if isinstance(message, dict):
        message = message["one" if params.get("n") == 1 else "other"]
    for name, value in params.items():
        message = message.replace("{" + name + "}", str(value))
    return str(message)


def _route_of(site: Site, table: Table) -> dict[str, Any]:
    board = site.server.api("GET", "/v1/maps/europe")
    route: dict[str, Any] = next(r for r in board["routes"] if r["id"] == table.target.claim.route)
    return route


def _owned(view: dict[str, Any], seat: int, route: str) -> bool:
    return route in next(p for p in view["players"] if p["seat"] == seat)["routes"]


def _marked(page: Any, route_id: str) -> bool:
    """Whether the board marks the route as the pending claim's."""
    return bool(page.evaluate(
        "(id) => document.querySelector(`#board .route[data-route-id='${id}']`)"
        ".classList.contains('pending')", route_id))


def _moved(page: Any, version: int) -> None:
    page.wait_for_function("(v) => +document.body.dataset.version > v"
                           " && document.body.dataset.busy !== 'true'", arg=version)


def test_a_route_chosen_on_the_map_is_claimed_once_confirmed_with_the_payment_picked(
        site: Site, chromium: Any) -> None:
    table = _table(site, chromium, route_with_payments(several=True))
    page, route_id = table.page, table.target.claim.route
    before = _view(site, table)
    route = _route_of(site, table)

    page.click(f"#board .route[data-route-id='{route_id}']")
    panel = page.locator("#claim")
    panel.wait_for(state="visible")
    name = f"{route['a']} – {route['b']}"
    assert page.inner_text("#claim-heading") == _said("claim.heading", route=name)
    assert page.inner_text("#claim-route").startswith(
        _said("claim.facts", n=route["length"], color=ENGLISH[f"card.{route['color']}"]))
    assert page.evaluate("document.activeElement.id") == "claim-heading"
    radios = page.locator("input[name=claim-payment]")
    offered = [json.loads(m) for m in radios.evaluate_all("rs => rs.map(r => r.dataset.move)")]
    legal = [m for m in site.server.api("GET", f"/v1/games/{table.game}/moves",
                                        token=table.token)["moves"] if m.get("route") == route_id]
    assert sorted(map(json.dumps, offered)) == sorted(map(json.dumps, legal))  # every one
    assert _cards(page, "#claim-cards") == offered[0]["cards"]  # the first, shown at once

    radios.last.check()  # another payment
    assert _cards(page, "#claim-cards") == offered[-1]["cards"]
    assert table.posts == []  # nothing sent while choosing
    page.click("#claim-confirm")
    _moved(page, before["version"])

    after = _view(site, table)
    assert _owned(after, table.target.seat, route_id)
    assert table.posts and json.loads(table.posts[0]) == offered[-1]
    assert _minus(after["you"]["hand"]) == _minus(before["you"]["hand"], offered[-1]["cards"])
    assert page.locator("#claim").is_hidden()
    assert page.errors == []
    page.context.close()


def test_a_claim_cancelled_sends_nothing_and_changes_nothing(site: Site, chromium: Any) -> None:
    table = _table(site, chromium, route_with_payments(several=True))
    page, route_id = table.page, table.target.claim.route
    before = _view(site, table)
    if page.locator("details.claims:not([open])").count():
        page.click("details.claims summary")
    opener = page.locator(f"#claimable .claim[data-route='{route_id}']")

    opener.focus()
    page.keyboard.press("Enter")  # from the list, by keyboard
    page.locator("#claim").wait_for(state="visible")
    assert _marked(page, route_id)
    assert page.inner_text("#said").endswith("Enter confirms, Escape cancels.")
    page.keyboard.press("Escape")
    assert page.locator("#claim").is_hidden()
    assert page.evaluate("document.activeElement.dataset.route") == route_id  # back where it was
    assert page.inner_text("#said") == ENGLISH["claim.cancelled"]

    opener.click()  # and by pointer, with the Cancel button
    page.locator("#claim").wait_for(state="visible")
    page.click("#claim-cancel")
    assert page.locator("#claim").is_hidden()
    assert not _marked(page, route_id)

    assert table.posts == []
    after = _view(site, table)
    assert after["version"] == before["version"] and after["you"] == before["you"]
    assert page.errors == []
    page.context.close()


def test_claim_at_once_is_off_until_the_player_turns_it_on_then_one_payment_claims_at_once(
        site: Site, chromium: Any) -> None:
    table = _table(site, chromium, route_with_payments(several=False))
    page, route_id = table.page, table.target.claim.route
    route = page.locator(f"#board .route[data-route-id='{route_id}']")
    assert not page.is_checked("#claim-at-once")
    route.focus()
    page.keyboard.press("Enter")  # the map, by keyboard: off, so the panel asks
    page.locator("#claim").wait_for(state="visible")
    assert page.locator("input[name=claim-payment]").count() == 0  # one payment only
    assert _cards(page, "#claim-cards") == table.target.claim.as_dict()["cards"]
    page.keyboard.press("Escape")
    assert table.posts == []

    page.check("#claim-at-once")
    page.reload()  # remembered by this browser
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    assert page.is_checked("#claim-at-once")
    before = _view(site, table)
    page.click(f"#board .route[data-route-id='{route_id}']")
    _moved(page, before["version"])
    assert _owned(_view(site, table), table.target.seat, route_id)
    assert [json.loads(p) for p in table.posts] == [table.target.claim.as_dict()]
    assert page.locator("#claim").is_hidden()
    assert page.errors == []
    page.context.close()


def _claim_tunnel(table: Table) -> None:
    """Choose the tunnel in the list, pick the target's payment, confirm by Enter."""
    page, claim = table.page, table.target.claim.as_dict()
    if page.locator("details.claims:not([open])").count():
        page.click("details.claims summary")
    page.click(f"#claimable .claim[data-route='{claim['route']}']")
    page.locator("#claim").wait_for(state="visible")
    assert page.inner_text(".claim-note") == ENGLISH["claim.tunnel_note"]
    radios = page.locator("input[name=claim-payment]")
    if radios.count():
        moves = radios.evaluate_all("rs => rs.map(r => r.dataset.move)")
        radios.nth([json.loads(m) for m in moves].index(claim)).check()
    else:
        page.focus("#claim-heading")
    page.keyboard.press("Enter")
    page.locator("#tunnel").wait_for(state="visible")


def test_a_tunnel_that_costs_more_shows_the_cards_put_down_apart_and_is_paid(
        site: Site, chromium: Any) -> None:
    table = _table(site, chromium, tunnel_costing_more(payable=True))
    page, claim = table.page, table.target.claim.as_dict()
    before = _view(site, table)
    _claim_tunnel(table)

    pending = _view(site, table)
    tunnel = pending["tunnel"]
    assert tunnel["cards"] == claim["cards"] and tunnel["extra_cards"] > 0
    assert _cards(page, "#tunnel-committed") == claim["cards"]  # apart from the hand…
    assert _cards(page, "#hand") == _minus(pending["you"]["hand"], claim["cards"])  # …not in it
    put_down = sum(claim["cards"].values())
    assert page.inner_text("#hand-note") == _said("hand_without_tunnel", n=put_down)
    revealed = page.evaluate("[...document.querySelectorAll('#tunnel-revealed li')]"
                             ".map(li => li.dataset.color)")
    assert revealed == tunnel["revealed"] and len(revealed) == 3
    color = tunnel["color"]
    assert page.inner_text("#tunnel-extra") == (
        _said("tunnel.extra_locomotive", n=tunnel["extra_cards"]) if color == "locomotive"
        else _said("tunnel.extra_color", n=tunnel["extra_cards"], color=ENGLISH[f"card.{color}"]))
    assert page.evaluate("document.activeElement.id") == "tunnel-heading"
    pays = [m for m in site.server.api("GET", f"/v1/games/{table.game}/moves",
                                       token=table.token)["moves"] if m["type"] == "pay_tunnel"]
    radios = page.locator("input[name=tunnel-payment]")
    assert radios.count() == (len(pays) if len(pays) > 1 else 0)
    if len(pays) > 1:
        radios.last.check()
    paid = json.loads(page.get_attribute("#pay-tunnel", "data-move"))
    assert paid in pays and _cards(page, "#tunnel-cards") == paid["cards"]

    page.click("#pay-tunnel")
    _moved(page, pending["version"])
    after = _view(site, table)
    assert _owned(after, table.target.seat, claim["route"])
    spent = (claim["cards"], paid["cards"])
    assert _minus(after["you"]["hand"]) == _minus(before["you"]["hand"], *spent)
    assert page.locator("#tunnel").count() == 0 and page.locator("#hand-note").is_hidden()
    assert page.errors == []
    page.context.close()


def test_a_tunnel_that_cannot_be_paid_says_why_and_is_given_up(site: Site, chromium: Any) -> None:
    table = _table(site, chromium, tunnel_costing_more(payable=False))
    page, claim = table.page, table.target.claim.as_dict()
    before = _view(site, table)
    _claim_tunnel(table)

    pending = _view(site, table)
    tunnel = pending["tunnel"]
    n, color = tunnel["extra_cards"], tunnel["color"]
    left = _minus(pending["you"]["hand"], claim["cards"])
    held = left.get("locomotive", 0) + (0 if color == "locomotive" else left.get(color, 0))
    assert held < n
    which = "locomotive" if color == "locomotive" else "color"
    why = _said(f"tunnel.why_{'none' if held == 0 else 'short'}_{which}", n=n, held=held,
                color=ENGLISH[f"card.{color}"])
    assert page.inner_text("#tunnel-why") == why
    assert page.locator("#pay-tunnel").count() == 0
    assert why in page.inner_text("#said")  # told to a screen reader too
    assert _cards(page, "#hand") == left

    page.click("#decline-tunnel")
    _moved(page, pending["version"])
    after = _view(site, table)
    assert not _owned(after, table.target.seat, claim["route"])
    assert after["you"]["hand"] == before["you"]["hand"]  # the cards put down are kept
    assert _cards(page, "#hand") == _minus(before["you"]["hand"])
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("hand", "tunnel", "key", "held"), [
    ({"red": 2}, {"color": "red", "cards": {"red": 2}, "extra_cards": 1}, "none_color", 0),
    ({"red": 3, "locomotive": 1, "blue": 4}, {"color": "red", "cards": {"red": 2},
                                              "extra_cards": 3}, "short_color", 2),
    ({"locomotive": 2, "red": 3}, {"color": "locomotive", "cards": {"locomotive": 2},
                                   "extra_cards": 2}, "none_locomotive", 0),
    ({"locomotive": 3, "red": 5}, {"color": "locomotive", "cards": {"locomotive": 2},
                                   "extra_cards": 2}, "short_locomotive", 1),
], ids=["no-colour-left", "too-few-of-colour", "no-locomotive-left", "too-few-locomotives"])
def test_an_unpayable_tunnel_names_the_cards_it_needs_and_how_many_are_left(
        site: Site, chromium: Any, hand: dict[str, int], tunnel: dict[str, Any], key: str,
        held: int) -> None:
    page = chromium.new_context().new_page()
    page.goto(site.server.origin + "/problems/not-found")  # the origin, running nothing
    said = page.evaluate(
        "async ([hand, tunnel]) => { await (await import('/static/app/i18n.js')).setLanguage('en');"
        " return (await import('/static/app/tunnel.js')).whyNoPayment(hand, tunnel); }",
        [hand, tunnel])
    color = tunnel["color"]
    assert said == _said(f"tunnel.why_{key}", n=tunnel["extra_cards"], held=held,
                         color=ENGLISH[f"card.{color}"])
    page.context.close()
