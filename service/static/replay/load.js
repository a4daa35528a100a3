/* Where the replay's data comes from: the game named by the page's address, its events
 *   GET /v1/games/{id}/export       NDJSON, one event record per line
 * and its board
 *   GET /v1/maps/{map}              the board (cities, routes, tickets) and its rules
 *   GET /static/layouts/{map}.json  where each city is drawn
 * A private game's replay link carries a share of it (#share=…, a read-only capability
 * for that game alone), sent with the export and analysis requests only, as
 * "Authorization: Share …"; the links made before shares carried an API token
 * (#token=…), still accepted and sent as "Authorization: Bearer …". Either is taken out
 * of the address bar (and so out of the history) as soon as it is read, and kept in
 * sessionStorage for this tab's reloads. Failures are LoadErrors whose message says, in
 * the chosen language, what could not be loaded and why. */
import { t } from "../app/i18n.js";
import { mapName } from "../app/words.js";

export class LoadError extends Error {}

export function gameIdFrom(location) {
  const query = new URLSearchParams(location.search).get("game");
  if (query) return query;
  const match = location.pathname.match(/\/games\/([^/]+)\/replay\/?$/);
  return match ? decodeURIComponent(match[1]) : null;
}

const KEPT = "ttr.replay.";

/* The Authorization header value the page's address gave for `gameId` (or gave before,
 * in this tab), or null; the address keeps no credential once this has run. */
export function credentialFrom(location, history, gameId) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const share = params.get("share");
  const token = params.get("token");
  let given = share ? `Share ${share}` : token ? `Bearer ${token}` : null;
  if (share || token) history.replaceState(history.state, "", location.pathname + location.search);
  try {
    if (given) sessionStorage.setItem(KEPT + gameId, given);
    else given = sessionStorage.getItem(KEPT + gameId);
  } catch (_) {
    // no storage (a private window may refuse it): kept in memory for this load only
  }
  return given;
}

/* `url`, answered 200 (`cache`: "no-store" for what changes, the default for a file of a
 * versioned address, which the browser keeps). */
async function fetchOk(url, what, authorization, cache = "no-store") {
  const headers = { Accept: "application/json, application/x-ndjson" };
  if (authorization) headers.Authorization = authorization;
  let response;
  try {
    response = await fetch(url, { headers, cache });
  } catch (error) {
    throw new LoadError(t("replay.unreachable", { what, detail: error.message }));
  }
  if (!response.ok) throw new LoadError(failureMessage(response, what, await problemDetail(response)));
  return response;
}

/* The detail of a refusal: a problem+json's detail, or the start of an HTML page's text. */
async function problemDetail(response) {
  try {
    const text = await response.text();
    try {
      const problem = JSON.parse(text);
      return problem.detail || problem.title || problem.message || "";
    } catch (_) {
      return text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 200);
    }
  } catch (_) {
    return ""; // no body
  }
}

function failureMessage(response, what, detail) {
  const status = `${response.status}${response.statusText ? " " + response.statusText : ""}`;
  const key = { 401: "replay.sign_in", 403: "replay.forbidden", 404: "replay.not_found" }[response.status]
    || "replay.failed";
  const text = t(key, { what, status });
  return detail ? `${text} ${detail}` : text;
}

export function parseNdjson(text) {
  const records = [];
  text.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    let record;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new LoadError(t("replay.broken_line", { line: index + 1, detail: error.message }));
    }
    if (!record || typeof record !== "object" || typeof record.type !== "string") {
      throw new LoadError(t("replay.no_type", { line: index + 1 }));
    }
    if (!record.data || typeof record.data !== "object") record.data = {};
    records.push(record);
  });
  records.sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
  return records;
}

function mapNameOf(records) {
  for (const r of records) {
    if ((r.type === "game_created" || r.type === "game_started") && r.data.map) return r.data.map;
  }
  throw new LoadError(t("replay.no_map"));
}

/* The game's event records, its board and its layout. */
export async function loadGame(gameId, authorization) {
  const exported = await fetchOk(`/v1/games/${encodeURIComponent(gameId)}/export`,
    t("replay.what_events", { id: gameId }), authorization);
  const records = parseNdjson(await exported.text());
  if (!records.length) throw new LoadError(t("replay.no_events", { id: gameId }));
  const code = mapNameOf(records);
  const [boardResponse, layoutResponse] = await Promise.all([
    // the board and its layout are public: no credential goes with them
    fetchOk(`/v1/maps/${encodeURIComponent(code)}`, t("replay.what_map", { map: mapName(code) })),
    // beside this module, so of its version (/static/{version}/layouts/…): kept a year
    fetchOk(new URL(`../layouts/${encodeURIComponent(code)}.json`, import.meta.url),
      t("replay.what_layout", { map: mapName(code) }), undefined, "default"),
  ]);
  try {
    return { records, board: await boardResponse.json(), layout: await layoutResponse.json() };
  } catch (error) {
    throw new LoadError(t("replay.map_unreadable", { map: mapName(code), detail: error.message }));
  }
}
