/* My tickets on the map: pointing at a ticket in my list (the mouse over it, or the
 * keyboard's focus on it) marks its two cities on the board and my own claimed routes
 * toward them (those of my network that reach either city); a tap, a click or Enter
 * keeps the mark (and brings the cities into the board's view) until pressed again.
 * Called by renderTickets each time it draws the list. */

const keptOf = new WeakMap(); // table -> the ticket id whose mark is kept

export function showTicketsOnMap(table, list) {
  const tickets = new Map((((table.game.you || {}).tickets) || []).map((x) => [String(x.id), x]));
  let kept = keptOf.get(table);
  if (kept && !tickets.has(kept)) kept = null;
  keptOf.set(table, kept);
  const show = (id) => mark(table, tickets.get(id) || null);
  const back = () => show(keptOf.get(table));
  const press = (id) => {
    const now = keptOf.get(table) === id ? null : id;
    keptOf.set(table, now);
    for (const li of list.querySelectorAll("li[data-ticket]")) {
      li.setAttribute("aria-current", String(li.dataset.ticket === now));
    }
    show(now);
    if (now) bringIntoView(table, tickets.get(now));
  };
  for (const li of list.querySelectorAll("li[data-ticket]")) {
    const id = li.dataset.ticket;
    li.tabIndex = 0;
    li.setAttribute("aria-current", String(id === kept));
    li.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(id); });
    li.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") back(); });
    li.addEventListener("focus", () => show(id));
    li.addEventListener("blur", () => {
      back();
      // a redraw of the list (someone moved) took the focus away with the old item: the
      // new item of the same ticket gets it back, once the redraw is over
      queueMicrotask(() => {
        if (li.isConnected || document.activeElement !== document.body) return;
        const again = [...list.querySelectorAll("li[data-ticket]")].find((x) => x.dataset.ticket === id);
        if (again) again.focus({ preventScroll: true });
      });
    });
    li.addEventListener("click", () => press(id));
    li.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        press(id);
      }
    });
  }
  back();
}

function mark(table, ticket) {
  if (!ticket) {
    table.view.markTicket(null, [], []);
    return;
  }
  table.view.markTicket(ticket.id, [ticket.from, ticket.to], routesToward(table, [ticket.from, ticket.to]));
}

/* My claimed routes in the parts of my network that touch one of `cities`. */
function routesToward(table, cities) {
  const mine = (table.game.players.find((p) => p.seat === table.mySeat()) || {}).routes || [];
  const parent = new Map();
  const find = (c) => {
    while (parent.get(c) !== c) c = parent.get(c);
    return c;
  };
  const known = mine.map((id) => table.routeById.get(id)).filter(Boolean);
  for (const r of known) {
    for (const c of [r.a, r.b]) if (!parent.has(c)) parent.set(c, c);
    parent.set(find(r.a), find(r.b));
  }
  const roots = new Set(cities.filter((c) => parent.has(c)).map(find));
  return known.filter((r) => roots.has(find(r.a))).map((r) => r.id);
}

/* The ticket's cities on the screen: the board scrolled to when it is out of sight, and
 * its view moved when zoomed in away from them. */
function bringIntoView(table, ticket) {
  const points = [ticket.from, ticket.to].map((c) => table.view.pos.get(c)).filter(Boolean);
  if (table.zoom) table.zoom.reveal(points);
  const box = table.el.board.getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) {
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    table.el.board.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
  }
}
