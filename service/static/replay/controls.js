/* Stepping through the replay: the first / previous / next / last buttons, the slider,
 * play and pause at the chosen speed, and the keys (← → one step, Home / End). `viewer`
 * is {step, total, goTo(n)}; returns {play, stop, relabel} (relabel: the play button's
 * words again, in the language chosen now). */
import { t } from "../app/i18n.js";

const byId = (id) => document.getElementById(id);

function typingIn(target) {
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && target.type !== "range") || (target && target.isContentEditable);
}

export function stepControls(viewer) {
  const playButton = byId("play");
  const speed = byId("speed");
  let timer = null;

  function relabel() {
    playButton.textContent = timer === null ? `▶ ${t("replay.play")}` : `▮▮ ${t("replay.pause")}`;
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.classList.remove("playing");
    relabel();
  }

  function play() {
    if (viewer.step >= viewer.total) viewer.goTo(1);
    playButton.classList.add("playing");
    timer = setInterval(() => {
      if (viewer.step >= viewer.total) stop();
      else viewer.goTo(viewer.step + 1);
    }, Number(speed.value) || 500);
    relabel();
  }

  const jump = (to) => () => { stop(); viewer.goTo(to()); };
  byId("first").addEventListener("click", jump(() => 1));
  byId("prev").addEventListener("click", jump(() => viewer.step - 1));
  byId("next").addEventListener("click", jump(() => viewer.step + 1));
  byId("last").addEventListener("click", jump(() => viewer.total));
  playButton.addEventListener("click", () => (timer === null ? play() : stop()));
  speed.addEventListener("change", () => { if (timer !== null) { stop(); play(); } });
  const slider = byId("slider");
  slider.addEventListener("input", () => { stop(); viewer.goTo(slider.value); });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (typingIn(event.target)) return;
    const moves = { ArrowLeft: () => viewer.step - 1, ArrowRight: () => viewer.step + 1,
      Home: () => 1, End: () => viewer.total };
    if (!(event.key in moves)) return;
    event.preventDefault(); // also on the slider: one step per key, not two
    jump(moves[event.key])();
  });
  relabel();
  return { play, stop, relabel };
}
