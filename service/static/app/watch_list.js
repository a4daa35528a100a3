/* The lobby's "Games to watch": public games in progress (GET /v1/games?status=playing:
 * the server never lists a private one), each with its map and players and a link to its
 * table, where someone without a seat watches (spectator.js). Games I sit at are in
 * "My games" instead. */
import { h, playerName, redrawIfChanged } from "./dom.js";
import { t } from "./i18n.js";

export function gamesToWatch(app) {
  const list = h("ul", { id: "games-to-watch", class: "games games-to-watch" });
  const section = h("section", { "aria-labelledby": "watch-heading" },
    h("h2", { id: "watch-heading" }, t("games_to_watch")), list);

  async function refresh() {
    const answer = await app.api.get("/v1/games?status=playing&limit=20");
    const games = answer.games.filter((g) => g.your_seat === null);
    redrawIfChanged(list, JSON.stringify(games), () => {
      if (!games.length) list.append(h("li", { class: "none" }, t("no_games_to_watch")));
      for (const g of games) {
        list.append(h("li", { class: "game", dataset: { game: g.id, status: g.status } },
          h("span", { class: "game-map" }, t(`map.${g.map}`)),
          h("span", { class: "game-players" },
            (g.players || []).map((p, i) => playerName(p, p.seat ?? i))),
          h("span", { class: "game-actions" },
            h("a", { href: `/play/${g.id}`, "data-nav": "", class: "button watch-game",
              dataset: { game: g.id } }, t("watch")))));
      }
    });
  }
  return { section, refresh };
}
