/* An API error in the player's words: a refused rule by its stable code, translated;
 * any other problem by its detail; a failed request as a network error. Its own module
 * so that the table shows a refusal without loading the lobby. */
import { ApiError } from "./api.js";
import { t } from "./i18n.js";

export function problemText(error) {
  if (error instanceof ApiError) {
    if (error.code) return t(`rule.${error.code}`);
    return error.problem.detail || error.problem.title || t("http_error", { n: error.status });
  }
  return t("network_error");
}
