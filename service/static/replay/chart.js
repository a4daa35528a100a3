/* The replay viewer's post-game analysis: fetched from GET /v1/games/{id}/analysis and
 * drawn by the shared module /static/board/analysis.js (the web client's end screen
 * draws the same), with the computer analysis's win chances and key moments (each one
 * shows the board where it was played), labelled in the chosen language; `draw()` again redraws it in the
 * language chosen since. A game not finished has none, and nothing is shown. */
import { finalParts, scoreChart, ticketTimeline } from "../board/analysis.js";
import { winChanceChart } from "../board/win_chances.js";
import { chartWords, winWords } from "../app/words.js";

/* Fetches the analysis and draws it; returns the function that draws it again.
 * `showVersion(version)`: the viewer shows the board at that version (a key moment's
 * button); `map`: {rules, routeName} of the game's map (the score parts its table of final
 * parts shows, a key moment's route by its cities). */
export async function showAnalysis(gameId, authorization, showVersion = () => {}, map = {}) {
  const section = document.getElementById("analysis");
  if (!section) return () => {};
  const headers = authorization ? { Authorization: authorization } : {};
  let response;
  try {
    response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/analysis`,
      { headers, cache: "no-store" });
  } catch (error) {
    return () => {}; // the replay stands without its analysis
  }
  if (!response.ok) return () => {}; // not finished: nothing to analyse yet
  const analysis = await response.json();
  const chart = section.querySelector("#score-chart");
  const timeline = section.querySelector("#ticket-timeline");
  const win = section.querySelector("#win-chart");
  function draw() {
    const words = chartWords(map.rules || null);
    chart.textContent = "";
    timeline.textContent = "";
    scoreChart(analysis, chart, words);
    finalParts(analysis, chart, words);
    ticketTimeline(analysis, timeline, words);
    if (win) {
      win.textContent = "";
      winChanceChart(analysis, win, winWords(map.routeName || null), () => null, (m) => showVersion(m.version));
    }
  }
  draw();
  section.hidden = false;
  section.dataset.state = "ready";
  return draw;
}
