/* Who is playing: an account made with a display name (POST /v1/users), its bearer token
 * kept in this browser's localStorage. The token is also the sign-in key: the sign-in
 * link carries it in the fragment (/signin#token=…), which browsers never send to a
 * server, so it stays out of every log. */

const KEY = "ttr.token";

export function savedToken() {
  try {
    return localStorage.getItem(KEY);
  } catch (_) {
    return null;
  }
}

export function saveToken(token) {
  localStorage.setItem(KEY, token);
}

export function forget() {
  localStorage.removeItem(KEY);
}

export function signInLink(token) {
  return `${location.origin}/signin#token=${encodeURIComponent(token)}`;
}

/* The token of a sign-in link's fragment, if any. */
export function tokenFromFragment(hash) {
  return new URLSearchParams(String(hash || "").replace(/^#/, "")).get("token");
}
