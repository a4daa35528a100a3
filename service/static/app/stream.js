/* Following a feed: Server-Sent Events read with fetch (signed by the session cookie, as
 * every request of the page; a token would go in a header, never in a URL), resumed with Last-Event-ID after a dropped connection, and
 * long polling (`?after=&wait=`) when streams keep failing (a proxy that buffers them).
 * While the connection is down it tries again within about a second (spread out, so that
 * the pages of a restarted server do not all come back at once), and a long poll while
 * the server could not be reached answers at once: the server's return is noticed in a
 * second or two, not after a long back-off or a 25 s poll.
 *
 * parseSse is pure: it takes the text received so far and answers the complete messages
 * and the rest (the start of a message still arriving). */

export function parseSse(text) {
  const messages = [];
  const blocks = text.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop();
  for (const block of blocks) {
    const message = { event: "message", data: [], id: null, retry: null };
    let meaningful = false;
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "data") message.data.push(value);
      else if (field === "event") message.event = value;
      else if (field === "id") message.id = value;
      else if (field === "retry" && /^\d+$/.test(value)) message.retry = Number(value);
      else continue;
      meaningful = true;
    }
    if (meaningful) messages.push({ ...message, data: message.data.join("\n") });
  }
  return { messages, rest };
}

/* Follow `url` (a feed: /v1/games/{id}/events or /v1/users/me/events).
 * options: lastId (resume after it), onMessage({event, id, data}), onStatus(text)
 * ("live" | "reconnecting" | "polling"), idKey ("version" or "position": where a polled
 * page's events keep their id). Answers {stop()}. */
const RETRY_CAP = 1000; // ms between tries while the connection is down, at most

export function follow(url, options) {
  const state = { lastId: options.lastId ?? null, stopped: false, failures: 0, controller: null,
    unreachable: false };
  const status = (s) => options.onStatus && options.onStatus(s);
  const headers = () => {
    const h = { Accept: "text/event-stream" };
    if (state.lastId !== null) h["Last-Event-ID"] = String(state.lastId);
    return h;
  };
  let retry = 1000;

  async function streamOnce() {
    state.controller = new AbortController();
    const response = await fetch(url, { headers: headers(), cache: "no-store",
      signal: state.controller.signal });
    state.unreachable = false;
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    status("live");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const { messages, rest } = parseSse(buffer);
      buffer = rest;
      for (const m of messages) {
        if (m.retry !== null) retry = m.retry;
        if (m.id !== null) state.lastId = m.id;
        if (m.data) deliver(m.event, m.id, m.data);
        state.failures = 0;
      }
    }
  }

  function deliver(event, id, data) {
    let parsed;
    try {
      parsed = JSON.parse(data);
    } catch (_) {
      return;
    }
    options.onMessage({ event, id, data: parsed });
  }

  async function pollOnce() {
    const sep = url.includes("?") ? "&" : "?";
    const h = { Accept: "application/json" };
    // (while the server could not be reached, no wait: an answer at once says it is back)
    const wait = state.unreachable ? 0 : 25;
    const response = await fetch(`${url}${sep}after=${state.lastId ?? 0}&wait=${wait}`, {
      headers: h, cache: "no-store" });
    state.unreachable = false;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    status("polling");
    const page = await response.json();
    for (const e of page.events || []) {
      const id = e[options.idKey || "version"];
      state.lastId = id;
      options.onMessage({ event: e.type, id: String(id), data: e });
    }
    state.failures = 0;
  }

  /* Before the next try: a moment after a stream that ended; while failing, the
   * server's `retry` capped at about a second, from half of it up (a jitter). */
  function pause() {
    if (!state.failures) return 200;
    return Math.min(retry * state.failures, RETRY_CAP) * (0.5 + Math.random() / 2);
  }

  (async () => {
    while (!state.stopped) {
      try {
        // after several failed streams in a row, long polls instead
        if (state.failures >= 3) await pollOnce();
        else await streamOnce();
        if (state.stopped) return;
        if (options.onEnd && options.onEnd()) return; // the game is over: nothing to follow
      } catch (error) {
        if (state.stopped) return;
        state.failures += 1;
        // fetch's own failure (no answer at all): the server or the network is down
        if (error instanceof TypeError) state.unreachable = true;
        status("reconnecting");
      }
      await new Promise((resolve) => setTimeout(resolve, pause()));
    }
  })();

  return {
    stop() {
      state.stopped = true;
      if (state.controller) state.controller.abort();
    },
    get lastId() { return state.lastId; },
  };
}
