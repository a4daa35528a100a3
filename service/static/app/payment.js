/* The legal moves, sorted for the table: what may be drawn, claimed (and with which
 * payments), built, kept, paid or declined. It never decides what is legal: every
 * choice it offers is one of the moves GET …/moves listed, sent back exactly. */

export const CARD_ORDER = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white",
  "locomotive"];

export function sortMoves(moves) {
  const sorted = {
    deck: null, market: new Map(), drawTickets: null, keeps: [], claims: new Map(),
    stations: new Map(), tunnelPays: [], decline: null, pass: null, resign: null,
  };
  for (const move of moves || []) {
    switch (move.type) {
      case "draw_card":
        if (move.source === "deck") sorted.deck = move;
        else sorted.market.set(move.slot, move);
        break;
      case "draw_tickets": sorted.drawTickets = move; break;
      case "keep_tickets": sorted.keeps.push(move); break;
      case "claim_route": push(sorted.claims, move.route, move); break;
      case "build_station": push(sorted.stations, move.city, move); break;
      case "pay_tunnel": sorted.tunnelPays.push(move); break;
      case "decline_tunnel": sorted.decline = move; break;
      case "pass": sorted.pass = move; break;
      case "resign": sorted.resign = move; break;
      default: break;
    }
  }
  return sorted;
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

/* A payment's cards as [colour, count] pairs, colours first, locomotives last. */
export function cardParts(cards) {
  return Object.entries(cards || {})
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => CARD_ORDER.indexOf(a) - CARD_ORDER.indexOf(b));
}

/* The payments of one route (or city, or tunnel) in the order the
 * claim panel offers them: fewest
 * locomotives first, then fewest cards, then by colour. */
export function paymentChoices(moves) {
  const locos = (m) => (m.cards && m.cards.locomotive) || 0;
  const total = (m) => Object.values(m.cards || {}).reduce((s, n) => s + n, 0);
  const colour = (m) => Math.min(...cardParts(m.cards).map(([c]) => CARD_ORDER.indexOf(c)), 99);
  return [...(moves || [])].sort((a, b) => locos(a) - locos(b) || total(a) - total(b) ||
    colour(a) - colour(b));
}

/* The payment in words: "2 × red + 1 × locomotive". */
export function paymentText(cards, cardName) {
  return cardParts(cards).map(([c, n]) => `${n} × ${cardName(c)}`).join(" + ");
}

/* Tickets: the fewest and most that may be kept, from the keep moves the API listed. */
export function keepRange(keeps) {
  const sizes = keeps.map((m) => m.tickets.length);
  return sizes.length ? { min: Math.min(...sizes), max: Math.max(...sizes) } : null;
}

/* The keep move whose tickets are exactly `chosen`, or null when no move keeps them. */
export function keepMove(keeps, chosen) {
  const wanted = [...chosen].sort().join("\n");
  return keeps.find((m) => [...m.tickets].sort().join("\n") === wanted) || null;
}

/* Which of my tickets my routes already join (a hint on the table; the score decides). */
export function connectedTickets(tickets, routeIds, routeById) {
  const parent = new Map();
  const find = (c) => {
    while (parent.has(c) && parent.get(c) !== c) c = parent.get(c);
    return c;
  };
  for (const id of routeIds || []) {
    const r = routeById.get(id);
    if (!r) continue;
    if (!parent.has(r.a)) parent.set(r.a, r.a);
    if (!parent.has(r.b)) parent.set(r.b, r.b);
    parent.set(find(r.a), find(r.b));
  }
  return new Set((tickets || []).filter((t) => parent.has(t.from) && parent.has(t.to) &&
    find(t.from) === find(t.to)).map((t) => t.id));
}

/* Which tie-breaker decided between the players with the best total, if one did:
 * null when one player has the best total alone. */
export function decidingTieBreaker(players, tieBreakers) {
  const inGame = players.filter((p) => !p.out);
  const best = Math.max(...inGame.map((p) => (p.score || {}).total ?? 0));
  const tied = inGame.filter((p) => ((p.score || {}).total ?? 0) === best);
  if (tied.length < 2) return null;
  const value = {
    completed_tickets: (p) => (p.tickets || []).filter((x) => x.completed).length,
    longest_path_bonus: (p) => Number(((p.score || {}).longest_path || 0) > 0),
    fewest_stations: (p) => -((p.stations || []).length),
    longest_path_length: (p) => p.longest_path_length || 0,
  };
  for (const tb of tieBreakers || []) {
    if (!value[tb]) continue;
    if (new Set(tied.map(value[tb])).size > 1) return tb;
  }
  return "shared";
}
