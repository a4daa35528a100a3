/* What the table does with what its game's stream brings (table.js follows it): the
 * game's snapshot after each change and my moves at its version, taken when newer than
 * what the table shows; each event, kept in the log; and, for each burst of them, one
 * drawing, or one refresh of the game and my moves when the table is left behind. */
import { renderLog } from "./table_parts.js";
import { renderHint } from "./table_hint.js";
import { heardSpectators } from "./spectator.js";

// ms a live stream's events wait for the snapshot after them before the game is asked for
const SNAPSHOT_GRACE_MS = 250;

/* One message of the stream: a snapshot, my moves, or an event of the game. */
export function heard(table, m) {
  if (heardSpectators(table, m)) return;
  if (m.event === "snapshot") {
    // the game as the stream starts, and after each change: taken when it is newer
    // than the page's (or a read failed meanwhile: an outage); my moves at its
    // version come next, in the same write, and until then I have none. The one a
    // stream starts with is drawn even when it is not newer (its spectators' count).
    const d = m.data;
    const starting = table.streamStarting;
    table.streamStarting = false;
    if (!(d.version > table.game.version || table.unsure)) {
      if (starting && table.accept(d, null)) table.render();
      return;
    }
    if (!table.accept(d, null)) return;
    table.unsure = false;
    table.awaitingMoves = d.you ? d.version : null;
    if (d.you) table.moves = [];
    table.viewDirty = true;
    reschedule(table);
    return;
  }
  if (m.event === "moves") {
    if (m.data.version !== table.awaitingMoves) return;
    table.awaitingMoves = null;
    table.moves = m.data.moves;
    table.viewDirty = true;
    reschedule(table);
    return;
  }
  const e = m.data;
  if (typeof e.version !== "number") return;
  if (!table.log.has(e.version)) {
    table.log.set(e.version, e);
    table.logDirty = true;
    if (table.reactions) table.reactions.heard(e);
  }
  if (e.version > table.game.version) table.wanted = Math.max(table.wanted || 0, e.version);
  schedule(table);
}

/* One render (of the table, or of the log alone) or one refresh for the messages of
 * one burst: the events of an action arrive together with the game's snapshot and
 * my moves. Only a burst that leaves the table behind its events asks for the game:
 * at once when long polling, and on a live stream only if the snapshot has not come
 * a moment later (it is in the same write, unless the write was split). */
function schedule(table) {
  if (table.scheduled) return;
  const behind = (table.wanted || 0) > table.game.version;
  table.scheduled = setTimeout(() => {
    table.scheduled = null;
    if ((table.wanted || 0) > table.game.version) table.refresh(table.wanted);
    else if (table.viewDirty) table.render();
    else if (table.logDirty) {
      renderLog(table);
      // a hint waiting for the events since it was given is shown once they are read
      if (table.hint && table.hint.answer) renderHint(table);
    }
    table.logDirty = false;
    table.viewDirty = false;
  }, behind && table.streamLive ? SNAPSHOT_GRACE_MS : 0);
}

/* As `schedule`, now: a snapshot or my moves came, so no grace is left to wait for. */
function reschedule(table) {
  clearTimeout(table.scheduled);
  table.scheduled = null;
  schedule(table);
}
