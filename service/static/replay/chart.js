/* The replay viewer's post-game analysis: fetched from GET /v1/games/{id}/analysis and
 * drawn by the shared module /static/board/analysis.js (the web client's end screen
 * draws the same). A game not finished has none, and nothing is shown. */
import { finalParts, scoreChart, ticketTimeline } from "/static/board/analysis.js";

export async function showAnalysis(gameId, token) {
  const section = document.getElementById("analysis");
  if (!section) return;
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  let response;
  try {
    response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/analysis`,
      { headers, cache: "no-store" });
  } catch (error) {
    return; // the replay stands without its analysis
  }
  if (!response.ok) return; // not finished: nothing to analyse yet
  const analysis = await response.json();
  const chart = section.querySelector("#score-chart");
  scoreChart(analysis, chart);
  finalParts(analysis, chart);
  ticketTimeline(analysis, section.querySelector("#ticket-timeline"));
  section.hidden = false;
  section.dataset.state = "ready";
}
