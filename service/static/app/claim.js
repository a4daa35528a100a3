/* The pending claim: a route chosen on the map or in the list (or a city chosen for a
 * station) is not claimed yet. The panel names it (the route, its length and colour),
 * draws the cards the payment would spend, colour by colour, offers the other legal
 * payments to pick from, and waits for Confirm (or Enter) or Cancel (or Escape); the
 * board marks the route meanwhile. Only the player's own setting "claim at once when
 * only one payment is legal" (off unless they turn it on, kept in this browser) lets a
 * choice with a single payment act at once. Every payment offered is one of the moves
 * GET …/moves listed, sent back exactly. */
import { cardLabel, clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { cardParts, paymentChoices, paymentText } from "./payment.js";
import { cardName } from "./words.js";

const AT_ONCE_KEY = "ttr.claim_at_once"; // (beside "ttr.language": this browser's choices)

/* Whether a choice with one legal payment acts at once (the player's setting). */
export function claimAtOnce() {
  try {
    return localStorage.getItem(AT_ONCE_KEY) === "true";
  } catch (_) {
    return false; // storage refused (a private window): the safe default
  }
}

export function setClaimAtOnce(on) {
  try {
    if (on) localStorage.setItem(AT_ONCE_KEY, "true");
    else localStorage.removeItem(AT_ONCE_KEY);
  } catch (_) { /* not kept: it holds for this page only */ }
}

/* The setting's section of the table. */
export function claimSetting() {
  const box = h("input", { type: "checkbox", id: "claim-at-once", checked: claimAtOnce() });
  box.addEventListener("change", () => setClaimAtOnce(box.checked));
  return h("section", { id: "table-settings", "aria-labelledby": "settings-heading" },
    h("h2", { id: "settings-heading" }, t("table_settings")),
    h("label", { class: "check", for: "claim-at-once" }, box, t("claim.at_once")));
}

/* A payment's cards, colour by colour, for a list (one item per colour). */
export function cardItems(cards) {
  return cardParts(cards).map(([c, n]) => h("li", { "data-color": c, "data-count": n }, cardLabel(c, n)));
}

/* The payments to pick from, as radio buttons (arrow keys move between them). */
export function paymentPicker(name, legend, choices, chosen, onPick) {
  return h("fieldset", { class: "payment-picker" }, h("legend", {}, legend),
    h("ul", { class: "payments" }, choices.map((m, i) => {
      const radio = h("input", { type: "radio", name, value: String(i), checked: i === chosen,
        "data-move": JSON.stringify(m), "aria-label": paymentText(m.cards, cardName) });
      radio.addEventListener("change", () => radio.checked && onPick(i));
      return h("li", {}, h("label", { class: "payment" }, radio,
        h("span", { class: "payment-cards", "aria-hidden": "true" },
          cardParts(m.cards).map(([c, n]) => cardLabel(c, n)))));
    })));
}

/* The panel's element and its keys, made once with the table: Enter in the panel
 * confirms (a button does what it says), Escape anywhere cancels. */
export function buildClaim(table) {
  const box = h("section", { id: "claim", class: "claim-panel", hidden: true,
    "aria-labelledby": "claim-heading" });
  box.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.target.closest("button")) return;
    event.preventDefault();
    confirmClaim(table);
  });
  table.claimKeys = (event) => {
    if (event.key !== "Escape" || !table.pending) return;
    event.preventDefault();
    cancelClaim(table);
  };
  document.addEventListener("keydown", table.claimKeys);
  return box;
}

export function stopClaim(table) {
  if (table.claimKeys) document.removeEventListener("keydown", table.claimKeys);
}

/* A route (`kind` "route", `key` its id) or a city (`kind` "station") chosen: the panel,
 * or the move at once when it has one payment and the player asked for that. */
export function chooseClaim(table, kind, key) {
  const choices = paymentChoices(legalFor(table, kind, key));
  if (!choices.length) return;
  if (choices.length === 1 && claimAtOnce()) {
    table.act(choices[0]);
    return;
  }
  const active = document.activeElement;
  closeClaim(table);
  table.pending = { kind, key, choices, chosen: 0,
    opener: active && active !== document.body ? active : null };
  drawPanel(table);
  table.el.claim.querySelector("#claim-heading").focus();
  announce(table);
}

function legalFor(table, kind, key) {
  const sorted = table.sorted || {};
  const byKey = kind === "route" ? sorted.claims : sorted.stations;
  return (byKey && byKey.get(key)) || [];
}

/* The claim as the table now allows it: gone when its moves are (the turn moved on),
 * its payments brought up to date when they changed. */
export function renderClaim(table) {
  const p = table.pending;
  if (!p) return;
  const choices = paymentChoices(legalFor(table, p.kind, p.key));
  if (JSON.stringify(choices) === JSON.stringify(p.choices)) return;
  if (!choices.length) {
    closeClaim(table);
    return;
  }
  const was = JSON.stringify(p.choices[p.chosen]);
  p.chosen = Math.max(0, choices.findIndex((m) => JSON.stringify(m) === was));
  p.choices = choices;
  const focused = table.el.claim.contains(document.activeElement);
  drawPanel(table);
  if (focused) table.el.claim.querySelector("#claim-heading").focus();
}

function drawPanel(table) {
  const p = table.pending;
  const route = p.kind === "route" ? table.routeById.get(p.key) : null;
  const box = clear(table.el.claim);
  box.dataset.kind = p.kind;
  box.dataset.key = p.key;
  box.append(...[
    h("h2", { id: "claim-heading", tabindex: "-1" }, route
      ? t("claim.heading", { route: `${route.a} – ${route.b}` }) : t("claim.station_heading", { city: p.key })),
    route ? h("p", { id: "claim-route", class: "claim-route" }, routeFacts(route)) : null,
    h("p", { id: "claim-spend-label", class: "spend-label" }, t("claim.spend")),
    h("ul", { id: "claim-cards", class: "cards spend", "aria-labelledby": "claim-spend-label" }),
    p.choices.length > 1 ? paymentPicker("claim-payment", t("claim.pay_with"), p.choices, p.chosen, (i) => {
      p.chosen = i;
      drawSpend(table);
      announce(table);
    }) : null,
    route && route.tunnel ? h("p", { class: "claim-note" }, t("claim.tunnel_note")) : null,
    h("div", { class: "action-row" },
      h("button", { type: "button", id: "claim-confirm", class: "confirm", onclick: () => confirmClaim(table) },
        t("claim.confirm")),
      h("button", { type: "button", id: "claim-cancel", onclick: () => cancelClaim(table) }, t("cancel"))),
  ].filter(Boolean));
  drawSpend(table);
  box.hidden = false;
  mark(table, true);
}

function routeFacts(route) {
  const kind = route.tunnel ? t("route.tunnel") : route.locomotives > 0 ? t("route.ferry", { n: route.locomotives }) : "";
  return t("claim.facts", { n: route.length, color: cardName(route.color) }) + kind;
}

function drawSpend(table) {
  const p = table.pending;
  const move = p.choices[p.chosen];
  clear(table.el.claim.querySelector("#claim-cards")).append(...cardItems(move.cards));
  table.el.claim.querySelector("#claim-confirm").dataset.move = JSON.stringify(move);
}

function announce(table) {
  const p = table.pending;
  const what = p.kind === "route" ? table.routeName(p.key) : p.key;
  say(table, t("claim.said", { what, cards: paymentText(p.choices[p.chosen].cards, cardName) }));
}

/* A sentence for screen readers (the table's live region). */
export function say(table, text) {
  table.el.said.textContent = text;
}

function confirmClaim(table) {
  const p = table.pending;
  if (p) table.act(p.choices[p.chosen]);
}

function cancelClaim(table) {
  const opener = table.pending && table.pending.opener;
  closeClaim(table);
  say(table, t("claim.cancelled"));
  if (opener && opener.isConnected) opener.focus();
  else table.main.focus();
}

/* The panel closed, nothing sent (also before any move is sent). */
export function closeClaim(table) {
  if (table.pending) mark(table, false);
  table.pending = null;
  const box = table.el.claim;
  if (box.hidden) return;
  box.hidden = true;
  clear(box);
}

/* The route (or the city) chosen, marked on the board while the claim is pending. */
function mark(table, on) {
  const p = table.pending;
  const view = table.view;
  const el = p.kind === "route" ? view.routeEls.get(p.key) : view.cityEls.get(p.key);
  if (el) el.classList.toggle("pending", on);
}
