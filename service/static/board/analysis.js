/* A finished game's analysis drawn as SVG, shared by the replay viewer and the web
 * client's end screen: every player's score after each turn (route points as claimed,
 * then the final parts at the end) and the ticket timeline (from the turn a ticket was
 * kept to the turn it was completed). Both take the answer of
 * GET /v1/games/{id}/analysis and the words to label them with: the replay viewer and the
 * web client both pass their catalogue's, in the reader's language (ENGLISH: the fallback). */
import { playerColor } from "./board.js";

const NS = "http://www.w3.org/2000/svg";
const W = 640, H = 260, PAD = { left: 44, right: 76, top: 14, bottom: 30 };

export const ENGLISH = {
  chart_label: "Each player's score after every turn",
  turns_axis: (n) => `turns (1–${n}), then the final score`,
  end: "end",
  timeline_label: "When each ticket was kept and completed",
  completed: (kept, done) => `kept at turn ${kept}, completed at turn ${done}`,
  never: (kept, points) => `kept at turn ${kept}, never completed (−${points})`,
  parts: ["Player", "Routes", "Tickets", "Stations", "Longest path", "Globetrotter", "Total"],
  // the score's parts shown after the player, each labelled by the next of `parts`
  columns: ["routes", "tickets", "stations", "longest_path", "globetrotter", "total"],
  name: (player) => player.name, // a player's name as shown (a bot's in the reader's language)
};

/* An SVG element `tag` with `attrs` (and `text`), appended to `parent` if given. */
export function el(tag, attrs, parent, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/* Each player's points: 0 before turn 1, after every turn, and at the end the total. */
export function series(analysis) {
  return analysis.players.map((p) => {
    const points = [[0, 0]];
    for (const t of analysis.turns) points.push([t.turn, t.scores[p.seat]]);
    points.push([analysis.turn_count + 1, p.final.total]);
    return points;
  });
}

export function scoreChart(analysis, parent, words = ENGLISH) {
  const lines = series(analysis);
  const all = lines.flat().map((p) => p[1]);
  const low = Math.min(0, ...all), high = Math.max(1, ...all);
  const lastX = analysis.turn_count + 1;
  const x = (v) => PAD.left + (v / lastX) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - ((v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img",
    "aria-label": words.chart_label }, parent);
  el("line", { x1: x(0), y1: y(0), x2: x(lastX), y2: y(0), class: "axis" }, svg);
  el("line", { x1: x(0), y1: y(low), x2: x(0), y2: y(high), class: "axis" }, svg);
  el("text", { x: x(0) - 6, y: y(high) + 4, "text-anchor": "end", class: "tick" }, svg, high);
  el("text", { x: x(0) - 6, y: y(0) + 4, "text-anchor": "end", class: "tick" }, svg, 0);
  el("text", { x: x(lastX), y: H - 8, "text-anchor": "middle", class: "tick" }, svg, words.end);
  el("text", { x: (x(0) + x(lastX)) / 2, y: H - 8, "text-anchor": "middle", class: "tick" },
    svg, words.turns_axis(analysis.turn_count));
  lines.forEach((points, seat) => {
    const player = analysis.players[seat];
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`);
    el("path", { d: d.join(" "), class: "score-line", "data-seat": player.seat, fill: "none",
      stroke: playerColor(player.seat), "stroke-width": 2 }, svg);
    const [, total] = points[points.length - 1];
    el("text", { x: x(lastX) + 6, y: y(total) + 4, class: "score-end", "data-seat": player.seat,
      fill: playerColor(player.seat) }, svg, `${(words.name || ENGLISH.name)(player)} ${total}`);
  });
  return svg;
}

/* The final parts as a table (the replay viewer's; the web client has its own score). */
export function finalParts(analysis, parent, words = ENGLISH) {
  const table = document.createElement("table");
  table.className = "final-parts";
  const head = table.createTHead().insertRow();
  for (const label of words.parts) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = label;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const p of analysis.players) {
    const row = body.insertRow();
    for (const v of [(words.name || ENGLISH.name)(p), ...(words.columns || ENGLISH.columns).map((part) => p.final[part])]) {
      row.insertCell().textContent = String(v ?? 0);
    }
  }
  parent.appendChild(table);
  return table;
}

export function ticketTimeline(analysis, parent, words = ENGLISH) {
  const rows = analysis.players.flatMap((p) => p.tickets.map((t) => ({ p, t })));
  const rowH = 18, height = PAD.top + rows.length * rowH + PAD.bottom;
  const lastX = analysis.turn_count + 1;
  const left = 190;
  const x = (v) => left + (v / lastX) * (W - left - 20);
  const svg = el("svg", { viewBox: `0 0 ${W} ${height}`, class: "ticket-timeline",
    role: "img", "aria-label": words.timeline_label }, parent);
  rows.forEach(({ p, t }, i) => {
    const top = PAD.top + i * rowH;
    const color = playerColor(p.seat);
    el("text", { x: left - 6, y: top + 12, "text-anchor": "end", class: "ticket-name" },
      svg, `${(words.name || ENGLISH.name)(p)}: ${t.from}–${t.to} (${t.points})`);
    const end = t.completed_turn === null ? lastX : t.completed_turn;
    const bar = el("rect", { x: x(t.kept_turn), y: top + 3, height: rowH - 6,
      width: Math.max(2, x(end) - x(t.kept_turn)), class: "ticket-bar",
      "data-ticket": t.id, "data-seat": p.seat,
      "data-completed": t.completed ? "yes" : "no",
      fill: t.completed ? color : "none", stroke: color }, svg);
    el("title", {}, bar, t.completed ? words.completed(t.kept_turn, t.completed_turn)
      : words.never(t.kept_turn, t.points));
  });
  return svg;
}
