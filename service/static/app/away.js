/* The player's own days away, on their profile page: what is left of this year's
 * allowance, their vacations ahead (end the running one now, or give up the next one),
 * and a form to declare days away, from now or from a date. While they are away the
 * turn deadlines of their correspondence games are paused (the other players see it in
 * each game's log); acting in a game ends the vacation. */
import { clear, h } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { problemText } from "./problems.js";

const PATH = "/v1/users/me/vacation";

export function vacationSection(app) {
  const body = h("div", { id: "vacation-body" });
  const section = h("section", { id: "vacation", "aria-labelledby": "vacation-heading" },
    h("h2", { id: "vacation-heading" }, t("away.heading")), body);
  load(app, body);
  return section;
}

async function load(app, body) {
  try {
    render(app, body, await app.api.get(PATH));
  } catch (e) {
    clear(body).append(h("p", { class: "error", role: "alert" }, problemText(e)));
  }
}

function day(iso) {
  return new Date(iso).toLocaleDateString(currentLanguage());
}

/* The start the form asks for: absent (now) for today or no date, else that day's
 * local midnight. */
function startOf(value) {
  if (!value) return undefined;
  const start = new Date(`${value}T00:00`);
  return start.getTime() <= Date.now() ? undefined : start.toISOString();
}

function render(app, body, away) {
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const fail = (e) => {
    error.textContent = problemText(e);
    error.hidden = false;
  };
  const days = h("input", { id: "vacation-days", type: "number", min: "1", required: true,
    value: String(Math.max(1, Math.min(7, away.days_left))) });
  const start = h("input", { id: "vacation-start", type: "date" });
  const ahead = away.vacations.map((v) => h("li", { dataset: { vacation: v.id } },
    t("away.period", { from: day(v.starts_at), to: day(v.ends_at) })));
  clear(body).append(
    h("p", { id: "vacation-left" }, t("away.days_left", { n: away.days_left, total: away.allowance })),
    away.away ? h("p", { id: "vacation-now", class: "tag" }, t("away.now")) : null,
    ahead.length ? h("ul", { id: "vacation-list" }, ahead) : null,
    ahead.length ? h("button", { type: "button", id: "vacation-end", onclick: async () => {
      try {
        render(app, body, (await app.api.request("DELETE", PATH)).data);
      } catch (e) {
        fail(e);
      }
    } }, t(away.away ? "away.end" : "away.cancel")) : null,
    h("form", { id: "vacation-form", onsubmit: async (event) => {
      event.preventDefault();
      const request = { days: Number(days.value) };
      const from = startOf(start.value);
      if (from) request.starts_at = from;
      try {
        render(app, body, (await app.api.request("POST", PATH, request)).data);
      } catch (e) {
        fail(e);
      }
    } },
    h("label", { for: "vacation-days" }, t("away.days")), days,
    h("label", { for: "vacation-start" }, t("away.start")), start,
    h("button", { type: "submit", id: "vacation-declare" }, t("away.declare"))),
    h("p", { class: "hint" }, t("away.explain")),
    error);
}
