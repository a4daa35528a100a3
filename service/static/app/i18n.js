/* The message catalogue: one JSON file per language under /static/app/i18n/, every file
 * with the same keys as en.json. A message may hold {name} parameters; a message that
 * depends on a number is an object of plural forms (one, few, many, other) chosen by the
 * browser's Intl.PluralRules. The language comes from the browser's languages, unless
 * the person chose one (kept in localStorage). */

export const LANGUAGES = {
  en: "English", cs: "Čeština", da: "Dansk", fi: "Suomi", hu: "Magyar", nb: "Norsk",
  pl: "Polski", pt: "Português", sv: "Svenska",
};
const ALIASES = { no: "nb", nn: "nb" };

let messages = {};
let fallback = {};
let language = "en";
let plurals = new Intl.PluralRules("en");

/* The first of `preferred` (e.g. navigator.languages) that the catalogue has. */
export function pickLanguage(preferred) {
  for (const tag of preferred || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    const code = ALIASES[base] || base;
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export async function loadCatalogue(code) {
  // beside this module, so of its version (/static/{version}/app/i18n/…): kept a year
  const response = await fetch(new URL(`./i18n/${code}.json`, import.meta.url));
  if (!response.ok) throw new Error(`no catalogue for ${code}`);
  return response.json();
}

export async function setLanguage(code) {
  if (!(code in LANGUAGES)) code = "en";
  const [chosen, english] = await Promise.all([
    loadCatalogue(code), code === "en" ? null : (fallback.app_title ? fallback : loadCatalogue("en")),
  ]);
  messages = chosen;
  fallback = english || chosen;
  language = code;
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  return code;
}

export function currentLanguage() {
  return language;
}

/* The message `key` with its {parameters}; `n` (when given) chooses the plural form. */
export function t(key, params = {}) {
  let message = key in messages ? messages[key] : fallback[key];
  if (message === undefined) return key;
  if (typeof message === "object") {
    const form = plurals.select(Number(params.n ?? 0));
    message = message[form] ?? message.other;
  }
  if (!message.includes("{")) return message; // (most messages have no parameters)
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function has(key) {
  return key in messages || key in fallback;
}
