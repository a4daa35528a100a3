/* The Hint button of an unrated game: it asks POST …/hints for the hard level's bot's move for
 * my seat (thought out from my seat's view only), names that move, marks its route on the
 * board, and offers to play it. The server records in the game's log that I asked (the
 * log then says so); a rated game shows no button. */
import { ApiError } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { problemText } from "./problems.js";
import { cardName, cardsText } from "./words.js";

/* The hint box of the table (the button and, once asked, the suggestion). */
export function buildHint(table) {
  const box = h("section", { id: "hint", class: "hint-box", hidden: true, "aria-live": "polite" });
  table.hint = { box, answer: null, asking: false };
  return box;
}

/* Whether I may ask now: my seat in an unrated game in play, with a decision to make. */
export function mayAskHint(game, moves, mySeat) {
  return Boolean(game.options) && game.options.rated === false && mySeat !== null &&
    game.status === "playing" && moves.some((m) => m.type !== "resign");
}

// what is only said at the table: it leaves every seat's position as it was
const SAID = new Set(["reaction_sent", "hint_given"]);

/* Whether my position moved on since `version`: true on a move of mine, or of the game
 * itself, since (another seat's move while I have a decision to make is one made beside
 * mine: tickets kept as the game starts); null while the table has not read every
 * event since (the game read before its stream's events): not known yet; false when
 * only words were said (a reaction, a hint asked). */
export function movedSince(table, version) {
  if (table.game.version <= version) return false;
  const mine = table.mySeat();
  let read = version;
  for (const [v, e] of table.log) {
    if (v <= version) continue;
    const other = e.actor && e.actor.kind === "seat" && e.actor.seat !== mine;
    if (!SAID.has(e.type) && !other) return true;
    read = Math.max(read, v);
  }
  return read < table.game.version ? null : false;
}

/* A suggested command in words (`ctx`: routeName, ticketName, and the game's market). */
export function hintText(command, ctx) {
  switch (command.type) {
    case "draw_card":
      return command.source === "deck" ? t("hint.draw_deck")
        : t("hint.draw_market", { card: cardName((ctx.market || [])[command.slot]) });
    case "claim_route":
      return t("hint.claim", { route: ctx.routeName(command.route), cards: cardsText(command.cards) });
    case "pay_tunnel": return t("hint.pay_tunnel", { cards: cardsText(command.cards) });
    case "decline_tunnel": return t("hint.decline_tunnel");
    case "draw_tickets": return t("hint.draw_tickets");
    case "keep_tickets":
      return t("hint.keep", { tickets: command.tickets.map((id) => ctx.ticketName(id)).join(", ") });
    case "build_station":
      return t("hint.station", { city: command.city, cards: cardsText(command.cards) });
    case "pass": return t("hint.pass");
    default: return t("hint.resign");
  }
}

export function renderHint(table) {
  const state = table.hint;
  if (!state) return;
  const g = table.game;
  const may = mayAskHint(g, table.moves, table.mySeat());
  // a suggestion holds for the position it was given for, until I move (shown again
  // once the events since are read, if they were only words or others' moves)
  const moved = state.answer ? movedSince(table, state.answer.recorded_version) : false;
  if (moved) state.answer = null;
  const answer = moved === false ? state.answer : null;
  state.box.hidden = !may && !answer;
  markRoute(table, answer && may ? answer.command : null);
  const box = clear(state.box);
  if (!may) return;
  box.append(h("button", { type: "button", id: "ask-hint", title: t("hint_title"),
    disabled: state.asking, onclick: () => askHint(table) }, state.asking ? t("hint.thinking") : t("hint")));
  if (answer) {
    const command = answer.command;
    box.append(h("p", { id: "hint-text", "data-type": command.type },
      t("hint.suggest", { move: hintText(command, { market: g.market,
        routeName: (id) => table.routeName(id), ticketName: (id) => table.ticketName(id) }) })),
    h("button", { type: "button", id: "follow-hint", onclick: () => table.act(command) }, t("hint.follow")));
  }
}

async function askHint(table) {
  const state = table.hint;
  if (state.asking) return;
  state.asking = true;
  renderHint(table);
  try {
    state.answer = await askedAgainWhileMoving(() => table.app.api.post(`${table.path}/hints`));
  } catch (error) {
    state.answer = null;
    table.showProblem(problemText(error), error instanceof ApiError ? error.code : "network");
  } finally {
    state.asking = false;
  }
  await table.refresh();
  renderHint(table);
}

// how many times a hint is asked for when the game moved on while it was thought out
// (412: another seat kept its tickets meanwhile, say), as the API asks
const HINT_TRIES = 3;

async function askedAgainWhileMoving(ask) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 412) || attempt >= HINT_TRIES) throw error;
    }
  }
}

function markRoute(table, command) {
  const root = table.view && table.view.root;
  if (!root) return;
  for (const el of root.querySelectorAll(".route.hinted")) el.classList.remove("hinted");
  if (command && command.type === "claim_route") {
    for (const el of root.querySelectorAll(`.route[data-route-id="${CSS.escape(command.route)}"]`)) {
      el.classList.add("hinted");
    }
  }
}
