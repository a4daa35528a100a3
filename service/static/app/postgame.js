/* After the game, below the final score: how it moved each player's rating (before →
 * after, the change, "provisional" while a rating settles; unrated games and players
 * said so) and the analysis: the score after every turn, the ticket timeline and the
 * computer analysis's win chances and key moments, drawn by the modules the replay
 * viewer uses. The ratings job projects a game moments after
 * its score: until then (`projected: false`) the page says so and asks again a few
 * times. */
import { scoreChart, ticketTimeline } from "../board/analysis.js";
import { winChanceChart } from "../board/win_chances.js";
import { changeText, clear, h, profileLink, ratingText } from "./dom.js";
import { t } from "./i18n.js";
import { chartWords, winWords } from "./words.js";

const RETRY_MS = [500, 1000, 1500, 2000, 3000, 4000, 5000, 8000];
// the computer analysis takes up to its budget (TTR_ANALYSIS_BUDGET) after the score
const WIN_RETRY_MS = [2000, 4000, 8000, 15000, 30000, 60000];

/* `delays`: the waits before each new question while the ratings are not projected;
 * `winDelays`: while the computer analysis is pending. */
export async function showPostgame(table, box, delays = RETRY_MS, winDelays = WIN_RETRY_MS) {
  const ratings = h("section", { id: "rating-changes", "aria-labelledby": "ratings-heading" },
    h("h2", { id: "ratings-heading" }, t("rating_changes")));
  const analysis = h("section", { id: "end-analysis", "aria-labelledby": "analysis-heading", hidden: true });
  box.append(ratings, analysis);
  let body;
  try {
    body = await table.app.api.get(`${table.path}/analysis`);
  } catch (error) {
    ratings.append(h("p", { class: "none" }, t("analysis_unavailable")));
    return;
  }
  drawAnalysis(analysis, body);
  if (!body.win_chances || body.win_chances.status === "off") {  // (none computed here)
    await followRatings(table, ratings, body.ratings, delays);
    return;
  }
  const win = h("div", { id: "end-win-chart", class: "chart win-chances" });
  analysis.append(h("h3", { id: "win-heading" }, t("win.heading")), win);
  await Promise.all([followRatings(table, ratings, body.ratings, delays),
    followWinChances(table, win, body, winDelays)]);
}

/* A route by its cities, as the table names it (none: the graph names it by its id). */
function routeNames(table) {
  return table.routeName ? (id) => table.routeName(id) : null;
}

/* The win-chance graph, asked again while its job has not stored it. A key moment links
 * to the replay at the board where it was played (a public game's: a private game's
 * replay is seen through a share, made by the replay link above). */
async function followWinChances(table, place, first, delays) {
  let body = first;
  for (let attempt = 0; body.win_chances.status !== "ready" && attempt < delays.length; attempt++) {
    clear(place);
    winChanceChart(body, place, winWords(routeNames(table)));
    await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    if (table.stopped) return;
    try {
      const again = await table.app.api.get(`${table.path}/analysis`);
      if (again && again.win_chances) body = again;
    } catch (error) {
      console.warn("analysis not read", error);
    }
  }
  clear(place);
  const g = table.game;
  const linkTo = (m) => g.private ? null
    : `/games/${encodeURIComponent(g.id)}/replay?at=${m.version}`;
  winChanceChart(body, place, winWords(routeNames(table)), linkTo);
  document.body.dataset.winChances = body.win_chances.status;
}

function drawAnalysis(section, body) {
  const words = chartWords();
  // on a phone the charts scroll sideways: focusable, so that the keyboard can scroll them
  const chart = h("div", { id: "end-score-chart", class: "chart", tabindex: "0", role: "group",
    "aria-labelledby": "analysis-heading" });
  const tickets = h("div", { id: "end-ticket-timeline", class: "chart", tabindex: "0", role: "group",
    "aria-labelledby": "ticket-timeline-heading" });
  section.append(h("h2", { id: "analysis-heading" }, t("score_over_time")), chart,
    h("h3", { id: "ticket-timeline-heading" }, t("ticket_timeline")), tickets);
  scoreChart(body, chart, words);
  ticketTimeline(body, tickets, words);
  section.hidden = false;
  document.body.dataset.analysis = "shown";
}

/* The rating changes, asked again while the ratings job has not reached the game. */
async function followRatings(table, section, first, delays) {
  const status = h("p", { id: "ratings-status", role: "status" });
  const place = h("div", { class: "scroll" });
  section.append(status, place);
  let ratings = first;
  for (let attempt = 0; !ratings.projected && attempt < delays.length; attempt++) {
    status.textContent = t("ratings_computing");
    await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    if (table.stopped) return;
    try {
      ratings = await table.app.api.get(`${table.path}/ratings`);
    } catch (error) {
      console.warn("ratings not read", error);
    }
  }
  if (!ratings.projected) {
    status.textContent = t("ratings_later");
    status.append(" ", h("button", { type: "button", id: "ratings-again", onclick: () => {
      clear(section).append(h("h2", { id: "ratings-heading" }, t("rating_changes")));
      followRatings(table, section, ratings, delays);
    } }, t("look_again")));
    return;
  }
  renderChanges(table, status, place, ratings);
}

function renderChanges(table, status, place, ratings) {
  const players = [...ratings.players].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const rated = players.some((p) => p.rated);
  // why the rules left the game unrated (docs/ratings.md): the same for everyone then
  const why = players.map((p) => p.unrated_reason).find((r) => r);
  status.textContent = rated ? "" : why ? `${t("game_unrated")} ${t(`unrated.${why}`)}` : t("game_unrated");
  status.hidden = rated;
  if (!rated) {
    document.body.dataset.ratings = "unrated";
    return;
  }
  const me = table.app.user ? table.app.user.id : null;
  const rows = players.map((p) => {
    const change = p.rated ? changeText(p.change) : t("not_rated");
    const sign = !p.rated ? "none" : p.change > 0 ? "up" : p.change < 0 ? "down" : "same";
    const reason = !p.rated && p.unrated_reason ? t(`unrated.${p.unrated_reason}`) : null;
    return h("tr", { "data-seat": p.seat, "data-user": p.user_id, class: p.user_id === me ? "mine" : null },
      h("th", { scope: "row" }, profileLink(p.user_id, p.seat, p.name),
        p.user_id === me ? h("span", { class: "you" }, ` (${t("you")})`) : null),
      h("td", { class: "before" }, ratingText(p.rating_before)),
      h("td", { class: "after" }, p.rated ? ratingText(p.rating_after) : "–",
        p.rated && p.provisional ? h("span", { class: "tag provisional" }, ` ${t("provisional")}`) : null),
      h("td", { class: `change ${sign}`, title: reason }, change));
  });
  place.append(h("table", { id: "rating-table", class: "scores named" },
    h("caption", { class: "visually-hidden" }, t("rating_changes")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("player")),
      h("th", { scope: "col" }, t("rating_before")), h("th", { scope: "col" }, t("rating_after")),
      h("th", { scope: "col" }, t("rating_change")))),
    h("tbody", {}, rows)));
  document.body.dataset.ratings = "shown";
}
