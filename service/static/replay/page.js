/* The replay page's own words and its language: the fixed texts of index.html (marked
 * data-t for the text, data-t-title and data-t-label for the title and aria-label) in the
 * chosen language, and the language switch in the header, as on the web client's pages
 * (the same choice, kept in localStorage, else the browser's languages). */
import { LANGUAGES, pickLanguage, setLanguage, t } from "../app/i18n.js";

const CHOSEN = "ttr.language"; // the web client's key: one choice for both

export async function startLanguage() {
  return setLanguage(localStorage.getItem(CHOSEN) || pickLanguage(navigator.languages));
}

export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
}

/* The select#language in the header; `changed()` redraws what the page shows. */
export function languageSwitch(changed) {
  const select = document.getElementById("language");
  select.textContent = "";
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    Object.assign(option, { value: code, lang: code, textContent: name });
    select.appendChild(option);
  }
  select.value = document.documentElement.lang;
  select.addEventListener("change", async () => {
    localStorage.setItem(CHOSEN, select.value);
    await setLanguage(select.value);
    translatePage();
    changed();
  });
}
