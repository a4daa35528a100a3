/* The table as a spectator sees it, and how many watch.
 *
 * A spectator is someone who opens a game in progress without a seat at it (a player a
 * stand-in bot sits in for is still a player: the stand-in notice is theirs). Their page
 * says "You are watching" and leaves out what belongs to a player (a hand, tickets, the
 * moves, the claim panels, "Notify me on my turn"): the server shows them nothing
 * private anyway; this only keeps the page from pretending they play.
 *
 * Everyone's table shows how many watch: the game's `spectators` as first read, then
 * what the event stream says (its snapshot, and a `spectators` message whenever the
 * number changes); a later GET may be a cached copy (ETag is the version only), so the
 * stream's number wins. */
import { svg } from "../board/board.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/* An eye, drawn here: an emoji is a box on a system without an emoji font. */
function eye() {
  const icon = svg("svg", { class: "watching-eye", viewBox: "0 0 24 16", width: "22", height: "15",
    "aria-hidden": "true", focusable: "false" });
  svg("path", { d: "M1 8 C5 1.5 19 1.5 23 8 C19 14.5 5 14.5 1 8 Z", fill: "none",
    stroke: "currentColor", "stroke-width": "2" }, icon);
  svg("circle", { cx: "12", cy: "8", r: "3.5", fill: "currentColor" }, icon);
  return icon;
}

/* The parts of the table that are a player's only. */
function playerParts(table) {
  const el = table.el;
  return [el.hand.closest("section"), el.handNote, el.tickets.closest("section"), el.actions,
    el.claim, el.hint, el.settings, el.notify].filter(Boolean);
}

/* Add the banner and the count to the table's head (after `table.build`). */
export function buildWatching(table) {
  const el = table.el;
  el.watching = h("p", { id: "watching", class: "watching-banner", role: "status", hidden: true },
    eye(), " ", t("you_are_watching"));
  el.spectators = h("p", { id: "spectators", class: "spectators", hidden: true });
  el.caption.before(el.watching);
  el.connection.before(el.spectators);
  for (const part of playerParts(table)) part.classList.add("player-only");
}

/* Whether I watch this table as a spectator. */
export function isWatching(table) {
  const g = table.game;
  if (g.status !== "playing" || table.mySeat() !== null) return false;
  const me = table.app.user && table.app.user.id;
  return !g.players.some((p) => me && p.stands_in_for === me);
}

/* A stream message about spectators: its count kept (true: the message was only that). */
export function heardSpectators(table, m) {
  if (m.event === "snapshot" && m.data && typeof m.data.spectators === "number") {
    table.spectatorCount = m.data.spectators;
    return false;
  }
  if (m.event !== "spectators") return false;
  if (m.data && typeof m.data.count === "number") {
    table.spectatorCount = m.data.count;
    if (table.el) renderCount(table);
  }
  return true;
}

function renderCount(table) {
  const n = table.spectatorCount ?? table.game.spectators ?? 0;
  const el = table.el.spectators;
  el.hidden = !n || table.game.status === "finished";
  el.dataset.count = String(n);
  el.textContent = t("spectators_count", { n });
}

export function renderWatching(table) {
  const watching = isWatching(table);
  const root = table.el.watching.closest("#table");
  if (root) root.dataset.watching = String(watching);
  document.body.dataset.watching = String(watching);
  table.el.watching.hidden = !watching;
  renderCount(table);
}
