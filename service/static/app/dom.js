/* Small helpers to build the page's elements. */
import { cardSwatch, playerColor, playerSymbol } from "../board/board.js";
import { has, t } from "./i18n.js";

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const k in attrs) {
    const v = attrs[k];
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  appendAll(el, children);
  return el;
}

/* `children` (nested lists among them) into `el`; a node as it is, anything else as text. */
function appendAll(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendAll(el, child);
    else el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/* A player's colour and symbol, then their name. */
export function playerLabel(seat, name) {
  const swatch = h("span", { class: "swatch", "aria-hidden": "true", "data-symbol": playerSymbol(seat) });
  swatch.style.background = playerColor(seat); // a property, not a style attribute: the CSP allows it
  return h("span", { class: "player-label" }, swatch, name);
}

// the bots' well-known ids and the names the server gives them, in English: a table's
// bot-{level}-{n} is "Hard bot", "Hard bot 2", … (domain/stand_ins.py), a tournament's
// tb_{level}_{n} "Hard bot 1", … (referee/tournaments.py)
const BOT_IDS = [
  { id: /^bot-([a-z]+)-([1-9][0-9]*)$/, numbered: (n) => n > 1 },
  { id: /^tb_([a-z]+)_([1-9][0-9]*)$/, numbered: () => true },
];

/* The name to show for the user `userId` called `name`: a bot's in the reader's language
 * from its id ("Hard bot 2" is "Těžký bot 2" in Czech: the server stores the English
 * name), unless it was given a name of its own; anyone else's as they chose it. */
export function shownName(userId, name) {
  for (const kind of BOT_IDS) {
    const bot = kind.id.exec(typeof userId === "string" ? userId : "");
    if (!bot || !has(`bot_name.${bot[1]}`)) continue;
    const [level, n] = [bot[1], Number(bot[2])];
    const given = `${level.charAt(0).toUpperCase()}${level.slice(1)} bot${kind.numbered(n) ? ` ${n}` : ""}`;
    if (name && name !== given) return name; // named by a tournament's organiser
    return kind.numbered(n) ? t(`bot_name.${level}_n`, { n }) : t(`bot_name.${level}`);
  }
  return name;
}

/* A player's name linking to their profile (/players/{id}), with their seat's colour and
 * symbol when `seat` is not null; the plain label without an id. */
export function profileLink(userId, seat, name) {
  name = shownName(userId, name);
  const label = seat === null ? name : playerLabel(seat, name);
  if (!userId) return label;
  return h("a", { href: `/players/${encodeURIComponent(userId)}`, "data-nav": "", class: "profile-link" }, label);
}

/* A bot's level in words (its `level.…` message; "bot" for a level without one). */
export function levelName(level) {
  const key = `level.${level}`;
  return level && has(key) ? t(key) : t("bot");
}

/* What the server wrote into the page for its modules (`#page-data`, filled in by
 * service/api/client_pages.py): {} on a page that has none. */
function pageData() {
  const element = document.getElementById("page-data");
  try {
    return JSON.parse(element ? element.textContent : "{}") || {};
  } catch (_) {
    return {};
  }
}

/* The levels a bot can play at, weakest first, as the server lists them (domain's
 * BOT_LEVELS): the client keeps no list of its own. */
export const BOT_LEVELS = Object.freeze([...(pageData().bot_levels || [])]);

/* The mark beside a bot's name: "bot · hard" (its level in words, not in colour alone). */
export function botTag(level) {
  return h("span", { class: "tag bot-tag", dataset: { level: level || "" } },
    level ? t("bot_level", { level: levelName(level) }) : t("bot"));
}

/* A player's name linking to their profile, with the bot mark when a bot holds the seat. */
export function playerName(p, seat = p.seat) {
  return h("span", { class: "player-name" }, profileLink(p.user_id, seat, p.name),
    p.bot ? botTag(p.level) : null);
}

/* A rating as shown: one decimal. */
export function ratingText(value) {
  return value === null || value === undefined ? "–" : Number(value).toFixed(1);
}

/* A rating change: its sign always shown (+1.5, −0.8, ±0.0). */
export function changeText(value) {
  if (value === null || value === undefined) return "–";
  const text = Math.abs(value).toFixed(1);
  if (text === "0.0") return "±0.0";
  return value > 0 ? `+${text}` : `−${text}`;
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

/* `list` emptied and filled again by `fill(list)`, only when `key` (what it is to show)
 * differs from what it shows: a list a poll redrew each time would take the focus from
 * a link in it, and lose a tap whose press and release came on either side of the
 * redrawing. */
export function redrawIfChanged(list, key, fill) {
  if (list._ttrShown === key) return;
  list._ttrShown = key;
  clear(list);
  fill(list);
}
