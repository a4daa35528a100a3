/* The player's own notices away from the table, on their profile page: their e-mail
 * address (send a verification link, see it, remove it; a disabled address is said so)
 * and what they are told, and how (per kind: push, mail, both or nothing; a digest;
 * quiet hours in their time zone). Also the pages of the links mails carry:
 * /mail/verify#code=… (an address's verification). */
import { ApiError } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KINDS = ["your_turn", "game_started", "game_scored", "player_left", "player_timed_out",
  "stand_in_seated", "deadline_near", "invitation"];
const CHANNELS = ["both", "push", "mail", "none"];
const SETTINGS = "/v1/users/me/notice-settings";
const ADDRESS = "/v1/users/me/mail-address";

function problemText(error) {
  if (error instanceof ApiError) return error.problem.detail || error.problem.title || t("http_error", { n: error.status });
  return t("network_error");
}

async function currentAddress(app) {
  try {
    return await app.api.get(ADDRESS);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function noticeSection(app) {
  const [address, settings] = await Promise.all([currentAddress(app), app.api.get(SETTINGS)]);
  const status = h("p", { id: "notice-status", role: "status" });
  const say = (text, isError = false) => {
    status.textContent = text;
    status.className = isError ? "error" : "";
  };
  return h("section", { id: "notices", "aria-labelledby": "notices-heading" },
    h("h2", { id: "notices-heading" }, t("notices_heading")),
    addressForm(app, address, say),
    settingsForm(app, settings, say),
    status);
}

function addressForm(app, address, say) {
  const input = h("input", { id: "mail-address", type: "email", name: "address", required: true,
    maxlength: 254, autocomplete: "email", value: address ? address.address : "" });
  const remove = address ? h("button", { type: "button", id: "mail-remove", onclick: async () => {
    try {
      await app.api.request("DELETE", ADDRESS);
      input.value = "";
      remove.hidden = true;
      say(t("mail_removed"));
    } catch (e) {
      say(problemText(e), true);
    }
  } }, t("mail_remove")) : null;
  return h("form", { id: "mail-form", onsubmit: async (event) => {
    event.preventDefault();
    try {
      await app.api.request("PUT", ADDRESS, { address: input.value.trim() });
      say(t("mail_link_sent"));
    } catch (e) {
      say(problemText(e), true);
    }
  } },
  h("label", { for: "mail-address" }, t("mail_address")), input,
  h("button", { type: "submit" }, t("mail_send_link")), remove,
  address && address.disabled ? h("p", { id: "mail-disabled", class: "error" }, t("mail_disabled")) : null,
  address ? null : h("p", { class: "none" }, t("mail_address_none")));
}

function settingsForm(app, settings, say) {
  const selects = KINDS.map((kind) => h("select", { id: `notice-${kind}`, name: kind },
    CHANNELS.map((c) => h("option", { value: c, selected: settings.channels[kind] === c }, t(`channel.${c}`)))));
  const digest = h("input", { id: "notice-digest", type: "number", min: 0, max: 168,
    value: String(settings.digest_hours) });
  const quiet = h("input", { id: "notice-quiet", type: "checkbox", checked: Boolean(settings.quiet_hours) });
  const from = h("input", { id: "notice-quiet-start", type: "time", "aria-label": t("notice_quiet_start"),
    value: settings.quiet_hours ? settings.quiet_hours.start : "22:00" });
  const to = h("input", { id: "notice-quiet-end", type: "time", "aria-label": t("notice_quiet_end"),
    value: settings.quiet_hours ? settings.quiet_hours.end : "08:00" });
  const zone = h("input", { id: "notice-zone", maxlength: 64,
    value: settings.chosen.length || settings.time_zone !== "UTC" ? settings.time_zone
      : Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" });
  return h("form", { id: "notice-form", onsubmit: async (event) => {
    event.preventDefault();
    const channels = {};
    selects.forEach((select, i) => { channels[KINDS[i]] = select.value; });
    try {
      await app.api.request("PUT", SETTINGS, {
        channels, digest_hours: Number(digest.value) || 0, time_zone: zone.value.trim() || "UTC",
        mail_after_minutes: settings.mail_after_minutes,
        quiet_hours: quiet.checked ? { start: from.value, end: to.value } : null });
      say(t("notices_saved"));
    } catch (e) {
      say(problemText(e), true);
    }
  } },
  h("table", { class: "named" }, h("tbody", {}, KINDS.map((kind, i) => h("tr", {},
    h("th", { scope: "row" }, h("label", { for: `notice-${kind}` }, t(`notice_kind.${kind}`))),
    h("td", {}, selects[i]))))),
  h("p", {}, h("label", { for: "notice-digest" }, t("notice_digest")), " ", digest),
  h("p", {}, quiet, " ", h("label", { for: "notice-quiet" }, t("notice_quiet")), " ", from, " – ", to),
  h("p", {}, h("label", { for: "notice-zone" }, t("notice_zone")), " ", zone),
  h("button", { type: "submit" }, t("notices_save")));
}

/* /mail/verify#code=…: the address's verification, then the lobby says so. */
export async function verifyAddress(app, code) {
  await app.api.post("/v1/mail-address/verify", { code });
}
