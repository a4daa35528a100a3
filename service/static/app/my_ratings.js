/* The lobby's "my ratings" panel: my rating and rank on each map I have played
 * (provisional marked), a link to my profile and to each map's leaderboard. Read from my
 * public profile (GET /v1/users/{id}), again whenever another of my games has finished. */
import { clear, h, ratingText } from "./dom.js";
import { t } from "./i18n.js";

export function myRatingsPanel(app, maps) {
  const list = h("ul", { id: "my-ratings-list", class: "ratings" });
  const boards = h("p", { class: "board-links" }, t("leaderboards"), ": ",
    maps.map((m, i) => [i ? " · " : "", h("a", { href: `/leaderboards/${encodeURIComponent(m.map)}`,
      "data-nav": "", class: "leaderboard-link", "data-map": m.map }, t(`map.${m.map}`))]));
  const section = h("section", { id: "my-ratings", "aria-labelledby": "my-ratings-heading" },
    h("h2", { id: "my-ratings-heading" }, t("my_ratings")), list,
    h("p", {}, h("a", { href: `/players/${encodeURIComponent(app.user.id)}`, "data-nav": "",
      id: "my-profile-link" }, t("my_profile"))),
    boards);
  let finished = null;

  /* Read again when the count of my finished games changed (or at first). */
  async function refresh(finishedGames) {
    if (finishedGames === finished) return;
    finished = finishedGames;
    const profile = await app.api.get(`/v1/users/${encodeURIComponent(app.user.id)}`);
    // the ratings job reaches a game moments after its score: ask again at the next poll
    if (profile.games_played < finishedGames) finished = null;
    clear(list);
    if (!profile.ratings.length) list.append(h("li", { class: "none" }, t("no_ratings_yet")));
    for (const r of profile.ratings) {
      list.append(h("li", { class: "rating", dataset: { map: r.map } },
        h("a", { href: `/leaderboards/${encodeURIComponent(r.map)}`, "data-nav": "", class: "rating-map" },
          t(`map.${r.map}`)),
        " ", h("span", { class: "rating-value" }, ratingText(r.rating)),
        " · ", h("span", { class: "rating-rank" }, t("rank_of", { rank: r.rank === null ? "–" : r.rank })),
        " · ", h("span", { class: "rating-games" }, t("rated_games", { n: r.games })),
        r.provisional ? [" ", h("span", { class: "tag provisional" }, t("provisional"))] : null));
    }
    document.body.dataset.ratingsVersion = String(Number(document.body.dataset.ratingsVersion || 0) + 1);
  }
  return { section, refresh };
}
