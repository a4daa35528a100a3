/* A player's public profile, /players/{id}: name (bots marked), rating and rank per map,
 * games played, wins, mean score, ticket completion rate, longest-path bonuses, most
 * claimed routes, and their finished games (filtered by map and result, paged with
 * "more"), each linking to its result at /play/{id}. On the player's own profile, the
 * switch for push notifications in this browser (push.js), their notices away from the
 * table (notice_settings.js) and days away (`away.js`). */
import { vacationSection } from "./away.js";
import { changeText, clear, h, profileLink, ratingText, shownName } from "./dom.js";
import { t } from "./i18n.js";
import { pushSection } from "./push.js";

export const paging = { size: 20 }; // games a page (a test makes it smaller)

export async function showProfile(app, main, userId) {
  const path = `/v1/users/${encodeURIComponent(userId)}`;
  const [profile, maps] = await Promise.all([app.api.get(path), app.api.get("/v1/maps")]);
  const routeNames = await routeNamesOf(app, profile.most_claimed_routes);
  const mine = app.user && app.user.id === profile.id;
  const name = shownName(profile.id, profile.name); // a bot's in the reader's language
  document.title = `${name} · ${t("app_title")}`;
  const games = h("div", { id: "player-games" });
  main.append(h("div", { class: "profile", id: "profile", dataset: { user: profile.id } },
    h("h1", { id: "profile-name" }, name,
      profile.bot ? h("span", { class: "tag bot-tag" }, t("bot")) : null,
      mine ? h("span", { class: "tag" }, t("you")) : null),
    mine ? pushSection(app) : null,
    ratingsSection(profile),
    recordSection(profile),
    routesSection(profile, routeNames),
    mine ? vacationSection(app) : null,
    h("section", { "aria-labelledby": "games-heading" },
      h("h2", { id: "games-heading" }, t("finished_games")),
      filters(app, path, maps.maps, games), games)));
  await loadGames(app, path, games, {});
  if (mine) {
    try { // (a token without the scopes for them shows the profile without them)
      main.querySelector("#profile").append(await (await import("./notice_settings.js")).noticeSection(app));
    } catch (error) {
      console.warn("notice settings not shown:", error);
    }
  }
  return null;
}

function ratingsSection(profile) {
  const body = profile.ratings.length ? h("div", { class: "scroll" }, h("table", { id: "profile-ratings", class: "scores named" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("map")), h("th", { scope: "col" }, t("rating")),
      h("th", { scope: "col" }, t("rank")), h("th", { scope: "col" }, t("rated_games_col")))),
    h("tbody", {}, profile.ratings.map((r) => h("tr", { dataset: { map: r.map } },
      h("th", { scope: "row" }, h("a", { href: `/leaderboards/${encodeURIComponent(r.map)}${profile.bot ? "?bots=true" : ""}`,
        "data-nav": "" }, t(`map.${r.map}`))),
      h("td", { class: "rating" }, ratingText(r.rating),
        r.provisional ? h("span", { class: "tag provisional" }, ` ${t("provisional")}`) : null),
      // no rank: fewer rated games on the map than its board shows
      h("td", { class: "rank" }, r.rank === null ? "–" : String(r.rank)),
      h("td", { class: "games" }, String(r.games)))))))
    : h("p", { class: "none" }, t("no_ratings_yet"));
  return h("section", { "aria-labelledby": "profile-ratings-heading" },
    h("h2", { id: "profile-ratings-heading" }, t("ratings")), body);
}

function percent(rate) {
  return rate === null || rate === undefined ? "–" : `${Math.round(rate * 100)} %`;
}

function recordSection(profile) {
  const figures = [
    ["games_played", String(profile.games_played)],
    ["wins", String(profile.wins)],
    ["mean_score", profile.mean_score === null ? "–" : profile.mean_score.toFixed(1)],
    ["ticket_completion", percent(profile.ticket_completion_rate)],
    ["longest_path_bonuses", String(profile.longest_path_bonuses)],
  ];
  return h("section", { "aria-labelledby": "record-heading" },
    h("h2", { id: "record-heading" }, t("record")),
    h("dl", { id: "profile-record", class: "figures" }, figures.map(([key, value]) =>
      h("div", { dataset: { figure: key } }, h("dt", {}, t(key)), h("dd", {}, value)))));
}

/* "usa/atlanta-charleston" → "Atlanta–Charleston", from the boards of the maps named. */
async function routeNamesOf(app, routes) {
  const maps = [...new Set(routes.map((r) => r.route.split("/")[0]))];
  const names = new Map();
  const boards = await Promise.all(maps.map((m) =>
    app.api.get(`/v1/maps/${encodeURIComponent(m)}`).catch(() => null)));
  for (const board of boards) {
    for (const r of (board && board.routes) || []) names.set(r.id, `${r.a}–${r.b}`);
  }
  return names;
}

function routesSection(profile, names) {
  const routes = profile.most_claimed_routes;
  return h("section", { "aria-labelledby": "routes-heading" },
    h("h2", { id: "routes-heading" }, t("most_claimed_routes")),
    routes.length ? h("ol", { id: "profile-routes", class: "routes" }, routes.map((r) =>
      h("li", { dataset: { route: r.route } }, names.get(r.route) || r.route, " ",
        h("span", { class: "points" }, t("claims", { n: r.claims })))))
      : h("p", { class: "none" }, t("no_routes_yet")));
}

function filters(app, path, maps, games) {
  const map = h("select", { id: "games-map" }, h("option", { value: "" }, t("all_maps")),
    maps.map((m) => h("option", { value: m.map }, t(`map.${m.map}`))));
  const result = h("select", { id: "games-result" }, h("option", { value: "" }, t("all_results")),
    h("option", { value: "won" }, t("result_won")), h("option", { value: "lost" }, t("result_lost")));
  const reload = () => loadGames(app, path, games, { map: map.value, result: result.value });
  map.addEventListener("change", reload);
  result.addEventListener("change", reload);
  return h("form", { class: "filters", onsubmit: (e) => e.preventDefault() },
    h("label", { for: "games-map" }, t("map")), map,
    h("label", { for: "games-result" }, t("result")), result);
}

/* The first page of games for these filters, then "more" pages appended. */
async function loadGames(app, path, box, chosen) {
  const rows = h("tbody", {});
  const more = h("button", { type: "button", id: "more-games", hidden: true }, t("more"));
  const table = h("table", { id: "games-table", class: "scores named" },
    h("thead", {}, h("tr", {}, ["finished_at", "map", "result", "score_col", "rating_change", "opponents", "game"]
      .map((k) => h("th", { scope: "col" }, t(k))))), rows);
  const empty = h("p", { class: "none", hidden: true }, t("no_finished_games"));
  clear(box).append(h("div", { class: "scroll" }, table), empty, more);
  box.dataset.state = "loading";
  const userId = decodeURIComponent(path.split("/").pop());
  let before = null;
  const page = async () => {
    const query = new URLSearchParams({ limit: String(paging.size) });
    if (chosen.map) query.set("map", chosen.map);
    if (chosen.result) query.set("result", chosen.result);
    if (before !== null) query.set("before", String(before));
    const answer = await app.api.get(`${path}/games?${query}`);
    for (const g of answer.games) rows.append(gameRow(g, userId));
    before = answer.next_before;
    more.hidden = before === null;
    empty.hidden = rows.children.length > 0;
    table.hidden = !empty.hidden;
    box.dataset.state = "ready";
    box.dataset.rows = String(rows.children.length);
  };
  more.addEventListener("click", async () => {
    more.disabled = true;
    await page();
    more.disabled = false;
  });
  await page();
}

function gameRow(g, userId) {
  const when = new Date(g.finished_at);
  const opponents = g.players.filter((p) => p.user_id !== userId);
  const outcome = g.winner ? t("result_won") : t("result_lost");
  return h("tr", { dataset: { game: g.game_id } },
    h("td", {}, h("time", { datetime: g.finished_at }, when.toLocaleDateString(document.documentElement.lang))),
    h("td", {}, t(`map.${g.map}`)),
    h("td", { class: g.winner ? "won" : "lost" }, `${outcome} (${t("place", { rank: g.rank })})`),
    h("td", {}, String(g.score)),
    h("td", { class: "change" }, g.rated ? changeText(g.change) : t("not_rated")),
    h("td", { class: "opponents" }, opponents.map((p, i) => [i ? ", " : "", profileLink(p.user_id, p.seat, p.name)])),
    h("td", {}, h("a", { href: `/play/${encodeURIComponent(g.game_id)}`, "data-nav": "", class: "game-result" },
      t("see_result"))));
}
