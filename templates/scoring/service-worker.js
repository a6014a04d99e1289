// The service worker of the scorecard entry component (scoring/views/offline.py serves it at
// the site's root). It keeps the pages a captain enters cards on, and the site's own scripts
// and styles, so a phone that lost its signal can still open them. It never sends or keeps a
// POST: the page's script queues hands in IndexedDB and sends them when the signal is back.
const ASSETS = "entry-assets-{{ version }}";
const PAGES = "entry-pages"; // filled by static/js/offline-entry.js, refreshed here
const PRECACHE = {{ assets|safe }};
const STATIC_PREFIX = {{ static_prefix|safe }};
const LOGOUT_PATH = {{ logout_path|safe }};
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/; // a release's file: it never changes

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("entry-assets-") && name !== ASSETS)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// A page: from the network; a kept page is refreshed with it, and answers when offline.
async function page(request) {
  try {
    const response = await fetch(request);
    const cache = await caches.open(PAGES);
    if (response.ok && (await cache.match(request.url))) {
      await cache.put(request.url, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request.url, { cacheName: PAGES });
    if (kept) {
      return kept;
    }
    throw error;
  }
}

// A script or style: a release's hashed file from the cache first, others network first.
async function asset(request) {
  const cache = await caches.open(ASSETS);
  const path = new URL(request.url).pathname;
  if (HASHED.test(path)) {
    const kept = await cache.match(request);
    if (kept) {
      return kept;
    }
  }
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) {
      return kept;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.method === "POST" && url.pathname === LOGOUT_PATH) {
    // Signing out forgets the kept pages: the next person on this phone can't open them.
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== "GET") {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(asset(request));
  }
});
