/* The Hint button of an unrated game: it asks POST …/hints for the strong bot's move for
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
  // a suggestion holds for the position it was given for (and its own record) only
  if (state.answer && g.version > state.answer.recorded_version) state.answer = null;
  state.box.hidden = !may && !state.answer;
  markRoute(table, state.answer && may ? state.answer.command : null);
  const box = clear(state.box);
  if (!may) return;
  box.append(h("button", { type: "button", id: "ask-hint", title: t("hint_title"),
    disabled: state.asking, onclick: () => askHint(table) }, state.asking ? t("hint.thinking") : t("hint")));
  if (state.answer) {
    const command = state.answer.command;
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
    state.answer = await table.app.api.post(`${table.path}/hints`);
  } catch (error) {
    state.answer = null;
    table.showProblem(problemText(error), error instanceof ApiError ? error.code : "network");
  } finally {
    state.asking = false;
  }
  await table.refresh();
  renderHint(table);
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
