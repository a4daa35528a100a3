/* An outage at the table: while the game's stream is down ("reconnecting"), a banner
 * says so and the move controls are disabled, since a move sent then could not be
 * answered and the page cannot tell what the others did; both go the moment the
 * stream (or a long poll) answers again. The controls disabled here are marked, so
 * that only those are enabled again (one a rule disables stays so), and any control
 * drawn while the outage lasts is disabled as it appears. */
import { h } from "./dom.js";
import { t } from "./i18n.js";

// the table's parts whose controls send something to the server (and any move button)
const AREAS = ["#actions", "#market", "#claim", "#hint", "#waiting", "#stand-in"];
// (a control that needs no server, such as copying the invite link, says so: data-offline-ok)
const CONTROLS = AREAS.map((a) => `${a} :is(button, select, input:not([readonly])):not([data-offline-ok])`)
  .concat("[data-move]").join(", ");

export function watchOutage(table) {
  const root = table.main.querySelector("#table");
  const banner = h("div", { id: "outage", class: "outage-banner", role: "alert", hidden: true });
  let down = false;
  let observer = null;

  function hold() {
    for (const el of root.querySelectorAll(CONTROLS)) {
      if (el.disabled || "outage" in el.dataset) continue;
      el.disabled = true;
      el.dataset.outage = "";
    }
  }

  function release() {
    for (const el of root.querySelectorAll("[data-outage]")) {
      el.disabled = false;
      delete el.dataset.outage;
    }
  }

  function status(s) {
    const now = s === "reconnecting";
    if (now === down) return;
    down = now;
    document.body.dataset.outage = String(now);
    banner.hidden = !now;
    // (the text is set as it shows: role=alert says it once, when it appears)
    banner.textContent = now ? t("outage.banner") : "";
    root.classList.toggle("offline", now);
    if (now) {
      hold();
      observer = new MutationObserver(hold);
      observer.observe(root, { childList: true, subtree: true });
    } else {
      if (observer) observer.disconnect();
      observer = null;
      release();
    }
  }

  root.prepend(banner);
  return {
    status,
    get down() { return down; },
    stop() {
      if (observer) observer.disconnect();
      delete document.body.dataset.outage;
    },
  };
}
