/* The rematch offer on the end screen (POST/GET/DELETE /v1/games/{id}/rematch): a
 * player offers it, the others accept ("Accept rematch (2 of 3)") or decline it; once
 * all have accepted the new game has started and "Go to the new game" opens it. While
 * an offer stands the page asks where it is now and then, and says when it lapses (the
 * server's `expires_at`; from then on every read of the offer finds it lapsed). Shown to the game's players only (anyone else is refused the offer). */
import { ApiError } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

const LOOK_EVERY_MS = 1500;

export async function showRematch(table, box) {
  const path = `${table.path}/rematch`;
  const section = h("section", { id: "rematch", "aria-live": "polite" });
  let offer;
  try {
    offer = await table.app.api.get(path);
  } catch (error) {
    return; // not a player of this game: no rematch to offer
  }
  box.append(section);
  let mine = false; // whether this player has accepted (an answer given again is harmless)
  const send = async (method) => {
    try {
      offer = (await table.app.api.request(method, path)).data;
      mine = method === "POST";
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      offer = await table.app.api.get(path);
    }
    draw();
  };
  const draw = () => {
    const count = { n: offer.accepted, m: offer.players.length };
    clear(section);
    section.dataset.state = offer.state;
    if (offer.state === "started") {
      section.append(h("button", { type: "button", id: "rematch-game",
        onclick: () => table.app.go(`/play/${offer.new_game_id}`) }, t("rematch_go")));
    } else if (offer.state === "none") {
      section.append(h("button", { type: "button", id: "rematch-offer",
        onclick: () => send("POST") }, t("rematch_offer")));
    } else if (offer.state === "offered" && mine) {
      section.append(h("p", { id: "rematch-status" }, t("rematch_waiting", count)));
    } else if (offer.state === "offered") {
      section.append(h("button", { type: "button", id: "rematch-offer",
        onclick: () => send("POST") }, t("rematch_accept", count)), " ",
      h("button", { type: "button", id: "rematch-decline",
        onclick: () => send("DELETE") }, t("rematch_decline")));
    } else {
      section.append(h("p", { id: "rematch-status" }, t(`rematch_${offer.state}`)));
    }
    if (offer.state === "offered" && offer.expires_at) {
      const time = new Date(offer.expires_at).toLocaleString(document.documentElement.lang,
        { dateStyle: "short", timeStyle: "short" });
      section.append(h("p", { id: "rematch-lapses", class: "hint" }, t("rematch_lapses", { time })));
    }
  };
  draw();
  while (!table.stopped && document.contains(section)) {
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    if (offer.state === "started" || offer.state === "lapsed" || offer.state === "declined") continue;
    try {
      const now = await table.app.api.get(path);
      if (now.state !== offer.state || now.accepted !== offer.accepted) {
        offer = now;
        draw();
      }
    } catch (error) {
      console.warn("rematch not read", error);
    }
  }
}
