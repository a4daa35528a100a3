/* A map's leaderboard, /leaderboards/{map}?bots=true&offset=N: best rating first, paged;
 * my own entry and rank highlighted (asked with me=true), bots on a board of their own,
 * and a switch to the other maps' boards. */
import { clear, h, profileLink, ratingText } from "./dom.js";
import { t } from "./i18n.js";

const PAGE = 50;

export async function showLeaderboard(app, main, mapName) {
  const params = new URLSearchParams(location.search);
  const bots = params.get("bots") === "true";
  const offset = Math.max(0, Math.floor(Number(params.get("offset")) || 0));
  const query = new URLSearchParams({ offset: String(offset), limit: String(PAGE), bots: String(bots) });
  if (app.user) query.set("me", "true");
  const [board, maps] = await Promise.all([
    app.api.get(`/v1/leaderboards/${encodeURIComponent(mapName)}?${query}`), app.api.get("/v1/maps")]);
  const address = (o, b = bots) => `/leaderboards/${encodeURIComponent(mapName)}?` +
    new URLSearchParams({ ...(b ? { bots: "true" } : {}), ...(o ? { offset: String(o) } : {}) });
  document.title = `${t("leaderboard_of", { map: t(`map.${mapName}`) })} · ${t("app_title")}`;
  const me = board.me || null;
  const switcher = h("select", { id: "board-map" },
    maps.maps.map((m) => h("option", { value: m.map }, t(`map.${m.map}`))));
  switcher.value = mapName;
  switcher.addEventListener("change", () =>
    app.go(`/leaderboards/${encodeURIComponent(switcher.value)}${bots ? "?bots=true" : ""}`));
  const kinds = h("nav", { class: "board-kinds", "aria-label": t("board_kind") },
    h("a", { href: address(0, false), "data-nav": "", id: "board-people", "aria-current": bots ? null : "page" }, t("board_people")),
    " · ",
    h("a", { href: address(0, true), "data-nav": "", id: "board-bots", "aria-current": bots ? "page" : null }, t("board_bots")));
  const rows = board.entries.map((e) => {
    const mine = me && e.user_id === me.user_id;
    return h("tr", { dataset: { user: e.user_id, rank: e.rank }, class: mine ? "mine" : null,
      "aria-current": mine ? "true" : null },
    h("td", { class: "rank" }, String(e.rank)),
    h("th", { scope: "row" }, profileLink(e.user_id, null, e.name),
      e.bot ? h("span", { class: "tag bot-tag" }, t("bot")) : null,
      mine ? h("span", { class: "you" }, ` (${t("you")})`) : null),
    h("td", { class: "rating" }, ratingText(e.rating),
      e.provisional ? h("span", { class: "tag provisional" }, ` ${t("provisional")}`) : null),
    h("td", { class: "games" }, String(e.games)));
  });
  const onPage = me && board.entries.some((e) => e.user_id === me.user_id);
  const myPlace = me ? h("p", { id: "my-place", class: "my-place" },
    t("my_place", { rank: me.rank, rating: ratingText(me.rating) }),
    onPage ? null : [" ", h("a", { href: address(Math.floor((me.rank - 1) / PAGE) * PAGE), "data-nav": "" }, t("show_my_place"))])
    : app.user ? h("p", { id: "my-place", class: "none" }, t("not_on_board")) : null;
  const pages = h("nav", { class: "pages", "aria-label": t("pages") },
    offset > 0 ? h("a", { href: address(Math.max(0, offset - PAGE)), "data-nav": "", id: "previous-page", class: "button" }, t("previous")) : null,
    h("span", { class: "page-range" }, t("entries_range", {
      from: board.total ? offset + 1 : 0, to: offset + board.entries.length, n: board.total })),
    offset + board.entries.length < board.total
      ? h("a", { href: address(offset + PAGE), "data-nav": "", id: "next-page", class: "button" }, t("next")) : null);
  clear(main).append(h("div", { class: "leaderboard", id: "leaderboard", dataset: { map: mapName, bots: String(bots) } },
    h("h1", {}, t("leaderboard_of", { map: t(`map.${mapName}`) })),
    h("form", { class: "filters", onsubmit: (e) => e.preventDefault() },
      h("label", { for: "board-map" }, t("map")), switcher, kinds),
    myPlace,
    board.entries.length ? h("div", { class: "scroll" }, h("table", { id: "board-table", class: "scores" },
      h("caption", { class: "visually-hidden" }, t(bots ? "board_bots" : "board_people")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rank")), h("th", { scope: "col" }, t("player")),
        h("th", { scope: "col" }, t("rating")), h("th", { scope: "col" }, t("rated_games_col")))),
      h("tbody", {}, rows)))
      : h("p", { class: "none" }, t("board_empty")),
    pages));
  return null;
}
