/* The board in SVG: cities, routes (their colours, lengths, tunnels, ferries, doubles),
 * claimed routes, stations and a highlighted path. One module, used by the replay viewer
 * and by the table of the web client.
 *
 * Colours are never the only signal: every route colour has a texture of its own (a
 * pattern in the SVG's defs), and every player a symbol (drawn on their cars and
 * stations) beside their colour. Player colours are hues no route colour uses.
 *
 * drawBoard(board, layout, options) takes the map as GET /v1/maps/{map} serves it and
 * the layout of /static/layouts/{map}.json, and answers a BoardView. No library. */

const SVG_NS = "http://www.w3.org/2000/svg";

// Okabe–Ito-like hues that no card colour uses, each with its own symbol.
export const PLAYER_COLORS = ["#00a9bd", "#e0218a", "#96c800", "#7b3f00", "#1a237e"];
export const PLAYER_COLOR_NAMES = ["cyan", "magenta", "lime", "brown", "navy"];
export const PLAYER_SYMBOLS = ["●", "■", "▲", "◆", "★"];
export const ROUTE_COLORS = {
  red: "#d9453a", orange: "#f08c2a", yellow: "#f1d033", green: "#3f9f4a",
  blue: "#3a72d8", purple: "#8a55c9", black: "#333333", white: "#fafafa", gray: "#a3a3a3",
  locomotive: "#b9b9b9",
};
// The texture of each card colour: an SVG path drawn over the colour in a 8×8 tile.
const TEXTURES = {
  red: "M0 8L8 0", orange: "M0 4H8", yellow: "M2 2h1v1h-1zM6 6h1v1h-1z", green: "M4 0V8",
  blue: "M0 0L8 8", purple: "M0 8L8 0M0 0L8 8", black: "M0 4H8M4 0V8", white: "M1 1h2v2h-2z",
  gray: "", locomotive: "M0 2H8M0 6H8M2 0V8M6 0V8",
};
const CITY_RADIUS = 6.5;
const CITY_TRIM = 9; // a route starts this far from the city's centre
const CAR_GAP = 2.5;
const DOUBLE_OFFSET = 10; // between the centre lines of a double route
const LABEL_PLACES = {
  e: [10, 4, "start"], w: [-10, 4, "end"], n: [0, -11, "middle"], s: [0, 20, "middle"],
  ne: [7, -8, "start"], se: [7, 17, "start"], nw: [-7, -8, "end"], sw: [-7, 17, "end"],
};

export function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const k in attrs) el.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(el);
  return el;
}

export function playerColor(seat) {
  const n = PLAYER_COLORS.length;
  return PLAYER_COLORS[((seat % n) + n) % n];
}

export function playerSymbol(seat) {
  const n = PLAYER_SYMBOLS.length;
  return PLAYER_SYMBOLS[((seat % n) + n) % n];
}

/* A small SVG swatch of a card colour, with its texture (for hands, markets, legends). */
export function cardSwatch(color, size = 16) {
  const root = svg("svg", {
    viewBox: "0 0 16 16", width: size, height: size, class: "swatch-card", "aria-hidden": "true",
  });
  svg("rect", { x: 0.5, y: 0.5, width: 15, height: 15, rx: 2, fill: ROUTE_COLORS[color] || "#ccc",
    stroke: "#222" }, root);
  if (TEXTURES[color]) {
    svg("path", { d: TEXTURES[color], transform: "scale(2)", stroke: inkOf(color), fill: "none",
      "stroke-width": 0.8, opacity: 0.7 }, root);
  }
  return root;
}

function inkOf(color) {
  return ["black", "blue", "purple", "green", "red"].includes(color) ? "#fff" : "#000";
}

// The board is written as markup and read by the browser's parser in one go, which on
// a phone's first drawing costs less than some two thousand `createElementNS` and
// `setAttribute` calls (bench/NOTES.md). Every value is escaped (`escaped`) but the
// cars' numbers.
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const UNSAFE = /[&<>"]/;

function escaped(value) {
  const text = String(value);
  return UNSAFE.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]) : text;
}

/* An element's markup: its attributes' values escaped; `inner` is markup already. */
function markup(tag, attrs, inner = "") {
  let open = `<${tag}`;
  for (const k in attrs) open += ` ${k}="${escaped(attrs[k])}"`;
  return `${open}>${inner}</${tag}>`;
}

function textureDefs() {
  let patterns = "";
  for (const [color, path] of Object.entries(TEXTURES)) {
    const ink = path ? markup("path", { d: path, stroke: inkOf(color), "stroke-width": 1,
      fill: "none", opacity: 0.45 }) : "";
    patterns += markup("pattern", { id: `tex-${color}`, width: 8, height: 8,
      patternUnits: "userSpaceOnUse" }, markup("rect", { width: 8, height: 8, fill: ROUTE_COLORS[color] }) + ink);
  }
  return markup("defs", {}, patterns);
}

function cityPositions(board, layout) {
  const given = (layout && layout.cities) || {};
  const width = (layout && layout.width) || 1000;
  const height = (layout && layout.height) || 700;
  const missing = (board.cities || []).filter((c) => !Array.isArray(given[c]));
  const pos = new Map();
  for (const c of board.cities || []) if (Array.isArray(given[c])) pos.set(c, given[c]);
  // a city the layout forgot goes on a ring, so the routes can still be drawn
  missing.forEach((c, i) => {
    const a = (2 * Math.PI * i) / missing.length;
    pos.set(c, [width / 2 + Math.cos(a) * width * 0.4, height / 2 + Math.sin(a) * height * 0.4]);
  });
  return { pos, missing, width, height };
}

/* The board. options: title (the SVG's title), routeTitle(route) (each route's tooltip),
 * idPrefix (for the ids inside the SVG, when a page shows more than one board). */
export function drawBoard(board, layout, options = {}) {
  const { pos, missing, width, height } = cityPositions(board, layout);
  const prefix = options.idPrefix || "board";
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": `${prefix}-title`,
    class: `map map-${board.map}`,
  });

  // the routes of a city pair, side by side
  const groups = new Map();
  for (const route of board.routes || []) {
    const key = route.double_group != null ? `g${route.double_group}` : `r${route.id}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(route);
  }
  const titleOf = options.routeTitle || ((r) => `${r.a} – ${r.b}`);
  const drawn = []; // [route, what its group keeps], in the order of their markup
  let routes = "";
  for (const members of groups.values()) {
    members.forEach((route, i) => {
      const offset = (i - (members.length - 1) / 2) * DOUBLE_OFFSET;
      const made = drawRoute(route, offset, pos, titleOf(route));
      if (!made) return;
      routes += made.markup;
      drawn.push([route, made.kept]);
    });
  }
  const labels = (layout && layout.labels) || {};
  let cities = "";
  let names = "";
  for (const city of board.cities || []) {
    const [x, y] = pos.get(city);
    cities += markup("g", { class: "city", "data-city": city },
      markup("circle", { class: "city-dot", cx: x, cy: y, r: CITY_RADIUS }) + markup("title", {}, escaped(city)));
    const [dx, dy, anchor] = LABEL_PLACES[labels[city]] || LABEL_PLACES.e;
    names += markup("text", {
      class: "city-label", x: x + dx, y: y + dy, "text-anchor": anchor, "data-city": city,
    }, escaped(city));
  }
  root.innerHTML = markup("title", { id: `${prefix}-title` },
    escaped(options.title || board.name || board.map))
    + textureDefs()
    + markup("rect", { class: "sea", x: 0, y: 0, width, height })
    + markup("g", { class: "halos" })
    + markup("g", { class: "routes" }, routes)
    + markup("g", { class: "stations" })
    + markup("g", { class: "cities" }, cities)
    + markup("g", { class: "labels" }, names);

  const layer = (name) => root.querySelector(`:scope > g.${name}`);
  const routeEls = new Map();
  const routeGroups = layer("routes").children;
  drawn.forEach(([route, kept], i) => {
    const group = routeGroups[i];
    Object.assign(group, kept);
    routeEls.set(route.id, group);
  });
  const cityEls = new Map();
  const cityGroups = layer("cities").children;
  (board.cities || []).forEach((city, i) => cityEls.set(city, cityGroups[i]));
  return new BoardView({ root, routeEls, halos: layer("halos"), cityEls,
    stationsLayer: layer("stations"), pos, missing, board });
}

/* A route's markup, and what its group keeps for later drawings (`kept`); null when
 * a city of it has no place. */
function drawRoute(route, offset, pos, title) {
  const a = pos.get(route.a);
  const b = pos.get(route.b);
  if (!a || !b) return null;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const nx = -uy * offset;
  const ny = ux * offset;
  const x0 = a[0] + nx + ux * CITY_TRIM;
  const y0 = a[1] + ny + uy * CITY_TRIM;
  const room = Math.max(length - 2 * CITY_TRIM, 4);
  const n = Math.max(1, route.length | 0);
  const car = Math.max((room - CAR_GAP * (n - 1)) / n, 2);
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  const kind = route.tunnel ? "tunnel" : route.locomotives > 0 ? "ferry" : "plain";
  const attrs = {
    class: `route route-${kind}`, "data-route-id": route.id, "data-color": route.color,
    "data-length": n,
  };
  if (route.tunnel) attrs["data-tunnel"] = "true";
  if (route.locomotives > 0) attrs["data-ferry"] = String(route.locomotives);
  // the cars take their fill from the group (an owner's colour replaces it there), and
  // their height and corners from board.css: fewer attributes per car on the page's
  // first drawing, which makes some three hundred of them
  const fill = ROUTE_COLORS[route.color] ? `url(#tex-${route.color})` : ROUTE_COLORS.gray;
  attrs.fill = fill;
  const line = [a[0] + nx, a[1] + ny, b[0] + nx, b[1] + ny];
  const [x1, y1, x2, y2] = line;
  let inner = markup("title", {}, escaped(title)) + markup("line", { class: "route-hit", x1, y1, x2, y2 });
  const x = (-car / 2).toFixed(2);
  const width = car.toFixed(2);
  const turn = ` rotate(${angle.toFixed(2)})`;
  let markAt = "";
  for (let i = 0; i < n; i++) {
    const along = (car + CAR_GAP) * i + car / 2;
    const at = `translate(${(x0 + ux * along).toFixed(2)} ${(y0 + uy * along).toFixed(2)})`;
    // (numbers only: nothing to escape)
    inner += `<rect class="car" x="${x}" width="${width}" transform="${at}${turn}"></rect>`;
    if (i < route.locomotives) inner += `<circle class="loco" cx="0" cy="0" r="2.1" transform="${at}"></circle>`;
    // where the owner's symbol goes once claimed: on the middle car (drawn by setOwners,
    // not for every route now: a hundred more elements for the page's first drawing)
    if (i === Math.floor((n - 1) / 2)) markAt = at;
  }
  // (the tooltip, for setOwners to leave alone while it has not changed; the cars' own
  // fill, for setOwners to give back; the centre line, for its halo, made when needed)
  const kept = { _ttrTitle: title, _ttrFill: fill, _ttrLine: line, _ttrMarkAt: markAt };
  return { markup: markup("g", attrs, inner), kept };
}

function ticketKey(ticket, cities, routeIds) {
  return JSON.stringify([ticket, cities, routeIds]);
}

export class BoardView {
  constructor(parts) {
    Object.assign(this, parts);
    this.haloEls = new Map(); // route id -> its halo, once made (_haloClass)
    // one pair of listeners for every route and city that may be clicked (_clickable
    // marks them), not a pair on each of the board's hundred-odd elements
    const fire = (event) => {
      const el = event.target.closest(".route, .city");
      if (el && el._ttrHandler && el.classList.contains("clickable")) {
        event.preventDefault();
        el._ttrHandler(el.dataset[el._ttrKey]);
      }
    };
    this.root.addEventListener("click", fire);
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") fire(event);
    });
    this._ticketKey = ticketKey(null, [], []); // (no ticket marked on a new drawing)
  }

  /* owners: Map route id -> seat; titleOf(route id, seat|undefined) the new tooltip. */
  setOwners(owners, titleOf) {
    for (const [id, group] of this.routeEls) {
      const owner = owners.get(id);
      const claimed = typeof owner === "number";
      const key = claimed ? String(owner) : "";
      if (group._ttrOwner === key) continue; // unchanged: leave the drawing alone
      // a route never owned is drawn as it was made: only its tooltip may differ
      const asDrawn = group._ttrOwner === undefined && !claimed;
      group._ttrOwner = key;
      if (!asDrawn) {
        group.classList.toggle("claimed", claimed);
        if (claimed) group.dataset.owner = key;
        else delete group.dataset.owner;
        group.setAttribute("fill", claimed ? playerColor(owner) : group._ttrFill);
        let mark = group.querySelector(".owner-mark");
        if (!mark && claimed) {
          mark = svg("text", { class: "owner-mark", x: 0, y: 2.6, "text-anchor": "middle",
            transform: group._ttrMarkAt }, group);
        }
        if (mark) mark.textContent = claimed ? playerSymbol(owner) : "";
      }
      if (!titleOf) continue;
      const title = titleOf(id, claimed ? owner : undefined);
      if (group._ttrTitle !== title) {
        group.querySelector("title").textContent = title;
        group._ttrTitle = title;
      }
    }
  }

  /* stations: Map city -> seat; titleOf(city, seat) each ring's tooltip. */
  setStations(stations, titleOf) {
    const key = [...stations].map(([c, s]) => `${c}:${s}`).sort().join(",");
    if (this._stationsKey === key) return;
    this._stationsKey = key;
    const layer = this.stationsLayer;
    layer.textContent = "";
    for (const [city, seat] of stations) {
      const p = this.pos.get(city);
      if (!p) continue;
      const ring = svg("circle", {
        class: "station", cx: p[0], cy: p[1], r: CITY_RADIUS + 4.5, stroke: playerColor(seat),
        "data-city": city, "data-owner": String(seat),
      }, layer);
      svg("title", {}, ring).textContent = titleOf ? titleOf(city, seat) : city;
      const mark = svg("text", { class: "station-mark", x: p[0] + 11, y: p[1] - 8,
        fill: playerColor(seat) }, layer);
      mark.textContent = playerSymbol(seat);
    }
  }

  /* The routes of `ids` highlighted (a longest path); none: no highlight. */
  highlight(ids) {
    const chosen = new Set(ids || []);
    for (const [id, g] of this.routeEls) g.classList.toggle("longest", chosen.has(id));
    this._haloClass("longest", chosen);
  }

  /* A ticket shown on the map: its `cities` marked (the dots and their labels, with
   * data-ticket = `ticket`), and `routeIds` (a player's routes toward them); none: no mark. */
  markTicket(ticket, cities, routeIds) {
    // (the same mark as now: nothing to touch among the board's elements)
    const key = ticketKey(ticket, cities || [], routeIds || []);
    if (key === this._ticketKey) return;
    this._ticketKey = key;
    const marked = new Set(cities || []);
    const routes = new Set(routeIds || []);
    const mark = (el, on) => {
      el.classList.toggle("ticket-city", on);
      if (on) el.dataset.ticket = String(ticket);
      else delete el.dataset.ticket;
    };
    for (const [city, g] of this.cityEls) mark(g, marked.has(city));
    for (const label of this.root.querySelectorAll(".city-label")) mark(label, marked.has(label.dataset.city));
    for (const [id, g] of this.routeEls) g.classList.toggle("ticket-route", routes.has(id));
    this._haloClass("ticket-route", routes);
  }

  /* The halos (wide lines under the routes) of `ids` given the class `name`, the others'
   * taken away. A route's halo is made the first time it is marked: most never are. */
  _haloClass(name, ids) {
    for (const [id, h] of this.haloEls) if (!ids.has(id)) h.classList.remove(name);
    for (const id of ids) {
      let h = this.haloEls.get(id);
      const group = this.routeEls.get(id);
      if (!h && group) {
        const [x1, y1, x2, y2] = group._ttrLine;
        h = svg("line", { class: "halo", "data-route-id": id, x1, y1, x2, y2 }, this.halos);
        this.haloEls.set(id, h);
      }
      if (h) h.classList.add(name);
    }
  }

  /* Which routes and cities may be clicked now, and what a click (or Enter) does. */
  setClickable(routeIds, cities, onRoute, onCity) {
    this._clickable(this.routeEls, new Set(routeIds || []), onRoute, "routeId");
    this._clickable(this.cityEls, new Set(cities || []), onCity, "city");
    // a picture's content is hidden from assistive technology: while the board holds
    // buttons, it is a group (its routes and cities reachable), else one picture
    const any = [...this.routeEls.values(), ...this.cityEls.values()].some((el) => el._ttrOn);
    this.root.setAttribute("role", any ? "group" : "img");
  }

  _clickable(elements, allowed, handler, key) {
    for (const [id, el] of elements) {
      const on = allowed.has(id);
      if (on) {
        el._ttrHandler = handler;
        el._ttrKey = key;
      } else if (el._ttrHandler) {
        el._ttrHandler = null;
      }
      if ((el._ttrOn || false) === on) continue; // unchanged (a new drawing's are all off)
      el._ttrOn = on;
      el.classList.toggle("clickable", on);
      if (on) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", el.querySelector("title").textContent);
      } else {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      }
    }
  }
}
