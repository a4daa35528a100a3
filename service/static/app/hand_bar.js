/* The hand bar on a phone (issue 33, item 3): app.css pins my cards and the draws to
 * the bottom of the screen while the game is played; this keeps the page around it in
 * step. Two CSS variables on the root, kept up to date as things wrap and the screen
 * turns:
 *   --hand-bar    the bar's height, the room the page leaves at its foot (so its end
 *                 can scroll out from under the bar);
 *   --board-room  the most the board's drawing may take, so that with the page at its
 *                 top the whole board ends above the bar.
 * Both are 0px / unset while the bar is not fixed (a wider screen, the end screen). */

export function followHandBar(bar, board) {
  if (!window.ResizeObserver) return;
  const root = document.documentElement;
  const measure = () => {
    if (!bar.isConnected) return stop();
    const fixed = getComputedStyle(bar).position === "fixed";
    const height = fixed ? Math.ceil(bar.getBoundingClientRect().height) : 0;
    root.style.setProperty("--hand-bar", `${height}px`);
    if (!fixed) return root.style.removeProperty("--board-room");
    // what stands above the drawing on the page (the strip's room, the header, the
    // reactions) and around it in its box (the border): all but the drawing itself
    const svg = board.querySelector("svg");
    if (!svg) return;
    const box = board.getBoundingClientRect();
    const above = box.top + window.scrollY;
    const around = box.height - svg.getBoundingClientRect().height;
    const room = window.innerHeight - height - above - around - 4;
    root.style.setProperty("--board-room", `${Math.floor(room)}px`);
  };
  // the bar as it wraps; the table as what is above the board changes (a notice, the
  // reactions' row); the screen as it turns or its browser bars come and go
  const watching = new ResizeObserver(measure);
  watching.observe(bar);
  const table = board.closest(".table");
  if (table) watching.observe(table);
  window.addEventListener("resize", measure);
  function stop() {
    watching.disconnect();
    window.removeEventListener("resize", measure);
    root.style.removeProperty("--hand-bar");
    root.style.removeProperty("--board-room");
  }
  measure();
}
