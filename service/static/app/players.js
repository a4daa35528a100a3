/* The players at the table, one compact panel each: name and bot level, points, trains,
 * cards in hand, tickets, stations where the map has them, whose turn it is, a stand-in,
 * and the you / out / away marks. The panels wrap in a grid and never cut anything off
 * (issue 33: the old table lost its last columns at 1366 px and on a phone); where the
 * table is one column (a phone, a tablet) app.css pins them as a strip at the top of the
 * screen, and the page is pushed down by the strip's height, measured here, so the strip
 * never covers the table. */
import { playerColor, svg } from "../board/board.js";
import { clear, h, playerName } from "./dom.js";
import { t } from "./i18n.js";

/* Each figure's small icon (a 16×16 drawing of our own): a panel shows a figure by its
 * icon, its name left to screen readers, the tooltip and the key above the panels. */
const ICONS = {
  points: (root) => svg("polygon", { points: "8,1 10,6 15,6 11,9.5 12.5,15 8,11.5 3.5,15 5,9.5 1,6 6,6" }, root),
  trains: (root) => {
    svg("rect", { x: 1, y: 3, width: 14, height: 8, rx: 1.5 }, root);
    svg("circle", { cx: 4.5, cy: 13, r: 2 }, root);
    svg("circle", { cx: 11.5, cy: 13, r: 2 }, root);
  },
  cards: (root) => {
    svg("rect", { x: 1, y: 3, width: 8, height: 12, rx: 1.5, class: "back" }, root);
    svg("rect", { x: 6, y: 1, width: 8, height: 12, rx: 1.5 }, root);
  },
  tickets: (root) => {
    svg("path", { d: "M1 4h14v3a1.5 1.5 0 0 0 0 3v3H1v-3a1.5 1.5 0 0 0 0-3z" }, root);
  },
  stations: (root) => {
    svg("polygon", { points: "8,1 15,7 13,7 13,15 3,15 3,7 1,7" }, root);
  },
};

function icon(kind) {
  const root = svg("svg", { viewBox: "0 0 16 16", width: 12, height: 12, class: "stat-icon",
    "aria-hidden": "true", focusable: "false" });
  ICONS[kind](root);
  return root;
}

/* One figure of a panel: its icon, its number, its name. */
function stat(kind, label, value) {
  return h("div", { class: "stat", "data-stat": kind, title: label },
    h("dt", {}, icon(kind), h("span", { class: "stat-name" }, label)),
    h("dd", {}, String(value ?? "–")));
}

/* What each icon stands for, once above the panels (a screen reader hears each figure's
 * name in its panel, so not this). */
function statKey(stations) {
  const kinds = ["points", "trains", "cards", "tickets", ...(stations ? ["stations"] : [])];
  return h("p", { class: "stat-key", "aria-hidden": "true" },
    kinds.map((kind) => h("span", {}, icon(kind), t(`${kind}_col`))));
}

function panel(table, p, stations) {
  const g = table.game;
  const current = g.status === "playing" && g.to_act.includes(p.seat);
  const you = p.seat === table.mySeat();
  const away = (g.away || []).includes(p.seat);
  const li = h("li", { class: ["player-panel", current ? "current" : "", p.out ? "is-out" : ""]
    .filter(Boolean).join(" "), "data-seat": p.seat, "aria-current": current ? "true" : null },
  h("div", { class: "panel-head" }, playerName(p),
    you ? h("span", { class: "you" }, t("you")) : null,
    current ? h("span", { class: "to-act" }, h("span", { "aria-hidden": "true" }, "▶ "), t("to_act")) : null,
    p.stands_in_for ? h("span", { class: "stands-in" }, t("stands_in_for", { name: table.userName(p.stands_in_for) })) : null,
    p.out ? h("span", { class: "out" }, t(`out.${p.out}`)) : null,
    away ? h("span", { class: "away" }, t("away.badge")) : null),
  h("dl", { class: "stats" },
    stat("points", t("points_col"), p.route_points),
    stat("trains", t("trains_col"), p.trains),
    stat("cards", t("cards_col"), p.hand_size),
    stat("tickets", t("tickets_col"), p.ticket_count),
    stations ? stat("stations", t("stations_col"), p.stations_left) : null));
  li.style.borderLeftColor = playerColor(p.seat); // a property, not a style attribute: the CSP allows it
  return li;
}

/* The panels into `table.el.players`, rebuilt only when what they show changed (a
 * rebuild would take the keyboard's focus off a player's profile link). */
export function renderPanels(table) {
  const g = table.game;
  const box = table.el.players;
  const stations = (table.board.rules.stations || 0) > 0;
  const key = JSON.stringify([g.status, g.to_act, g.away, g.players, table.mySeat(), stations]);
  if (box._ttrPanels === key) return;
  box._ttrPanels = key;
  const list = h("ol", { id: "player-panels", class: "player-panels", "aria-label": t("players") },
    g.players.map((p) => panel(table, p, stations)));
  clear(box).append(statKey(stations), list);
  followStrip(list);
}

/* While the panels are a fixed strip (a one-column table: see app.css), the page below
 * it starts under it: the strip's height becomes the page's room at its top and the
 * focus's scroll padding, kept up to date as it wraps. Written on the body and the root
 * as plain properties, not as a custom property: every element inherits one of those,
 * and the browser would restyle the whole page (the board's thousand shapes) each time. */
let current = null; // the observer of the panels on the page

function followStrip(list) {
  if (!window.ResizeObserver) return;
  const keepRoom = (px) => {
    if (document.body.style.paddingTop !== px) document.body.style.paddingTop = px;
    const root = document.documentElement;
    if (root.style.scrollPaddingTop !== px) root.style.scrollPaddingTop = px;
  };
  const measure = (entries) => {
    if (!list.isConnected) { // the table has gone (or drew the panels anew): no room kept
      watching.disconnect();
      if (watching === current) keepRoom("");
      return;
    }
    const fixed = getComputedStyle(list).position === "fixed";
    // (the observer's own size: no layout forced to read it)
    keepRoom(fixed ? `${Math.ceil(entries[0].borderBoxSize[0].blockSize)}px` : "");
  };
  // the old list's observer goes with it (the room is kept only while a list is on the
  // page: another page has no gap)
  if (current) current.disconnect();
  // (its first report comes once the page is laid out: measured then, not by forcing
  // a layout while the table is still being built)
  const watching = new ResizeObserver(measure);
  current = watching;
  watching.observe(list);
}
