/* The final score once the replay reaches it: each player's parts, rank and the winner,
 * and the longest path of a chosen player highlighted on the board (the longest one
 * first). */
import { playerColor, playerSymbol } from "../board/board.js";
import { t } from "../app/i18n.js";
import { html, swatch } from "./html.js";
import { seatLabel } from "./narration.js";
import { scoreParts } from "../app/words.js";

function scoreRow(state, p, parts) {
  const s = p.score || {};
  const row = html("tr", { "data-seat": String(p.seat) });
  if (p.winner) row.classList.add("winner");
  row.appendChild(html("td", { class: "rank" }, String(p.rank)));
  const who = html("th", { scope: "row", class: "player" });
  who.append(swatch(playerColor(p.seat), playerSymbol(p.seat)),
    document.createTextNode(seatLabel(state.seats, p.seat) + (p.out ? ` (${t("replay.left")})` : "")));
  row.appendChild(who);
  const path = `${s.longest_path ?? 0}` +
    (p.longest_path_length != null ? ` (${t("cars", { n: p.longest_path_length })})` : "");
  const shown = { longest_path: path };
  for (const part of parts) {
    row.appendChild(html("td", { class: part.replace("_", "-") }, String(shown[part] ?? s[part] ?? 0)));
  }
  row.appendChild(html("td", { class: "winner-mark" }, p.winner ? `★ ${t("winner")}` : ""));
  return row;
}

/* Draws the score of `state` (hidden before it is scored) with the parts the map's `rules`
 * score; `choice.seat` is the player whose longest path is highlighted (null: the longest). */
export function renderFinal(state, drawing, choice, rules = null) {
  const section = document.getElementById("final");
  const scored = state.scored && Array.isArray(state.scored.players) ? state.scored : null;
  section.hidden = !scored;
  drawing.highlight([]);
  if (!scored) return;
  const body = document.querySelector("#scores tbody");
  body.textContent = "";
  // only the parts this map scores: its heading's other columns are hidden
  const parts = scoreParts(rules);
  for (const th of document.querySelectorAll("#scores th[data-part]")) th.hidden = !parts.includes(th.dataset.part);
  const ranked = [...scored.players].sort((a, b) => (a.rank - b.rank) || (a.seat - b.seat));
  for (const p of ranked) body.appendChild(scoreRow(state, p, parts));
  if (choice.seat === null || !scored.players.some((p) => p.seat === choice.seat)) {
    const best = [...scored.players].sort((a, b) =>
      ((b.longest_path_length || 0) - (a.longest_path_length || 0)) || (a.seat - b.seat))[0];
    choice.seat = best ? best.seat : null;
  }
  const select = document.getElementById("longest-player");
  const options = [...scored.players].sort((a, b) => a.seat - b.seat).map((p) => [String(p.seat),
    `${seatLabel(state.seats, p.seat)}: ${t("cars", { n: p.longest_path_length || 0 })}`]);
  // rebuilt only when its words change (another language): not under the reader's hand
  if ([...select.options].map((o) => o.textContent).join("\n") !== options.map(([, l]) => l).join("\n")) {
    select.textContent = "";
    for (const [value, label] of options) select.appendChild(html("option", { value }, label));
  }
  select.value = String(choice.seat);
  const chosen = scored.players.find((p) => p.seat === choice.seat);
  drawing.highlight(chosen && Array.isArray(chosen.longest_path_routes) ? chosen.longest_path_routes : []);
  document.getElementById("longest-info").textContent = chosen
    ? t("replay.highlighted", { cars: t("cars", { n: chosen.longest_path_length || 0 }) }) : "";
}
