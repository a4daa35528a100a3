/* Replay viewer of a game: the board in SVG, a slider over the game's events, the game
 * told in the web client's words, in any of its languages.
 *
 * The page is /games/{id}/replay (or any page with ?game={id}); a private game's link
 * carries a share of it as #share=… (load.js takes it out of the address at once). Its
 * parts: load.js (the export, the board and its layout), fold.js
 * (the state at each step), narration.js (the events in words, by /static/app/words.js),
 * viewer.js with drawing.js, panels.js, final.js and controls.js (the page at each step),
 * chart.js (the analysis), page.js (the page's words and language switch). No library,
 * no build step. */
import { PLAYER_COLORS, ROUTE_COLORS } from "../board/board.js";
import { t } from "../app/i18n.js";
import { showAnalysis } from "./chart.js";
import { mapTitle } from "./drawing.js";
import { routeName } from "./narration.js";
import { buildModel } from "./fold.js";
import { LoadError, credentialFrom, gameIdFrom, loadGame } from "./load.js";
import { languageSwitch, startLanguage, translatePage } from "./page.js";
import { createViewer } from "./viewer.js";

function showError(message) {
  const el = document.getElementById("error");
  el.textContent = message;
  el.hidden = false;
  document.getElementById("loading").hidden = true;
  document.body.dataset.state = "error";
}

function titles(gameId, model) {
  document.getElementById("title").textContent = t("replay.title", { id: gameId });
  document.title = `${t("replay.title", { id: gameId })} · ${t("app_title")}`;
  if (!model) return;
  const scored = model.records.some((r) => r.type === "game_scored");
  document.getElementById("subtitle").textContent = [mapTitle(model),
    t("replay.events", { n: model.records.length }), t(scored ? "status.finished" : "replay.not_scored")].join(" · ");
}

async function main() {
  const gameId = gameIdFrom(window.location);
  // before anything else: the address bar and the history keep no credential
  const authorization = gameId ? credentialFrom(window.location, window.history, gameId) : null;
  await startLanguage();
  translatePage();
  let model = null;
  let viewer = null;
  let redrawAnalysis = () => {};
  languageSwitch(() => {
    if (gameId) titles(gameId, model);
    if (viewer) viewer.retell();
    redrawAnalysis();
  });
  if (!gameId) {
    showError(t("replay.no_game"));
    return;
  }
  titles(gameId, null);
  try {
    const { records, board, layout } = await loadGame(gameId, authorization);
    model = buildModel(records, board, layout);
    titles(gameId, model);
    document.getElementById("loading").hidden = true;
    document.getElementById("viewer").hidden = false;
    viewer = createViewer(model);
    window.replayViewer = Object.assign(viewer, {
      playerColors: PLAYER_COLORS.slice(), routeColors: { ...ROUTE_COLORS }, gameId,
    });
    document.body.dataset.state = "ready";
    // a key moment shows the board at the start of its turn: the step of that version
    const showVersion = (version) => {
      const step = model.records.findIndex((r) => r.version === version) + 1;
      if (step > 0) {
        viewer.goTo(step);
        document.getElementById("map").scrollIntoView({ block: "nearest" });
      }
    };
    // `?at=<version>` (the end screen's links to a key moment): that board first
    const at = Number(new URLSearchParams(window.location.search).get("at"));
    if (at > 0) showVersion(at);
    redrawAnalysis = await showAnalysis(gameId, authorization, showVersion,
      { rules: model.board.rules, routeName: (id) => routeName(model, id) });
  } catch (error) {
    if (!(error instanceof LoadError)) console.error(error);
    showError(error instanceof LoadError ? error.message
      : t("replay.broken", { detail: error && error.message ? error.message : String(error) }));
  }
}

main();
