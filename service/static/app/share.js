/* A private game's replay, seen and shared without the player's token: a share (POST
 * /v1/games/{id}/shares) is a read-only capability for this game alone, expiring when
 * the player chose (a week unless they choose otherwise), revocable here. The replay
 * link carries it in the fragment (/games/{id}/replay#share=…), which the replay page
 * takes out of the address bar at once. A public game's replay needs none. */
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { problemText } from "./problems.js";

const DAY = 24 * 3600;
const EXPIRIES = [1, 7, 30]; // days to choose from

function sharesPath(gameId) {
  return `/v1/games/${encodeURIComponent(gameId)}/shares`;
}

/* The replay link, and for a private game the form that shares it. */
export function replayLinks(table) {
  const g = table.game;
  const href = `/games/${encodeURIComponent(g.id)}/replay`;
  const replay = h("a", { href, id: "replay-link" }, t("replay"));
  if (!g.private) return { link: replay, sharing: null };
  const expiry = h("select", { id: "share-expiry", "aria-label": t("share.expiry") },
    EXPIRIES.map((days) => h("option", { value: days * DAY }, t("share.days", { n: days }))));
  expiry.value = String(7 * DAY);
  const made = h("div", { id: "share-made", hidden: true });
  const list = h("ul", { id: "shares" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const share = async () => {
    const body = { expires_in: Number(expiry.value) };
    const created = await table.app.api.post(sharesPath(g.id), body);
    await showShares(table, list);
    return created;
  };
  replay.addEventListener("click", async (event) => {
    event.preventDefault();
    try {
      // one share for this player's own viewing, made on the first click
      table.replayShare = table.replayShare || await share();
      location.assign(table.replayShare.link);
    } catch (e) {
      error.textContent = problemText(e); // in the reader's words, not the server's English
      error.hidden = false;
    }
  });
  const makeButton = h("button", { type: "button", id: "make-share", onclick: async () => {
    try {
      const created = await share();
      const input = h("input", { id: "share-link", type: "text", readonly: true,
        value: `${location.origin}${created.link}`, "aria-label": t("share.link") });
      clear(made).append(h("p", {}, t("share.help")), input);
      made.hidden = false;
      input.select();
    } catch (e) {
      error.textContent = problemText(e);
      error.hidden = false;
    }
  } }, t("share.make"));
  const sharing = h("section", { id: "share-replay", "aria-labelledby": "share-heading" },
    h("h3", { id: "share-heading" }, t("share.heading")),
    h("p", {}, h("label", { for: "share-expiry" }, t("share.expiry")), " ", expiry, " ", makeButton),
    made, list, error);
  showShares(table, list).catch(() => {});
  return { link: replay, sharing };
}

/* The player's unexpired shares of the game, each with its button to revoke it. */
async function showShares(table, list) {
  const path = sharesPath(table.game.id);
  const { shares } = await table.app.api.get(path);
  clear(list).append(...shares.map((s) => h("li", { "data-share": s.id },
    t("share.until", { when: new Date(s.expires_at).toLocaleString(document.documentElement.lang) }), " ",
    h("button", { type: "button", class: "revoke-share", onclick: async () => {
      await table.app.api.request("DELETE", `${path}/${encodeURIComponent(s.id)}`);
      if (table.replayShare && table.replayShare.id === s.id) table.replayShare = null;
      await showShares(table, list);
    } }, t("share.revoke")))));
}
