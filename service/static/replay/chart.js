// The post-game analysis of a finished game, drawn as SVG: every player's score after
// each turn (route points as claimed, then the final parts at the end), and the ticket
// timeline (from the turn a ticket was kept to the turn it was completed). Fed by
// GET /v1/games/{id}/analysis; a game not finished has none, and nothing is shown.
// The replay viewer calls window.replayChart.show(gameId, token) once it is ready.
(function () {
  "use strict";

  const NS = "http://www.w3.org/2000/svg";
  const FALLBACK_COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd"];
  const W = 640, H = 260, PAD = { left: 44, right: 76, top: 14, bottom: 30 };

  function el(tag, attrs, parent, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function colors() {
    const viewer = window.replayViewer;
    return viewer && viewer.playerColors ? viewer.playerColors : FALLBACK_COLORS;
  }

  // Each player's points: 0 before turn 1, after every turn, and at the end the total.
  function series(analysis) {
    return analysis.players.map((p) => {
      const points = [[0, 0]];
      for (const t of analysis.turns) points.push([t.turn, t.scores[p.seat]]);
      points.push([analysis.turn_count + 1, p.final.total]);
      return points;
    });
  }

  function scoreChart(analysis, parent) {
    const lines = series(analysis);
    const all = lines.flat().map((p) => p[1]);
    const low = Math.min(0, ...all), high = Math.max(1, ...all);
    const lastX = analysis.turn_count + 1;
    const x = (v) => PAD.left + (v / lastX) * (W - PAD.left - PAD.right);
    const y = (v) => H - PAD.bottom - ((v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
    const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img",
      "aria-label": "Each player's score after every turn" }, parent);
    el("line", { x1: x(0), y1: y(0), x2: x(lastX), y2: y(0), class: "axis" }, svg);
    el("line", { x1: x(0), y1: y(low), x2: x(0), y2: y(high), class: "axis" }, svg);
    el("text", { x: x(0) - 6, y: y(high) + 4, "text-anchor": "end", class: "tick" }, svg, high);
    el("text", { x: x(0) - 6, y: y(0) + 4, "text-anchor": "end", class: "tick" }, svg, 0);
    el("text", { x: x(lastX), y: H - 8, "text-anchor": "middle", class: "tick" }, svg, "end");
    el("text", { x: (x(0) + x(lastX)) / 2, y: H - 8, "text-anchor": "middle", class: "tick" },
      svg, `turns (1–${analysis.turn_count}), then the final score`);
    const palette = colors();
    lines.forEach((points, seat) => {
      const player = analysis.players[seat];
      const d = points.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`);
      el("path", { d: d.join(" "), class: "score-line", "data-seat": seat, fill: "none",
        stroke: palette[seat % palette.length], "stroke-width": 2 }, svg);
      const [, total] = points[points.length - 1];
      el("text", { x: x(lastX) + 6, y: y(total) + 4, class: "score-end", "data-seat": seat,
        fill: palette[seat % palette.length] }, svg, `${player.name} ${total}`);
    });
    return svg;
  }

  function finalParts(analysis, parent) {
    const table = document.createElement("table");
    table.className = "final-parts";
    table.innerHTML = "<thead><tr><th scope='col'>Player</th><th scope='col'>Routes</th>" +
      "<th scope='col'>Tickets</th><th scope='col'>Stations</th>" +
      "<th scope='col'>Longest path</th><th scope='col'>Globetrotter</th>" +
      "<th scope='col'>Total</th></tr></thead>";
    const body = document.createElement("tbody");
    for (const p of analysis.players) {
      const row = document.createElement("tr");
      for (const v of [p.name, p.final.routes, p.final.tickets, p.final.stations,
        p.final.longest_path, p.final.globetrotter, p.final.total]) {
        const cell = document.createElement("td");
        cell.textContent = String(v);
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
    table.appendChild(body);
    parent.appendChild(table);
  }

  function ticketTimeline(analysis, parent) {
    const rows = analysis.players.flatMap((p) => p.tickets.map((t) => ({ p, t })));
    const rowH = 18, height = PAD.top + rows.length * rowH + PAD.bottom;
    const lastX = analysis.turn_count + 1;
    const left = 190;
    const x = (v) => left + (v / lastX) * (W - left - 20);
    const svg = el("svg", { viewBox: `0 0 ${W} ${height}`, class: "ticket-timeline",
      role: "img", "aria-label": "When each ticket was kept and completed" }, parent);
    const palette = colors();
    rows.forEach(({ p, t }, i) => {
      const top = PAD.top + i * rowH;
      const color = palette[p.seat % palette.length];
      el("text", { x: left - 6, y: top + 12, "text-anchor": "end", class: "ticket-name" },
        svg, `${p.name}: ${t.from}–${t.to} (${t.points})`);
      const end = t.completed_turn === null ? lastX : t.completed_turn;
      const bar = el("rect", { x: x(t.kept_turn), y: top + 3, height: rowH - 6,
        width: Math.max(2, x(end) - x(t.kept_turn)), class: "ticket-bar",
        "data-ticket": t.id, "data-seat": p.seat,
        "data-completed": t.completed ? "yes" : "no",
        fill: t.completed ? color : "none", stroke: color }, svg);
      el("title", {}, bar, t.completed
        ? `kept at turn ${t.kept_turn}, completed at turn ${t.completed_turn}`
        : `kept at turn ${t.kept_turn}, never completed (−${t.points})`);
    });
    return svg;
  }

  async function show(gameId, token) {
    const section = document.getElementById("analysis");
    if (!section) return;
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    let response;
    try {
      response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/analysis`,
        { headers, cache: "no-store" });
    } catch (error) {
      return; // the replay stands without its analysis
    }
    if (!response.ok) return; // not finished: nothing to analyse yet
    const analysis = await response.json();
    const chart = section.querySelector("#score-chart");
    const tickets = section.querySelector("#ticket-timeline");
    scoreChart(analysis, chart);
    finalParts(analysis, chart);
    ticketTimeline(analysis, tickets);
    section.hidden = false;
    section.dataset.state = "ready";
  }

  window.replayChart = { show };
})();
