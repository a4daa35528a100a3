/* The game in sentences, in the chosen language (the catalogue's "ev.*" messages): one
 * narration for the web client's log and the replay viewer. Each event type has a case
 * here (a test holds this to the event catalogue); details an event carries only once it
 * is known (tickets drawn, the seed, the scores) are told when present. Also the turn's
 * caption, and who held each seat before each event. */
import { levelName, shownName } from "./dom.js";
import { currentLanguage, has, t } from "./i18n.js";

export function cardName(color) {
  return t(`card.${color}`);
}

/* A quick reaction's phrase in the chosen language (its code when the catalogue has none:
 * a phrase newer than this client). */
export function reactionPhrase(code) {
  return has(`reaction.${code}`) ? t(`reaction.${code}`) : String(code);
}

/* A map's name in the chosen language (its code when the catalogue has none). */
export function mapName(code) {
  return has(`map.${code}`) ? t(`map.${code}`) : code;
}

export function cardsText(cards) {
  if (Array.isArray(cards)) return cards.map(cardName).join(", ");
  return Object.entries(cards || {}).filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} × ${cardName(c)}`).join(" + ");
}

/* Who holds each seat after `event`, given `holders` before it ([{name, level, userId}]
 * by seat, `level` null for a person): seats are taken and left before the start; during
 * play a stand-in bot takes a seat and its player may take it back. */
export function nextHolders(holders, event) {
  const d = event.data || {};
  if (event.type === "seat_taken") {
    return [...holders, { name: d.name, level: d.bot || null, userId: d.user_id || null }];
  }
  if (event.type === "seat_left") return holders.filter((_, seat) => seat !== d.seat);
  if (event.type === "stand_in_seated" || event.type === "player_returned") {
    const next = [...holders];
    next[d.seat] = { name: d.name, level: event.type === "stand_in_seated" ? d.level : null,
      userId: d.user_id || null };
    return next;
  }
  return holders;
}

/* The name of a seat's holder (see nextHolders) as shown: a bot's in the reader's language. */
export function holderName(holder) {
  return shownName(holder.userId, holder.name);
}

/* Who held each seat just before each event of `events` (the whole log, in order):
 * version -> holders (see nextHolders). Empty when the log does not begin at the table's
 * creation. */
export function seatHolders(events) {
  const before = new Map();
  if (!events.length || events[0].version !== 1) return before;
  let holders = [];
  for (const e of events) {
    before.set(e.version, holders);
    holders = nextHolders(holders, e);
  }
  return before;
}

function ticketsText(ids, ctx) {
  return ids.map((id) => (ctx.ticketName ? ctx.ticketName(id) : String(id))).join(", ");
}

function known(list) {
  return Array.isArray(list) && list.length > 0 && list.every((x) => x !== null && x !== undefined);
}

/* ctx: seatName(seat), routeName(id); optional userName(id), ticketName(id),
 * actorName(actor) (for events of a type this client does not know). */
export function describeEvent(event, ctx) {
  const d = event.data || {};
  const who = ctx.seatName(d.seat);
  const p = { who, n: 0 };
  switch (event.type) {
    case "game_created": return t("ev.game_created", { n: d.seats, map: mapName(d.map) });
    case "seat_taken":
      return d.bot ? t("ev.seat_taken_bot", { name: shownName(d.user_id, d.name), seat: d.seat + 1,
        level: levelName(d.bot) }) : t("ev.seat_taken", { name: d.name, seat: d.seat + 1 });
    case "stand_in_seated": {
      const named = { who: ctx.userName ? ctx.userName(d.replaced) : who, bot: shownName(d.user_id, d.name),
        level: levelName(d.level) };
      return d.reason === "timed_out" ? t("ev.stand_in_timed_out", named) : t("ev.stand_in_resigned", named);
    }
    case "player_returned": return t("ev.player_returned", { who: d.name, bot: who });
    case "hint_given": return t("ev.hint_given", p);
    case "reaction_sent": return t("ev.reaction_sent", { who, phrase: reactionPhrase(d.reaction) });
    case "deadline_paused":
      return t("ev.deadline_paused", { who, when: new Date(d.until).toLocaleDateString(currentLanguage()) });
    case "deadline_resumed": return t("ev.deadline_resumed", p);
    case "seat_left":
      return ctx.userName && d.user_id ? t("ev.seat_left_named", { name: ctx.userName(d.user_id), seat: d.seat + 1 })
        : t("ev.seat_left", { seat: d.seat + 1 });
    case "game_started": return gameStarted(d, ctx);
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
    case "tickets_drawn":
      return known(d.tickets) ? t("ev.tickets_drawn_named", { who, n: d.count, tickets: ticketsText(d.tickets, ctx) })
        : t("ev.tickets_drawn", { who, n: d.count });
    case "tickets_kept": return ticketsKept(d, who, ctx);
    case "setup_tickets_returned": return t("ev.setup_tickets_returned", { n: d.count });
    case "station_built":
      return t("ev.station_built", { who, city: d.city, cards: cardsText(d.cards) });
    case "passed": return t("ev.passed", p);
    case "turn_ended": {
      const next = ctx.seatName(d.next_seat);
      return known(d.skipped)
        ? t("ev.turn_ended_skipped", { who, next, skipped: d.skipped.map((s) => ctx.seatName(s)).join(", ") })
        : t("ev.turn_ended", { who, next });
    }
    case "final_round_started": return t("ev.final_round_started", { who, n: d.trains });
    case "game_ended": return t(`ev.game_ended.${d.reason}`) !== `ev.game_ended.${d.reason}`
      ? t(`ev.game_ended.${d.reason}`) : t("ev.game_ended", { reason: d.reason });
    case "seed_revealed":
      return d.seed ? t("ev.seed_revealed_seed", { seed: String(d.seed).slice(0, 16) }) : t("ev.seed_revealed");
    case "player_resigned": return t("ev.player_resigned", p);
    case "player_dropped": return t("ev.player_dropped", { who, n: d.timeouts });
    case "turn_timed_out": return t("ev.turn_timed_out", { who, n: d.consecutive });
    case "game_scored": return gameScored(d, ctx);
    default: return unknown(event, ctx);
  }
}

function gameStarted(d, ctx) {
  const said = [t("ev.game_started", { n: d.players, first: ctx.seatName(d.first_player) })];
  if (Array.isArray(d.hands) && known(d.hands[0])) said.push(t("ev.dealt_cards", { n: d.hands[0].length }));
  if (Array.isArray(d.dealt_tickets) && known(d.dealt_tickets[0])) {
    said.push(t("ev.dealt_tickets", { n: d.dealt_tickets[0].length }));
  }
  if (known(d.market)) said.push(t("ev.face_up", { cards: cardsText(d.market) }));
  return said.join(" ");
}

function ticketsKept(d, who, ctx) {
  const n = d.kept_count ?? (d.kept || []).length;
  const kept = known(d.kept) ? t("ev.tickets_kept_named", { who, n, tickets: ticketsText(d.kept, ctx) })
    : t("ev.tickets_kept", { who, n });
  return d.returned_count ? `${kept} ${t("ev.tickets_returned", { n: d.returned_count })}` : kept;
}

function gameScored(d, ctx) {
  const players = Array.isArray(d.players) ? d.players : [];
  const names = (d.winners || []).map((seat) => {
    const p = players.find((x) => x.seat === seat);
    const name = ctx.seatName(seat);
    return p && p.score ? t("ev.winner_points", { who: name, points: t("points", { n: p.score.total }) }) : name;
  }).join(", ");
  return names ? t("ev.game_scored", { names, n: (d.winners || []).length }) : t("ev.game_scored_none");
}

/* An event this client has no words for: its type, and (when the caller can name the
 * actor) who did it and its data. */
function unknown(event, ctx) {
  const by = ctx.actorName ? ctx.actorName(event.actor) : "";
  if (!by) return t("ev.unknown", { type: event.type });
  let data = "";
  try {
    data = JSON.stringify(event.data);
  } catch (_) { /* unprintable */ }
  if (data.length > 160) data = `${data.slice(0, 157)}…`;
  const said = t("ev.unknown_by", { type: event.type, who: by });
  return data && data !== "{}" ? `${said}: ${data}` : said;
}

/* The caption above the table: whose turn, and what they must do (`rules`: the map's,
 * from GET /v1/maps/{map}; a map without stations offers none to build). */
export function caption(game, mySeat, seatName, rules = null) {
  if (game.status === "open") return t("caption.waiting", { n: game.seats - game.players.length });
  if (game.status === "scoring") return t("caption.scoring");
  if (game.status === "finished" || game.phase === "ended") return t("caption.over");
  if (game.phase === "setup") {
    return game.to_act.includes(mySeat) ? t("caption.setup_you") : t("caption.setup_others");
  }
  const turn = game.turn || {};
  if (turn.seat === mySeat) {
    const start = rules && !(rules.stations > 0) ? "caption.you_no_stations" : "caption.you";
    const step = { second_card: "caption.you_second_card", keep_tickets: "caption.you_keep",
      tunnel: "caption.you_tunnel" }[turn.step] || start;
    return t(step);
  }
  return t("caption.other", { who: seatName(turn.seat) });
}

const SCORE_PARTS = ["routes", "tickets", "stations", "longest_path", "globetrotter", "total"];
// the knob of the map's rules that gives each optional part its points
const PART_KNOBS = { stations: "stations", longest_path: "longest_path_bonus",
  globetrotter: "globetrotter_bonus" };

/* The parts of a final score that the map's `rules` (GET /v1/maps/{map}) have, in the
 * score's order: no Stations column where the map has no stations, no Globetrotter or
 * Longest path where it gives no such bonus; every part when the rules are not known. */
export function scoreParts(rules) {
  if (!rules) return SCORE_PARTS.slice();
  return SCORE_PARTS.filter((part) => !(part in PART_KNOBS) || rules[PART_KNOBS[part]] > 0);
}

/* The win-chance graph's words (`board/win_chances.js`) from the catalogue; a claim is
 * named by `routeName(id)` when given (its cities), else by the end of its id. */
export function winWords(routeName = null) {
  const moves = { draw_card: "win.draw_card", draw_tickets: "win.draw_tickets", pass: "win.pass" };
  return {
    label: t("win.label"),
    pending: t("win.pending"),
    axis: (n) => t("win.axis", { n }),
    moments: t("win.moments"),
    none: t("win.none"),
    labels: { inaccuracy: t("win.inaccuracy"), mistake: t("win.mistake"),
      blunder: t("win.blunder") },
    moment: (turn, name, label, loss) => t("win.moment", { turn, name, label, loss }),
    moves: (chosen, best) => t("win.moves", { chosen, best }),
    name: (player) => shownName(player.user_id, player.name),
    move: (command) => {
      if (command.type === "claim_route") return routeName ? routeName(command.route) : command.route.split("/").pop();
      if (command.type === "build_station") return t("win.station", { city: command.city });
      return moves[command.type] ? t(moves[command.type]) : command.type.replace(/_/g, " ");
    },
  };
}

/* The analysis chart's words (`board/analysis.js`) from the catalogue: the end screen's
 * and the replay viewer's; its table of final parts has the parts the map's `rules` have. */
export function chartWords(rules = null) {
  const columns = scoreParts(rules);
  return {
    chart_label: t("chart_label"),
    turns_axis: (n) => t("chart_turns", { n }),
    end: t("chart_end"),
    timeline_label: t("timeline_label"),
    completed: (kept, done) => t("ticket_kept_completed", { kept, done }),
    never: (kept, points) => t("ticket_kept_never", { kept, points }),
    parts: [t("player"), ...columns.map((part) => t(`score.${part}`))],
    columns,
    name: (player) => shownName(player.user_id, player.name),
  };
}
