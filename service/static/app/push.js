/* Push notifications for this browser (Web Push): ask the player's permission, register
 * the service worker (/sw.js, scope "/"), subscribe with the server's VAPID key
 * (GET /v1/push-key) and hand the subscription to the server
 * (POST /v1/users/me/push-subscriptions), which pushes the player's notices there while
 * no page of ours is open. Turning it off unsubscribes and tells the server.
 *
 * Every step can fail on its own (no support, permission refused, the browser's push
 * service unreachable, the server offering no push): `enablePush` answers the state the
 * profile page shows, never throws. */
import { h } from "./dom.js";
import { t } from "./i18n.js";

const PATH = "/v1/users/me/push-subscriptions";
const KEPT = "ttr.push_subscription"; // the id the server gave this browser's subscription

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/* base64url → the bytes `applicationServerKey` takes. */
export function keyBytes(base64url) {
  const text = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(text + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export function registerWorker() {
  return navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

/* The state of push in this browser: "unsupported", "denied", "on" or "off". */
export async function pushState() {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration && await registration.pushManager.getSubscription();
  return subscription && localStorage.getItem(KEPT) ? "on" : "off";
}

/* Ask, register, subscribe, tell the server: the state afterwards ("on", "denied",
 * "unsupported", "no-server" or "failed"). */
export async function enablePush(app) {
  if (!pushSupported()) return "unsupported";
  if (await Notification.requestPermission() !== "granted") return "denied";
  let key;
  try {
    key = (await app.api.get("/v1/push-key")).public_key;
  } catch (_) {
    return "no-server";
  }
  try {
    const registration = await registerWorker();
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    const kept = await app.api.post(PATH, subscription.toJSON());
    localStorage.setItem(KEPT, kept.id);
    return "on";
  } catch (_) {
    return "failed"; // the browser's push service did not answer, or the server refused
  }
}

export async function disablePush(app) {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration && await registration.pushManager.getSubscription();
  if (subscription) await subscription.unsubscribe();
  const id = localStorage.getItem(KEPT);
  localStorage.removeItem(KEPT);
  if (id) {
    await app.api.request("DELETE", `${PATH}/${encodeURIComponent(id)}`).catch(() => null);
  }
  return "off";
}

/* The profile's "Notifications" section (the player's own profile only). */
export function pushSection(app) {
  const status = h("p", { id: "push-status", role: "status" });
  const button = h("button", { type: "button", id: "push-toggle" });
  const show = (state) => {
    status.textContent = t(`push_${state.replace("-", "_")}`);
    button.hidden = state === "unsupported" || state === "denied" || state === "no-server";
    button.textContent = t(state === "on" ? "push_disable" : "push_enable");
    button.dataset.state = state;
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      show(button.dataset.state === "on" ? await disablePush(app) : await enablePush(app));
    } finally {
      button.disabled = false;
    }
  });
  show("off");
  pushState().then(show, () => show("unsupported"));
  return h("section", { id: "push", "aria-labelledby": "push-heading" },
    h("h2", { id: "push-heading" }, t("push_heading")), status, button);
}
