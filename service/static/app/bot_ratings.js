/* Each bot level's rating on a map, for the new-game form: read from the map's bots'
 * board (GET /v1/leaderboards/{map}?bots=true), where a level is its first bot user
 * (`bot-<level>-1`, the one `ttr bots ladder` and a table's first bot of a level play
 * as). A level with too few rated games on the map is not on the board: "not yet rated". */
import { BOT_LEVELS, clear, h, levelName } from "./dom.js";
import { t } from "./i18n.js";

/* level -> rating (a number) or null, from a bots' board answer. */
export function levelRatings(board) {
  const byUser = new Map((board.entries || []).map((e) => [e.user_id, e]));
  return Object.fromEntries(BOT_LEVELS.map((level) => {
    const entry = byUser.get(`bot-${level}-1`);
    return [level, entry ? entry.rating : null];
  }));
}

/* The paragraph that shows them (filled by `showBotRatings`). */
export function botRatingsLine() {
  return h("p", { id: "bot-ratings", class: "bot-ratings", "aria-live": "polite" });
}

/* Fill `line` with the levels' ratings on `map` (left empty if the board cannot be read:
 * the form works without it). */
export async function showBotRatings(api, line, map) {
  line.dataset.map = map;
  let ratings;
  try {
    ratings = levelRatings(await api.get(
      `/v1/leaderboards/${encodeURIComponent(map)}?bots=true&limit=100`));
  } catch (error) {
    console.warn("the bots' board could not be read", error);
    return;
  }
  if (line.dataset.map !== map) return; // another map was chosen meanwhile
  clear(line).append(t("bot_ratings"), " ", ...BOT_LEVELS.flatMap((level, i) => [
    i ? " · " : "",
    h("span", { class: "bot-rating", "data-level": level,
      "data-rating": ratings[level] === null ? "" : String(ratings[level]) },
    ratings[level] === null ? t("bot_unrated", { level: levelName(level) })
      : t("bot_rating", { level: levelName(level), rating: ratings[level].toFixed(1) }))]));
  line.dataset.ready = "true";
}
