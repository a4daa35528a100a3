/* The table's sounds: short tones made in the page with WebAudio (no sound files), for
 * my turn, a claimed route and the final round. Off unless the player turns them on at
 * the table; the choice is kept by this browser (localStorage).
 *
 * The page says what it does in the body's data- attributes, so that it can be checked
 * without listening: data-sound (on / off), data-audio (the AudioContext's state, once
 * there is one) and data-last-sound (the last tone played). */
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "ttr.sounds"; // (beside "ttr.language": this browser's choices)

/* Each sound: its notes as [frequency in Hz, start in s, length in s], and the wave. */
const TONES = {
  turn: { wave: "sine", notes: [[659.3, 0, 0.14], [880, 0.13, 0.22]] },
  claim: { wave: "triangle", notes: [[261.6, 0, 0.1], [329.6, 0.08, 0.1], [392, 0.16, 0.2]] },
  final: { wave: "sine", notes: [[880, 0, 0.3], [698.5, 0.22, 0.3], [587.3, 0.44, 0.5]] },
};
const LOUDNESS = 0.15;

let context = null;

export function soundsOn() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch (_) {
    return false; // storage refused (a private window): the quiet default
  }
}

function keep(on) {
  try {
    if (on) localStorage.setItem(KEY, "on");
    else localStorage.removeItem(KEY);
  } catch (_) { /* not kept: it holds for this page only */ }
  document.body.dataset.sound = on ? "on" : "off";
}

/* The page's AudioContext, made on first use. A browser lets it sound only after a
 * click or a key on the page: until then it waits, and the first one wakes it. */
function audio() {
  if (context) return context;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  const said = () => { document.body.dataset.audio = context.state; };
  context.addEventListener("statechange", said);
  said();
  if (context.state === "suspended") {
    const wake = () => {
      context.resume().catch(() => {});
      window.removeEventListener("pointerdown", wake, true);
      window.removeEventListener("keydown", wake, true);
    };
    window.addEventListener("pointerdown", wake, true);
    window.addEventListener("keydown", wake, true);
  }
  return context;
}

/* Play the sound `name` (turn, claim, final) when sounds are on. */
export function play(name) {
  const tone = TONES[name];
  if (!tone || !soundsOn()) return;
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.02;
  for (const [frequency, at, length] of tone.notes) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.wave;
    oscillator.frequency.value = frequency;
    // a quick rise and a fall: no click at either end
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(LOUDNESS, start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + length + 0.05);
  }
  document.body.dataset.lastSound = name;
}

/* The switch at the table: a checkbox, off unless turned on in this browser before.
 * Turning it on (a click: the browser then allows sound) plays my turn's tone. */
export function soundToggle() {
  const on = soundsOn();
  document.body.dataset.sound = on ? "on" : "off";
  const box = h("input", { type: "checkbox", id: "sound-toggle", checked: on, "aria-describedby": "sound-help" });
  box.addEventListener("change", () => {
    keep(box.checked);
    if (box.checked) {
      const ctx = audio();
      if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
      play("turn");
    }
  });
  return h("span", { class: "sound-setting" },
    h("label", { class: "check", for: "sound-toggle" }, box, t("sound.toggle")),
    h("span", { id: "sound-help", class: "visually-hidden" }, t("sound.help")));
}
