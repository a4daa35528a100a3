/* The web client: the header (language, who is signed in), and the pages
 *   /                 the lobby (sign up first when nobody is signed in)
 *   /signin#code=…    sign in with a sign-in link (its one-time code; #token=… of old)
 *   /join/{id}#invite=…  take a seat at a (private) table
 *   /play/{id}        the table (the end screen once the game is over)
 *   /players/{id}     a player's profile
 *   /leaderboards/{map}  a map's leaderboard
 *   /tournaments      the tournaments (and organising one)
 *   /tournaments/{id} a tournament: players, rounds, standings
 * all built on the public API only. */
import { Api, ApiError } from "./api.js";
import { LANGUAGES, pickLanguage, setLanguage, t } from "./i18n.js";
import { clear, h } from "./dom.js";
import * as identity from "./identity.js";
import { knownMap, mapReads } from "./known_maps.js";
// each page's module (lobby.js, table.js, …: `pageModule`) is loaded when that page is
// shown, so a page loads only its own: the server names the one its address needs in a
// modulepreload link, so that it comes with this module rather than after it

const app = {
  api: new Api(),
  user: null,
  scopes: [], // what the session may do
  leave: null, // ends the page shown now (its streams and timers)
  main: null,
  go(path) {
    history.pushState(null, "", path);
    route();
  },
  /* Trade `token` for a session (the cookie) and forget it. */
  async signIn(token) {
    const session = await app.api.startSession(token);
    identity.saveSession(session);
    try {
      return await app.resume();
    } catch (error) {
      if (error.status !== 401) throw error;
      identity.forget(); // the browser did not keep the cookie: a plain-HTTP address
      throw new ApiError(0, { detail: t("cookie_refused") });
    }
  },
  /* Who the session cookie speaks for (401 if it has ended); `early`: that read, begun
   * as the page began (early.js); `header`: the header drawn again (the page's start
   * draws it once everything it shows is known). */
  async resume(early = null, header = true) {
    app.user = await (early ? app.api.read(early) : app.api.get("/v1/users/me"));
    app.scopes = (identity.savedSession() || {}).scopes || [];
    if (header) renderHeader();
    return app.user;
  },
  /* Sign in with a sign-in link's code: it becomes this device's own token. */
  async signInWithCode(code) {
    return app.signIn(await identity.redeemCode(new Api(null), code));
  },
  async signInWith(credential) {
    if (credential.code) return app.signInWithCode(credential.code);
    if (credential.token) return app.signIn(credential.token);
    return null;
  },
  async signUp(name) {
    // the session cookie is Secure: where it cannot be kept, no account is made in vain
    if (!window.isSecureContext) throw new ApiError(0, { detail: t("cookie_refused") });
    const created = await app.api.post("/v1/users", { name });
    await app.signIn(created.token);
    return created;
  },
  async signOut() {
    identity.forget();
    app.user = null;
    try {
      await app.api.endSession();
    } catch (error) {
      console.error(error); // the session ends by itself in time; the page forgets it now
    }
    renderHeader();
    app.go("/");
  },
  rerender() {
    renderHeader();
    route();
  },
};
window.ttrApp = app;

function renderHeader() {
  // the page's own words (index.html's, in English until now)
  const skip = document.querySelector("a.skip");
  if (skip) skip.textContent = t("skip_to_content");
  const header = clear(document.getElementById("site-header"));
  const language = h("select", { id: "language", "aria-label": t("language") },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, lang: code }, name)));
  language.value = document.documentElement.lang;
  language.addEventListener("change", async () => {
    localStorage.setItem("ttr.language", language.value);
    await setLanguage(language.value);
    app.rerender();
  });
  header.append(
    h("a", { href: "/", class: "brand", "data-nav": "" }, t("app_title")),
    h("span", { class: "spacer" }),
    h("label", { class: "language" }, h("span", { class: "visually-hidden" }, t("language")), language),
  );
  if (app.user) {
    const linkBox = h("div", { id: "signin-link-box", hidden: true });
    header.append(
      h("a", { id: "me", class: "me", href: `/players/${encodeURIComponent(app.user.id)}`, "data-nav": "" },
        t("signed_in_as", { name: app.user.name })),
      h("button", { type: "button", id: "show-signin-link", onclick: () => showSignInLink(linkBox) },
        t("signin_link")),
      h("button", { type: "button", id: "sign-out", onclick: () => app.signOut() }, t("sign_out")),
      linkBox,
    );
  }
}

async function showSignInLink(box) {
  if (!box.hidden) {
    box.hidden = true;
    return;
  }
  let link;
  try {
    ({ link } = await identity.makeSignInLink(app.api));
  } catch (error) {
    clear(box).append(h("p", { class: "error", role: "alert" }, error.message));
    box.hidden = false;
    return;
  }
  const input = h("input", { id: "signin-link", type: "text", readonly: true, value: link,
    "aria-label": t("signin_link") });
  clear(box).append(h("p", {}, t("signin_link_help", { minutes: 10 })), input,
    h("button", { type: "button", onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(link);
        copied.textContent = t("copied");
      } catch (_) {
        copied.textContent = t("copy_by_hand");
      }
    } }, t("copy")), h("span", { class: "copied", role: "status" }));
  const copied = box.querySelector(".copied");
  box.hidden = false;
  input.select();
}

const PATHS = {
  join: /^\/join\/([^/]+)\/?$/,
  play: /^\/play\/([^/]+)\/?$/,
  player: /^\/players\/([^/]+)\/?$/,
  board: /^\/leaderboards\/([^/]+)\/?$/,
  cups: /^\/tournaments\/?$/,
  cup: /^\/tournaments\/([^/]+)\/?$/,
};

/* The module of the page at `path` (none for /signin and /mail/verify, which go on to
 * another page). */
function pageModule(path) {
  if (path === "/signin" || path === "/mail/verify") return null;
  if (PATHS.play.test(path)) return import("./table.js");
  if (PATHS.player.test(path)) return import("./profile.js");
  if (PATHS.board.test(path)) return import("./leaderboard.js");
  if (PATHS.cups.test(path) || PATHS.cup.test(path)) return import("./tournaments.js");
  return import("./lobby.js"); // the lobby, and an invite link
}

async function route() {
  if (app.leave) app.leave();
  app.leave = null;
  document.body.dataset.state = "loading";
  const path = location.pathname;
  let page = null;
  let failure = null;
  try {
    // loaded before the page shown now is cleared, so that the new one follows at once
    page = await pageModule(path);
  } catch (error) {
    failure = error;
  }
  const main = clear(app.main);
  try {
    if (failure) throw failure;
    if (path === "/signin") {
      // out of the address bar and the history before anything else happens
      const credential = identity.credentialFromFragment(location.hash);
      history.replaceState(null, "", "/");
      let failure = null;
      try {
        await app.signInWith(credential);
      } catch (error) {
        failure = error;
      }
      await route();
      if (failure) {
        app.main.prepend(h("p", { id: "signin-failed", class: "error", role: "alert" },
          t("signin_link_failed", { detail: failure.message })));
      }
      return;
    }
    if (path === "/mail/verify") {
      // an address's verification link: the code leaves the address bar at once
      const credential = identity.credentialFromFragment(location.hash);
      history.replaceState(null, "", "/");
      let said;
      try {
        await (await import("./notice_settings.js")).verifyAddress(app, credential.code || "");
        said = h("p", { id: "mail-verified", role: "status" }, t("mail_verified"));
      } catch (error) {
        said = h("p", { id: "mail-verify-failed", class: "error", role: "alert" },
          t("mail_verify_failed", { detail: error.message }));
      }
      await route();
      app.main.prepend(said);
      return;
    }
    const join = path.match(PATHS.join);
    const play = path.match(PATHS.play);
    const player = path.match(PATHS.player);
    const board = path.match(PATHS.board);
    const cup = path.match(PATHS.cup);
    if (join) app.leave = await page.showJoin(app, main, decodeURIComponent(join[1]));
    else if (play) app.leave = await page.showTable(app, main, decodeURIComponent(play[1]));
    else if (player) app.leave = await page.showProfile(app, main, decodeURIComponent(player[1]));
    else if (board) app.leave = await page.showLeaderboard(app, main, decodeURIComponent(board[1]));
    else if (PATHS.cups.test(path)) app.leave = await page.showTournaments(app, main);
    else if (cup) app.leave = await page.showTournament(app, main, decodeURIComponent(cup[1]));
    else app.leave = await page.showLobby(app, main);
    document.body.dataset.state = "ready";
    delete document.documentElement.dataset.starting; // (early.js: now it is drawn)
    performance.mark("ttr-ready"); // the page can be used: bench/web.py reads this
  } catch (error) {
    console.error(error);
    main.append(h("p", { class: "error", role: "alert" }, t("load_failed", { detail: error.message })));
    document.body.dataset.state = "error";
    delete document.documentElement.dataset.starting;
  }
}

/* The table's first read (the game, its log and my moves: table.js), asked for at once,
 * or taken from the reads the page began with (`begun`: early.js's). */
function earlyReads(api, gameId, begun) {
  const taken = begun && begun.gameId === gameId;
  const reads = { gameId, table: taken ? api.read(begun.table)
    : api.get(`/v1/games/${encodeURIComponent(gameId)}/table`) };
  // the map this device last saw at this table, with the game (table.js checks it)
  const map = knownMap(gameId);
  if (map) reads.map = mapReads(api, map);
  // (a read the table does not take, or takes after it failed, is no unhandled error)
  reads.table.catch(() => {});
  return reads;
}

/* The session this browser holds, if any (or the token an older page kept, traded for
 * one); `begun`: the read of who it speaks for, if the page began it (early.js). */
async function resumeSession(begun) {
  const oldToken = identity.oldToken();
  if (location.pathname === "/signin" || !(oldToken || identity.savedSession())) return;
  try {
    if (oldToken) {
      await app.signIn(oldToken);
      identity.dropOldToken();
    } else {
      await app.resume(begun, false);
    }
  } catch (error) {
    if (error.status === 401) {
      identity.forget();
      identity.dropOldToken(); // a token the server no longer knows
    }
  }
}

async function start() {
  app.main = document.getElementById("main");
  const chosen = localStorage.getItem("ttr.language") || pickLanguage(navigator.languages);
  // the page's module made ready (it came with the page: modulepreload) while the
  // catalogue and who is signed in are asked for, all at once; route() finds it loaded
  const page = pageModule(location.pathname);
  if (page) page.catch(() => {}); // (a failure is route()'s to show)
  // a table's own first reads go with them too: they need only the session's cookie,
  // which the browser holds already (the table takes them if the session holds)
  // (the reads the page itself began, before its modules ran: taken once)
  const begun = window.ttrEarlyReads || null;
  delete window.ttrEarlyReads;
  const play = PATHS.play.exec(location.pathname);
  if (play && identity.savedSession()) app.early = earlyReads(app.api, decodeURIComponent(play[1]), begun);
  await Promise.all([setLanguage(chosen), resumeSession(begun && begun.me)]);
  renderHeader();
  document.addEventListener("click", (event) => {
    const a = event.target.closest("a[data-nav]");
    if (!a || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    app.go(a.getAttribute("href"));
  });
  window.addEventListener("popstate", route);
  await route();
}

start();
