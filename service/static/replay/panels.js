/* The replay's side panels at one step: the players (points, trains, cards, stations
 * and tickets left, whose turn), the last few events, and each player's tickets (with
 * their outcome once the game is scored). */
import { PLAYER_COLOR_NAMES, playerColor, playerSymbol } from "../board/board.js";
import { t } from "../app/i18n.js";
import { html, swatch } from "./html.js";
import { seatLabel, ticketName } from "./narration.js";

const LOG_LENGTH = 8;

function playerSwatch(seat) {
  const color = PLAYER_COLOR_NAMES[seat % PLAYER_COLOR_NAMES.length];
  return swatch(playerColor(seat), playerSymbol(seat), t(`color.${color}`));
}

export function renderPlayers(model, state) {
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
    who.append(playerSwatch(seat), document.createTextNode(seatLabel(state.seats, seat)));
    if (p && p.out) who.append(html("span", { class: "out" }, ` (${t(`out.${p.out}`)})`));
    row.appendChild(who);
    const cells = p ? [p.routePoints, p.trains, p.hand, p.stationsLeft, p.tickets.length]
      : ["–", "–", "–", "–", "–"];
    const classes = ["route-points", "trains", "hand", "stations-col", "ticket-count"];
    cells.forEach((v, i) => row.appendChild(html("td", { class: classes[i] }, String(v))));
    body.appendChild(row);
  }
  document.getElementById("turn").textContent = turnText(state);
}

function turnText(state) {
  if (state.ended) return t("caption.over");
  if (!state.started) return t("replay.gathering");
  if (typeof state.current !== "number") return "";
  const who = seatLabel(state.seats, state.current);
  return state.finalRound !== null ? t("replay.to_play_final", { who }) : t("replay.to_play", { who });
}

/* The events up to step k, the latest first. */
export function renderLog(descriptions, k) {
  const list = document.getElementById("event-log");
  list.textContent = "";
  list.start = k;
  for (let i = k - 1; i >= Math.max(0, k - LOG_LENGTH); i--) {
    const item = html("li", { value: String(i + 1) }, descriptions[i]);
    if (i === k - 1) item.classList.add("now");
    list.appendChild(item);
  }
}

function ticketOutcome(x) {
  const item = html("li", { class: x.completed ? "ticket completed" : "ticket failed", "data-ticket-id": x.id });
  const points = `${x.completed ? "+" : "−"}${x.points}`;
  item.append(html("span", { class: "mark", "aria-hidden": "true" }, x.completed ? "✓" : "✗"),
    document.createTextNode(` ${x.from}–${x.to}: ${points} ` +
      `(${t(x.completed ? "replay.ticket_completed" : "replay.ticket_failed")})`));
  return item;
}

export function renderTickets(model, state) {
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
    heading.append(swatch(playerColor(seat), playerSymbol(seat)),
      document.createTextNode(seatLabel(state.seats, seat)));
    block.appendChild(heading);
    const list = html("ul");
    if (results.has(seat)) {
      for (const x of results.get(seat)) list.appendChild(ticketOutcome(x));
    } else {
      for (const id of state.players[seat].tickets) {
        list.appendChild(html("li", { class: "ticket", "data-ticket-id": id }, ticketName(model, id)));
      }
    }
    if (!list.children.length) list.appendChild(html("li", { class: "none" }, t("no_tickets")));
    block.appendChild(list);
    box.appendChild(block);
  }
}
