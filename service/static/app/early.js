/* The first reads of a page, asked for as soon as the page begins to be read: who the
 * session speaks for and, at a table, the table's one read (the game, its log and my
 * moves at one version: GET /v1/games/{id}/table). The server writes
 * this script into the page itself (service/api/client_pages.py, allowed by its hash in
 * the page's Content-Security-Policy), so that these reads cross the network while the
 * page's styles and modules are still being read and run; main.js takes their answers
 * (`ttrEarlyReads`) as the API's own reads would have been, and asks again for none.
 *
 * Only where main.js would ask for the same at once: a session saved on this device,
 * no older token to trade first, not the sign-in page. A classic script of its own
 * (it runs before any module): it names the API's paths and the client's header as
 * api.js and identity.js do. */
(() => {
  const STARTING_MS = 1500;
  let saved = null;
  let oldToken = null;
  try {
    saved = localStorage.getItem("ttr.session");
    oldToken = localStorage.getItem("ttr.token");
  } catch (_) {
    return;
  }
  if (!saved || oldToken || location.pathname === "/signin") return;
  // nothing drawn until main.js has drawn the page (app.css), or for at most 1.5 s: a
  // page slower than that shows that it is loading
  const root = document.documentElement;
  root.dataset.starting = "";
  setTimeout(() => delete root.dataset.starting, STARTING_MS);
  const read = (path) => {
    const answer = fetch(path, { headers: { Accept: "application/json", "X-TTR-Client": "web" },
      cache: "no-store" });
    answer.catch(() => {}); // (a failure is the taker's to see)
    return answer;
  };
  const reads = { me: read("/v1/users/me") };
  const play = /^\/play\/([^/]+)\/?$/.exec(location.pathname);
  if (play) {
    let gameId = null;
    try {
      gameId = decodeURIComponent(play[1]);
    } catch (_) {
      // (an address that is no game's: the table says so, with its own reads)
    }
    if (gameId !== null) {
      Object.assign(reads, { gameId, table: read(`/v1/games/${encodeURIComponent(gameId)}/table`) });
    }
  }
  window.ttrEarlyReads = reads;
})();
