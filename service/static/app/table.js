/* The table: the game as I may see it (GET /v1/games/{id}), my legal moves (GET …/moves),
 * the log as sentences, all kept up to date over the game's event stream (which brings
 * the game and my moves after each change too); every action is one of the listed
 * moves, sent with an Idempotency-Key. */
import { drawBoard } from "../board/board.js";
import { zoomable } from "../board/zoom.js";
import { ApiError, newKey } from "./api.js";
import { clear, h, levelName, shownName } from "./dom.js";
import { t } from "./i18n.js";
import { problemText } from "./problems.js";
import { sortMoves } from "./payment.js";
import { follow } from "./stream.js";
import { caption, describeEvent, holderName, seatHolders } from "./words.js";
import * as parts from "./table_parts.js";
import { buildHint, renderHint } from "./table_hint.js";
import { buildClaim, claimSetting, closeClaim, renderClaim, stopClaim } from "./claim.js";
import { showMoments } from "./table_moments.js";
import { soundToggle } from "./sounds.js";
import { startReactions } from "./reactions.js";
import { markPhases } from "./phases.js";
import { watchOutage } from "./outage.js";
import { buildWatching, renderWatching } from "./spectator.js";
import { followHandBar } from "./hand_bar.js";
import { mapReads, rememberMap } from "./known_maps.js";
import { heard } from "./table_stream.js";

export async function showTable(app, main, gameId) {
  const table = new Table(app, main, gameId);
  await table.start();
  return () => table.stop();
}

class Table {
  constructor(app, main, gameId) {
    this.app = app;
    this.main = main;
    this.gameId = gameId;
    this.path = `/v1/games/${encodeURIComponent(gameId)}`;
    this.game = null;
    this.moves = [];
    this.log = new Map(); // version -> event
    this.busy = false;
    this.refreshing = null;
    this.timers = [];
  }

  async start() {
    const api = this.app.api;
    // the read the page began as it loaded (main.js), if it was made for this table with
    // the session that holds now; else asked for here
    const early = this.app.early;
    this.app.early = null;
    const mine = early && early.gameId === this.gameId && this.app.user;
    // the game, its log and my moves (none when I hold no seat), all of one version
    const { game, events: log, moves } = await (mine ? early.table : api.get(`${this.path}/table`));
    this.game = game;
    this.moves = moves && game.status === "playing" ? moves.moves : []; // (as fetchMoves)
    rememberMap(this.gameId, this.game.map);
    const maps = mine && early.map && early.map.map === this.game.map ? early.map : mapReads(api, this.game.map);
    const [board, layout] = await Promise.all([maps.board, maps.layout]);
    this.board = board;
    this.routeById = new Map(board.routes.map((r) => [r.id, r]));
    this.ticketById = new Map(board.tickets.map((x) => [x.id, x]));
    for (const e of log.events) this.log.set(e.version, e);
    this.build(layout);
    this.reactions = startReactions(this);
    markPhases(this);
    this.outage = watchOutage(this);
    this.render();
    this.afterDrawn();
    // (`snapshots=each`: after each change the stream brings the game and my moves too)
    this.stream = follow(`${this.path}/events?snapshots=each`, {
      lastId: this.game.version,
      onMessage: (m) => heard(this, m),
      onStatus: (s) => { this.el.connection.textContent = t(`connection.${s}`); this.el.connection.dataset.status = s;
        this.streamLive = s === "live";
        if (this.streamLive) this.streamStarting = true;
        if (this.streamLive && this.signalsMissing) { this.signalsMissing = false; this.afterDrawn(); }
        this.outage.status(s); },
      onEnd: () => this.game.status === "finished",
    });
    this.timers.push(setInterval(() => parts.renderCountdown(this), 1000));
  }

  /* What the table does once drawn, from a module loaded after its first drawing (on a
   * repeat visit each module costs the phone's main thread a request and a task before
   * the table can be drawn): the turn signals. (The motion of what changes is not: it
   * compares each drawing with the first, so a move made at once would go unmarked.) */
  afterDrawn() {
    import("./signals.js").then(({ turnSignals }) => {
      if (this.stopped) return;
      this.signals = turnSignals(this);
      this.signals.update();
    }, () => { this.signalsMissing = true; });  // the network dropped: again once it is back
  }

  stop() {
    this.stopped = true;
    if (this.stream) this.stream.stop();
    this.timers.forEach(clearInterval);
    if (this.signals) this.signals.stop();
    if (this.outage) this.outage.stop();
    stopClaim(this);
    if (this.reactions) this.reactions.stop();
  }

  mySeat() {
    return this.game.you ? this.game.you.seat : null;
  }

  seatName(seat) {
    const p = this.game.players.find((x) => x.seat === seat);
    return p ? shownName(p.user_id, p.name) : t("someone");
  }

  /* A user's name at this table (a player a bot stands in for is no longer seated): from
   * the seats taken in the log. */
  userName(userId) {
    const seated = this.game.players.find((p) => p.user_id === userId);
    if (seated) return shownName(userId, seated.name);
    for (const e of this.log.values()) {
      if (e.type === "seat_taken" && e.data && e.data.user_id === userId) return shownName(userId, e.data.name);
    }
    return t("someone");
  }

  routeName(id) {
    const r = this.routeById.get(id);
    return r ? `${r.a}–${r.b}` : String(id);
  }

  ticketName(id) {
    const x = this.ticketById.get(id);
    return x ? `${x.a}–${x.b} (${x.points})` : String(id);
  }

  /* My moves as the table opens: those the page asked for as it loaded, if they are of
   * this version or later, else asked for now. */
  async loadMoves(version = this.game.version) {
    const answer = await this.fetchMoves(version);
    if (answer && answer.version >= this.game.version) this.moves = answer.moves;
  }

  /* My legal moves at `version` or later (none to fetch when I hold no seat in play). */
  async fetchMoves(version) {
    if (this.mySeat() === null || this.game.status !== "playing") {
      this.moves = [];
      return null;
    }
    return this.app.api.get(`${this.path}/moves?min_version=${version}`);
  }

  /* A newer view of the game (never an older one); with moves when they came with it. */
  accept(game, moves) {
    if (!game || game.version < this.game.version) return false;
    this.game = game;
    if (moves) this.moves = moves;
    return true;
  }

  /* The game and my moves again (both at once), once at a time: a burst of events
   * costs one more round after the one under way. */
  refresh(version = this.game.version) {
    this.wanted = Math.max(this.wanted || 0, version);
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        try {
          const [fresh, moves] = await Promise.all([
            this.app.api.getFresh(this.path), this.fetchMoves(this.wanted)]);
          this.accept(fresh.data, null);
          if (moves && moves.version >= this.game.version) this.moves = moves.moves;
          else await this.loadMoves(); // the game moved on meanwhile, or has just started
          this.logDirty = false;
          this.unsure = false;
          this.render();
        } catch (error) {
          this.unsure = true; // (the game or my moves may be older than the stream)
          console.warn("refresh failed", error);
        }
      } while (this.again);
      this.refreshing = null;
    })();
    return this.refreshing;
  }

  showProblem(text, code) {
    parts.showRefusal(this, text, code);
  }

  /* Send one legal move. A refusal (422) is shown in words and changes nothing. */
  async act(move, key = newKey()) {
    if (this.busy || this.outage.down) return; // (an outage: see outage.js)
    this.busy = true;
    document.body.dataset.busy = "true";
    parts.showRefusal(this, null);
    closeClaim(this);
    try {
      const result = await this.app.api.act(this.gameId, move, key);
      for (const e of result.events || []) this.log.set(e.version, e);
      if (this.accept(result.game, result.moves)) this.render();
      else this.refresh();
    } catch (error) {
      parts.showRefusal(this, problemText(error), error instanceof ApiError ? error.code : "network");
      await this.refresh();
    } finally {
      this.busy = false;
      document.body.dataset.busy = "false";
    }
  }

  build(layout) {
    const el = (this.el = {});
    el.caption = h("p", { id: "caption", "aria-live": "polite" });
    el.countdown = h("p", { id: "countdown", hidden: true });
    el.finalRound = h("p", { id: "final-round", class: "warning", role: "status", hidden: true });
    el.connection = h("span", { id: "connection", class: "connection" });
    // a browser notification when my turn comes while the tab is hidden: asked for once
    el.notify = window.Notification && Notification.permission === "default"
      ? h("button", { type: "button", id: "notify", onclick: async () => {
        await Notification.requestPermission();
        el.notify.hidden = true;
      } }, t("notify_me")) : null;
    el.refusal = h("p", { id: "refusal", class: "error", role: "alert", hidden: true });
    el.actions = h("section", { id: "actions", "aria-label": t("your_moves") });
    el.hint = buildHint(this);
    el.claim = buildClaim(this);
    // what the claim and tunnel panels say to a screen reader as they change
    el.said = h("p", { id: "said", class: "visually-hidden", "aria-live": "polite" });
    el.hand = h("ul", { id: "hand", class: "cards" });
    el.handNote = h("p", { id: "hand-note", class: "hand-note", hidden: true });
    el.market = h("div", { id: "market", class: "market" });
    el.tickets = h("ul", { id: "my-tickets", class: "tickets" });
    el.players = h("div", { id: "players" });
    // it scrolls: focusable, so that the keyboard can scroll it too
    el.log = h("ol", { id: "log", class: "log", tabindex: "0", "aria-labelledby": "log-heading" });
    el.end = h("section", { id: "end", hidden: true, "aria-labelledby": "end-heading" });
    el.waiting = h("section", { id: "waiting", hidden: true });
    el.standIn = h("section", { id: "stand-in", class: "stand-in-notice", role: "status", hidden: true });
    this.view = drawBoard(this.board, layout, { idPrefix: "table-board",
      title: t("board_title", { map: t(`map.${this.board.map}`) }),
      routeTitle: (r) => this.routeTitle(r.id) });
    el.board = h("div", { id: "board", class: "board" }, this.view.root);
    // pan and zoom (board/zoom.js): it also makes the board focusable, a group named for
    // its keys, so the keyboard reaches it
    this.zoom = zoomable(el.board, this.view.root);
    const side = h("div", { class: "side" },
      el.refusal, el.hint, el.claim, el.actions, el.said,
      // (the hand and the draws: on a phone a bar fixed at the bottom, with the board in view)
      (el.handBar = h("div", { id: "hand-bar", class: "hand-bar" },
        h("section", { "aria-labelledby": "hand-heading" }, h("h2", { id: "hand-heading" }, t("your_cards")), el.hand,
          el.handNote),
        h("section", { "aria-labelledby": "market-heading" }, h("h2", { id: "market-heading" }, t("face_up")), el.market))),
      h("section", { "aria-labelledby": "tickets-heading" }, h("h2", { id: "tickets-heading" }, t("your_tickets")), el.tickets),
      h("section", { class: "players-section", "aria-labelledby": "players-heading" }, h("h2", { id: "players-heading" }, t("players")), el.players),
      h("section", { "aria-labelledby": "log-heading" }, h("h2", { id: "log-heading" }, t("log")), el.log),
      (el.settings = claimSetting()));
    clear(this.main).append(h("div", { class: "table", id: "table" },
      h("header", { class: "table-head" },
        // (`elementtiming`: when the table is first on the screen, which bench/web.py reads)
        h("h1", { elementtiming: "ttr-table" }, t(`map.${this.board.map}`)), el.caption, el.countdown, el.finalRound, el.notify,
        el.connection, soundToggle()),
      el.standIn, el.waiting, el.end,
      h("div", { class: "table-body" }, el.board, side)));
    buildWatching(this);
    followHandBar(el.handBar, el.board);
  }

  render() {
    const began = performance.now();
    const g = this.game;
    const sorted = sortMoves(this.moves);
    this.sorted = sorted;
    this.el.caption.textContent = caption(g, this.mySeat(), (s) => this.seatName(s), this.board.rules);
    document.body.dataset.version = String(g.version);
    document.body.dataset.status = g.status;
    document.body.dataset.myTurn = String(this.moves.some((m) => m.type !== "resign"));
    parts.renderBoard(this, sorted);
    parts.renderWaiting(this);
    parts.renderStandIn(this);
    parts.renderActions(this, sorted);
    renderClaim(this);
    this.el.settings.hidden = g.status === "finished" || this.mySeat() === null;
    renderHint(this);
    parts.renderHand(this);
    parts.renderMarket(this, sorted);
    parts.renderTickets(this);
    parts.renderPlayers(this);
    parts.renderLog(this);
    parts.renderCountdown(this);
    // the end screen's module (and its share links') only once there is an end to show
    if (g.status === "finished") import("./endgame.js").then((end) => end.renderEnd(this));
    if (this.reactions) this.reactions.render();
    renderWatching(this);
    if (this.signals) this.signals.update();
    showMoments(this);
    performance.measure("ttr-render", { start: began });
  }

  /* A route's tooltip and claim button, made once a table (its words do not change). */
  routeTitle(id) {
    if (!this.routeTitles) this.routeTitles = new Map();
    let title = this.routeTitles.get(id);
    if (title === undefined) {
      title = parts.routeTitle(this.routeById.get(id));
      this.routeTitles.set(id, title);
    }
    return title;
  }

  /* The sentences of the log, newest first: each names the seat's holder of its time
   * (a bot marked with its level), so a stand-in's moves stay the bot's after a return. */
  describeLog(limit) {
    const events = [...this.log.values()].sort((a, b) => a.version - b.version);
    const holders = seatHolders(events);
    return events.slice(-limit).reverse().map((e) => {
      const before = holders.get(e.version);
      const actor = e.actor && e.actor.kind === "seat" && before ? before[e.actor.seat] : null;
      return { event: e, text: this.describe(e, before), bot: Boolean(actor && actor.level) };
    });
  }

  describe(e, holders) {
    const seatName = (s) => {
      const holder = holders && holders[s];
      if (!holder) return this.seatName(s);
      const name = holderName(holder);
      return holder.level ? t("bot_named", { name, level: levelName(holder.level) }) : name;
    };
    return describeEvent(e, { seatName, userName: (id) => this.userName(id),
      routeName: (id) => this.routeName(id), ticketName: (id) => this.ticketName(id) });
  }
}
