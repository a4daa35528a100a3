/* Train cards drawn as cards, in SVG of our own: each colour's face has its colour, a
 * texture (the same kind of lines the board draws on that colour's routes) and a symbol
 * of its own in the middle and the corners, so that no one needs to tell the colours
 * apart by hue alone. The locomotive is a rainbow with an engine. Also the deck's back,
 * and a hand's pile of one colour with its count.
 *
 * The drawings are decoration (aria-hidden): the card's name is always written beside
 * it, so what a screen reader says does not change. */
import { ROUTE_COLORS, svg } from "../board/board.js";
import { h } from "./dom.js";
import { cardName } from "./words.js";

const WIDTH = 50;
const HEIGHT = 70;
const INSET = 4; // the white frame around the colour
const TILE = 8;

/* Each colour's symbol (a shape in a unit box centred at 0 0) and texture (one
 * TILE×TILE tile at x, y; repeated over the face). */
const FACES = {
  red: { symbol: "diamond", texture: "rising" },
  orange: { symbol: "triangle", texture: "bands" },
  yellow: { symbol: "star", texture: "dots" },
  green: { symbol: "circle", texture: "columns" },
  blue: { symbol: "square", texture: "falling" },
  purple: { symbol: "cross", texture: "crosshatch" },
  black: { symbol: "hexagon", texture: "grid" },
  white: { symbol: "crescent", texture: "checks" },
  locomotive: { symbol: "engine", texture: "rainbow" },
};

const TEXTURES = {
  rising: (x, y) => `M${x} ${y + TILE}L${x + TILE} ${y}`,
  bands: (x, y) => `M${x} ${y + 4}h${TILE}`,
  dots: (x, y) => `M${x + 2} ${y + 2}h1.5v1.5h-1.5zM${x + 6} ${y + 6}h1.5v1.5h-1.5z`,
  columns: (x, y) => `M${x + 4} ${y}v${TILE}`,
  falling: (x, y) => `M${x} ${y}L${x + TILE} ${y + TILE}`,
  crosshatch: (x, y) => `M${x} ${y}L${x + TILE} ${y + TILE}M${x} ${y + TILE}L${x + TILE} ${y}`,
  grid: (x, y) => `M${x} ${y + 4}h${TILE}M${x + 4} ${y}v${TILE}`,
  checks: (x, y) => `M${x + 1} ${y + 1}h3v3h-3z`,
  rainbow: () => "",
};

function polygon(corners, radius, turn = -Math.PI / 2) {
  const points = Array.from({ length: corners }, (_, i) => {
    const a = turn + (2 * Math.PI * i) / corners;
    return `${(Math.cos(a) * radius).toFixed(3)} ${(Math.sin(a) * radius).toFixed(3)}`;
  });
  return `M${points.join("L")}Z`;
}

function star() {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const r = i % 2 ? 0.42 : 1;
    return `${(Math.cos(a) * r).toFixed(3)} ${(Math.sin(a) * r).toFixed(3)}`;
  });
  return `M${points.join("L")}Z`;
}

const SYMBOLS = {
  diamond: "M0 -1L0.75 0L0 1L-0.75 0Z",
  triangle: "M0 -0.95L0.95 0.8H-0.95Z",
  star: star(),
  circle: "M-0.85 0a0.85 0.85 0 1 0 1.7 0a0.85 0.85 0 1 0 -1.7 0Z",
  square: "M-0.75 -0.75H0.75V0.75H-0.75Z",
  cross: "M-0.3 -0.95H0.3V-0.3H0.95V0.3H0.3V0.95H-0.3V0.3H-0.95V-0.3H-0.3Z",
  hexagon: polygon(6, 0.95, 0),
  crescent: "M0.3 -0.9A0.95 0.95 0 1 0 0.3 0.9A1.1 1.1 0 0 1 0.3 -0.9Z",
  // a little engine: boiler, cab, chimney and three wheels
  engine: "M-0.95 0.35V-0.2H0.1V-0.8H0.95V0.35ZM-0.72 -0.2V-0.62H-0.42V-0.2Z" +
    "M-0.8 0.62a0.22 0.22 0 1 0 0.44 0a0.22 0.22 0 1 0 -0.44 0Z" +
    "M-0.2 0.62a0.22 0.22 0 1 0 0.44 0a0.22 0.22 0 1 0 -0.44 0Z" +
    "M0.4 0.62a0.22 0.22 0 1 0 0.44 0a0.22 0.22 0 1 0 -0.44 0Z",
};

const RAINBOW = ["#d9453a", "#f08c2a", "#f1d033", "#3f9f4a", "#3a72d8", "#8a55c9"];

/* The ink drawn over a colour: light on the dark ones, dark on the light ones. */
function inkOf(color) {
  return ["black", "blue", "purple", "green", "red"].includes(color) ? "#fff" : "#111";
}

function texturePath(kind, width, height) {
  const tile = TEXTURES[kind];
  let d = "";
  for (let y = 0; y < height; y += TILE) for (let x = 0; x < width; x += TILE) d += tile(x, y);
  return d;
}

function symbolAt(parent, name, x, y, size, fill) {
  return svg("path", { d: SYMBOLS[name], transform: `translate(${x} ${y}) scale(${size})`, fill,
    "fill-rule": "evenodd", class: "card-symbol" }, parent);
}

// each colour's face drawn once a page, then copied: a hand and the market show a few
// faces of the same colours at each drawing (a copy is one call; a drawing, a dozen
// elements made one call at a time)
const drawnFaces = new Map();

/* The face of a card of `color`: an <svg class="card-face"> that names its colour,
 * symbol and texture in data- attributes. */
export function cardFace(color) {
  let drawn = drawnFaces.get(color);
  if (!drawn) {
    drawn = drawFace(color);
    drawnFaces.set(color, drawn);
  }
  return drawn.cloneNode(true);
}

function drawFace(color) {
  const face = FACES[color] || { symbol: "circle", texture: "rainbow" };
  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "card-face", "aria-hidden": "true",
    focusable: "false", "data-color": color, "data-symbol": face.symbol, "data-texture": face.texture });
  svg("rect", { class: "card-frame", x: 0.75, y: 0.75, width: WIDTH - 1.5, height: HEIGHT - 1.5, rx: 5,
    fill: "#fff", stroke: "#1d232a", "stroke-width": 1.5 }, root);
  const inner = WIDTH - 2 * INSET;
  const tall = HEIGHT - 2 * INSET;
  // a nested viewport clips the texture to the coloured field
  const field = svg("svg", { x: INSET, y: INSET, width: inner, height: tall, viewBox: `0 0 ${inner} ${tall}` }, root);
  if (color === "locomotive") {
    const band = tall / RAINBOW.length;
    RAINBOW.forEach((fill, i) => svg("rect", { x: 0, y: i * band, width: inner, height: band + 0.5, fill }, field));
  } else {
    svg("rect", { x: 0, y: 0, width: inner, height: tall, fill: ROUTE_COLORS[color] || "#ccc" }, field);
    svg("path", { class: "card-texture", d: texturePath(face.texture, inner, tall), fill: "none",
      stroke: inkOf(color), "stroke-width": 1.1, opacity: 0.5 }, field);
  }
  svg("rect", { x: INSET, y: INSET, width: inner, height: tall, rx: 2, fill: "none", stroke: "#1d232a",
    "stroke-width": 0.8 }, root);
  // the symbol on a white disc in the middle, small in two corners: dark on white, so
  // it reads the same on every colour
  svg("circle", { cx: WIDTH / 2, cy: HEIGHT / 2, r: 13, fill: "#fff", stroke: "#1d232a", "stroke-width": 1.2 }, root);
  symbolAt(root, face.symbol, WIDTH / 2, HEIGHT / 2, 9, "#1d232a");
  for (const [x, y] of [[11, 12], [WIDTH - 11, HEIGHT - 12]]) {
    svg("rect", { x: x - 5.5, y: y - 5.5, width: 11, height: 11, rx: 2, fill: "#fff", stroke: "#1d232a",
      "stroke-width": 0.6 }, root);
    symbolAt(root, face.symbol, x, y, 4, "#1d232a");
  }
  return root;
}

/* The back of a card (the deck): dark, with a railway track across it. */
export function cardBack() {
  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "card-face card-back", "aria-hidden": "true",
    focusable: "false", "data-texture": "track" });
  svg("rect", { x: 0.75, y: 0.75, width: WIDTH - 1.5, height: HEIGHT - 1.5, rx: 5, fill: "#1a2b4c",
    stroke: "#fff", "stroke-width": 1.5 }, root);
  let sleepers = "";
  for (let y = 6; y < HEIGHT; y += 6) sleepers += `M15 ${y}h20`;
  svg("path", { d: sleepers, stroke: "#8fa6c9", "stroke-width": 2 }, root);
  svg("path", { d: `M19 3V${HEIGHT - 3}M31 3V${HEIGHT - 3}`, stroke: "#e8eef3", "stroke-width": 2 }, root);
  svg("circle", { cx: WIDTH / 2, cy: HEIGHT / 2, r: 11, fill: "#f1d033", stroke: "#fff", "stroke-width": 1.5 }, root);
  symbolAt(root, "engine", WIDTH / 2, HEIGHT / 2, 7.5, "#1a2b4c");
  return root;
}

/* What a card's picture stands beside: its face, its name and (in a hand) the count. */
export function cardPile(color, count) {
  return h("span", { class: "card-pile", "data-color": color },
    h("span", { class: "card-art" }, cardFace(color),
      count === undefined ? null : h("span", { class: "count", "aria-hidden": "true" }, `×${count}`)),
    h("span", { class: "card-name" }, cardName(color),
      count === undefined ? null : h("span", { class: "visually-hidden" }, ` × ${count}`)));
}
