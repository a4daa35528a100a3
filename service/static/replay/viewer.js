/* The replay viewer: the board, the side panels and the final score at step k (1 = the
 * first event), redrawn at each step; `retell()` says it all again in the language chosen
 * now. The state at each step comes from fold.js, the sentences from narration.js. */
import { t } from "../app/i18n.js";
import { zoomable } from "../board/zoom.js";
import { stepControls } from "./controls.js";
import { drawMap, legend, routeTitle } from "./drawing.js";
import { renderFinal } from "./final.js";
import { stateAt } from "./fold.js";
import { narrate, seatLabel } from "./narration.js";
import { renderLog, renderPlayers, renderTickets } from "./panels.js";

/* Where the replay stands: the slider, "Event k of n" and the sentence of event k. */
function showStep(model, description, k) {
  const total = model.records.length;
  const record = model.records[k - 1];
  const where = t("replay.step", { k, n: total });
  const slider = document.getElementById("slider");
  slider.value = String(k);
  slider.setAttribute("aria-valuetext", `${where}: ${description}`);
  const step = document.getElementById("step");
  step.textContent = where;
  Object.assign(step.dataset, { step: String(k), total: String(total), version: String(record.version ?? "") });
  const desc = document.getElementById("event-description");
  desc.textContent = description;
  Object.assign(desc.dataset, { type: record.type, version: String(record.version ?? "") });
}

/* The routes and stations owned in `state`, each titled with its owner. */
function showOwners(model, drawing, state) {
  drawing.setOwners(state.owners, (id, owner) => routeTitle(model.routeById.get(id)) +
    (owner === undefined ? "" : `; ${t("claimed_by", { who: seatLabel(state.seats, owner) })}`));
  drawing.setStations(state.stations, (city, seat) => t("station_of", { who: seatLabel(state.seats, seat), city }));
}

export function createViewer(model) {
  const total = model.records.length;
  const slider = document.getElementById("slider");
  slider.min = "1";
  slider.max = String(total);
  const longest = { seat: null };
  let drawing = null;
  let descriptions = [];
  let k = 1;
  let current = null;

  function draw() {
    drawing = drawMap(model);
    // (panned and zoomed by board/zoom.js; a redraw keeps the view)
    zoomable(document.getElementById("map"), drawing.root);
    legend(model);
    descriptions = narrate(model);
  }

  function render() {
    const state = stateAt(model, k);
    current = state;
    showStep(model, descriptions[k - 1] || "", k);
    showOwners(model, drawing, state);
    renderPlayers(model, state);
    renderLog(descriptions, k);
    renderFinal(state, drawing, longest, model.board.rules);
    renderTickets(model, state);
    document.body.dataset.step = String(k);
  }

  function goTo(n) {
    k = Math.min(Math.max(1, Math.round(Number(n)) || 1), total);
    render();
  }

  const viewer = {
    goTo,
    get step() { return k; },
    get total() { return total; },
    get state() { return current; },
  };
  const controls = stepControls(viewer);
  document.getElementById("longest-player").addEventListener("change", (event) => {
    longest.seat = Number(event.target.value);
    render();
  });
  draw();
  render();
  return Object.assign(viewer, {
    play: controls.play, stop: controls.stop,
    retell() { draw(); controls.relabel(); render(); },
  });
}
