/* Quick reactions at the table: a bar of phrases from a fixed list ("Good game", "Well
 * played", "Thinking…", …) that a seated player sends (POST …/reactions, a code), and the
 * others' reactions shown for a few seconds as a toast with the sender's name, in MY
 * language (the code is translated here, on the reader's page). The server records each
 * one in the game's log, so it comes over the game's event stream like a move; only
 * those that arrive while the page is open are shown (the log's older ones are history).
 * A switch "Show reactions" (remembered in localStorage) hides the bar, the toasts and
 * the reactions' lines in the log. Table hooks: startReactions(table) once the table is
 * built, then .render(), .heard(event) for each new event, .stop(). */
import { ApiError } from "./api.js";
import { h, playerLabel } from "./dom.js";
import { t } from "./i18n.js";
import { problemText } from "./problems.js";
import { reactionPhrase } from "./words.js";

/* The phrases, in the bar's order (the server's list: domain/reactions.py). */
export const REACTIONS = ["good_luck", "nice_move", "well_played", "thinking", "hurry", "oops",
  "thanks", "good_game"];
/* What may still be said once the game has ended. */
const FAREWELLS = new Set(["good_game", "well_played", "thanks"]);
const SETTING = "ttr.reactions";
const SHOWN_MS = 4000;
const MAX_TOASTS = 4;

export function reactionsShown() {
  return localStorage.getItem(SETTING) !== "off";
}

function setReactionsShown(on) {
  localStorage.setItem(SETTING, on ? "on" : "off");
  document.body.dataset.reactions = on ? "on" : "off";
}

export function startReactions(table) {
  document.body.dataset.reactions = reactionsShown() ? "on" : "off";
  const status = h("p", { id: "reaction-status", class: "reaction-status", role: "status" });
  const buttons = REACTIONS.map((code) => h("button", { type: "button", class: "reaction",
    "data-reaction": code, onclick: () => send(table, code, status) }, reactionPhrase(code)));
  const bar = h("div", { id: "reaction-bar", class: "reaction-bar", role: "group",
    "aria-label": t("reactions.heading") }, buttons);
  const box = h("input", { type: "checkbox", id: "show-reactions", checked: reactionsShown() });
  box.addEventListener("change", () => {
    setReactionsShown(box.checked);
    if (!box.checked) clearToasts(toasts);
    render();
  });
  const section = h("section", { id: "reactions", class: "reactions",
    "aria-labelledby": "reactions-heading" },
  h("h2", { id: "reactions-heading", class: "visually-hidden" }, t("reactions.heading")),
  bar, status, h("label", { class: "check", for: "show-reactions" }, box, t("reactions.show")));
  // the toasts: a live region of their own, over the page (the players' panel is redrawn
  // on every change, and a toast must outlive the redraw its own reaction causes)
  const toasts = h("div", { id: "reaction-toasts", class: "reaction-toasts", "aria-live": "polite" });
  const head = table.main.querySelector(".table-head");
  (head || table.main).after(section);
  table.main.append(toasts);
  const timers = new Set();

  function render() {
    const g = table.game;
    const seated = table.mySeat() !== null;
    const ended = g.status === "scoring" || g.status === "finished";
    bar.hidden = !seated || !reactionsShown();
    status.hidden = bar.hidden;
    for (const b of buttons) b.hidden = ended && !FAREWELLS.has(b.dataset.reaction);
  }

  function heard(event) {
    if (event.type !== "reaction_sent" || !reactionsShown()) return;
    const d = event.data || {};
    if (d.seat === table.mySeat()) return; // (mine: the bar said it was sent)
    // (with the sender's colour and symbol, as beside their name in the players' panel)
    const toast = h("p", { class: "reaction-toast", "data-seat": d.seat, "data-reaction": d.reaction },
      playerLabel(d.seat, t("ev.reaction_sent", { who: table.seatName(d.seat), phrase: reactionPhrase(d.reaction) })));
    while (toasts.children.length >= MAX_TOASTS) toasts.firstChild.remove();
    toasts.append(toast);
    const timer = setTimeout(() => {
      timers.delete(timer);
      toast.remove();
    }, SHOWN_MS);
    timers.add(timer);
  }

  function stop() {
    timers.forEach(clearTimeout);
    section.remove();
    toasts.remove();
  }

  return { render, heard, stop };
}

function clearToasts(toasts) {
  while (toasts.firstChild) toasts.firstChild.remove();
}

async function send(table, code, status) {
  status.textContent = "";
  try {
    await table.app.api.post(`${table.path}/reactions`, { reaction: code });
    status.textContent = t("reactions.sent", { phrase: reactionPhrase(code) });
  } catch (error) {
    status.textContent = error instanceof ApiError && error.status === 429
      ? t("reactions.wait") : problemText(error);
  }
}
