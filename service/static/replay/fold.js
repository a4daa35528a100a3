/* The replay's fold: the state of the game after the first k events of its export, as
 * far as the viewer draws it (who holds each seat, each player's points, trains, cards,
 * stations and tickets, the routes and stations owned, whose turn, the final round, the
 * score). Who holds each seat is folded by the same function as the web client's log
 * (words.js nextHolders); a test checks the rest against the API's
 * GET /v1/games/{id}/states/{version}, the server's own fold. */
import { nextHolders } from "../app/words.js";

/* The game's records with its board, looked up by id, and the rules it was played by. */
export function buildModel(records, board, layout) {
  const rules = board.rules; // GET /v1/maps/{map} serves the map's rules with its board
  const userNames = new Map();
  for (const r of records) {
    if (r.type === "seat_taken" && r.data.user_id) userNames.set(r.data.user_id, r.data.name);
  }
  return {
    records, board, layout, mapName: board.map,
    routes: board.routes || [],
    routeById: new Map((board.routes || []).map((r) => [r.id, r])),
    ticketById: new Map((board.tickets || []).map((x) => [x.id, x])),
    userNames, trains: rules.trains, stations: rules.stations,
  };
}

export function emptyState() {
  return {
    seats: [], players: [], owners: new Map(), stations: new Map(), current: null,
    started: false, ended: null, finalRound: null, scored: null, capacity: null,
  };
}

function newPlayer(model, hand) {
  return {
    routePoints: 0, trains: model.trains, stationsLeft: model.stations, hand,
    routes: [], stations: [], tickets: [], out: null,
  };
}

function cardCount(cards) {
  if (!cards || typeof cards !== "object") return 0;
  return Object.values(cards).reduce((sum, n) => sum + (Number(n) || 0), 0);
}

function started(model, state, d) {
  const n = d.players ?? state.seats.length;
  state.players = [];
  for (let i = 0; i < n; i++) {
    const hand = Array.isArray(d.hands) && Array.isArray(d.hands[i]) ? d.hands[i].length : 4;
    state.players.push(newPlayer(model, hand));
  }
  state.started = true;
  state.current = d.first_player ?? 0;
}

function claimed(model, state, player, d) {
  state.owners.set(d.route, d.seat);
  if (!player) return;
  const route = model.routeById.get(d.route);
  player.routePoints += Number(d.points) || 0;
  player.trains -= route ? route.length : 0;
  player.hand -= cardCount(d.cards);
  player.routes.push(d.route);
}

function built(state, player, d) {
  state.stations.set(d.city, d.seat);
  if (!player) return;
  player.stationsLeft -= 1;
  player.hand -= cardCount(d.cards);
  player.stations.push(d.city);
}

/* The state after `record` (changed in place); the other events change nothing drawn. */
export function apply(model, state, record) {
  const d = record.data;
  const player = typeof d.seat === "number" ? state.players[d.seat] : undefined;
  state.seats = nextHolders(state.seats, record);
  switch (record.type) {
    case "game_created": state.capacity = d.seats ?? null; break;
    case "game_started": started(model, state, d); break;
    case "card_drawn_blind":
    case "card_taken": if (player) player.hand += 1; break;
    case "route_claimed": claimed(model, state, player, d); break;
    case "station_built": built(state, player, d); break;
    case "tickets_kept": if (player && Array.isArray(d.kept)) player.tickets.push(...d.kept); break;
    case "turn_ended": if (typeof d.next_seat === "number") state.current = d.next_seat; break;
    case "final_round_started": state.finalRound = d.seat ?? null; break;
    case "game_ended": state.ended = d.reason || "ended"; state.current = null; break;
    case "player_resigned": if (player) player.out = "resigned"; break;
    case "player_dropped": if (player) player.out = "dropped"; break;
    case "game_scored": state.scored = d; break;
    default: break;
  }
}

export function applySafely(model, state, record) {
  try {
    apply(model, state, record);
  } catch (error) {
    console.warn("replay: could not apply event", record, error);
  }
}

/* The state after the first k events. */
export function stateAt(model, k) {
  const state = emptyState();
  for (let i = 0; i < k && i < model.records.length; i++) applySafely(model, state, model.records[i]);
  return state;
}
