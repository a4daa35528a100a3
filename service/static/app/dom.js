/* Small helpers to build the page's elements. */
import { cardSwatch, playerColor, playerSymbol } from "/static/board/board.js";
import { t } from "./i18n.js";

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/* A player's colour and symbol, then their name. */
export function playerLabel(seat, name) {
  return h("span", { class: "player-label" },
    h("span", { class: "swatch", style: `background:${playerColor(seat)}`, "aria-hidden": "true",
      "data-symbol": playerSymbol(seat) }),
    name);
}

/* A card colour: its textured swatch and its name. */
export function cardLabel(color, count) {
  return h("span", { class: "card-label", "data-color": color },
    cardSwatch(color, 18), h("span", { class: "card-name" }, t(`card.${color}`)),
    count === undefined ? null : h("span", { class: "count" }, `× ${count}`));
}

export function clear(el) {
  el.textContent = "";
  return el;
}
