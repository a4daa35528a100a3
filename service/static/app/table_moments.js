/* What just happened at the table, shown as it happens: a card drawn moves into my hand
 * (from the deck or its face-up slot), a face-up slot's new card turns over, a claimed
 * route flashes on the board, a reset market and a reshuffled deck shuffle; my turn, a claim and the final round each have
 * a tone (sounds.js, when the player turned sounds on).
 *
 * Told apart by comparing each rendering of the table with the one before (and the log's
 * new events), so it does not matter whether a change came by my own move or the event
 * stream. The first rendering only sets the baseline: opening a table moves nothing.
 * Every animation is a class; the CSS (app.css, "the feel of a game") draws it, and does
 * not under prefers-reduced-motion. */
import { play } from "./sounds.js";

const state = new WeakMap(); // table -> what it showed last

/* How long a mark stays on when its animation does not end it (reduced motion: none
 * runs); longer than any of the animations. */
const MARK_FOR = 2000;

function handOf(table) {
  return { ...((table.game.you && table.game.you.hand) || {}) };
}

function ownersOf(game) {
  const owners = new Map();
  for (const p of game.players) for (const r of p.routes || []) owners.set(r, p.seat);
  return owners;
}

function latestVersion(table) {
  let latest = 0;
  for (const v of table.log.keys()) latest = Math.max(latest, v);
  return latest;
}

/* Put `name` on `el`, its animation played from the start; taken off when it ends. */
function mark(el, name) {
  if (!el) return;
  el.classList.remove(name);
  void el.getBoundingClientRect(); // (a new start: the class taken off is seen first)
  el.classList.add(name);
  clearTimeout(el._ttrMarks && el._ttrMarks[name]);
  const off = () => el.classList.remove(name);
  el._ttrMarks = { ...(el._ttrMarks || {}), [name]: setTimeout(off, MARK_FOR) };
}

/* Where the card came from, relative to where it lands: the deck, or its face-up slot. */
function flyFrom(table, li, events) {
  const me = table.mySeat();
  const draw = [...events].reverse().find((e) => e.data && e.data.seat === me &&
    (e.type === "card_drawn_blind" || e.type === "card_taken"));
  if (!draw) return;
  const source = draw.type === "card_taken"
    ? table.el.market.querySelector(`.face-up[data-slot="${draw.data.slot}"]`) || table.el.market
    : table.el.market.querySelector("#draw-deck");
  const art = li.querySelector(".card-art") || li;
  if (!source) return;
  const from = source.getBoundingClientRect();
  const to = art.getBoundingClientRect();
  // custom properties set from script (the CSP allows them); the keyframes read them
  art.style.setProperty("--from-x", `${Math.round(from.left - to.left)}px`);
  art.style.setProperty("--from-y", `${Math.round(from.top - to.top)}px`);
}

/* After each rendering of `table`: mark what changed since the last one. */
export function showMoments(table) {
  const g = table.game;
  const now = {
    hand: handOf(table),
    owners: ownersOf(g),
    version: latestVersion(table),
    myTurn: table.moves.some((m) => m.type !== "resign"),
    finalRound: Boolean(g.final_round) && g.status === "playing",
    market: g.market || [],
  };
  const before = state.get(table);
  state.set(table, now);
  if (!before) return;
  const events = [...table.log.values()].filter((e) => e.version > before.version)
    .sort((a, b) => a.version - b.version);

  for (const [color, n] of Object.entries(now.hand)) {
    if (n <= (before.hand[color] || 0)) continue;
    const li = table.el.hand.querySelector(`li[data-color="${color}"]`);
    if (!li) continue;
    flyFrom(table, li, events);
    mark(li, "just-drawn");
  }

  let claimed = false;
  for (const [route, seat] of now.owners) {
    if (before.owners.get(route) === seat) continue;
    claimed = true;
    mark(table.view.root.querySelector(`.route[data-route-id="${route}"]`), "just-claimed");
  }

  const reset = events.some((e) => e.type === "market_reset");
  if (reset) mark(table.el.market, "market-reset");
  else {
    // a face-up card taken (by anyone): its slot's new card is turned face up
    for (const e of events) {
      if (e.type !== "card_taken" || !e.data || !now.market[e.data.slot]) continue;
      mark(table.el.market.querySelector(`.face-up[data-slot="${e.data.slot}"]`), "just-dealt");
    }
  }
  if (events.some((e) => e.type === "deck_reshuffled")) mark(table.el.market, "deck-reshuffled");

  // one tone at a time: the final round says most, then a claim, then my turn
  if (now.finalRound && !before.finalRound) play("final");
  else if (claimed) play("claim");
  else if (now.myTurn && !before.myTurn) play("turn");
}
