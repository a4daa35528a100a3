/* "Play now": the lobby asks the server for a game (quick match, POST /v1/matches) on a
 * map or any map, with a number of players or a range, rated or not, live or by
 * correspondence, and, if the player wishes, bots of a level taking the seats still
 * empty after a wait they choose. It then waits, saying for how long and when the bots
 * come, until the server has seated this player at a started game, which it opens; or
 * until the player cancels. A request left waiting (another tab, a reload) is waited on
 * rather than refused. */

import { ApiError } from "./api.js";
import { BOT_LEVELS, h, levelName } from "./dom.js";
import { t } from "./i18n.js";

const LOOK_EVERY_MS = 1000;
const PACES = [null, 300, 3600, 86400, 259200]; // seconds; a day or more: correspondence
const BOT_WAITS = [5, 15, 30, 60, 120, 300]; // seconds

function waitText(seconds) {
  return seconds < 60 ? t("wait_seconds", { n: seconds }) : t("wait_minutes", { n: seconds / 60 });
}

/* The "Play now" section of the lobby: its choices, the button, and the wait. */
export function playNowSection(app, maps, problemText) {
  const map = h("select", { id: "match-map" }, h("option", { value: "" }, t("any_map")),
    maps.map((m) => h("option", { value: m.map }, t(`map.${m.map}`))));
  const fewest = h("select", { id: "match-min" });
  const most = h("select", { id: "match-max" });
  const fillPlayers = () => {
    const m = maps.find((x) => x.map === map.value);
    const min = m ? (m.min_players ?? (m.rules && m.rules.min_players) ?? 2) : 2;
    const max = m ? (m.max_players ?? (m.rules && m.rules.max_players) ?? 5) : 5;
    for (const [select, chosen] of [[fewest, Number(fewest.value) || 2], [most, Number(most.value) || 2]]) {
      select.replaceChildren(...Array.from({ length: max - min + 1 }, (_, i) =>
        h("option", { value: min + i }, String(min + i))));
      select.value = String(Math.min(max, Math.max(min, chosen)));
    }
  };
  map.addEventListener("change", fillPlayers);
  fewest.addEventListener("change", () => {
    if (Number(most.value) < Number(fewest.value)) most.value = fewest.value;
  });
  most.addEventListener("change", () => {
    if (Number(most.value) < Number(fewest.value)) fewest.value = most.value;
  });
  fillPlayers();
  const rated = h("input", { type: "checkbox", id: "match-rated", checked: true });
  const pace = h("select", { id: "match-pace" },
    PACES.map((s) => h("option", { value: s ?? "" }, s ? t(`limit.${s}`) : t("limit.none"))));
  const level = h("select", { id: "match-bot-level", disabled: true, "aria-label": t("bot_fallback_level") },
    BOT_LEVELS.map((l) => h("option", { value: l, selected: l === "medium" }, t("seat_bot", { level: levelName(l) }))));
  const after = h("select", { id: "match-bots-after", disabled: true, "aria-label": t("bot_fallback_after") },
    BOT_WAITS.map((s) => h("option", { value: s, selected: s === 30 }, waitText(s))));
  const bots = h("input", { type: "checkbox", id: "match-bots", onchange: () => {
    level.disabled = !bots.checked;
    after.disabled = !bots.checked;
  } });
  const wanted = () => {
    const body = { map: map.value || null, min_players: Number(fewest.value),
      max_players: Number(most.value), rated: rated.checked };
    const seconds = Number(pace.value);
    if (seconds >= 86400) body.days_per_turn = seconds / 86400;
    else if (seconds) body.turn_time_limit = seconds;
    if (bots.checked) Object.assign(body, { bot_level: level.value, bots_after: Number(after.value) });
    return body;
  };
  const status = h("p", { id: "match-status", role: "status", hidden: true });
  return h("section", { "aria-labelledby": "play-now-heading", class: "play-now-section" },
    h("h2", { id: "play-now-heading" }, t("play_now")),
    h("form", { id: "play-now-form", onsubmit: (event) => event.preventDefault() },
      h("label", { for: "match-map" }, t("map")), map,
      h("label", { for: "match-min" }, t("players_at_least")), fewest,
      h("label", { for: "match-max" }, t("players_at_most")), most,
      h("label", { for: "match-pace" }, t("turn_time_limit")), pace,
      h("label", { class: "check" }, rated, t("rated_game")),
      h("span", { class: "bot-fallback" }, h("label", { class: "check" }, bots, t("bot_fallback")),
        level, after),
      playNowButton(app, wanted, status, problemText), status));
}

/* The button; `wanted()` gives the request's body, `status` shows the wait or a problem. */
export function playNowButton(app, wanted, status, problemText) {
  let waiting = null; // the request waited on
  const button = h("button", { type: "button", id: "play-now" }, t("play_now"));
  const cancel = h("button", { type: "button", id: "cancel-match", hidden: true,
    onclick: async () => {
      const request = waiting;
      waiting = null;
      cancel.hidden = true;
      button.disabled = false;
      status.hidden = true;
      delete status.dataset.request;
      if (request) await app.api.request("DELETE", `/v1/matches/${request}`).catch(() => {});
    } }, t("cancel_match"));

  const say = (request) => {
    const since = request.created_at ? Date.parse(request.created_at) : Date.now();
    const lines = [t("finding_match"), t("waited", { n: Math.max(0, Math.round((Date.now() - since) / 1000)) })];
    if (request.bots_at) {
      const left = Math.max(0, Math.round((Date.parse(request.bots_at) - Date.now()) / 1000));
      lines.push(t("bots_come_in", { n: left }));
    }
    status.textContent = lines.join(" ");
  };
  const wait = async (request) => {
    waiting = request.id;
    button.disabled = true;
    cancel.hidden = false;
    status.dataset.request = request.id;
    say(request);
    status.hidden = false;
    while (waiting === request.id && request.state === "waiting" && document.contains(button)) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      request = (await app.api.request("GET", `/v1/matches/${request.id}`)).data;
      if (waiting === request.id) say(request);
    }
    if (request.state === "matched" && waiting === request.id) app.go(`/play/${request.game_id}`);
  };

  button.addEventListener("click", async () => {
    try {
      await wait((await app.api.request("POST", "/v1/matches", wanted())).data);
    } catch (e) {
      if (e instanceof ApiError && e.problem.request_id) {
        return wait({ id: e.problem.request_id, state: "waiting" });
      }
      button.disabled = false;
      cancel.hidden = true;
      status.textContent = problemText(e);
      status.hidden = false;
    }
  });
  return h("span", { class: "play-now" }, button, cancel);
}
