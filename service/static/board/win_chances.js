/* The computer analysis of a finished game drawn as inline SVG (our own code, no
 * library; nothing inline to run, so the pages' strict CSP holds): each player's chance
 * of winning after every turn, and the key moments — the turns whose choice lost the
 * most — marked on the lines and listed below, each linked to the board at the start
 * of that turn. Shared by the replay viewer and the web client's end screen; both pass
 * their catalogue's words (ENGLISH: the fallback) and say what a key moment's link does
 * (`linkTo(moment)`: an href; else a button that calls `onMoment(moment)`, if given;
 * else plain text). */
import { el } from "./analysis.js";
import { playerColor } from "./board.js";

const W = 640, H = 220, PAD = { left: 44, right: 20, top: 14, bottom: 30 };

export const ENGLISH = {
  label: "Each player's chance of winning after every turn",
  pending: "The computer analysis is not ready yet.",
  axis: (n) => `turns (0–${n})`,
  moments: "Key moments",
  none: "No choice lost much: a clean game.",
  labels: { inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" },
  moment: (turn, name, label, loss) => `Turn ${turn} · ${name} · ${label} (−${loss}%)`,
  moves: (chosen, best) => `played ${chosen}; better: ${best}`,
  move: (command) => describe(command),
};

/* A command in a few words (the catalogue's `move` may say it better). */
export function describe(command) {
  if (command.type === "claim_route") return command.route.split("/").pop();
  if (command.type === "build_station") return `station ${command.city}`;
  return command.type.replace(/_/g, " ");
}

/* Each seat's analysed points [turn, chance]: the turns without chances left out. */
export function chanceSeries(analysis) {
  const rows = analysis.win_chances.turns || [];
  return analysis.players.map((p) => rows.filter((r) => r.chances)
    .map((r) => [r.turn, r.chances[p.seat]]));
}

/* Draws the graph and the key moments into `parent`; returns the SVG (null: pending). */
export function winChanceChart(analysis, parent, words = ENGLISH, linkTo = () => null,
  onMoment = null) {
  const chances = analysis.win_chances;
  if (!chances || chances.status === "off") return null;
  if (chances.status !== "ready") {
    const p = document.createElement("p");
    p.className = "win-pending";
    p.textContent = words.pending;
    parent.appendChild(p);
    return null;
  }
  const lastX = Math.max(1, analysis.turn_count);
  const x = (v) => PAD.left + (v / lastX) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - v * (H - PAD.top - PAD.bottom);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "win-chart", role: "img",
    "aria-label": words.label }, parent);
  for (const level of [0, 0.5, 1]) {
    el("line", { x1: x(0), y1: y(level), x2: x(lastX), y2: y(level),
      class: level === 0 ? "axis" : "grid" }, svg);
    el("text", { x: x(0) - 6, y: y(level) + 4, "text-anchor": "end", class: "tick" }, svg,
      `${Math.round(level * 100)}%`);
  }
  el("text", { x: (x(0) + x(lastX)) / 2, y: H - 8, "text-anchor": "middle", class: "tick" },
    svg, words.axis(analysis.turn_count));
  const series = chanceSeries(analysis);
  series.forEach((points, seat) => {
    if (!points.length) return;
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`);
    el("path", { d: d.join(" "), class: "win-line", "data-seat": analysis.players[seat].seat,
      fill: "none", stroke: playerColor(analysis.players[seat].seat), "stroke-width": 2 }, svg);
  });
  const byTurn = new Map((chances.turns || []).map((r) => [r.turn, r]));
  const moments = chances.key_moments || [];
  for (const m of moments) {
    const before = byTurn.get(m.turn - 1);
    const at = before && before.chances ? before.chances[m.seat] : m.chosen_chance;
    const mark = el("circle", { cx: x(m.turn - 1), cy: y(at), r: 5, class: `moment ${m.label}`,
      "data-turn": m.turn, "data-label": m.label, fill: playerColor(m.seat) }, svg);
    el("title", {}, mark, momentText(analysis, m, words));
  }
  const heading = document.createElement("h3");
  heading.textContent = words.moments;
  parent.appendChild(heading);
  if (!moments.length) {
    const p = document.createElement("p");
    p.className = "none";
    p.textContent = words.none;
    parent.appendChild(p);
    return svg;
  }
  const list = document.createElement("ol");
  list.className = "key-moments";
  for (const m of moments) {
    const item = document.createElement("li");
    item.dataset.turn = String(m.turn);
    item.dataset.version = String(m.version);
    item.dataset.label = m.label;
    const href = linkTo(m);
    const link = document.createElement(href ? "a" : onMoment ? "button" : "span");
    if (href) link.href = href;
    else if (onMoment) {
      link.type = "button";
      link.addEventListener("click", () => onMoment(m));
    }
    link.className = `moment-link ${m.label}`;
    link.textContent = momentText(analysis, m, words);
    const moves = document.createElement("span");
    moves.className = "moment-moves";
    moves.textContent = " " + words.moves(words.move(m.chosen), words.move(m.best));
    item.append(link, moves);
    list.appendChild(item);
  }
  parent.appendChild(list);
  return svg;
}

function momentText(analysis, m, words) {
  const player = analysis.players.find((p) => p.seat === m.seat);
  return words.moment(m.turn, player ? (words.name ? words.name(player) : player.name) : `#${m.seat + 1}`,
    words.labels[m.label] || m.label, Math.round(m.loss * 100));
}
