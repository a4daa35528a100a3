/* The lobby: sign-up, open games (polled every few seconds while the page is visible),
 * my games (waiting for me first, with a badge; followed over my event stream), "Play
 * now" (quick_match.js), a new game, a link to the tournaments, and joining by invite
 * link. */
import { ApiError } from "./api.js";
import { BOT_LEVELS, clear, h, levelName, playerName, redrawIfChanged } from "./dom.js";
import { botRatingsLine, showBotRatings } from "./bot_ratings.js";
import { t } from "./i18n.js";
import { credentialFromText } from "./identity.js";
import { invitationSummary } from "./invitation.js";
import { myRatingsPanel } from "./my_ratings.js";
import { problemText } from "./problems.js";
import { playNowSection } from "./quick_match.js";
import { follow } from "./stream.js";
import { gamesToWatch } from "./watch_list.js";

const POLL_MS = 4000;


/* The sign-up form (and sign-in with a key): calls `then()` once someone is signed in. */
export function signUpForm(app, then) {
  const name = h("input", { id: "signup-name", name: "name", required: true, maxlength: 64,
    autocomplete: "nickname" });
  const key = h("input", { id: "signin-key", name: "key", autocomplete: "off" });
  const mail = h("input", { id: "signin-mail-address", name: "address", type: "email",
    autocomplete: "email", maxlength: 254 });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const fail = (e) => {
    error.textContent = problemText(e);
    error.hidden = false;
  };
  return h("section", { class: "welcome", "aria-labelledby": "welcome-heading" },
    h("h1", { id: "welcome-heading" }, t("welcome")),
    h("p", {}, t("welcome_text")),
    h("form", { id: "signup", onsubmit: async (event) => {
      event.preventDefault();
      try {
        await app.signUp(name.value.trim());
        then();
      } catch (e) {
        fail(e);
      }
    } }, h("label", { for: "signup-name" }, t("display_name")), name,
    h("button", { type: "submit" }, t("sign_up"))),
    h("details", {}, h("summary", {}, t("have_key")),
      h("form", { id: "signin", onsubmit: async (event) => {
        event.preventDefault();
        try {
          await app.signInWith(credentialFromText(key.value));
          then();
        } catch (e) {
          fail(e);
        }
      } }, h("label", { for: "signin-key" }, t("signin_key")), key,
      h("button", { type: "submit" }, t("sign_in")))),
    h("details", {}, h("summary", {}, t("signin_by_mail")),
      h("form", { id: "signin-mail", onsubmit: async (event) => {
        event.preventDefault();
        try {
          await app.api.post("/v1/signin/mail", { address: mail.value.trim() });
          error.textContent = t("signin_mail_sent"); // (the same whether or not it has an account)
          error.hidden = false;
        } catch (e) {
          fail(e);
        }
      } }, h("label", { for: "signin-mail-address" }, t("mail_address")), mail,
      h("button", { type: "submit" }, t("signin_mail_send")))),
    error);
}

export async function showLobby(app, main) {
  if (!app.user) {
    main.append(signUpForm(app, () => app.rerender()));
    return null;
  }
  const maps = (await app.api.get("/v1/maps")).maps;
  const mine = h("ul", { id: "my-games", class: "games" });
  const open = h("ul", { id: "open-games", class: "games" });
  const badge = h("span", { id: "my-turn-badge", class: "badge", hidden: true });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const ratings = myRatingsPanel(app, maps);
  const toWatch = gamesToWatch(app);
  main.append(
    h("div", { class: "lobby" },
      h("section", { "aria-labelledby": "my-heading" },
        h("h2", { id: "my-heading" }, t("my_games"), " ", badge), mine),
      h("section", { "aria-labelledby": "open-heading" },
        h("h2", { id: "open-heading" }, t("open_games")), open),
      toWatch.section,
      ratings.section,
      playNowSection(app, maps, problemText),
      newGameForm(app, maps, error),
      h("p", { class: "to-tournaments" }, h("a", { href: "/tournaments", "data-nav": "",
        id: "tournaments-link" }, t("tournaments"))), error));

  const show = (list, games, empty, joinable) => redrawIfChanged(list, JSON.stringify(games), () => {
    if (!games.length) list.append(h("li", { class: "none" }, empty));
    for (const g of games) list.append(gameItem(app, g, joinable, error, refresh));
  });
  let busy = false;
  async function refresh() {
    if (busy) return;
    busy = true;
    try {
      const [my, lobby] = await Promise.all([
        app.api.get("/v1/users/me/games?limit=50"), app.api.get("/v1/games?limit=50")]);
      const active = my.games.filter((g) => g.status !== "finished");
      const finished = my.games.filter((g) => g.status === "finished");
      const done = finished.slice(0, 10);
      const sorted = [...active.filter((g) => g.your_turn), ...active.filter((g) => !g.your_turn), ...done];
      show(mine, sorted, t("no_games_yet"), false);
      show(open, lobby.games.filter((g) => g.your_seat === null), t("no_open_games"), true);
      const waiting = active.filter((g) => g.your_turn).length;
      badge.textContent = String(waiting);
      badge.hidden = waiting === 0;
      badge.setAttribute("aria-label", t("waiting_for_you", { n: waiting }));
      document.title = (waiting ? `(${waiting}) ` : "") + t("app_title");
      document.body.dataset.lobbyVersion = String(Number(document.body.dataset.lobbyVersion || 0) + 1);
      await Promise.all([ratings.refresh(finished.length), toWatch.refresh()]);
    } catch (e) {
      error.textContent = problemText(e);
      error.hidden = false;
    } finally {
      busy = false;
    }
  }
  await refresh();
  const timer = setInterval(() => { if (!document.hidden) refresh(); }, POLL_MS);
  // my games change with every event of theirs: follow my event stream from its end
  const position = Number(localStorage.getItem(`ttr.position.${app.user.id}`) || 0);
  let pending = null;
  const stream = follow("/v1/users/me/events", {
    lastId: position, idKey: "position",
    onMessage: (m) => {
      if (m.id) localStorage.setItem(`ttr.position.${app.user.id}`, m.id);
      clearTimeout(pending);
      pending = setTimeout(refresh, 150);
    },
  });
  return () => {
    clearInterval(timer);
    clearTimeout(pending);
    stream.stop();
  };
}

function gameItem(app, g, joinable, error, refresh) {
  const players = (g.players || []).map((p, i) => playerName(p, p.seat ?? i));
  const status = g.status === "open"
    ? t("seats_taken", { taken: g.seats_taken, n: g.seats }) : t(`status.${g.status}`);
  const actions = [];
  const fail = (e) => {
    error.textContent = problemText(e);
    error.hidden = false;
  };
  if (joinable) {
    actions.push(h("button", { type: "button", class: "join", dataset: { game: g.id },
      onclick: async () => {
        try {
          await app.api.post(`/v1/games/${g.id}/players`, {});
          app.go(`/play/${g.id}`);
        } catch (e) {
          fail(e);
        }
      } }, t("join")));
  } else {
    actions.push(h("a", { href: `/play/${g.id}`, "data-nav": "", class: "button open-game" },
      t(g.status === "finished" ? "see_result" : "open_table")));
    if (g.status === "open") {
      actions.push(h("button", { type: "button", class: "leave", onclick: async () => {
        try {
          await app.api.act(g.id, { type: "resign" });
          refresh();
        } catch (e) {
          fail(e);
        }
      } }, t("leave_table")));
    }
  }
  return h("li", { class: `game${g.your_turn ? " your-turn" : ""}`, dataset: { game: g.id, status: g.status } },
    h("span", { class: "game-map" }, t(`map.${g.map}`)),
    g.private ? h("span", { class: "tag" }, t("private")) : null,
    g.your_turn ? h("strong", { class: "tag turn-tag" }, t("your_turn")) : null,
    h("span", { class: "game-status" }, status),
    h("span", { class: "game-players" }, players),
    h("span", { class: "game-actions" }, actions));
}

const TIME_LIMITS = [null, 300, 3600, 86400, 259200];

/* A <select> of the bot levels (`first`: an option before them, e.g. "a player"). */
function levelSelect(attrs, first = null, chosen = "hard") {
  return h("select", attrs, first,
    BOT_LEVELS.map((level) => h("option", { value: level, selected: level === chosen },
      t("seat_bot", { level: levelName(level) }))));
}

/* For each seat after mine: a player (through the invite link) or a bot of a level. The
 * API seats the bots right after me and invited players after them, so the choices are
 * numbered as opponents, not as seats. */
function opponentChoices(box, seats) {
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  clear(box).append(h("legend", {}, t("opponents")));
  for (let seat = 2; seat <= seats; seat++) {
    const id = `new-seat-${seat}`;
    box.append(h("span", { class: "opponent" }, h("label", { for: id }, t("opponent_n", { n: seat - 1 })),
      levelSelect({ id, name: id, class: "opponent-choice" },
        h("option", { value: "" }, t("seat_invite")), kept[seat - 2] ?? "")));
  }
}

function newGameForm(app, maps, error) {
  const map = h("select", { id: "new-map", name: "map" },
    maps.map((m) => h("option", { value: m.map }, t(`map.${m.map}`))));
  const seats = h("select", { id: "new-seats", name: "seats" });
  const opponents = h("fieldset", { id: "new-opponents", class: "opponents" });
  const fillSeats = () => {
    const m = maps.find((x) => x.map === map.value) || maps[0];
    const min = m.min_players ?? (m.rules && m.rules.min_players) ?? 2;
    const max = m.max_players ?? (m.rules && m.rules.max_players) ?? 5;
    const before = Number(seats.value) || min;
    clear(seats);
    for (let n = min; n <= max; n++) seats.append(h("option", { value: n }, t("n_players", { n })));
    seats.value = String(Math.min(max, Math.max(min, before)));
    opponentChoices(opponents, Number(seats.value));
  };
  const botRatings = botRatingsLine();
  map.addEventListener("change", fillSeats);
  map.addEventListener("change", () => showBotRatings(app.api, botRatings, map.value));
  showBotRatings(app.api, botRatings, map.value);
  seats.addEventListener("change", () => opponentChoices(opponents, Number(seats.value)));
  fillSeats();
  const privateBox = h("input", { type: "checkbox", id: "new-private", name: "private" });
  const ratedBox = h("input", { type: "checkbox", id: "new-rated", name: "rated", checked: true });
  const standInLevel = levelSelect({ id: "new-stand-in-level", name: "stand_in_level", disabled: true });
  const standInBox = h("input", { type: "checkbox", id: "new-stand-in", name: "stand_in",
    onchange: () => { standInLevel.disabled = !standInBox.checked; } });
  const limit = h("select", { id: "new-limit", name: "turn_time_limit" },
    TIME_LIMITS.map((s) => h("option", { value: s ?? "" }, s ? t(`limit.${s}`) : t("limit.none"))));
  return h("section", { "aria-labelledby": "new-heading", class: "new-game" },
    h("h2", { id: "new-heading" }, t("new_game")),
    h("form", { id: "new-game", onsubmit: async (event) => {
      event.preventDefault();
      const bots = [...opponents.querySelectorAll("select")].map((s) => s.value).filter(Boolean);
      const body = { map: map.value, seats: Number(seats.value), private: privateBox.checked,
        rated: ratedBox.checked };
      if (bots.length) body.bots = bots;
      if (standInBox.checked) Object.assign(body, { stand_in: true, stand_in_level: standInLevel.value });
      if (limit.value) body.turn_time_limit = Number(limit.value);
      try {
        const game = await app.api.post("/v1/games", body);
        if (game.invite_code) localStorage.setItem(`ttr.invite.${game.id}`, game.invite_code);
        app.go(`/play/${game.id}`);
      } catch (e) {
        error.textContent = problemText(e);
        error.hidden = false;
      }
    } },
    h("label", { for: "new-map" }, t("map")), map,
    h("label", { for: "new-seats" }, t("players")), seats,
    opponents, botRatings,
    h("p", { class: "hint" }, t("bots_start_at_once")),
    h("label", { for: "new-limit" }, t("turn_time_limit")), limit,
    h("label", { class: "check" }, privateBox, t("private_game")),
    h("label", { class: "check" }, ratedBox, t("rated_game")),
    h("span", { class: "stand-in" }, h("label", { class: "check" }, standInBox, t("stand_in_option")),
      h("label", { for: "new-stand-in-level", class: "visually-hidden" }, t("stand_in_level")), standInLevel),
    h("button", { type: "submit", id: "create-game" }, t("create_game"))));
}

/* /join/{id}#invite=CODE: take the seat (signing up first if need be). */
export async function showJoin(app, main, gameId) {
  const invite = new URLSearchParams(location.hash.replace(/^#/, "")).get("invite");
  const about = await invitationSummary(app, gameId, invite);
  if (!app.user) {
    main.append(h("p", { class: "invited" }, t("invited")), about, signUpForm(app, () => app.rerender()));
    return null;
  }
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const button = h("button", { type: "button", id: "take-seat", onclick: async () => {
    try {
      await app.api.post(`/v1/games/${encodeURIComponent(gameId)}/players`,
        invite ? { invite_code: invite } : {});
      if (invite) localStorage.setItem(`ttr.invite.${gameId}`, invite);
      app.go(`/play/${gameId}`);
    } catch (e) {
      if (e instanceof ApiError && e.code === "already_seated") app.go(`/play/${gameId}`);
      error.textContent = problemText(e);
      error.hidden = false;
    }
  } }, t("take_seat"));
  main.append(h("section", { class: "join-page" }, h("h1", {}, t("invited")), about,
    h("p", {}, t("invited_text")), button, error));
  return null;
}
