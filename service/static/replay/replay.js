/* Replay viewer of a finished game: the board in SVG, a slider over the game's events.
 *
 * The page is /games/{id}/replay (or any page with ?game={id}); an API token may be
 * given as #token=... and is then sent as "Authorization: Bearer ...". It fetches
 *   GET /v1/games/{id}/export       NDJSON, one event record per line
 *   GET /v1/maps/{map}              the board (cities, routes, tickets)
 *   GET /static/layouts/{map}.json  where each city is drawn
 * and computes the state at step k (1 = the first event) by scanning the events up to k.
 * The board is drawn by the shared module /static/board/board.js (the web client's table
 * uses the same). No library, no build step. */
import {
PLAYER_COLORS, PLAYER_COLOR_NAMES, ROUTE_COLORS, cardSwatch, drawBoard, playerColor,
playerSymbol, svg,
} from "/static/board/board.js";
import { showAnalysis } from "./chart.js";

const CAR_WIDTH = 7;

class LoadError extends Error {}

// -- where the data comes from -------------------------------------------------------

function gameIdFrom(location) {
  const query = new URLSearchParams(location.search).get("game");
  if (query) return query;
  const match = location.pathname.match(/\/games\/([^/]+)\/replay\/?$/);
  return match ? decodeURIComponent(match[1]) : null;
}

function tokenFrom(location) {
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
  return token || null;
}

async function fetchOk(url, what, token) {
  const headers = { Accept: "application/json, application/x-ndjson" };
  if (token) headers.Authorization = "Bearer " + token;
  let response;
  try {
    response = await fetch(url, { headers, cache: "no-store" });
  } catch (error) {
    throw new LoadError(`Could not reach the server to load ${what} (${error.message}).`);
  }
  if (!response.ok) {
    let detail = "";
    try {
      const text = await response.text();
      try {
        const problem = JSON.parse(text);
        detail = problem.detail || problem.title || problem.message || "";
      } catch (_) {
        detail = text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 200);
      }
    } catch (_) { /* no body */ }
    throw new LoadError(failureMessage(response, what, detail));
  }
  return response;
}

function failureMessage(response, what, detail) {
  const status = `${response.status}${response.statusText ? " " + response.statusText : ""}`;
  let text;
  if (response.status === 401) {
    text = `You need to sign in to see ${what} (${status}). Add your API token to the ` +
      "address of this page as #token=… and reload.";
  } else if (response.status === 403) {
    text = `You are not allowed to see ${what} (${status}).`;
  } else if (response.status === 404) {
    text = `Could not find ${what} (${status}).`;
  } else {
    text = `Could not load ${what}: the server answered ${status}.`;
  }
  return detail ? `${text} ${detail}` : text;
}

function parseNdjson(text) {
  const records = [];
  text.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    let record;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new LoadError(`The game's export is broken at line ${index + 1}: ${error.message}`);
    }
    if (!record || typeof record !== "object" || typeof record.type !== "string") {
      throw new LoadError(`The game's export has a record without a type at line ${index + 1}.`);
    }
    if (!record.data || typeof record.data !== "object") record.data = {};
    records.push(record);
  });
  records.sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
  return records;
}

function mapNameOf(records) {
  for (const r of records) {
    if ((r.type === "game_created" || r.type === "game_started") && r.data.map) return r.data.map;
  }
  throw new LoadError("The game's export names no map (no game_created or game_started event).");
}

// -- the model -----------------------------------------------------------------------

function buildModel(records, board, layout) {
  const routes = board.routes || [];
  const routeById = new Map(routes.map((r) => [r.id, r]));
  const ticketById = new Map((board.tickets || []).map((t) => [t.id, t]));
  const rules = board.rules; // GET /v1/maps/{map} serves the map's rules with its board
  const mapName = board.map;
  const model = {
    records, board, layout, routes, routeById, ticketById, mapName,
    trains: rules.trains,
    stations: rules.stations,
  };
  model.descriptions = describeAll(model);
  return model;
}

function newPlayer(model, hand) {
  return {
    routePoints: 0, trains: model.trains, stationsLeft: model.stations, hand,
    routes: [], stations: [], tickets: [], out: null,
  };
}

function emptyState() {
  return {
    seats: [], players: [], owners: new Map(), stations: new Map(), current: null,
    started: false, ended: null, finalRound: null, scored: null, capacity: null,
  };
}

function cardCount(cards) {
  if (!cards || typeof cards !== "object") return 0;
  return Object.values(cards).reduce((sum, n) => sum + (Number(n) || 0), 0);
}

// The state after `record` (changed in place).
function apply(model, state, record) {
  const d = record.data;
  const player = typeof d.seat === "number" ? state.players[d.seat] : undefined;
  switch (record.type) {
    case "game_created":
      state.capacity = d.seats ?? null;
      break;
    case "seat_taken":
      state.seats.push({ name: d.name, userId: d.user_id });
      break;
    case "seat_left":
      if (typeof d.seat === "number") state.seats.splice(d.seat, 1);
      break;
    case "game_started": {
      const n = d.players ?? state.seats.length;
      state.players = [];
      for (let i = 0; i < n; i++) {
        const hand = Array.isArray(d.hands) && Array.isArray(d.hands[i]) ? d.hands[i].length : 4;
        state.players.push(newPlayer(model, hand));
      }
      state.started = true;
      state.current = d.first_player ?? 0;
      break;
    }
    case "card_drawn_blind":
    case "card_taken":
      if (player) player.hand += 1;
      break;
    case "route_claimed": {
      state.owners.set(d.route, d.seat);
      if (player) {
        const route = model.routeById.get(d.route);
        player.routePoints += Number(d.points) || 0;
        player.trains -= route ? route.length : 0;
        player.hand -= cardCount(d.cards);
        player.routes.push(d.route);
      }
      break;
    }
    case "station_built":
      state.stations.set(d.city, d.seat);
      if (player) {
        player.stationsLeft -= 1;
        player.hand -= cardCount(d.cards);
        player.stations.push(d.city);
      }
      break;
    case "tickets_kept":
      if (player && Array.isArray(d.kept)) player.tickets.push(...d.kept);
      break;
    case "turn_ended":
      if (typeof d.next_seat === "number") state.current = d.next_seat;
      break;
    case "final_round_started":
      state.finalRound = d.seat ?? null;
      break;
    case "game_ended":
      state.ended = d.reason || "ended";
      state.current = null;
      break;
    case "player_resigned":
      if (player) player.out = "resigned";
      break;
    case "player_dropped":
      if (player) player.out = "dropped";
      break;
    case "game_scored":
      state.scored = d;
      break;
    default:
      break; // the other events change nothing the viewer draws
  }
}

function applySafely(model, state, record) {
  try {
    apply(model, state, record);
  } catch (error) {
    console.warn("replay: could not apply event", record, error);
  }
}

// The state after the first k events, with the description of event k.
function stateAt(model, k) {
  const state = emptyState();
  for (let i = 0; i < k && i < model.records.length; i++) applySafely(model, state, model.records[i]);
  return { state, description: model.descriptions[k - 1] || "" };
}

// Every event in words, each told in the state just before it (one pass).
function describeAll(model) {
  const state = emptyState();
  return model.records.map((record) => {
    const text = describeSafely(model, state, record);
    applySafely(model, state, record);
    return text;
  });
}

// -- words ---------------------------------------------------------------------------

function seatName(state, seat) {
  if (typeof seat !== "number") return "Someone";
  const taken = state.seats[seat];
  return taken && taken.name ? `Seat ${seat + 1} (${taken.name})` : `Seat ${seat + 1}`;
}

function routeName(model, id) {
  const route = model.routeById.get(id);
  return route ? `${route.a}–${route.b}` : String(id);
}

function ticketName(model, id) {
  const t = model.ticketById.get(id);
  return t ? `${t.a}–${t.b} (${t.points})` : String(id);
}

function cardsText(cards) {
  if (Array.isArray(cards)) return cards.join(", ");
  if (!cards || typeof cards !== "object") return "";
  return Object.entries(cards).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`).join(" + ");
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function actorText(state, actor) {
  if (!actor || typeof actor !== "object") return "";
  if (actor.kind === "seat") return seatName(state, actor.seat);
  if (actor.kind === "user") {
    const seat = state.seats.findIndex((s) => s.userId === actor.user_id);
    return seat >= 0 ? seatName(state, seat) : `user ${actor.user_id}`;
  }
  if (actor.kind === "system") return `the system${actor.name ? ` (${actor.name})` : ""}`;
  return String(actor.kind || "");
}

function describeSafely(model, state, record) {
  try {
    const text = describe(model, state, record);
    if (text) return text;
  } catch (error) {
    console.warn("replay: could not describe event", record, error);
  }
  return generic(state, record);
}

function generic(state, record) {
  let data = "";
  try {
    data = JSON.stringify(record.data);
  } catch (_) { /* unprintable */ }
  if (data.length > 160) data = data.slice(0, 157) + "…";
  const who = actorText(state, record.actor);
  return `Event “${record.type}”${who ? ` by ${who}` : ""}${data && data !== "{}" ? `: ${data}` : ""}`;
}

function describe(model, state, record) {
  const d = record.data;
  const who = seatName(state, d.seat);
  switch (record.type) {
    case "game_created":
      return `A table was set up for ${d.seats} players on the ${d.map} map` +
        (d.created_by ? ` by user ${d.created_by}` : "") + ".";
    case "seat_taken":
      return `${d.name} took seat ${d.seat + 1}.`;
    case "seat_left": {
      const name = state.seats[d.seat] ? state.seats[d.seat].name : `user ${d.user_id}`;
      return `${name} left seat ${d.seat + 1}; the players after them moved up one seat.`;
    }
    case "game_started": {
      const tickets = Array.isArray(d.dealt_tickets) && d.dealt_tickets[0]
        ? d.dealt_tickets[0].length : null;
      return `The game started with ${d.players} players; ${seatName(state, d.first_player)} ` +
        "plays first. Each player was dealt " +
        (Array.isArray(d.hands) && d.hands[0] ? plural(d.hands[0].length, "card") : "cards") +
        (tickets !== null ? ` and ${plural(tickets, "ticket")} to choose from` : "") +
        (Array.isArray(d.market) ? `; face up: ${d.market.join(", ")}.` : ".");
    }
    case "card_drawn_blind":
      return `${who} drew a card from the deck` + (d.card ? ` (${d.card}).` : ".");
    case "card_taken":
      return `${who} took the face-up ${d.card} card.`;
    case "market_refilled":
      return `Face-up cards turned from the deck: ${cardsText(d.cards)}.`;
    case "market_reset":
      return `Three face-up locomotives: the face-up cards were discarded (${cardsText(d.discarded)}).`;
    case "deck_reshuffled":
      return `The discard pile was shuffled into a new deck of ${plural(d.size, "card")}.`;
    case "route_claimed":
      return `${who} claimed ${routeName(model, d.route)} for ${plural(d.points, "point")}` +
        (d.cards ? `, paying ${cardsText(d.cards)}.` : ".");
    case "tunnel_attempted":
      return `${who} tried the tunnel ${routeName(model, d.route)} with ${cardsText(d.cards)}.`;
    case "tunnel_cards_revealed":
      return `The tunnel's three cards: ${cardsText(d.cards)}; ${who} must pay ` +
        `${plural(d.extra_cards, "extra card")}.`;
    case "tunnel_declined":
      return `${who} did not pay the extra cards for the tunnel ${routeName(model, d.route)}.`;
    case "tickets_drawn":
      return `${who} drew ${plural(d.count, "ticket")}` +
        (Array.isArray(d.tickets) && d.tickets.length
          ? `: ${d.tickets.map((t) => ticketName(model, t)).join(", ")}.` : ".");
    case "tickets_kept": {
      const kept = Array.isArray(d.kept) && d.kept.length
        ? `: ${d.kept.map((t) => ticketName(model, t)).join(", ")}` : "";
      const returned = d.returned_count ? `, and returned ${d.returned_count}` : "";
      return `${who} kept ${plural(d.kept_count ?? (d.kept || []).length, "ticket")}${kept}${returned}.`;
    }
    case "setup_tickets_returned":
      return `Everyone chose their tickets; ${plural(d.count, "returned ticket")} went under the deck.`;
    case "station_built":
      return `${who} built a station in ${d.city}` + (d.cards ? `, paying ${cardsText(d.cards)}.` : ".");
    case "passed":
      return `${who} passed.`;
    case "turn_ended": {
      const skipped = Array.isArray(d.skipped) && d.skipped.length
        ? ` (skipping ${d.skipped.map((s) => seatName(state, s)).join(", ")}, who left)` : "";
      return `${who}'s turn ended; ${seatName(state, d.next_seat)} plays next${skipped}.`;
    }
    case "final_round_started":
      return `${who} has ${plural(d.trains, "train")} left: the final round begins, everyone ` +
        "plays one more turn.";
    case "game_ended": {
      const reasons = {
        final_round: "after the final round", deadlock: "because no one could move",
        last_player: "because only one player was left",
      };
      return `The game ended ${reasons[d.reason] || `(${d.reason})`}.`;
    }
    case "seed_revealed":
      return `The secret seed was revealed (${String(d.seed || "").slice(0, 16)}…): ` +
        "anyone can now check every shuffle.";
    case "player_resigned":
      return `${who} resigned.`;
    case "player_dropped":
      return `${who} was dropped from the game after ${plural(d.timeouts, "time-out")} in a row.`;
    case "turn_timed_out":
      return `${who} ran out of time (${d.consecutive} in a row).`;
    case "game_scored": {
      const players = Array.isArray(d.players) ? d.players : [];
      const winners = (d.winners || []).map((s) => {
        const p = players.find((x) => x.seat === s);
        return `${seatName(state, s)}${p && p.score ? ` with ${p.score.total} points` : ""}`;
      });
      return winners.length
        ? `Final score: ${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}.`
        : "Final score: no winner.";
    }
    default:
      return null; // generic() describes it
  }
}

// -- drawing -------------------------------------------------------------------------

function html(tag, attrs, text) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function drawMap(model) {
  return drawBoard(model.board, model.layout, {
    idPrefix: "map", title: `Board of the ${model.board.name || model.mapName} map`,
    routeTitle,
  });
}

function routeTitle(route) {
  const kind = route.tunnel ? ", tunnel"
    : route.locomotives > 0 ? `, ferry (${plural(route.locomotives, "locomotive")})` : "";
  return `${route.a} – ${route.b}: ${plural(route.length, "car")}, ${route.color}${kind}`;
}

function legend(model) {
  const el = document.getElementById("legend");
  el.textContent = "";
  const item = (label, draw) => {
    const span = html("span", { class: "legend-item" });
    const icon = svg("svg", { viewBox: "0 0 40 14", width: 40, height: 14, "aria-hidden": "true" });
    draw(icon);
    span.append(icon, document.createTextNode(label));
    el.appendChild(span);
  };
  const car = (icon, cls, fill, x) => svg("rect", {
    class: cls, x, y: 3.5, width: 16, height: CAR_WIDTH, rx: 1.5, fill,
  }, icon);
  el.appendChild(document.createTextNode("Routes: one box per car. "));
  item("ordinary route", (i) => { car(i, "car", ROUTE_COLORS.gray, 2); car(i, "car", ROUTE_COLORS.gray, 21); });
  if (model.routes.some((r) => r.tunnel)) {
    item("tunnel (dashed border)", (i) => {
      car(i, "car tunnel-car", ROUTE_COLORS.gray, 2); car(i, "car tunnel-car", ROUTE_COLORS.gray, 21);
    });
  }
  if (model.routes.some((r) => r.locomotives > 0)) {
    item("ferry (a dot per locomotive needed)", (i) => {
      car(i, "car", ROUTE_COLORS.gray, 2); car(i, "car", ROUTE_COLORS.gray, 21);
      svg("circle", { class: "loco", cx: 10, cy: 7, r: 2.1 }, i);
    });
  }
  if (model.stations > 0) {
    item("station (ring in the owner's colour)", (i) => {
      svg("circle", { class: "station-ring", cx: 20, cy: 7, r: 5.5, stroke: "#555" }, i);
    });
  }
}

// -- the page ------------------------------------------------------------------------

function showError(message) {
  const el = document.getElementById("error");
  el.textContent = message;
  el.hidden = false;
  document.getElementById("loading").hidden = true;
  document.body.dataset.state = "error";
}

function createViewer(model) {
  const drawing = drawMap(model);
  const mapBox = document.getElementById("map");
  mapBox.textContent = "";
  mapBox.appendChild(drawing.root);
  legend(model);

  const total = model.records.length;
  const slider = document.getElementById("slider");
  const step = document.getElementById("step");
  const playButton = document.getElementById("play");
  const speed = document.getElementById("speed");
  const longestSelect = document.getElementById("longest-player");
  slider.min = "1";
  slider.max = String(total);
  let k = 1;
  let timer = null;
  let longestSeat = null;
  let current = null;

  function goTo(n) {
    const next = Math.min(Math.max(1, Math.round(Number(n)) || 1), total);
    k = next;
    render();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.classList.remove("playing");
    playButton.textContent = "▶ Play";
  }

  function play() {
    if (k >= total) goTo(1);
    playButton.classList.add("playing");
    playButton.textContent = "▮▮ Pause";
    timer = setInterval(() => {
      if (k >= total) stop();
      else goTo(k + 1);
    }, Number(speed.value) || 500);
  }

  function render() {
    const { state, description } = stateAt(model, k);
    current = state;
    const record = model.records[k - 1];
    slider.value = String(k);
    slider.setAttribute("aria-valuetext", `Event ${k} of ${total}: ${description}`);
    step.textContent = `Event ${k} of ${total}`;
    step.dataset.step = String(k);
    step.dataset.total = String(total);
    step.dataset.version = String(record.version ?? "");
    const desc = document.getElementById("event-description");
    desc.textContent = description;
    desc.dataset.type = record.type;
    desc.dataset.version = String(record.version ?? "");
    renderRoutes(state);
    renderStations(state);
    renderPlayers(state);
    renderLog();
    renderFinal(state);
    renderTickets(state);
    document.body.dataset.step = String(k);
  }

  function renderRoutes(state) {
    drawing.setOwners(state.owners, (id, owner) => routeTitle(model.routeById.get(id)) +
      (owner === undefined ? "" : `; claimed by ${seatName(state, owner)}`));
  }

  function renderStations(state) {
    drawing.setStations(state.stations, (city, seat) => `Station of ${seatName(state, seat)} in ${city}`);
  }

  function renderPlayers(state) {
    const body = document.querySelector("#players tbody");
    body.textContent = "";
    document.getElementById("players").classList.toggle("no-stations", model.stations === 0);
    const count = state.started ? state.players.length : state.seats.length;
    for (let seat = 0; seat < count; seat++) {
      const p = state.players[seat];
      const row = html("tr", { "data-seat": String(seat) });
      if (state.current === seat) {
        row.classList.add("current");
        row.setAttribute("aria-current", "true");
      }
      const who = html("th", { scope: "row" });
      const swatch = html("span", {
        class: "swatch", style: `background:${playerColor(seat)}`, "data-symbol": playerSymbol(seat),
        title: PLAYER_COLOR_NAMES[seat % PLAYER_COLOR_NAMES.length],
      });
      who.append(swatch, document.createTextNode(seatName(state, seat)));
      if (p && p.out) who.append(html("span", { class: "out" }, ` (${p.out})`));
      row.appendChild(who);
      const cells = p
        ? [p.routePoints, p.trains, p.hand, p.stationsLeft, p.tickets.length]
        : ["–", "–", "–", "–", "–"];
      const classes = ["route-points", "trains", "hand", "stations-col", "ticket-count"];
      cells.forEach((v, i) => row.appendChild(html("td", { class: classes[i] }, String(v))));
      body.appendChild(row);
    }
    const turn = document.getElementById("turn");
    if (state.ended) turn.textContent = "The game is over.";
    else if (!state.started) turn.textContent = "Players are gathering at the table.";
    else if (typeof state.current === "number") {
      turn.textContent = `${seatName(state, state.current)} to play` +
        (state.finalRound !== null ? " (final round)." : ".");
    } else turn.textContent = "";
  }

  function renderLog() {
    const list = document.getElementById("event-log");
    list.textContent = "";
    list.start = k;
    const first = Math.max(0, k - 8);
    for (let i = k - 1; i >= first; i--) {
      const item = html("li", { value: String(i + 1) }, model.descriptions[i]);
      if (i === k - 1) item.classList.add("now");
      list.appendChild(item);
    }
  }

  function renderFinal(state) {
    const section = document.getElementById("final");
    const scored = state.scored && Array.isArray(state.scored.players) ? state.scored : null;
    section.hidden = !scored;
    drawing.highlight([]);
    if (!scored) return;
    const players = [...scored.players].sort((a, b) => (a.rank - b.rank) || (a.seat - b.seat));
    const body = document.querySelector("#scores tbody");
    body.textContent = "";
    for (const p of players) {
      const s = p.score || {};
      const row = html("tr", { "data-seat": String(p.seat) });
      if (p.winner) row.classList.add("winner");
      row.appendChild(html("td", { class: "rank" }, String(p.rank)));
      const who = html("th", { scope: "row", class: "player" });
      who.append(html("span", { class: "swatch", style: `background:${playerColor(p.seat)}`,
        "data-symbol": playerSymbol(p.seat) }),
        document.createTextNode(seatName(state, p.seat) + (p.out ? " (left)" : "")));
      row.appendChild(who);
      const lp = `${s.longest_path ?? 0}` + (p.longest_path_length != null ? ` (${p.longest_path_length} cars)` : "");
      const cells = [["routes", s.routes], ["tickets", s.tickets], ["stations", s.stations],
        ["longest-path", lp], ["globetrotter", s.globetrotter], ["total", s.total]];
      for (const [cls, v] of cells) row.appendChild(html("td", { class: cls }, String(v ?? 0)));
      row.appendChild(html("td", { class: "winner-mark" }, p.winner ? "★ winner" : ""));
      body.appendChild(row);
    }
    // the longest path of the chosen player (the longest one at first)
    if (longestSeat === null || !scored.players.some((p) => p.seat === longestSeat)) {
      const best = [...scored.players].sort((a, b) =>
        ((b.longest_path_length || 0) - (a.longest_path_length || 0)) || (a.seat - b.seat))[0];
      longestSeat = best ? best.seat : null;
    }
    if (longestSelect.options.length !== scored.players.length) {
      longestSelect.textContent = "";
      for (const p of [...scored.players].sort((a, b) => a.seat - b.seat)) {
        longestSelect.appendChild(html("option", { value: String(p.seat) },
          `${seatName(state, p.seat)}: ${plural(p.longest_path_length || 0, "car")}`));
      }
    }
    longestSelect.value = String(longestSeat);
    const chosen = scored.players.find((p) => p.seat === longestSeat);
    const ids = chosen && Array.isArray(chosen.longest_path_routes) ? chosen.longest_path_routes : [];
    drawing.highlight(ids);
    document.getElementById("longest-info").textContent = chosen
      ? `${plural(chosen.longest_path_length || 0, "car")}, highlighted on the map.` : "";
  }

  function renderTickets(state) {
    const box = document.getElementById("tickets");
    box.textContent = "";
    const results = new Map();
    if (state.scored && Array.isArray(state.scored.players)) {
      for (const p of state.scored.players) results.set(p.seat, p.tickets || []);
    }
    const count = state.started ? state.players.length : 0;
    for (let seat = 0; seat < count; seat++) {
      const block = html("div", { class: "player-tickets", "data-seat": String(seat) });
      const heading = html("h3");
      heading.append(html("span", { class: "swatch", style: `background:${playerColor(seat)}`,
        "data-symbol": playerSymbol(seat) }),
        document.createTextNode(seatName(state, seat)));
      block.appendChild(heading);
      const list = html("ul");
      if (results.has(seat)) {
        for (const t of results.get(seat)) {
          const item = html("li", {
            class: t.completed ? "ticket completed" : "ticket failed", "data-ticket-id": t.id,
          });
          item.append(html("span", { class: "mark", "aria-hidden": "true" }, t.completed ? "✓" : "✗"),
            document.createTextNode(` ${t.from}–${t.to}: ${t.completed ? "+" : "−"}${t.points} ` +
              `(${t.completed ? "completed" : "failed"})`));
          list.appendChild(item);
        }
      } else {
        for (const id of state.players[seat].tickets) {
          list.appendChild(html("li", { class: "ticket", "data-ticket-id": id }, ticketName(model, id)));
        }
      }
      if (!list.children.length) list.appendChild(html("li", { class: "none" }, "no tickets yet"));
      block.appendChild(list);
      box.appendChild(block);
    }
  }

  // -- controls --
  document.getElementById("first").addEventListener("click", () => { stop(); goTo(1); });
  document.getElementById("prev").addEventListener("click", () => { stop(); goTo(k - 1); });
  document.getElementById("next").addEventListener("click", () => { stop(); goTo(k + 1); });
  document.getElementById("last").addEventListener("click", () => { stop(); goTo(total); });
  playButton.addEventListener("click", () => (timer === null ? play() : stop()));
  speed.addEventListener("change", () => { if (timer !== null) { stop(); play(); } });
  slider.addEventListener("input", () => { stop(); goTo(slider.value); });
  longestSelect.addEventListener("change", () => {
    longestSeat = Number(longestSelect.value);
    render();
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const t = event.target;
    if (t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement ||
        (t instanceof HTMLInputElement && t.type !== "range") || (t && t.isContentEditable)) return;
    const moves = { ArrowLeft: () => k - 1, ArrowRight: () => k + 1, Home: () => 1, End: () => total };
    if (!(event.key in moves)) return;
    event.preventDefault(); // also on the slider: one step per key, not two
    stop();
    goTo(moves[event.key]());
  });

  render();
  return {
    goTo, play, stop,
    get step() { return k; },
    get total() { return total; },
    get state() { return current; },
  };
}

async function main() {
  const gameId = gameIdFrom(window.location);
  if (!gameId) {
    showError("No game given: open this page as /games/{id}/replay or with ?game={id}.");
    return;
  }
  const token = tokenFrom(window.location);
  document.getElementById("title").textContent = `Replay of game ${gameId}`;
  document.title = `Replay of game ${gameId} · Ticket to Ride`;
  try {
    const exported = await fetchOk(`/v1/games/${encodeURIComponent(gameId)}/export`,
      `the events of game ${gameId}`, token);
    const records = parseNdjson(await exported.text());
    if (!records.length) throw new LoadError(`Game ${gameId} has no events yet.`);
    const mapName = mapNameOf(records);
    const [boardResponse, layoutResponse] = await Promise.all([
      fetchOk(`/v1/maps/${encodeURIComponent(mapName)}`, `the ${mapName} map`, token),
      fetchOk(`/static/layouts/${encodeURIComponent(mapName)}.json`, `the layout of the ${mapName} map`, token),
    ]);
    let board;
    let layout;
    try {
      board = await boardResponse.json();
      layout = await layoutResponse.json();
    } catch (error) {
      throw new LoadError(`The ${mapName} map could not be read: ${error.message}`);
    }
    const model = buildModel(records, board, layout);
    document.getElementById("subtitle").textContent =
      `${board.name || mapName} · ${plural(records.length, "event")}` +
      (records.some((r) => r.type === "game_scored") ? " · finished" : " · not scored yet");
    document.getElementById("loading").hidden = true;
    document.getElementById("viewer").hidden = false;
    window.replayViewer = Object.assign(createViewer(model), {
      playerColors: PLAYER_COLORS.slice(), routeColors: { ...ROUTE_COLORS }, gameId,
    });
    document.body.dataset.state = "ready";
    showAnalysis(gameId, token);
  } catch (error) {
    if (!(error instanceof LoadError)) console.error(error);
    showError(error instanceof LoadError ? error.message
      : `The replay could not be shown: ${error && error.message ? error.message : error}`);
  }
}

main();
