/* "Play now": the lobby asks the server for a game like the one its form describes
 * (quick match, POST /v1/matches) and waits, saying so, until the server has seated
 * this player at a started game, which it then opens; or until the player cancels.
 * A request left waiting (another tab, a reload) is waited on rather than refused. */

import { ApiError } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const LOOK_EVERY_MS = 1000;

/* The button; `wanted()` gives the request's body, `status` shows the wait or a problem. */
export function playNowButton(app, wanted, status, problemText) {
  let waiting = null; // the request waited on
  const button = h("button", { type: "button", id: "play-now" }, t("play_now"));
  const cancel = h("button", { type: "button", id: "cancel-match", hidden: true,
    onclick: async () => {
      const request = waiting;
      waiting = null;
      cancel.hidden = true;
      button.disabled = false;
      status.hidden = true;
      if (request) await app.api.request("DELETE", `/v1/matches/${request}`).catch(() => {});
    } }, t("cancel_match"));

  const wait = async (request) => {
    waiting = request.id;
    button.disabled = true;
    cancel.hidden = false;
    status.textContent = t("finding_match");
    status.hidden = false;
    while (waiting === request.id && request.state === "waiting" && document.contains(button)) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      request = (await app.api.request("GET", `/v1/matches/${request.id}`)).data;
    }
    if (request.state === "matched" && waiting === request.id) app.go(`/play/${request.game_id}`);
  };

  button.addEventListener("click", async () => {
    try {
      await wait((await app.api.request("POST", "/v1/matches", wanted())).data);
    } catch (e) {
      if (e instanceof ApiError && e.problem.request_id) {
        return wait({ id: e.problem.request_id, state: "waiting" });
      }
      button.disabled = false;
      cancel.hidden = true;
      status.textContent = problemText(e);
      status.hidden = false;
    }
  });
  return h("span", { class: "play-now" }, button, cancel);
}
