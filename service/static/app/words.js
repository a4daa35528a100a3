/* The game in sentences: each event of the log, the turn's caption, in the chosen
 * language (the catalogue's "ev.*" messages). */
import { levelName } from "./dom.js";
import { t } from "./i18n.js";

export function cardName(color) {
  return t(`card.${color}`);
}

export function cardsText(cards) {
  if (Array.isArray(cards)) return cards.map(cardName).join(", ");
  return Object.entries(cards || {}).filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} × ${cardName(c)}`).join(" + ");
}

/* Who held each seat just before each event of `events` (the whole log, in order):
 * version -> [{name, level}] by seat, `level` null for a person. Seats are taken and
 * left before the start; during play a stand-in bot takes a seat and its player may take
 * it back. Empty when the log does not begin at the table's creation. */
export function seatHolders(events) {
  const before = new Map();
  if (!events.length || events[0].version !== 1) return before;
  let holders = [];
  for (const e of events) {
    before.set(e.version, holders);
    const d = e.data || {};
    if (e.type === "seat_taken") holders = [...holders, { name: d.name, level: d.bot || null }];
    else if (e.type === "seat_left") holders = holders.filter((_, seat) => seat !== d.seat);
    else if (e.type === "stand_in_seated" || e.type === "player_returned") {
      holders = [...holders];
      holders[d.seat] = { name: d.name, level: e.type === "stand_in_seated" ? d.level : null };
    }
  }
  return before;
}

/* ctx: seatName(seat), userName(id), routeName(id), ticketName(id). */
export function describeEvent(event, ctx) {
  const d = event.data || {};
  const who = ctx.seatName(d.seat);
  const p = { who, n: 0 };
  switch (event.type) {
    case "game_created": return t("ev.game_created", { n: d.seats, map: d.map });
    case "seat_taken":
      return d.bot ? t("ev.seat_taken_bot", { name: d.name, seat: d.seat + 1, level: levelName(d.bot) })
        : t("ev.seat_taken", { name: d.name, seat: d.seat + 1 });
    case "stand_in_seated": {
      const named = { who: ctx.userName ? ctx.userName(d.replaced) : who, bot: d.name, level: levelName(d.level) };
      return d.reason === "timed_out" ? t("ev.stand_in_timed_out", named) : t("ev.stand_in_resigned", named);
    }
    case "player_returned": return t("ev.player_returned", { who: d.name, bot: who });
    case "seat_left": return t("ev.seat_left", { seat: d.seat + 1 });
    case "game_started": return t("ev.game_started", { n: d.players, first: ctx.seatName(d.first_player) });
    case "card_drawn_blind":
      return d.card ? t("ev.card_drawn_blind_seen", { who, card: cardName(d.card) })
        : t("ev.card_drawn_blind", p);
    case "card_taken": return t("ev.card_taken", { who, card: cardName(d.card) });
    case "market_refilled": return t("ev.market_refilled", { cards: cardsText(d.cards) });
    case "market_reset": return t("ev.market_reset", { cards: cardsText(d.discarded) });
    case "deck_reshuffled": return t("ev.deck_reshuffled", { n: d.size });
    case "route_claimed":
      return t("ev.route_claimed", { who, route: ctx.routeName(d.route), n: d.points,
        cards: cardsText(d.cards) });
    case "tunnel_attempted":
      return t("ev.tunnel_attempted", { who, route: ctx.routeName(d.route), cards: cardsText(d.cards) });
    case "tunnel_cards_revealed":
      return t("ev.tunnel_cards_revealed", { who, cards: cardsText(d.cards), n: d.extra_cards });
    case "tunnel_declined": return t("ev.tunnel_declined", { who, route: ctx.routeName(d.route) });
    case "tickets_drawn": return t("ev.tickets_drawn", { who, n: d.count });
    case "tickets_kept":
      return t("ev.tickets_kept", { who, n: d.kept_count ?? (d.kept || []).length });
    case "setup_tickets_returned": return t("ev.setup_tickets_returned", { n: d.count });
    case "station_built":
      return t("ev.station_built", { who, city: d.city, cards: cardsText(d.cards) });
    case "passed": return t("ev.passed", p);
    case "turn_ended": return t("ev.turn_ended", { who, next: ctx.seatName(d.next_seat) });
    case "final_round_started": return t("ev.final_round_started", { who, n: d.trains });
    case "game_ended": return t(`ev.game_ended.${d.reason}`) !== `ev.game_ended.${d.reason}`
      ? t(`ev.game_ended.${d.reason}`) : t("ev.game_ended", { reason: d.reason });
    case "seed_revealed": return t("ev.seed_revealed");
    case "player_resigned": return t("ev.player_resigned", p);
    case "player_dropped": return t("ev.player_dropped", { who, n: d.timeouts });
    case "turn_timed_out": return t("ev.turn_timed_out", { who, n: d.consecutive });
    case "game_scored": {
      const names = (d.winners || []).map((s) => ctx.seatName(s)).join(", ");
      return names ? t("ev.game_scored", { names, n: (d.winners || []).length }) : t("ev.game_scored_none");
    }
    default:
      return t("ev.unknown", { type: event.type });
  }
}

/* The caption above the table: whose turn, and what they must do. */
export function caption(game, mySeat, seatName) {
  if (game.status === "open") return t("caption.waiting", { n: game.seats - game.players.length });
  if (game.status === "scoring") return t("caption.scoring");
  if (game.status === "finished" || game.phase === "ended") return t("caption.over");
  if (game.phase === "setup") {
    return game.to_act.includes(mySeat) ? t("caption.setup_you") : t("caption.setup_others");
  }
  const turn = game.turn || {};
  if (turn.seat === mySeat) {
    const step = { second_card: "caption.you_second_card", keep_tickets: "caption.you_keep",
      tunnel: "caption.you_tunnel" }[turn.step] || "caption.you";
    return t(step);
  }
  return t("caption.other", { who: seatName(turn.seat) });
}
