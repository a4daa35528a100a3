/* Pan and zoom for the board of board.js, by its SVG viewBox (so every zoom is drawn
 * anew, crisp): the mouse wheel zooms about the pointer, two pointers pinch, one drags,
 * the buttons zoom in, out and back to the whole map, and, while the board has the
 * focus, + − 0 and the arrow keys do the same. The whole map ("fit") is the start.
 *
 * The city labels keep a legible size on the screen: their scale is set (the CSS
 * variable --label-scale) so a label is about 11.5 px whatever the zoom, within bounds;
 * when even the largest scale would leave them under 11 px (a phone showing the whole
 * map) they are hidden (data-labels="hidden" on the SVG) until one zooms in.
 *
 * zoomable(box, root) puts the board's SVG `root` into `box` with the buttons; called
 * again on the same box with a new drawing (the replay redraws it in another language)
 * it keeps the view and says the buttons' names again. No library. */
import { t } from "../app/i18n.js";

const MAX_ZOOM = 8;
const STEP = 1.5; // one press of + or −
const PAN_STEP = 0.15; // an arrow key moves the view by this share of it
const DRAG_START = 5; // px a pointer moves before a press becomes a drag (and not a click)
const LABEL_UNITS = 12; // the labels' font size in map units (board.css)
const LABEL_TARGET = 11.5; // px on the screen
const LABEL_MIN_PX = 11;
const LABEL_SCALE = [0.6, 1.6];

export function zoomable(box, root) {
  if (box._ttrZoom) {
    box._ttrZoom.use(root);
    return box._ttrZoom;
  }
  const zoom = new BoardZoom(box);
  box._ttrZoom = zoom;
  zoom.use(root);
  return zoom;
}

class BoardZoom {
  constructor(box) {
    this.box = box;
    this.root = null;
    this.view = null;
    this.pointers = new Map(); // pointer id -> {x, y} on the screen
    this.gesture = null;
    box.classList.add("zoomable");
    box.tabIndex = 0;
    box.setAttribute("role", "group");
    box.dataset.zoom = "1";
    const button = (id, text, act) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = id;
      b.className = "zoom-button";
      b.textContent = text;
      b.addEventListener("click", act);
      return b;
    };
    this.buttons = {
      in: button(`${box.id || "board"}-zoom-in`, "+", () => this.zoomBy(STEP)),
      out: button(`${box.id || "board"}-zoom-out`, "−", () => this.zoomBy(1 / STEP)),
      fit: button(`${box.id || "board"}-fit`, "⤢", () => this.fit()),
    };
    this.bar = document.createElement("div");
    this.bar.className = "zoom-buttons";
    this.bar.append(this.buttons.in, this.buttons.out, this.buttons.fit);
    box.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    box.addEventListener("pointerdown", (e) => this.onDown(e));
    box.addEventListener("pointermove", (e) => this.onMove(e));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      box.addEventListener(type, (e) => this.onUp(e));
    }
    // a drag ends in a click on whatever is under the pointer: not a claim
    box.addEventListener("click", (e) => {
      if (this.dragged) {
        e.stopPropagation();
        e.preventDefault();
      }
    }, true);
    box.addEventListener("keydown", (e) => this.onKey(e));
    // (its first report, once the page is laid out, is when the labels are first sized:
    // reading the drawing's size while the table is still being built would force a
    // layout of the whole page)
    this.resized = new ResizeObserver(() => {
      this.laidOut = true;
      this.apply();
    });
  }

  /* A (new) drawing of the board in the box, shown at the view of the one before. */
  use(root) {
    // (the drawing's own viewBox, read before any zoom changed it)
    root._ttrWhole ||= viewBoxOf(root);
    const whole = root._ttrWhole;
    const { w, h } = whole;
    const old = this.root;
    if (old && old !== root) {
      this.resized.unobserve(old);
      old.remove();
    }
    this.root = root;
    if (!this.whole || this.whole.w !== w || this.whole.h !== h) this.view = { ...whole };
    this.whole = whole;
    // the buttons in a row of their own above the drawing: over it, they hid the
    // cities of its corner (Montreal, Boston, Moskva on a phone)
    if (!this.bar.isConnected) this.box.prepend(this.bar);
    this.bar.after(root);
    this.centreLabels();
    this.relabel();
    this.resized.observe(root);
    this.apply();
  }

  /* The buttons' names (and the box's), in the language chosen now. */
  relabel() {
    const name = (b, key) => {
      b.setAttribute("aria-label", t(key));
      b.title = t(key);
    };
    name(this.buttons.in, "board.zoom_in");
    name(this.buttons.out, "board.zoom_out");
    name(this.buttons.fit, "board.fit");
    this.box.setAttribute("aria-label", t("board.pan_zoom"));
  }

  // each label grows and shrinks about its own city, not about the map's corner
  centreLabels() {
    // (the dots found in one pass: a search of the drawing per label was a search of
    // some thousand elements for each city)
    const dots = new Map();
    for (const dot of this.root.querySelectorAll(".city[data-city] > .city-dot")) {
      dots.set(dot.parentNode.dataset.city, dot);
    }
    for (const label of this.root.querySelectorAll(".city-label")) {
      const dot = dots.get(label.dataset.city);
      if (dot) label.style.transformOrigin = `${dot.getAttribute("cx")}px ${dot.getAttribute("cy")}px`;
    }
  }

  get scale() {
    return this.whole.w / this.view.w;
  }

  /* The view within the map, at most MAX_ZOOM times, never smaller than the whole. */
  setView(view) {
    const { whole } = this;
    const w = Math.min(whole.w, Math.max(whole.w / MAX_ZOOM, view.w));
    const h = (w * whole.h) / whole.w;
    const cx = view.x + view.w / 2;
    const cy = view.y + view.h / 2;
    const x = Math.min(whole.x + whole.w - w, Math.max(whole.x, cx - w / 2));
    const y = Math.min(whole.y + whole.h - h, Math.max(whole.y, cy - h / 2));
    this.view = { x, y, w, h };
    this.apply();
  }

  apply() {
    if (!this.root) return;
    const { x, y, w, h } = this.view;
    this.root.setAttribute("viewBox", `${round(x)} ${round(y)} ${round(w)} ${round(h)}`);
    const scale = this.scale;
    this.box.dataset.zoom = scale.toFixed(2);
    this.root.classList.toggle("zoomed", scale > 1.001);
    this.buttons.in.disabled = scale >= MAX_ZOOM - 1e-6;
    this.buttons.out.disabled = this.buttons.fit.disabled = scale <= 1.001;
    if (!this.laidOut) return;
    // how many screen pixels a map unit is (the SVG shows all of its viewBox: the smaller ratio)
    const width = this.root.clientWidth;
    const height = this.root.clientHeight;
    if (!width || !height) return;
    const pixels = Math.min(width / w, height / h);
    const labelScale = Math.min(LABEL_SCALE[1], Math.max(LABEL_SCALE[0],
      LABEL_TARGET / (LABEL_UNITS * pixels)));
    // (on the labels' own layer: on the drawing, every shape of the board would inherit it
    // and be restyled at each zoom step)
    const labels = this.root.querySelector(":scope > .labels") || this.root;
    const value = labelScale.toFixed(3);
    if (labels.style.getPropertyValue("--label-scale") !== value) labels.style.setProperty("--label-scale", value);
    this.root.dataset.labels = LABEL_UNITS * labelScale * pixels >= LABEL_MIN_PX - 0.01 ? "shown" : "hidden";
  }

  /* Zoomed by `factor` about the map point under the screen point (x, y) (the middle). */
  zoomBy(factor, x, y) {
    const at = x === undefined ? this.centre() : this.mapPoint(x, y);
    const { view } = this;
    const w = view.w / factor;
    const h = view.h / factor;
    this.setView({ x: at.x - ((at.x - view.x) * w) / view.w, y: at.y - ((at.y - view.y) * h) / view.h, w, h });
  }

  fit() {
    this.setView({ ...this.whole });
  }

  /* The map points [x, y] all in view: the view moved (and zoomed out as far as needed)
   * when one is outside it; as it was when all are in. */
  reveal(points) {
    const margin = 40;
    const { view } = this;
    const inside = ([x, y]) => x >= view.x + margin / 2 && x <= view.x + view.w - margin / 2 &&
      y >= view.y + margin / 2 && y <= view.y + view.h - margin / 2;
    if (!points.length || points.every(inside)) return;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const w = Math.max(view.w, x1 - x0 + 2 * margin, ((y1 - y0 + 2 * margin) * this.whole.w) / this.whole.h);
    const h = (w * this.whole.h) / this.whole.w;
    this.setView({ x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w, h });
  }

  /* Moved by (dx, dy) map units. */
  panBy(dx, dy) {
    this.setView({ ...this.view, x: this.view.x + dx, y: this.view.y + dy });
  }

  centre() {
    return { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
  }

  /* The map point under a screen point (the SVG's own transform, letterboxing included). */
  mapPoint(x, y) {
    const ctm = this.root.getScreenCTM();
    if (!ctm) return this.centre();
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  /* Map units per screen pixel, now. */
  unitsPerPixel() {
    const ctm = this.root.getScreenCTM();
    return ctm && ctm.a ? 1 / ctm.a : 1;
  }

  onWheel(event) {
    if (!this.root.contains(event.target) && event.target !== this.box) return;
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    const delta = event.deltaY * lines;
    // scrolling down over the whole map scrolls the page, as it would without a board
    if (delta > 0 && this.scale <= 1.001) return;
    event.preventDefault();
    this.zoomBy(Math.exp(-delta * 0.002), event.clientX, event.clientY);
  }

  onDown(event) {
    if (!this.root.contains(event.target)) return; // (the buttons)
    if (event.pointerType === "mouse" && event.button !== 0) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    this.dragged = false;
    this.gesture = this.pointers.size === 2 ? this.pinchStart() : { start: { x: event.clientX, y: event.clientY },
      view: { ...this.view }, moving: false };
  }

  pinchStart() {
    const [a, b] = [...this.pointers.values()];
    for (const id of this.pointers.keys()) this.capture(id);
    const middle = midpoint(a, b);
    return { pinch: true, distance: Math.hypot(b.x - a.x, b.y - a.y) || 1, middle,
      view: { ...this.view }, at: this.mapPoint(middle.x, middle.y), perPixel: this.unitsPerPixel() };
  }

  onMove(event) {
    if (!this.pointers.has(event.pointerId) || !this.gesture) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = this.gesture;
    if (g.pinch) {
      const [a, b] = [...this.pointers.values()];
      const factor = Math.hypot(b.x - a.x, b.y - a.y) / g.distance;
      const m = midpoint(a, b);
      // the map point first under the fingers' middle stays under it as they move
      const w = g.view.w / factor;
      const h = g.view.h / factor;
      const x = g.at.x - (g.at.x - g.view.x) / factor - ((m.x - g.middle.x) * g.perPixel) / factor;
      const y = g.at.y - (g.at.y - g.view.y) / factor - ((m.y - g.middle.y) * g.perPixel) / factor;
      this.setView({ x, y, w, h });
      this.dragged = true;
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (!g.moving) {
      if (Math.hypot(dx, dy) < DRAG_START || this.scale <= 1.001) return;
      g.moving = true;
      g.perPixel = this.unitsPerPixel();
      this.capture(event.pointerId);
      this.box.classList.add("dragging");
    }
    this.dragged = true;
    this.setView({ ...g.view, x: g.view.x - dx * g.perPixel, y: g.view.y - dy * g.perPixel });
  }

  onUp(event) {
    if (!this.pointers.delete(event.pointerId)) return;
    this.box.classList.remove("dragging");
    // the click that follows a drag's release (in the same task) is not taken; any later one is
    if (this.dragged) setTimeout(() => { this.dragged = false; }, 0);
    if (this.pointers.size === 1) {
      // one finger of a pinch left: it drags on from where it is
      const [p] = this.pointers.values();
      this.gesture = { start: { ...p }, view: { ...this.view }, moving: true, perPixel: this.unitsPerPixel() };
    } else if (!this.pointers.size) {
      this.gesture = null;
    }
  }

  capture(id) {
    try {
      this.box.setPointerCapture(id);
    } catch {
      // (the pointer is gone already)
    }
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const move = this.view.w * PAN_STEP;
    const keys = {
      "+": () => this.zoomBy(STEP), "=": () => this.zoomBy(STEP),
      "-": () => this.zoomBy(1 / STEP), "_": () => this.zoomBy(1 / STEP), "0": () => this.fit(),
      ArrowLeft: () => this.panBy(-move, 0), ArrowRight: () => this.panBy(move, 0),
      ArrowUp: () => this.panBy(0, -move), ArrowDown: () => this.panBy(0, move),
    };
    if (!(event.key in keys)) return;
    // (and not the page's own use of the key: the replay steps on with the arrows)
    event.preventDefault();
    keys[event.key]();
  }
}

function viewBoxOf(root) {
  const [x, y, w, h] = (root.getAttribute("viewBox") || "0 0 1000 700").split(/[\s,]+/).map(Number);
  return { x, y, w, h };
}

function midpoint(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function round(n) {
  return Math.round(n * 100) / 100;
}
