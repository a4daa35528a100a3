/* Who is playing: an account made with a display name (POST /v1/users), whose token the
 * page trades at once for a session kept in an HttpOnly cookie (api.js): no script of
 * the page can read the credential, and this browser's storage keeps none. What it
 * keeps (SESSION) is only that a session was opened, and what it may do, so that a
 * visitor's page asks nobody who they are. A token an older page kept in localStorage
 * (OLD_TOKEN) is traded for a session once, and removed (kept while it cannot be traded:
 * it may be the account's only key).
 *
 * A token is also a sign-in key: the sign-in link carries it in the fragment
 * (/signin#token=…), which browsers never send to a server, so it stays out of every
 * log. */

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

export function signInLink(token) {
  return `${location.origin}/signin#token=${encodeURIComponent(token)}`;
}

/* The token of a sign-in link's fragment, if any. */
export function tokenFromFragment(hash) {
  return new URLSearchParams(String(hash || "").replace(/^#/, "")).get("token");
}
