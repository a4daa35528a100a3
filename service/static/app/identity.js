/* Who is playing: an account made with a display name (POST /v1/users), its bearer token
 * kept in this browser's localStorage. Another device signs in with a sign-in link,
 * which carries a one-time code, never the token: it works once, for minutes, and
 * becomes that device's own token (POST /v1/signin-codes, POST /v1/signin). The code
 * rides in the fragment (/signin#code=…), which browsers never send to a server, and
 * the page takes it out of the address bar as soon as it has read it. */

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

/* A new sign-in link: { link, expiresAt } (the code in it works once, for minutes). */
export async function makeSignInLink(api) {
  const made = await api.post("/v1/signin-codes", {});
  return { link: `${location.origin}${made.link}`, expiresAt: made.expires_at };
}

/* The token a sign-in code becomes (a new one, of this device alone). */
export async function redeemCode(api, code) {
  return (await api.post("/v1/signin", { code })).token;
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
  return value.startsWith("ttrc_") ? { code: value } : { token: value };
}
