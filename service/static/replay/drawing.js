/* The replay's board: drawn by the shared module /static/board/board.js (the web
 * client's table draws the same), with each route's title and the legend below it in
 * the chosen language. */
import { ROUTE_COLORS, drawBoard, svg } from "../board/board.js";
import { t } from "../app/i18n.js";
import { cardName, mapName } from "../app/words.js";
import { html } from "./html.js";

const CAR_WIDTH = 7;

export function mapTitle(model) {
  const name = mapName(model.mapName);
  return name !== model.mapName ? name : model.board.name || model.mapName;
}

export function routeTitle(route) {
  const kind = route.tunnel ? t("route.tunnel")
    : route.locomotives > 0 ? t("route.ferry", { n: route.locomotives }) : "";
  return t("route.title", { a: route.a, b: route.b, n: route.length, color: cardName(route.color) }) + kind;
}

export function drawMap(model) {
  return drawBoard(model.board, model.layout, {
    idPrefix: "map", title: t("board_title", { map: mapTitle(model) }), routeTitle,
  });
}

/* What the marks on the board mean (only those this map has). */
export function legend(model) {
  const el = document.getElementById("legend");
  el.textContent = "";
  const item = (label, draw) => {
    const span = html("span", { class: "legend-item" });
    const icon = svg("svg", { viewBox: "0 0 40 14", width: 40, height: 14, "aria-hidden": "true" });
    draw(icon);
    span.append(icon, document.createTextNode(label));
    el.appendChild(span);
  };
  const car = (icon, cls, fill, x) => svg("rect", {
    class: cls, x, y: 3.5, width: 16, height: CAR_WIDTH, rx: 1.5, fill,
  }, icon);
  const gray = ROUTE_COLORS.gray;
  el.appendChild(document.createTextNode(`${t("replay.legend")} `));
  item(t("replay.legend_route"), (i) => { car(i, "car", gray, 2); car(i, "car", gray, 21); });
  if (model.routes.some((r) => r.tunnel)) {
    item(t("replay.legend_tunnel"), (i) => {
      car(i, "car tunnel-car", gray, 2); car(i, "car tunnel-car", gray, 21);
    });
  }
  if (model.routes.some((r) => r.locomotives > 0)) {
    item(t("replay.legend_ferry"), (i) => {
      car(i, "car", gray, 2); car(i, "car", gray, 21);
      svg("circle", { class: "loco", cx: 10, cy: 7, r: 2.1 }, i);
    });
  }
  if (model.stations > 0) {
    item(t("replay.legend_station"), (i) => {
      svg("circle", { class: "station-ring", cx: 20, cy: 7, r: 5.5, stroke: "#555" }, i);
    });
  }
}
