/* The hand bar on a phone (issue 33, item 3): app.css pins my cards and the draws to
 * the bottom of the screen while the game is played; this keeps the page around it in
 * step, as things wrap and the screen turns:
 *   - the room the page leaves at its foot (the main element's bottom padding) and the
 *     focus's scroll padding: the bar's height, so the page's end can scroll out from
 *     under the bar and a focused control is never hidden by it;
 *   - the board drawing's greatest height, so that with the page at its top the whole
 *     board ends above the bar.
 * Nothing is set while the bar is not fixed (a wider screen, the end screen). They are
 * plain properties on those elements, not custom properties on the root: every element
 * inherits a custom property, and the browser would restyle the whole page each time. */

export function followHandBar(bar, board) {
  if (!window.ResizeObserver) return;
  const root = document.documentElement;
  const main = bar.closest("main");
  const measure = () => {
    if (!bar.isConnected) return stop();
    // everything read before anything is written: a write between two reads would make
    // the browser lay the page out again to answer the second
    const fixed = getComputedStyle(bar).position === "fixed";
    const height = fixed ? Math.ceil(bar.getBoundingClientRect().height) : 0;
    // what stands above the drawing on the page (the strip's room, the header, the
    // reactions) and around it in its box (the border): all but the drawing itself
    const svg = board.querySelector("svg");
    let room = "";
    if (fixed && svg) {
      const box = board.getBoundingClientRect();
      const above = box.top + window.scrollY;
      const around = box.height - svg.getBoundingClientRect().height;
      room = `max(9rem, ${Math.floor(window.innerHeight - height - above - around - 4)}px)`;
    }
    set(main, "paddingBottom", fixed ? `calc(${height}px + 0.5rem)` : "");
    set(root, "scrollPaddingBottom", fixed ? `${height}px` : "");
    if (svg) set(svg, "maxHeight", room);
  };
  // the bar as it wraps; the table as what is above the board changes (a notice, the
  // reactions' row); the screen as it turns or its browser bars come and go
  const watching = new ResizeObserver(measure);
  watching.observe(bar);
  const table = board.closest(".table");
  if (table) watching.observe(table);
  window.addEventListener("resize", measure);
  // (no measure now: the observer's first report comes once the page is laid out, and
  // measuring while the table is still being built would force a layout of its own)
  function stop() {
    watching.disconnect();
    window.removeEventListener("resize", measure);
    if (main) set(main, "paddingBottom", "");
    set(root, "scrollPaddingBottom", "");
  }
}

/* One style property of `element`, written only when it changes (each write has the
 * browser lay the page out again). */
function set(element, property, value) {
  if (element && element.style[property] !== value) element.style[property] = value;
}
