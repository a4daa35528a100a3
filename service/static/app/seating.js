/* The waiting table's seats and invite link: who sits where (a bot with its level, me
 * marked, the free seats counted), and the link with a Copy button (the clipboard when
 * the browser allows it, else the link selected for the player to copy). */
import { h, playerName } from "./dom.js";
import { t } from "./i18n.js";

export function seatList(table) {
  const g = table.game;
  const mine = table.app.user ? table.app.user.id : null;
  const free = Math.max(0, g.seats - g.players.length);
  return h("div", { class: "seating" },
    h("p", { id: "seats-taken" }, t("seats_taken", { taken: g.players.length, n: g.seats })),
    h("ul", { class: "seats", id: "seats" },
      g.players.map((p) => h("li", { "data-seat": p.seat, "data-bot": p.bot ? p.level || "" : null },
        playerName(p), p.user_id === mine ? h("span", { class: "you" }, ` (${t("you")})`) : null)),
      Array.from({ length: free }, () => h("li", { class: "free-seat" }, t("free_seat")))));
}

export function inviteLink(link) {
  const input = h("input", { id: "invite-link", type: "text", readonly: true, value: link,
    "aria-label": t("invite_link") });
  const said = h("span", { id: "invite-copied", class: "copied", role: "status" });
  let timer = null;
  const tell = (text) => {
    said.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => { said.textContent = ""; }, 4000);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      tell(t("invite.copied"));
    } catch (_) {
      // no clipboard (an insecure page, or refused): the link selected, to copy by hand
      input.focus();
      input.select();
      tell(t("invite.select_to_copy"));
    }
  };
  return h("div", { class: "invite-link" }, input,
    h("button", { type: "button", id: "copy-invite", "data-offline-ok": "", onclick: copy }, t("invite.copy")), said);
}
