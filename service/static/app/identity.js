/* Who is playing: an account made with a display name (POST /v1/users), whose token the
 * page trades at once for a session kept in an HttpOnly cookie (api.js): no script of
 * the page can read the credential, and this browser's storage keeps none. What it
 * keeps (SESSION) is only that a session was opened, and what it may do, so that a
 * visitor's page asks nobody who they are. A token an older page kept in localStorage
 * (OLD_TOKEN) is traded for a session once, and removed (kept while it cannot be traded:
 * it may be the account's only key).
 *
 * Another device signs in with a sign-in link, which carries a one-time code, never a
 * token: it works once, for minutes, and becomes that device's own token, traded in
 * turn for its session (POST /v1/signin-codes, POST /v1/signin). The code rides in the
 * fragment (/signin#code=…), which browsers never send to a server, and the page takes
 * it out of the address bar as soon as it has read it. */

const SESSION = "ttr.session";
const OLD_TOKEN = "ttr.token";

function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null; // storage turned off: nothing is remembered
  }
}

/* The session this browser opened ({scopes}), or null. */
export function savedSession() {
  try {
    return JSON.parse(storage()?.getItem(SESSION) || "null");
  } catch (_) {
    return null;
  }
}

export function saveSession(session) {
  storage()?.setItem(SESSION, JSON.stringify({ scopes: session.scopes || [] }));
}

export function forget() {
  storage()?.removeItem(SESSION);
}

/* The token an older version of the page kept (null: none). */
export function oldToken() {
  return storage()?.getItem(OLD_TOKEN) ?? null;
}

/* Once it is traded for a session (or refused): no copy stays where scripts read. */
export function dropOldToken() {
  storage()?.removeItem(OLD_TOKEN);
}

/* A new sign-in link: { link, expiresAt } (the code in it works once, for minutes). */
export async function makeSignInLink(api) {
  const made = await api.post("/v1/signin-codes", {});
  return { link: `${location.origin}${made.link}`, expiresAt: made.expires_at };
}

/* The token a sign-in code becomes (a new one, of this device alone). */
export async function redeemCode(api, code) {
  // a code mailed to the account's address (ttrm_…), or one a signed-in device made
  const path = String(code).startsWith("ttrm_") ? "/v1/signin/mail-code" : "/v1/signin";
  return (await api.post(path, { code })).token;
}

/* What a sign-in link's fragment carries: { code } (what we make), { token } (the links
 * made before codes, still accepted), or {}. */
export function credentialFromFragment(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  if (params.get("code")) return { code: params.get("code") };
  if (params.get("token")) return { token: params.get("token") };
  return {};
}

/* What was pasted into the sign-in form: a sign-in link, a code or a token. */
export function credentialFromText(text) {
  const value = String(text || "").trim();
  if (value.includes("#")) return credentialFromFragment(value.slice(value.indexOf("#")));
  return value.startsWith("ttrc_") || value.startsWith("ttrm_") ? { code: value } : { token: value };
}
