/* The service worker (served at /sw.js, so its scope is the whole site): it shows the
 * notices the server pushes while no page of ours is open, and opens the table when one
 * is clicked.
 *
 * A push's payload is the JSON {title, body, url, tag}: the server writes the words (in
 * the player's language), so this worker keeps no catalogue. `tag` (the notice's key)
 * makes a repeat of the same notice replace the one shown, silently, rather than stack.
 * Only a path of this site is opened: whatever a payload says, a click never leaves it.
 * Served under a policy that lets it load and fetch nothing (it needs neither). */

const FALLBACK_TITLE = "Ticket to Ride";

function notice(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === "object" ? data : {};
  } catch (_) {
    return {};
  }
}

/* `url` as a path of this site ("/play/g_1"), or "/" when it is anything else. */
function sitePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//")
    && !url.startsWith("/\\") ? url : "/";
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const data = notice(event);
  const title = typeof data.title === "string" && data.title ? data.title : FALLBACK_TITLE;
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    data: { url: sitePath(data.url) },
  };
  if (typeof data.tag === "string" && data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sitePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => c.url === target);
    if (same) return same.focus();
    return self.clients.openWindow(target);
  })());
});
