// Pages that open without signal: on a page holding the entry component (scoring/_entry.html)
// this registers the service worker (/sw.js, scope "/") and keeps the page in the worker's
// cache; after each htmx swap of the component, the kept copy gets the new component, so
// the page reopens offline as it was last seen. The worker refreshes kept pages on each
// visit and forgets them at logout (templates/scoring/service-worker.js).
(() => {
  if (window.entryPagesStarted) {
    return; // htmx runs the component's scripts again after each swap
  }
  window.entryPagesStarted = true;
  const PAGES = "entry-pages";
  const PAGES_KEPT = 12;
  const section = document.querySelector("[data-offline-entry]");
  if (!section || !("serviceWorker" in navigator) || !window.isSecureContext || !window.caches) {
    return; // entry works online only, as it always did
  }
  const pageUrl = () => location.href.split("#")[0];

  async function keepThisPage() {
    const cache = await caches.open(PAGES);
    if (navigator.onLine && !(await cache.match(pageUrl()))) {
      await cache.add(pageUrl());
      const keys = await cache.keys(); // oldest first
      await Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT)).map((key) => cache.delete(key)));
    }
  }

  // The kept copy with the component the server just sent (its hands, totals, dealer).
  async function keepSwap(html) {
    const cache = await caches.open(PAGES);
    const kept = await cache.match(pageUrl());
    if (!kept) {
      return;
    }
    const parser = new DOMParser();
    const fresh = parser.parseFromString(html, "text/html").querySelector("[data-offline-entry]");
    const doc = parser.parseFromString(await kept.text(), "text/html");
    const old = fresh && doc.getElementById(fresh.id);
    if (!old) {
      return;
    }
    old.replaceWith(doc.importNode(fresh, true));
    doc.querySelectorAll(".messages").forEach((messages) => messages.remove()); // said once
    const headers = { "Content-Type": kept.headers.get("Content-Type") || "text/html" };
    const policy = kept.headers.get("Content-Security-Policy");
    if (policy) {
      headers["Content-Security-Policy"] = policy;
    }
    const text = `<!doctype html>\n${doc.documentElement.outerHTML}`;
    await cache.put(pageUrl(), new Response(text, { headers }));
  }

  document.addEventListener("htmx:afterSwap", (event) => {
    const html = event.detail.xhr && event.detail.xhr.responseText;
    if (html && html.includes("data-offline-entry")) {
      keepSwap(html).catch(() => undefined); // a page that isn't kept still works online
    }
  });
  navigator.serviceWorker
    .register(section.dataset.worker, { scope: "/" })
    .then(keepThisPage)
    .catch(() => undefined);
})();
