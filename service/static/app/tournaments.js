/* Tournaments (GET/POST /v1/tournaments and a tournament's own calls):
 *   /tournaments        upcoming, running and finished ones, and a form to organise one
 *   /tournaments/{id}   one tournament: its terms, players, rounds (each table linked to
 *                       its game) and standings, asked again every few seconds (half a
 *                       minute at a correspondence pace) while it is not finished and
 *                       the page is visible; joining and leaving
 *                       before the start; for its organiser, bots, invitations and
 *                       "Start now".
 * The standings rule is the server's (docs/tournaments.md); the page only shows it. */
import { ApiError } from "./api.js";
import { BOT_LEVELS, botTag, clear, h, levelName, profileLink, shownName } from "./dom.js";
import { t } from "./i18n.js";
import { signUpForm } from "./lobby.js";
import { problemText } from "./problems.js";

const LIST_EVERY_MS = 15000;
const LOOK_EVERY_MS = 3000; // a running tournament: its games end one by one
const CORRESPONDENCE_LOOK_EVERY_MS = 30000; // days a turn: no need to ask so often
const PACES = [null, 300, 3600, 86400, 259200]; // seconds; a day or more: correspondence
const HOUR_MS = 3600 * 1000;

/* A turn's time in words: "5 minutes", "1 day", "no limit". */
export function paceText(seconds) {
  if (!seconds) return t("limit.none");
  return PACES.includes(seconds) ? t(`limit.${seconds}`) : t("pace_seconds", { n: seconds });
}

/* A moment in the reader's language and time zone. */
function when(iso) {
  return new Date(iso).toLocaleString(document.documentElement.lang, {
    dateStyle: "medium", timeStyle: "short" });
}

/* A datetime-local input's value (local time, to the minute) for `date`. */
function localValue(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function errorLine() {
  const line = h("p", { class: "error", role: "alert", hidden: true });
  line.show = (e) => {
    line.textContent = problemText(e);
    line.hidden = false;
  };
  return line;
}

/* Every few seconds while the page is visible (and `more()` says so): `look()`. */
function every(ms, look, more = () => true) {
  const timer = setInterval(() => { if (!document.hidden && more()) look(); }, ms);
  return () => clearInterval(timer);
}

export async function showTournaments(app, main) {
  document.title = `${t("tournaments")} · ${t("app_title")}`;
  if (!app.user) return signUpFirst(app, main);
  const maps = (await app.api.get("/v1/maps")).maps;
  const lists = { open: h("ul", { id: "tournaments-open", class: "tournaments" }),
    playing: h("ul", { id: "tournaments-playing", class: "tournaments" }),
    finished: h("ul", { id: "tournaments-finished", class: "tournaments" }) };
  const error = errorLine();
  const section = (status, heading) => h("section", { "aria-labelledby": `${status}-heading` },
    h("h2", { id: `${status}-heading` }, t(heading)), lists[status]);
  main.append(h("div", { class: "tournaments-page", id: "tournaments" },
    h("h1", {}, t("tournaments")),
    section("open", "tournaments_upcoming"), section("playing", "tournaments_running"),
    section("finished", "tournaments_finished"),
    newTournamentForm(app, maps, error), error));
  async function refresh() {
    try {
      const { tournaments } = await app.api.get("/v1/tournaments");
      for (const [status, list] of Object.entries(lists)) {
        const shown = tournaments.filter((x) => x.status === status);
        clear(list).append(...(shown.length ? shown.map(tournamentItem)
          : [h("li", { class: "none" }, t("no_tournaments"))]));
      }
    } catch (e) {
      error.show(e);
    }
  }
  await refresh();
  return every(LIST_EVERY_MS, refresh);
}

function tournamentItem(x) {
  return h("li", { class: "tournament", dataset: { tournament: x.id, status: x.status } },
    h("a", { href: `/tournaments/${encodeURIComponent(x.id)}`, "data-nav": "" }, x.name), " ",
    h("span", { class: "tournament-terms" }, termsText(x)), " ",
    h("span", { class: "tournament-entrants" }, t("n_players", { n: x.entrants.length })), " ",
    x.status === "open" ? h("span", { class: "tournament-start" },
      t("tournament_starts", { time: when(x.starts_at) })) : null);
}

function termsText(x) {
  return [t(`map.${x.map}`), t("tables_of", { n: x.players_per_table }),
    t("n_rounds", { n: x.rounds }), paceText(x.turn_time_limit),
    t(x.rated ? "rated" : "unrated")].join(" · ");
}

function newTournamentForm(app, maps, error) {
  const field = (id, label, control) => [h("label", { for: id }, t(label)), control];
  const name = h("input", { id: "tournament-name", required: true, maxlength: 64 });
  const map = h("select", { id: "tournament-map" },
    maps.map((m) => h("option", { value: m.map }, t(`map.${m.map}`))));
  const perTable = h("select", { id: "tournament-per-table" },
    [2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === 4 }, String(n))));
  const rounds = h("input", { id: "tournament-rounds", type: "number", min: 1, max: 20, value: 3 });
  const pace = h("select", { id: "tournament-pace" },
    PACES.map((s) => h("option", { value: s ?? "" }, paceText(s))));
  const starts = h("input", { id: "tournament-starts", type: "datetime-local", required: true,
    value: localValue(new Date(Date.now() + HOUR_MS)) });
  const box = (id, label, checked) => h("label", { class: "check" },
    h("input", { type: "checkbox", id, checked }), t(label));
  const rated = box("tournament-rated", "rated_game", false);
  const invitation = box("tournament-invitation", "invitation_only", false);
  const bots = box("tournament-bots", "bots_allowed", true);
  const checked = (label) => label.querySelector("input").checked;
  return h("section", { class: "new-tournament", "aria-labelledby": "new-tournament-heading" },
    h("h2", { id: "new-tournament-heading" }, t("new_tournament")),
    h("form", { id: "new-tournament", onsubmit: async (event) => {
      event.preventDefault();
      const body = { name: name.value.trim(), map: map.value,
        players_per_table: Number(perTable.value), rounds: Number(rounds.value),
        rated: checked(rated), invitation_only: checked(invitation),
        bots_allowed: checked(bots), starts_at: new Date(starts.value).toISOString() };
      const seconds = Number(pace.value);
      if (seconds >= 86400) body.days_per_turn = seconds / 86400;
      else if (seconds) body.turn_time_limit = seconds;
      try {
        const made = await app.api.post("/v1/tournaments", body);
        app.go(`/tournaments/${encodeURIComponent(made.id)}`);
      } catch (e) {
        error.show(e);
      }
    } },
    field("tournament-name", "tournament_name", name), field("tournament-map", "map", map),
    field("tournament-per-table", "players_per_table", perTable),
    field("tournament-rounds", "rounds", rounds), field("tournament-pace", "turn_time_limit", pace),
    field("tournament-starts", "starts_at", starts), rated, invitation, bots,
    h("button", { type: "submit", id: "create-tournament" }, t("create_tournament"))));
}

/* The API shows tournaments to players: a visitor signs up (or in) first. */
function signUpFirst(app, main) {
  main.append(signUpForm(app, () => app.rerender()));
  return null;
}

export async function showTournament(app, main, tournamentId) {
  if (!app.user) return signUpFirst(app, main);
  const path = `/v1/tournaments/${encodeURIComponent(tournamentId)}`;
  const page = h("div", { class: "tournament-page", id: "tournament", "aria-live": "polite" });
  const error = errorLine();
  main.append(page, error);
  let shown = await app.api.get(path);
  let version = 0;
  const act = async (method, suffix, body) => {
    try {
      shown = (await app.api.request(method, path + suffix, body)).data;
      draw();
    } catch (e) {
      error.show(e);
      if (e instanceof ApiError) shown = await app.api.get(path);
      draw();
    }
  };
  const draw = () => {
    error.hidden = true;
    version += 1;
    Object.assign(page.dataset, { status: shown.status, version: String(version),
      rounds: String(shown.played_rounds.length) });
    document.title = `${shown.name} · ${t("app_title")}`;
    clear(page).append(...[
      h("p", {}, h("a", { href: "/tournaments", "data-nav": "" }, t("tournaments"))),
      h("h1", {}, shown.name),
      h("p", { class: "tournament-terms" }, termsText(shown)),
      h("p", { id: "tournament-status", class: "tournament-status" }, statusText(shown)),
      actions(app, shown, act),
      entrantsSection(app, shown, act),
      standingsSection(shown),
      roundsSection(shown)].filter(Boolean));
  };
  draw();
  const refresh = async () => {
    try {
      const now = await app.api.get(path);
      if (JSON.stringify(now) !== JSON.stringify(shown)) {
        shown = now;
        draw();
      }
    } catch (e) {
      console.warn("tournament not read", e);
    }
  };
  const correspondence = shown.turn_time_limit >= 86400;
  return every(correspondence ? CORRESPONDENCE_LOOK_EVERY_MS : LOOK_EVERY_MS, refresh,
    () => shown.status !== "finished");
}

function statusText(x) {
  if (x.status === "open") return t("tournament_starts", { time: when(x.starts_at) });
  if (x.status === "finished") return t("tournament_over");
  return t("tournament_round", { n: x.played_rounds.length, m: x.rounds });
}

/* Join / leave before the start; the organiser's bots, invitations and "Start now". */
function actions(app, x, act) {
  if (x.status !== "open") return null;
  const me = app.user.id;
  const organiser = x.organiser === me;
  const joined = x.entrants.some((e) => e.id === me);
  const box = h("div", { class: "tournament-actions" });
  if (organiser) box.append(h("p", { class: "hint" }, t("you_organise")));
  if (joined) {
    box.append(h("button", { type: "button", id: "leave-tournament",
      onclick: () => act("DELETE", "/entrants/me") }, t("leave_tournament")));
  } else if (!x.invitation_only || organiser) {
    box.append(h("button", { type: "button", id: "join-tournament",
      onclick: () => act("POST", "/entrants", {}) }, t("join_tournament")));
  } else {
    box.append(h("p", { class: "hint" }, t("rule.invitation_only")));
  }
  if (!organiser) return box;
  if (x.bots_allowed) {
    const level = h("select", { id: "tournament-bot-level", "aria-label": t("add_bot") },
      BOT_LEVELS.map((l) => h("option", { value: l }, t("seat_bot", { level: levelName(l) }))));
    box.append(h("span", { class: "add-bot" }, level, h("button", { type: "button", id: "add-bot",
      onclick: () => act("POST", "/entrants", { bot_level: level.value }) }, t("add_bot"))));
  }
  const invited = h("input", { id: "invite-user", autocomplete: "off" });
  box.append(h("form", { class: "invite-player", onsubmit: (event) => {
    event.preventDefault();
    if (invited.value.trim()) act("POST", "/entrants", { user_id: invited.value.trim() });
  } }, h("label", { for: "invite-user" }, t("invite_player")), invited,
  h("button", { type: "submit" }, t("invite"))),
  h("button", { type: "button", id: "start-tournament",
    onclick: () => act("POST", "/start") }, t("start_now")));
  return box;
}

function entrantName(x, id) {
  const entrant = x.entrants.find((e) => e.id === id);
  const name = entrant ? shownName(id, entrant.name) : id;
  if (entrant && entrant.bot_level) return h("span", { class: "player-name" }, name, " ", botTag(entrant.bot_level));
  return profileLink(id, null, name);
}

function entrantsSection(app, x, act) {
  const organiser = x.organiser === app.user.id && x.status === "open";
  const items = x.entrants.map((e) => h("li", { dataset: { entrant: e.id } }, entrantName(x, e.id),
    e.withdrawn ? h("span", { class: "tag" }, t("withdrawn")) : null,
    organiser && e.id !== app.user.id ? h("button", { type: "button", class: "remove-entrant",
      onclick: () => act("DELETE", `/entrants/${encodeURIComponent(e.id)}`) }, t("remove_entrant")) : null));
  return h("section", { "aria-labelledby": "entrants-heading" },
    h("h2", { id: "entrants-heading" }, t("players"), ` (${x.entrants.length})`),
    h("ul", { id: "entrants", class: "entrants" },
      items.length ? items : h("li", { class: "none" }, t("no_entrants"))));
}

function standingsSection(x) {
  if (!x.played_rounds.length) return null;
  const number = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  return h("section", { "aria-labelledby": "standings-heading" },
    h("h2", { id: "standings-heading" }, t("standings")),
    h("p", { class: "hint" }, t("points_rule")),
    h("div", { class: "scroll" }, h("table", { id: "standings", class: "scores" },
      h("thead", {}, h("tr", {}, ["rank", "player", "standing_points", "game_score", "opponents_points",
        "games_played"].map((k) => h("th", { scope: "col" }, t(k))))),
      h("tbody", {}, x.standings.map((s, i) => h("tr", { dataset: { entrant: s.entrant } },
        h("td", { class: "rank" }, String(i + 1)), h("th", { scope: "row" }, entrantName(x, s.entrant)),
        h("td", {}, number(s.points)), h("td", {}, String(s.game_score)),
        h("td", {}, number(s.opponents_points)), h("td", {}, String(s.games))))))));
}

function roundsSection(x) {
  if (!x.played_rounds.length) return null;
  return h("section", { "aria-labelledby": "rounds-heading", id: "rounds" },
    h("h2", { id: "rounds-heading" }, t("rounds")),
    [...x.played_rounds].reverse().map((r) => h("div", { class: "round", dataset: { round: r.round } },
      h("h3", {}, t("round_n", { n: r.round })),
      h("ol", { class: "round-tables" }, r.tables.map((table, i) => h("li", { dataset: { game: table.game_id } },
        h("a", { href: `/play/${encodeURIComponent(table.game_id)}`, "data-nav": "", class: "table-link" },
          t("table_n", { n: i + 1 })), ": ",
        table.entrants.map((e, k) => [k ? ", " : "", entrantName(x, e),
          table.scores ? ` (${table.scores[e]})` : ""]),
        table.scores ? null : h("span", { class: "tag" }, t("status.playing"))))))));
}
