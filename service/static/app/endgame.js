/* The end of the game: the final score with its parts, the winner and the tie-breaker
 * that decided, each player's longest path highlighted on the board, and links to the
 * replay (a private game's through a share of it: share.js) and the export; below, the
 * rematch offer (rematch.js), the rating changes and the analysis (postgame.js). */
import { botTag, clear, h, profileLink, shownName } from "./dom.js";
import { t } from "./i18n.js";
import { decidingTieBreaker } from "./payment.js";
import { replayLinks } from "./share.js";
import { scoreParts } from "./words.js";

/* The bot mark of whoever holds `seat` at the end (the score names the seat's holder). */
function botMark(game, seat) {
  const holder = game.players.find((x) => x.seat === seat);
  return holder && holder.bot ? botTag(holder.level) : null;
}

export async function renderEnd(table) {
  const g = table.game;
  const box = table.el.end;
  if (g.status !== "finished") {
    box.hidden = true;
    return;
  }
  if (table.scoreShown === g.version) return;
  table.scoreShown = g.version;
  const score = await table.app.api.get(`${table.path}/score`);
  const players = [...score.players].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const tb = decidingTieBreaker(score.players, table.board.rules.tie_breakers);
  const winners = players.filter((p) => p.winner).map((p) => shownName(p.user_id, p.name)).join(", ");
  const select = h("select", { id: "longest-of", "aria-label": t("show_longest") },
    players.map((p) => h("option", { value: p.seat }, `${shownName(p.user_id, p.name)}: ${t("cars", { n: p.longest_path_length || 0 })}`)));
  const best = [...players].sort((a, b) => (b.longest_path_length || 0) - (a.longest_path_length || 0))[0];
  select.value = String(best.seat);
  const highlight = () => {
    const p = players.find((x) => String(x.seat) === select.value);
    table.view.highlight(p ? p.longest_path_routes || [] : []);
  };
  select.addEventListener("change", highlight);
  const cols = scoreParts(table.board.rules); // only the parts this map scores
  // the total leads, right after the name: a phone shows it without scrolling sideways
  cols.unshift(...cols.splice(cols.indexOf("total"), 1));
  const rows = players.map((p) => {
    const s = p.score || {};
    const done = (p.tickets || []).filter((x) => x.completed).length;
    const failed = (p.tickets || []).length - done;
    return h("tr", { "data-seat": p.seat, class: p.winner ? "winner" : null },
      h("td", { class: "rank" }, String(p.rank)),
      h("th", { scope: "row" }, profileLink(p.user_id, p.seat, p.name), botMark(g, p.seat), p.winner ? h("span", { class: "winner-mark" }, ` ★ ${t("winner")}`) : null),
      cols.map((c) => h("td", { class: c }, String(s[c] ?? 0),
        c === "tickets" ? h("span", { class: "detail" }, ` ${t("tickets_detail", { done, failed })}`) : null,
        c === "longest_path" ? h("span", { class: "detail" }, ` (${t("cars", { n: p.longest_path_length || 0 })})`) : null)));
  });
  const exportLink = h("button", { type: "button", id: "export", onclick: () => download(table) }, t("export"));
  // a private game's replay is seen through a share of it, never the player's token
  const replay = replayLinks(table);
  clear(box).append(
    h("h2", { id: "end-heading" }, t("final_score")),
    h("p", { id: "winners", class: "winners" }, winners ? t("winners", { names: winners, n: players.filter((p) => p.winner).length }) : t("no_winner")),
    tb ? h("p", { id: "tie-breaker" }, t(`tie.${tb}`)) : "",
    h("div", { class: "scroll" }, h("table", { id: "final-scores", class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rank")), h("th", { scope: "col" }, t("player")),
        cols.map((c) => h("th", { scope: "col" }, t(`score.${c}`))))),
      h("tbody", {}, rows))),
    h("p", {}, h("label", { for: "longest-of" }, t("show_longest")), " ", select),
    h("p", { class: "links" }, replay.link, " ", exportLink),
    replay.sharing || "");
  box.hidden = false;
  highlight();
  document.body.dataset.scored = "true";
  // loaded once a game is over: a table in play does not carry them
  const { showRematch } = await import("./rematch.js");
  showRematch(table, box); // it goes on asking while an offer stands
  const { showPostgame } = await import("./postgame.js");
  await showPostgame(table, box);
}

async function download(table) {
  const response = await fetch(`${table.path}/export`);
  const blob = await response.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${table.gameId}.ndjson`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
