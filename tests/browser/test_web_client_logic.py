"""The web client's own logic, run in Chromium as the page runs it (its ES modules
imported from the real app; no node): the payment chooser, the tickets to keep, the
tie-breaker, the SSE parser, the sentences of the log and the caption, and the message
catalogue, complete in every language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.violations import CODES
from tests.replay_fixtures import AppServer

APP = Path(__file__).resolve().parents[2] / "service" / "static" / "app"
CATALOGUE = APP / "i18n"
LANGUAGES = sorted(p.stem for p in CATALOGUE.glob("*.json"))
ENGLISH_TEXT = json.loads((CATALOGUE / "en.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def page(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with AppServer(tmp_path_factory.mktemp("logic"), []) as server:
        context = chromium.new_context()
        page = context.new_page()
        # a page of the origin that runs nothing of its own, under the pages' policy
        # (a JSON answer's lets a document run nothing at all)
        page.goto(server.origin + "/problems/not-found")
        page.origin = server.origin
        yield page
        context.close()


def run(page: Any, module: str, body: str, arg: Any = None) -> Any:
    """`body` (a function of the module `m` and `arg`) in the page, its answer back."""
    return page.evaluate(
        f"async (arg) => {{ const m = await import('/static/app/{module}');"
        f" return ({body})(m, arg); }}", arg)


def test_the_payment_chooser_lists_every_payment_the_moves_allow_fewest_locomotives_first(
        page: Any) -> None:
    moves = [
        {"type": "claim_route", "route": "r", "cards": {"red": 1, "locomotive": 2}},
        {"type": "claim_route", "route": "r", "cards": {"locomotive": 3}},
        {"type": "claim_route", "route": "r", "cards": {"blue": 3}},
        {"type": "claim_route", "route": "r", "cards": {"red": 3}},
        {"type": "claim_route", "route": "s", "cards": {"red": 2}},
        {"type": "draw_card", "source": "deck"},
    ]
    sorted_moves = run(page, "payment.js", "(m, moves) => { const s = m.sortMoves(moves);"
                       " return [[...s.claims.keys()], m.paymentChoices(s.claims.get('r')),"
                       " s.deck]; }", moves)
    routes, choices, deck = sorted_moves
    assert routes == ["r", "s"] and deck == moves[-1]
    assert choices == [moves[3], moves[2], moves[0], moves[1]]  # every one, exactly as listed
    text = run(page, "payment.js", "(m) => m.paymentText({locomotive: 1, red: 2}, c => c)")
    assert text == "2 × red + 1 × locomotive"


def test_tickets_are_kept_only_as_one_of_the_listed_moves(page: Any) -> None:
    keeps = [{"type": "keep_tickets", "tickets": t} for t in (["a", "b", "c"], ["a", "b"],
                                                               ["a", "c"], ["b", "c"])]
    answer = run(page, "payment.js", "(m, keeps) => [m.keepRange(keeps),"
                 " m.keepMove(keeps, ['c', 'a']), m.keepMove(keeps, ['a'])]", keeps)
    assert answer == [{"min": 2, "max": 3}, keeps[2], None]


def test_a_ticket_shows_as_connected_once_my_routes_join_its_cities(page: Any) -> None:
    routes = [{"id": "1", "a": "A", "b": "B"}, {"id": "2", "a": "B", "b": "C"},
              {"id": "3", "a": "D", "b": "E"}]
    tickets = [{"id": "ac", "from": "A", "to": "C"}, {"id": "ad", "from": "A", "to": "D"}]
    joined = run(page, "payment.js", "(m, [routes, tickets]) => [...m.connectedTickets(tickets,"
                 " ['1', '2', '3'], new Map(routes.map(r => [r.id, r])))]", [routes, tickets])
    assert joined == ["ac"]


def test_the_end_screen_names_the_tie_breaker_that_decided(page: Any) -> None:
    def player(seat: int, total: int, done: int, path: int) -> dict[str, Any]:
        return {"seat": seat, "score": {"total": total, "longest_path": path},
                "tickets": [{"completed": i < done} for i in range(3)], "stations": []}

    tb = ["completed_tickets", "longest_path_bonus"]
    cases = [([player(0, 90, 2, 0), player(1, 80, 3, 10)], None),
             ([player(0, 90, 2, 0), player(1, 90, 3, 0)], "completed_tickets"),
             ([player(0, 90, 3, 0), player(1, 90, 3, 10)], "longest_path_bonus"),
             ([player(0, 90, 3, 10), player(1, 90, 3, 10)], "shared")]
    for players, expected in cases:
        assert run(page, "payment.js", "(m, [p, tb]) => m.decidingTieBreaker(p, tb)",
                   [players, tb]) == expected


# The end screen's ratings and analysis (postgame.js) on a table whose API answers the
# analysis, then each question for the ratings with the next of `answers` (the last one
# again once they run out); answers what the page said while waiting and at the end.
POSTGAME = """async (m, [answers, delays]) => {
  const i18n = await import('/static/app/i18n.js');
  await i18n.setLanguage('en');
  const analysis = { game_id: 'g', turn_count: 1, turns: [{ turn: 1, scores: [3, 1] }],
    players: [0, 1].map((seat) => ({ seat, user_id: `u${seat}`, name: `P${seat}`,
      final: { total: 10 - seat }, tickets: [] })), ratings: answers[0] };
  let asked = 0;
  const waiting = [];
  const table = { path: '/v1/games/g', stopped: false, app: { user: { id: 'u0' }, api: {
    get: async (path) => {
      if (path.endsWith('/analysis')) return analysis;
      waiting.push(document.getElementById('ratings-status').textContent);
      asked += 1;
      return answers[Math.min(asked, answers.length - 1)];
    } } } };
  const box = document.createElement('section');
  document.body.append(box);
  delete document.body.dataset.ratings;
  await m.showPostgame(table, box, delays);
  const rows = [...box.querySelectorAll('#rating-table tbody tr')].map((r) =>
    [r.dataset.user, r.querySelector('.change').textContent, !!r.querySelector('.provisional')]);
  const result = { asked, waiting, rows, status: box.querySelector('#ratings-status').textContent,
    again: !!box.querySelector('#ratings-again'), shown: document.body.dataset.ratings || null,
    lines: box.querySelectorAll('path.score-line').length };
  box.remove();
  return result;
}"""


def _change(user: str, seat: int, change: float | None, rated: bool = True) -> dict[str, Any]:
    return {"user_id": user, "name": user.upper(), "seat": seat, "rank": seat + 1,
            "winner": seat == 0, "score": 10 - seat, "rated": rated, "rating_before": 0.0,
            "rating_after": change, "change": change, "games_before": 0, "provisional": True}


def test_the_end_screen_says_the_ratings_are_being_computed_until_they_are_projected(
        page: Any) -> None:
    pending = {"projected": False, "players": []}
    done = {"projected": True, "players": [_change("u0", 0, 2.25), _change("u1", 1, -0.75)]}
    result = run(page, "postgame.js", POSTGAME, [[pending, pending, done], [10, 10, 10]])
    assert result["asked"] == 2
    assert result["waiting"] == [ENGLISH_TEXT["ratings_computing"]] * 2
    assert result["rows"] == [["u0", "+2.3", True], ["u1", "−0.8", True]]
    assert result["shown"] == "shown" and result["lines"] == 2


def test_the_end_screen_stops_asking_after_its_last_try_and_offers_to_look_again(
        page: Any) -> None:
    pending = {"projected": False, "players": []}
    result = run(page, "postgame.js", POSTGAME, [[pending], [10, 10, 10]])
    assert result["asked"] == 3
    assert result["status"].startswith(ENGLISH_TEXT["ratings_later"]) and result["again"]
    assert result["rows"] == [] and result["shown"] is None


def test_an_unrated_game_says_so_on_the_end_screen(page: Any) -> None:
    unrated = {"projected": True, "players": [_change("u0", 0, None, rated=False),
                                              _change("u1", 1, None, rated=False)]}
    result = run(page, "postgame.js", POSTGAME, [[unrated], []])
    assert result["asked"] == 0 and result["rows"] == []
    assert result["status"] == ENGLISH_TEXT["game_unrated"] and result["shown"] == "unrated"


def test_server_sent_events_split_across_chunks_are_read_whole(page: Any) -> None:
    text = ("retry: 2000\n\n: keep-alive\n\nevent: snapshot\ndata: {\"a\":\n"
            "data: 1}\n\nevent: route_claimed\r\nid: 7\r\ndata: {}\r\n\r\nevent: pa")
    messages, rest = run(page, "stream.js", "(m, t) => { const r = m.parseSse(t);"
                         " return [r.messages, r.rest]; }", text)
    assert messages == [
        {"event": "message", "data": "", "id": None, "retry": 2000},
        {"event": "snapshot", "data": '{"a":\n1}', "id": None, "retry": None},
        {"event": "route_claimed", "data": "{}", "id": "7", "retry": None}]
    assert rest == "event: pa"


def test_the_board_draws_names_with_markup_characters_as_text(page: Any) -> None:
    # the board is written as markup (board.js): a name is text wherever it goes
    odd = ['A<b>&"x</b>', "B</title><g class='evil'>"]
    drawn = run(page, "../board/board.js", """(m, odd) => {
      const board = { map: 'm', name: 'M', cities: odd, tickets: [],
        routes: [{ id: 7, a: odd[0], b: odd[1], length: 2, color: 'red', tunnel: false,
                   locomotives: 0 }] };
      const layout = { width: 100, height: 100,
        cities: { [odd[0]]: [10, 10], [odd[1]]: [90, 90] } };
      const view = m.drawBoard(board, layout,
        { title: odd[1], routeTitle: (r) => `${r.a} – ${r.b}` });
      const root = view.root;
      return { foreign: root.querySelectorAll('b, .evil').length,
        title: root.querySelector(':scope > title').textContent,
        cities: [...view.cityEls].map(([name, g]) => [name, g.dataset.city,
          g.querySelector('title').textContent]),
        labels: [...root.querySelectorAll('.city-label')].map((l) => l.textContent),
        route: view.routeEls.get(7).querySelector('title').textContent,
        cars: view.routeEls.get(7).querySelectorAll('.car').length,
        svg: [...root.querySelectorAll('*')].every(
          (e) => e.namespaceURI === 'http://www.w3.org/2000/svg') };
    }""", odd)
    assert drawn["foreign"] == 0 and drawn["svg"]
    assert drawn["title"] == odd[1]
    assert drawn["cities"] == [[name, name, name] for name in odd]
    assert drawn["labels"] == odd
    assert drawn["route"] == f"{odd[0]} – {odd[1]}" and drawn["cars"] == 2


def test_the_log_and_the_caption_are_sentences(page: Any) -> None:
    run(page, "i18n.js", "(m) => m.setLanguage('en')")
    names = ["Ann", "Ben"]
    events = [
        {"type": "route_claimed", "data": {"seat": 0, "route": "r1", "points": 4,
                                           "cards": {"red": 3}}},
        {"type": "tickets_kept", "data": {"seat": 1, "kept_count": 1}},
        {"type": "turn_ended", "data": {"seat": 0, "next_seat": 1}},
        {"type": "card_drawn_blind", "data": {"seat": 1}},
        {"type": "game_ended", "data": {"reason": "final_round"}},
        {"type": "confetti_thrown", "data": {}},
    ]
    sentences = page.evaluate(
        "async ([events, names]) => { const w = await import('/static/app/words.js');"
        " const ctx = {seatName: s => names[s], routeName: () => 'Denver–Omaha',"
        " ticketName: id => id}; return events.map(e => w.describeEvent(e, ctx)); }",
        [events, names])
    assert sentences == [
        "Ann claimed Denver–Omaha for 4 points, paying 3 × red.",
        "Ben kept 1 ticket.",
        "Ann's turn ended; Ben plays next.",
        "Ben drew a card from the deck.",
        "The game ended after the final round.",
        "Something happened (confetti_thrown).",
    ]
    captions = page.evaluate(
        "async (names) => { const w = await import('/static/app/words.js');"
        " const game = (turn, extra) => ({status: 'playing', phase: 'playing', to_act: [turn.seat],"
        " turn, seats: 2, players: [], ...extra}); const n = s => names[s];"
        " return [w.caption(game({seat: 0, step: 'second_card'}), 0, n),"
        " w.caption(game({seat: 1, step: 'start'}), 0, n),"
        " w.caption({status: 'open', seats: 3, players: [{}]}, null, n)]; }", names)
    assert captions == ["Your turn: draw your second card.", "Ben is playing.",
                        "Waiting for 2 more players"]


def test_the_log_names_who_held_each_seat_when_the_event_happened(page: Any) -> None:
    def event(version: int, type_name: str, **data: Any) -> dict[str, Any]:
        return {"version": version, "type": type_name, "data": data}

    events = [
        event(1, "game_created", seats=3, map="usa"),
        event(2, "seat_taken", seat=0, user_id="u-ann", name="Ann", bot=None),
        event(3, "seat_taken", seat=1, user_id="u-eve", name="Eve", bot=None),
        event(4, "seat_left", seat=1),  # Eve left before the start: the seats move up
        event(5, "seat_taken", seat=1, user_id="bot-hard-1", name="Hard bot", bot="hard"),
        event(6, "stand_in_seated", seat=0, user_id="bot-easy-1", name="Easy bot",
              level="easy", replaced="u-ann", reason="timed_out"),
        event(7, "card_drawn_blind", seat=0),
        event(8, "player_returned", seat=0, user_id="u-ann", name="Ann",
              bot_user_id="bot-easy-1"),
        event(9, "card_drawn_blind", seat=0),
        event(10, "card_drawn_blind", seat=1),
    ]
    sentences = page.evaluate(
        "async (events) => { const w = await import('/static/app/words.js');"
        " const holders = w.seatHolders(events); return events.map(e => {"
        " const before = holders.get(e.version);"
        " const ctx = {seatName: s => !before[s] ? '?' : before[s].level"
        " ? `${before[s].name} [${before[s].level}]` : before[s].name,"
        " userName: id => ({'u-ann': 'Ann'})[id]};"
        " return w.describeEvent(e, ctx); }).slice(4); }", events)
    assert sentences == [
        "Hard bot (bot · hard) sat down at seat 2.",
        "Ann's turns timed out; Easy bot (bot · easy) plays their seat until they come back.",
        "Easy bot [easy] drew a card from the deck.",
        "Ann took their seat back from Easy bot [easy].",
        "Ann drew a card from the deck.",
        "Hard bot [hard] drew a card from the deck.",
    ]


def _placeholders(message: Any) -> set[str]:
    forms = message.values() if isinstance(message, dict) else [message]
    return {p for form in forms for p in re.findall(r"\{(\w+)\}", form)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_message_with_its_plural_forms(page: Any,
                                                                language: str) -> None:
    english = json.loads((CATALOGUE / "en.json").read_text(encoding="utf-8"))
    messages = json.loads((CATALOGUE / f"{language}.json").read_text(encoding="utf-8"))
    assert set(messages) == set(english)
    # the plural forms whole numbers take in this language (Intl.PluralRules)
    forms = set(page.evaluate("(l) => { const p = new Intl.PluralRules(l); const f = new Set();"
                              " for (let n = 0; n < 1000; n++) f.add(p.select(n));"
                              " return [...f]; }", language))
    for key, message in messages.items():
        if isinstance(english[key], dict):
            assert isinstance(message, dict) and forms <= set(message), (language, key)
        assert all(isinstance(f, str) and f.strip() for f in
                   (message.values() if isinstance(message, dict) else [message])), key
        assert _placeholders(message) == _placeholders(english[key]), (language, key)


def test_every_rule_code_and_every_message_the_client_asks_for_is_in_the_catalogue() -> None:
    english = json.loads((CATALOGUE / "en.json").read_text(encoding="utf-8"))
    assert {f"rule.{code}" for code in CODES} <= set(english)
    asked = set()
    for source in APP.glob("*.js"):
        asked |= set(re.findall(r"\bt\(\"([a-z_.0-9]+)\"", source.read_text(encoding="utf-8")))
    assert asked and asked <= set(english), asked - set(english)


def test_the_language_comes_from_the_browser_and_the_switch_changes_it(
        chromium: Any, page: Any) -> None:
    assert run(page, "i18n.js", "(m) => [m.pickLanguage(['de-DE', 'hu-HU', 'en']),"
               " m.pickLanguage(['no']), m.pickLanguage(['pt-BR']), m.pickLanguage(['xx'])]"
               ) == ["hu", "nb", "pt", "en"]
    hungarian = json.loads((CATALOGUE / "hu.json").read_text(encoding="utf-8"))
    polish = json.loads((CATALOGUE / "pl.json").read_text(encoding="utf-8"))
    context = chromium.new_context(locale="hu-HU")
    browser_page = context.new_page()
    browser_page.goto(page.origin + "/")
    browser_page.wait_for_selector("#welcome-heading")
    assert browser_page.inner_text("#welcome-heading") == hungarian["welcome"]
    assert browser_page.evaluate("document.documentElement.lang") == "hu"
    browser_page.select_option("#language", "pl")
    browser_page.wait_for_function(f"() => document.getElementById('welcome-heading').textContent"
                                   f" === {json.dumps(polish['welcome'])}")
    context.close()
