/* The parts of the table, each drawn from the game view and the sorted legal moves:
 * the board's clickable routes and cities, the actions (draws, the routes to claim and
 * the cities to build in, each confirmed in the pending claim's panel of claim.js,
 * tickets to keep, a tunnel's extra cards (tunnel.js), pass, resign), my hand, the
 * face-up cards, my tickets, the players, the log and the deadline. */
import { BOT_LEVELS, clear, h, levelName, playerName } from "./dom.js";
import { t } from "./i18n.js";
import { CARD_ORDER, connectedTickets, keepMove, keepRange } from "./payment.js";
import { chooseClaim, say } from "./claim.js";
import { tunnelPanel } from "./tunnel.js";
import { renderPanels } from "./players.js";
import { showTicketsOnMap } from "./ticket_map.js";
import { inviteLink, seatList } from "./seating.js";
import { cardName } from "./words.js";
import { cardBack, cardFace, cardPile } from "./cards.js";

export function routeTitle(r) {
  const kind = r.tunnel ? t("route.tunnel") : r.locomotives > 0 ? t("route.ferry", { n: r.locomotives }) : "";
  return t("route.title", { a: r.a, b: r.b, n: r.length, color: cardName(r.color) }) + kind;
}

function moveButton(table, move, label, attrs = {}) {
  return h("button", { type: "button", ...attrs, "data-move": JSON.stringify(move),
    onclick: () => table.act(move) }, label);
}

export function renderBoard(table, sorted) {
  const g = table.game;
  const owners = new Map();
  const stations = new Map();
  for (const p of g.players) {
    for (const r of p.routes || []) owners.set(r, p.seat);
    for (const c of p.stations || []) stations.set(c, p.seat);
  }
  const title = (id, owner) => table.routeTitle(id) +
    (owner === undefined ? "" : ` — ${t("claimed_by", { who: table.seatName(owner) })}`);
  table.view.setOwners(owners, title);
  table.view.setStations(stations, (city, seat) => t("station_of", { who: table.seatName(seat), city }));
  table.view.setClickable([...sorted.claims.keys()], [...sorted.stations.keys()],
    (id) => chooseRoute(table, id), (city) => chooseStation(table, city));
}

export function showRefusal(table, text, code) {
  const el = table.el.refusal;
  el.hidden = !text;
  el.textContent = text || "";
  if (code) el.dataset.code = code;
  else delete el.dataset.code;
}

function chooseRoute(table, id) {
  chooseClaim(table, "route", id);
}

function chooseStation(table, city) {
  chooseClaim(table, "station", city);
}

/* A name's place in an alphabetical list: its letters without their accents, in lower
 * case ("Århus" with the A's). Not `Intl.Collator`: the first collator a page makes
 * loads the browser's collation tables, the most of a slowed phone's time for the
 * table's first drawing (bench/NOTES.md). */
function sortKey(name) {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function alphabetically(a, b) {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/* Rebuilt only when what it shows changed: a rebuild would take the keyboard's focus away.
 * What it showed is kept as it was given (the game's views are replaced, never changed in
 * place) and compared when the part is drawn again: nothing to compare on the table's
 * first drawing, where a key written out (JSON) cost the slowed phone my moves' worth. */
function unchanged(el, ...what) {
  if ("_ttrShown" in el && same(el._ttrShown, what)) return true;
  el._ttrShown = what;
  return false;
}

/* Whether two values read from JSON (or made of such) are equal, member by member. */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const list = Array.isArray(a);
  if (list !== Array.isArray(b)) return false;
  const keys = list ? null : Object.keys(a);
  if (list ? a.length !== b.length : keys.length !== Object.keys(b).length) return false;
  if (list) return a.every((x, i) => same(x, b[i]));
  return keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

export function renderActions(table, sorted, force = false) {
  const g = table.game;
  if (unchanged(table.el.actions, table.moves, g.status, g.ticket_deck_count, g.tunnel,
    g.you && g.you.pending_tickets) && !force) return;
  const box = clear(table.el.actions);
  if (g.status !== "playing") return;
  if (sorted.keeps.length) box.append(keepForm(table, sorted.keeps));
  if (sorted.tunnelPays.length || sorted.decline) {
    const lost = !document.activeElement || document.activeElement === document.body;
    const tunnel = tunnelPanel(table, sorted);
    box.append(tunnel.box);
    say(table, tunnel.said);
    // the claim's Confirm that led here is gone: the keyboard goes on in the tunnel
    if (lost) tunnel.box.querySelector("#tunnel-heading").focus();
  }
  if (sorted.claims.size) {
    // (each name looked up once: the longest routes first, then by name)
    const names = new Map([...sorted.claims.keys()].map((id) => {
      const name = table.routeName(id);
      return [id, { name, key: sortKey(name) }];
    }));
    const routes = [...names.keys()].sort((a, b) =>
      table.routeById.get(b).length - table.routeById.get(a).length || alphabetically(names.get(a), names.get(b)));
    box.append(h("details", { class: "claims", open: routes.length <= 8 },
      h("summary", {}, t("claim_route_n", { n: routes.length })),
      h("ul", { id: "claimable", class: "claimable" }, routes.map((id) => h("li", {},
        h("button", { type: "button", class: "claim", "data-route": id, onclick: () => chooseRoute(table, id) },
          table.routeTitle(id)))))));
  }
  if (sorted.stations.size) {
    const select = h("select", { id: "station-city", "aria-label": t("station_city") },
      [...sorted.stations.keys()].sort().map((c) => h("option", { value: c }, c)));
    box.append(h("div", { class: "station-form" },
      h("label", { for: "station-city" }, t("build_station")), select,
      h("button", { type: "button", id: "build-station", onclick: () => chooseStation(table, select.value) },
        t("build"))));
  }
  const row = h("div", { class: "action-row" });
  if (sorted.drawTickets) {
    row.append(moveButton(table, sorted.drawTickets, t("draw_tickets", { n: g.ticket_deck_count }),
      { id: "draw-tickets" }));
  }
  if (sorted.pass) row.append(moveButton(table, sorted.pass, t("pass"), { id: "pass" }));
  if (sorted.resign) row.append(resignButton(table, sorted.resign));
  if (row.children.length) box.append(row);
}

function resignButton(table, move) {
  const wrap = h("span", { class: "resign" });
  const ask = h("button", { type: "button", id: "resign", onclick: () => {
    const sure = table.game.options && table.game.options.stand_in ? t("resign_sure_stand_in") : t("resign_sure");
    clear(wrap).append(h("span", { role: "alert" }, sure),
      moveButton(table, move, t("resign_yes"), { id: "resign-yes", class: "danger" }),
      h("button", { type: "button", id: "resign-no", onclick: () => renderActions(table, table.sorted, true) }, t("resign_no")));
    wrap.querySelector("#resign-no").focus();
  } }, t("resign"));
  wrap.append(ask);
  return wrap;
}

function keepForm(table, keeps) {
  const offered = (table.game.you && table.game.you.pending_tickets) || [];
  const range = keepRange(keeps);
  const button = h("button", { type: "button", id: "keep-tickets" }, t("keep_tickets"));
  const update = () => {
    const chosen = offered.filter((x) => boxes.get(x.id).checked).map((x) => x.id);
    const move = keepMove(keeps, chosen);
    button.disabled = !move;
    if (move) button.dataset.move = JSON.stringify(move);
    else delete button.dataset.move;
    button._move = move;
  };
  const boxes = new Map(offered.map((x) => [x.id, h("input", { type: "checkbox", checked: true,
    value: x.id, onchange: update })]));
  button.addEventListener("click", () => button._move && table.act(button._move));
  const form = h("fieldset", { class: "keep" },
    h("legend", {}, t("choose_tickets", { n: range.min })),
    h("ul", { class: "tickets" }, offered.map((x) => h("li", {}, h("label", {}, boxes.get(x.id),
      `${x.from} – ${x.to} `, h("span", { class: "points" }, t("points", { n: x.points }))))),
    button));
  update();
  return form;
}

/* My cards; while a tunnel of mine waits, without the cards put down for it (its panel
 * shows those). */
export function renderHand(table) {
  const list = table.el.hand;
  const hand = { ...((table.game.you && table.game.you.hand) || {}) };
  const tunnel = table.game.tunnel;
  const putDown = tunnel && tunnel.seat === table.mySeat() ? tunnel.cards || {} : {};
  let aside = 0;
  for (const [c, n] of Object.entries(putDown)) {
    hand[c] = (hand[c] || 0) - n;
    aside += n;
  }
  table.el.handNote.hidden = !aside;
  table.el.handNote.textContent = aside ? t("hand_without_tunnel", { n: aside }) : "";
  const colours = CARD_ORDER.filter((c) => hand[c] > 0);
  // kept while the same: a card just drawn goes on moving in (table_moments.js)
  if (unchanged(list, colours.map((c) => [c, hand[c]]))) return;
  clear(list);
  if (!colours.length) list.append(h("li", { class: "none" }, t("no_cards")));
  for (const c of colours) {
    list.append(h("li", { class: "hand-card", "data-color": c, "data-count": hand[c] }, cardPile(c, hand[c])));
  }
}

export function renderMarket(table, sorted) {
  const g = table.game;
  const box = table.el.market;
  // the cards drawn anew only when they or their moves change; the counts, which most
  // moves change, written in place
  if (!unchanged(box, sorted.deck, [...sorted.market], g.market)) buildMarket(table, sorted);
  box._ttrDeckLabel.textContent = t("deck", { n: g.deck_count ?? 0 });
  box._ttrCounts.textContent = t("counts", { discard: g.discard_count ?? 0, tickets: g.ticket_deck_count ?? 0 });
}

function buildMarket(table, sorted) {
  const g = table.game;
  const box = clear(table.el.market);
  const deck = sorted.deck;
  box._ttrDeckLabel = h("span", { class: "deck-label" });
  box.append(h("button", { type: "button", id: "draw-deck", class: "deck", disabled: !deck,
    "data-move": deck ? JSON.stringify(deck) : null, onclick: () => deck && table.act(deck) },
  cardBack(), box._ttrDeckLabel));
  (g.market || []).forEach((card, slot) => {
    const move = sorted.market.get(slot);
    box.append(h("button", { type: "button", class: "face-up", disabled: !move, "data-slot": slot,
      "data-move": move ? JSON.stringify(move) : null, onclick: () => move && table.act(move),
      "aria-label": card ? t("take_card", { card: cardName(card) }) : t("empty_slot") },
    card ? [cardFace(card), h("span", { class: "card-name" }, cardName(card))] : t("empty_slot")));
  });
  box._ttrCounts = h("p", { class: "counts" });
  box.append(box._ttrCounts);
}

export function renderTickets(table) {
  const you = table.game.you;
  const mine = you ? table.game.players.find((p) => p.seat === you.seat) || {} : {};
  const joined = you ? connectedTickets(you.tickets, mine.routes, table.routeById) : new Set();
  // kept while the same: most moves change no ticket of mine
  if (unchanged(table.el.tickets, you && you.tickets, [...joined])) return;
  const list = clear(table.el.tickets);
  if (!you) return;
  if (!you.tickets.length) list.append(h("li", { class: "none" }, t("no_tickets")));
  for (const x of you.tickets) {
    const done = joined.has(x.id);
    list.append(h("li", { class: done ? "ticket connected" : "ticket", "data-ticket": x.id },
      h("span", { class: "mark", "aria-hidden": "true" }, done ? "✓" : "○"),
      ` ${x.from} – ${x.to} `, h("span", { class: "points" }, t("points", { n: x.points })),
      done ? h("span", { class: "visually-hidden" }, ` (${t("connected")})`) : null));
  }
  showTicketsOnMap(table, list); // (ticket_map.js: a ticket pointed at is marked on the board)
}

/* The players' panels (players.js) and the final round's notice. */
export function renderPlayers(table) {
  const g = table.game;
  renderPanels(table);
  const fr = g.final_round;
  table.el.finalRound.hidden = !fr || g.status !== "playing";
  if (fr) table.el.finalRound.textContent = t("final_round", { who: table.seatName(fr.started_by) });
}

export function renderLog(table) {
  const list = clear(table.el.log);
  for (const { event: e, text, bot } of table.describeLog(40)) {
    list.append(h("li", { value: e.version, "data-version": e.version, "data-type": e.type,
      class: bot ? "by-bot" : null }, text));
  }
}

export function renderCountdown(table) {
  const el = table.el.countdown;
  const g = table.game;
  // a seat that must act is on vacation: its deadline is paused (no time runs)
  const away = g.status === "playing" ? (g.away || []).filter((s) => g.to_act.includes(s)) : [];
  if (away.length) {
    el.hidden = false;
    el.textContent = t("away.paused", { who: away.map((s) => table.seatName(s)).join(", ") });
    return;
  }
  const deadline = g.deadline && g.status === "playing" ? Date.parse(g.deadline) : null;
  el.hidden = !deadline;
  if (!deadline) return;
  const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
  const d = Math.floor(left / 86400);
  const hh = Math.floor((left % 86400) / 3600);
  const mm = Math.floor((left % 3600) / 60);
  const ss = left % 60;
  const text = d ? t("countdown.days", { d, h: hh })
    : hh ? t("countdown.hours", { h: hh, m: String(mm).padStart(2, "0") }) : `${mm}:${String(ss).padStart(2, "0")}`;
  el.textContent = left ? t("time_left", { time: text }) : t("time_up");
}

/* Before the start: who sits, the invite link, start now, leave. */
export function renderWaiting(table) {
  const g = table.game;
  // rebuilt only when the seats change, so a level being chosen keeps its focus
  if (unchanged(table.el.waiting, g.status, g.seats, g.players.map((p) => [p.user_id, p.name, p.level]))) return;
  const box = clear(table.el.waiting);
  box.hidden = g.status !== "open";
  if (box.hidden) return;
  const invite = localStorage.getItem(`ttr.invite.${g.id}`);
  const link = invite ? `${location.origin}/join/${encodeURIComponent(g.id)}#invite=${encodeURIComponent(invite)}` :
    `${location.origin}/join/${encodeURIComponent(g.id)}`;
  const me = table.mySeat() !== null || g.players.some((p) => p.user_id === table.app.user.id);
  box.append(h("h2", {}, t("waiting_heading")),
    seatList(table),
    g.created_by === table.app.user.id ? addBotForm(table) : null,
    h("p", {}, t("invite_help")),
    inviteLink(link),
    g.created_by === table.app.user.id ? h("button", { type: "button", id: "start-now", onclick: () => command(table, "start") }, t("start_now")) : null,
    me ? h("button", { type: "button", id: "leave-table", onclick: async () => {
      await table.act({ type: "resign" });
      table.app.go("/");
    } }, t("leave_table")) : h("button", { type: "button", id: "join-table", onclick: () => command(table, "players") },
      t("join")));
}

/* A table command other than a move (start now, join, seat a bot, take my seat back):
 * POSTed, the game it answers taken, the table brought up to date; a refusal is shown
 * in words. */
async function command(table, path, body = {}) {
  showRefusal(table, null);
  try {
    const game = await table.app.api.post(`${table.path}/${path}`, body);
    table.accept(game, null);
    await table.refresh(game.version);
  } catch (e) {
    showRefusal(table, e.code ? t(`rule.${e.code}`) : e.message, e.code);
  }
}

/* The creator seats a bot of a chosen level in a free seat (POST …/bots); a table its
 * last seat fills starts at once. */
function addBotForm(table) {
  const level = h("select", { id: "bot-level" },
    BOT_LEVELS.map((l) => h("option", { value: l, selected: l === "hard" }, levelName(l))));
  return h("form", { class: "add-bot", id: "add-bot", onsubmit: (event) => {
    event.preventDefault();
    command(table, "bots", { level: level.value });
  } }, h("label", { for: "bot-level" }, t("bot_level_choice")), level,
  h("button", { type: "submit", id: "add-bot-button" }, t("add_bot")));
}

/* A seat of mine that a stand-in bot holds: say so, and offer it back (POST …/return). */
export function renderStandIn(table) {
  const g = table.game;
  const box = table.el.standIn;
  const held = g.status === "playing" && table.app.user
    ? g.players.find((p) => p.stands_in_for === table.app.user.id) : null;
  if (unchanged(box, held && [held.seat, held.level])) return;
  clear(box).hidden = !held;
  if (!held) return;
  box.append(h("p", {}, t("your_seat_held", { level: levelName(held.level) })),
    h("button", { type: "button", id: "take-seat-back", onclick: () => command(table, "return") },
      t("take_seat_back")));
}
