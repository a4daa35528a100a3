/* The map of each table this device has shown (the last few), so that going to a table
 * again asks for its map and layout with the game rather than after the game's answer
 * has named them: on a phone, that read and its parsing then happen while the page
 * waits for the game, not after. The map of a game is no secret, and a map remembered
 * wrongly costs nothing but the early read: the table checks it against the game. */

const KEY = "ttr.maps";
const KEPT = 20;

function known() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(found) ? found : [];
  } catch (_) {
    return [];
  }
}

function mapIn(entries, gameId) {
  const found = entries.find((entry) => Array.isArray(entry) && entry[0] === gameId);
  return found && typeof found[1] === "string" ? found[1] : null;
}

/* The map last shown at the table of `gameId` (null: none remembered). */
export function knownMap(gameId) {
  return mapIn(known(), gameId);
}

/* Remembers that the table of `gameId` shows `map` (the newest first, KEPT at most). */
export function rememberMap(gameId, map) {
  const entries = known();
  if (mapIn(entries, gameId) === map) return;
  const kept = entries.filter((entry) => Array.isArray(entry) && entry[0] !== gameId);
  try {
    localStorage.setItem(KEY, JSON.stringify([[gameId, map], ...kept].slice(0, KEPT)));
  } catch (_) {
    // (storage full or refused: the next visit reads the map after the game, as before)
  }
}

/* The read of `map`'s board and its layout (GET /v1/maps/{map}: where each city is
 * drawn), begun. A board the browser kept from before the answer had its layout (it may
 * keep one for minutes) has it read apart, from static/layouts. */
export function mapReads(api, map) {
  const board = api.getShared(`/v1/maps/${encodeURIComponent(map)}`);
  const layout = board.then((b) => b.layout || fetch(
    new URL(`../layouts/${encodeURIComponent(map)}.json`, import.meta.url)).then((r) => r.json()));
  // (a read the table does not take is no unhandled error)
  board.catch(() => {});
  layout.catch(() => {});
  return { map, board, layout };
}
