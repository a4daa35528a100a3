/* The invite page's word on the table (GET /v1/games/{id}/invitation, with the link's
 * code): who invites me, to which map, and how many seats are taken, before I sit down
 * (or sign up). */
import { h } from "./dom.js";
import { t } from "./i18n.js";

export async function invitationSummary(app, gameId, invite) {
  let about;
  try {
    const path = `/v1/games/${encodeURIComponent(gameId)}/invitation`;
    about = (await app.api.request("GET", path, undefined, invite ? { "Invite-Code": invite } : {})).data;
  } catch (_) {
    return ""; // no such table (or not this code): the page says no more than before
  }
  const map = t(`map.${about.map}`);
  return h("div", { id: "invitation", class: "invitation", "data-map": about.map },
    h("p", { id: "invitation-text" }, about.inviter
      ? t("invitation.by", { who: about.inviter, map }) : t("invitation.to", { map })),
    h("p", { id: "invitation-seats" }, t("seats_taken", { taken: about.seats_taken, n: about.seats })),
    about.status === "open" ? null : h("p", { class: "warning" }, t("invitation.started")));
}
