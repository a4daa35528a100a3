/* The public REST API, as the client calls it: signed by the session cookie, problem+json
 * errors, conditional GETs (ETag / If-None-Match), and an Idempotency-Key on every action,
 * kept across retries so that a retried or double-clicked action never acts twice.
 *
 * The page holds no credential: it trades the token it is given (at sign-up, or by a
 * sign-in link) for a session (POST /v1/session), and the browser then sends the
 * session's cookie, HttpOnly so that no script of the page can read it. Every request
 * says it comes from the page (X-TTR-Client: web): the server takes a cookie-signed
 * request that changes something only with it (service/web_session.py). */

export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
    this.code = this.problem.code || null; // the rule's stable code, for a 422
  }
}

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const CLIENT_HEADERS = Object.freeze({ "X-TTR-Client": "web" });

export class Api {
  constructor() {
    this.etags = new Map(); // path -> [etag, body] of conditional GETs
  }

  headers(extra) {
    return { Accept: "application/json", ...CLIENT_HEADERS, ...extra };
  }

  async request(method, path, body, extra = {}) {
    const init = { method, headers: this.headers(extra), cache: "no-store" };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
    return this.answerOf(await fetch(path, init));
  }

  /* A GET's data from a fetch begun before this page's modules ran (early.js), taken as
   * `get` takes its own. */
  async read(answer) {
    return (await this.answerOf(await answer)).data;
  }

  async answerOf(response) {
    if (response.status === 304) {
      await response.arrayBuffer(); // (read to its empty end: left unread, Chromium counts it aborted)
      return { notModified: true, response };
    }
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_) {
      data = { detail: text.slice(0, 200) };
    }
    if (!response.ok) throw new ApiError(response.status, data);
    return { data, response };
  }

  async get(path) {
    return (await this.request("GET", path)).data;
  }

  /* GET of a public answer the same for everyone (a map): the browser's cache may keep
   * it for as long as the answer's Cache-Control says, where every other read is fresh. */
  async getShared(path) {
    const response = await fetch(path, { headers: this.headers(), cache: "default" });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, data);
    return data;
  }

  /* GET with If-None-Match: the body seen before when nothing changed. */
  async getFresh(path) {
    const seen = this.etags.get(path);
    const result = await this.request("GET", path, undefined,
      seen ? { "If-None-Match": seen[0] } : {});
    if (result.notModified && seen) return { data: seen[1], changed: false };
    const etag = result.response.headers.get("ETag");
    if (etag) this.etags.set(path, [etag, result.data]);
    return { data: result.data, changed: true };
  }

  post(path, body, extra) {
    return this.request("POST", path, body, extra).then((r) => r.data);
  }

  /* Trade `token` for the session cookie (the only request that sends a token);
   * answers the session: {id, scopes, expires_at}. */
  startSession(token) {
    return this.post("/v1/session", undefined, { Authorization: `Bearer ${token}` });
  }

  /* Sign out: the server ends the session and the browser drops its cookie. */
  async endSession() {
    this.etags.clear();
    await this.request("DELETE", "/v1/session");
  }

  /* One action with its Idempotency-Key: a network failure is retried with the same key
   * (the server answers a repeat with the first answer and changes nothing). */
  async act(gameId, command, key = newKey(), tries = 3) {
    const path = `/v1/games/${encodeURIComponent(gameId)}/actions`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.post(path, command, { "Idempotency-Key": key });
      } catch (error) {
        if (error instanceof ApiError || attempt >= tries) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
      }
    }
  }
}
