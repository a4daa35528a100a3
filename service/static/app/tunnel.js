/* A tunnel of mine waiting to be paid: the cards put down for it (apart from the hand,
 * which the table shows without them), the cards revealed (those that cost one more
 * marked), the extra cost, the legal ways to pay it to pick from, and, when there is
 * none, why: the extra cards must be of the colour played or locomotives, held besides
 * the cards put down. Pay (or Enter) and Give up. */
import { cardLabel, h } from "./dom.js";
import { t } from "./i18n.js";
import { paymentChoices, paymentText } from "./payment.js";
import { cardItems, paymentPicker, say } from "./claim.js";
import { cardName } from "./words.js";

const LOCOMOTIVE = "locomotive";

export function tunnelPanel(table, sorted) {
  const tunnel = table.game.tunnel || {};
  const n = tunnel.extra_cards ?? 0;
  const choices = paymentChoices(sorted.tunnelPays);
  let chosen = 0;
  const spend = h("ul", { id: "tunnel-cards", class: "cards spend", "aria-labelledby": "tunnel-spend-label" });
  const pay = choices.length ? h("button", { type: "button", id: "pay-tunnel", class: "pay-tunnel confirm",
    onclick: () => table.act(choices[chosen]) }, t("tunnel.pay")) : null;
  const pick = (i) => {
    chosen = i;
    spend.replaceChildren(...cardItems(choices[i].cards));
    pay.dataset.move = JSON.stringify(choices[i]);
    say(table, paymentText(choices[i].cards, cardName));
  };
  const why = choices.length ? null : whyNoPayment((table.game.you && table.game.you.hand) || {}, tunnel);
  const box = h("section", { id: "tunnel", class: "tunnel-panel", "aria-labelledby": "tunnel-heading",
    "data-route": tunnel.route },
  h("h2", { id: "tunnel-heading", tabindex: "-1" }, t("tunnel_heading", { route: table.routeName(tunnel.route) })),
  h("p", { id: "tunnel-put-down-label", class: "spend-label" }, t("tunnel.put_down")),
  h("ul", { id: "tunnel-committed", class: "cards", "aria-labelledby": "tunnel-put-down-label" },
    cardItems(tunnel.cards)),
  h("p", { id: "tunnel-revealed-label", class: "spend-label" }, t("tunnel.revealed")),
  h("ul", { id: "tunnel-revealed", class: "cards revealed", "aria-labelledby": "tunnel-revealed-label" },
    (tunnel.revealed || []).map((c) => {
      const costs = c === LOCOMOTIVE || c === tunnel.color;
      return h("li", { "data-color": c, class: costs ? "costs" : null }, cardLabel(c),
        costs ? h("span", { class: "costs-mark" }, t("tunnel.costs_one")) : null);
    })),
  h("p", { id: "tunnel-extra", class: "tunnel-extra" }, extraText(tunnel.color, n)),
  choices.length ? [
    h("p", { id: "tunnel-spend-label", class: "spend-label" }, t("claim.spend")), spend,
    choices.length > 1 ? paymentPicker("tunnel-payment", t("tunnel.pay_with"), choices, 0, pick) : null,
  ] : h("p", { id: "tunnel-why", class: "warning" }, why),
  h("div", { class: "action-row" }, pay,
    sorted.decline ? h("button", { type: "button", id: "decline-tunnel", "data-move": JSON.stringify(sorted.decline),
      onclick: () => table.act(sorted.decline) }, t("decline_tunnel")) : null));
  if (pay) {
    spend.append(...cardItems(choices[0].cards));
    pay.dataset.move = JSON.stringify(choices[0]);
    // Enter on a payment pays with it (a button does what it says)
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.target.closest("button")) return;
      event.preventDefault();
      pay.click();
    });
  }
  return { box, said: [t("tunnel.revealed"), cardsList(tunnel.revealed), extraText(tunnel.color, n), why]
    .filter(Boolean).join(" ") };
}

function cardsList(cards) {
  return (cards || []).map(cardName).join(", ") + ".";
}

function extraText(color, n) {
  return color === LOCOMOTIVE ? t("tunnel.extra_locomotive", { n })
    : t("tunnel.extra_color", { n, color: cardName(color) });
}

/* Why no payment of `tunnel`'s extra cost is legal with `hand` (the cards put down
 * still in it): the cards of the colour played and the locomotives held besides those
 * put down are fewer than the extra cost. */
export function whyNoPayment(hand, tunnel) {
  const put = tunnel.cards || {};
  const left = (c) => Math.max(0, (hand[c] || 0) - (put[c] || 0));
  const color = tunnel.color;
  const held = left(LOCOMOTIVE) + (color === LOCOMOTIVE ? 0 : left(color));
  const n = tunnel.extra_cards ?? 0;
  const said = { n, held, color: cardName(color) };
  if (held >= n) return t("tunnel.why_unknown");
  if (color === LOCOMOTIVE) {
    return held === 0 ? t("tunnel.why_none_locomotive", said) : t("tunnel.why_short_locomotive", said);
  }
  return held === 0 ? t("tunnel.why_none_color", said) : t("tunnel.why_short_color", said);
}
