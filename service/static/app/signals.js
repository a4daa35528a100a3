/* When it becomes my turn: the tab's title and favicon say so, and (when allowed) a
 * browser notification while the tab is hidden. */
import { t } from "./i18n.js";

const ICON = (fill) => "data:image/svg+xml," + encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${fill}" stroke="#000"/></svg>`);

export function turnSignals(table) {
  let wasMine = false;
  const link = document.querySelector("link[rel=icon]");
  const original = link ? link.href : null;
  const mine = () => table.moves.some((m) => m.type !== "resign");
  function update() {
    const now = mine();
    const name = t(`map.${table.game.map}`);
    document.title = now ? `● ${t("your_turn")} · ${name}` : `${name} · ${t("app_title")}`;
    if (link) link.href = now ? ICON("#e0218a") : ICON("#c9d0d8");
    if (now && !wasMine && document.hidden && window.Notification && Notification.permission === "granted") {
      new Notification(t("your_turn"), { body: t("your_turn_body", { map: name }), tag: `ttr-${table.gameId}` });
    }
    wasMine = now;
  }
  return {
    update,
    stop() {
      if (link && original) link.href = original;
    },
  };
}
