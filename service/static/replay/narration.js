/* The replay told in sentences: every event of the game in the web client's words
 * (/static/app/words.js), in the chosen language, each told as things stood just before
 * it. Seats are named "Seat 2 (Ann)", after whoever held them then. */
import { t } from "../app/i18n.js";
import { shownName } from "../app/dom.js";
import { describeEvent, holderName, nextHolders } from "../app/words.js";

/* "Seat 2 (Ann)" for seat 1 held by Ann in `holders` ([{name, level}] by seat). */
export function seatLabel(holders, seat) {
  if (typeof seat !== "number") return t("someone");
  const held = holders[seat];
  return held && held.name ? t("replay.seat_named", { seat: seat + 1, name: holderName(held) })
    : t("replay.seat", { seat: seat + 1 });
}

export function routeName(model, id) {
  const route = model.routeById.get(id);
  return route ? `${route.a}–${route.b}` : String(id);
}

export function ticketName(model, id) {
  const x = model.ticketById.get(id);
  return x ? `${x.a}–${x.b} (${x.points})` : String(id);
}

function actorName(model, holders, actor) {
  if (!actor || typeof actor !== "object") return "";
  if (actor.kind === "seat") return seatLabel(holders, actor.seat);
  if (actor.kind === "user") {
    const name = model.userNames.get(actor.user_id);
    const seat = holders.findIndex((h) => h && h.name === name);
    return seat >= 0 ? seatLabel(holders, seat) : name || t("someone");
  }
  if (actor.kind === "system") return t("replay.system") + (actor.name ? ` (${actor.name})` : "");
  return String(actor.kind || "");
}

function contextOf(model, holders) {
  return {
    seatName: (seat) => seatLabel(holders, seat),
    userName: (id) => (model.userNames.has(id) ? shownName(id, model.userNames.get(id)) : t("someone")),
    routeName: (id) => routeName(model, id),
    ticketName: (id) => ticketName(model, id),
    actorName: (actor) => actorName(model, holders, actor),
  };
}

/* Every event of the model in words (one pass, in the language chosen now). */
export function narrate(model) {
  let holders = [];
  return model.records.map((record) => {
    let text;
    try {
      text = describeEvent(record, contextOf(model, holders));
    } catch (error) {
      console.warn("replay: could not describe event", record, error);
      text = t("ev.unknown", { type: record.type });
    }
    holders = nextHolders(holders, record);
    return text;
  });
}
