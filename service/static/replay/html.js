/* One HTML element with its attributes and text: the replay's parts build their rows
 * and lists with it. */
export function html(tag, attrs, text) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/* A player's colour swatch (with its symbol, for who cannot tell the colours apart). */
export function swatch(color, symbol, title) {
  const attrs = { class: "swatch", "data-symbol": symbol };
  if (title) attrs.title = title;
  const el = html("span", attrs);
  el.style.background = color; // a property, not a style attribute: the CSP allows it
  return el;
}
