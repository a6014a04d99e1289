// The entry component's queue: hands and submissions tapped without signal, kept on the
// phone (IndexedDB) and sent in order when the signal is back. Each one carries the key the
// server remembers (scoring.services.receipts), so an entry sent twice (an answer lost on the
// way, two tabs) counts once. static/js/offline-entry.js is the page's side of it.
(() => {
  if (window.EntryQueue) {
    return; // htmx runs the component's scripts again after each swap
  }
  const DB_NAME = "euchre-entry";
  const STORE = "queue";
  let items = []; // in the order tapped, mirrored to IndexedDB
  let writes = Promise.resolve();
  let seq = 0;
  let syncing = false;
  let signIn = false;
  const refused = new Map(); // game -> {key, label, message}: waits for the captain
  const sent = new Map(); // game -> {hands, card}: shown as "sent" until the next tap
  const listeners = new Set();

  function changed() {
    listeners.forEach((listener) => listener());
  }

  function openDb() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  const db = "indexedDB" in window ? openDb() : Promise.reject(new Error("no IndexedDB"));

  function transact(mode, work) {
    return db.then(
      (handle) =>
        new Promise((resolve, reject) => {
          const tx = handle.transaction(STORE, mode);
          const request = work(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(request ? request.result : undefined);
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        }),
    );
  }

  const unwritten = new Set(); // keys added or taken back here, not yet in IndexedDB

  function persist(key, work) {
    unwritten.add(key);
    writes = writes
      .then(() => transact("readwrite", work))
      .catch(() => undefined)
      .then(() => unwritten.delete(key));
    return writes;
  }

  // What IndexedDB holds (another tab may have sent or added entries), with what this page
  // changed that isn't written yet.
  async function reload() {
    const rows = (await transact("readonly", (store) => store.getAll())) || [];
    const stored = new Set(rows.map((row) => row.key));
    const current = new Set(items.map((item) => item.key));
    items = [
      ...rows.filter((row) => !unwritten.has(row.key) || current.has(row.key)),
      ...items.filter((item) => unwritten.has(item.key) && !stored.has(item.key)),
    ].sort((a, b) => a.seq - b.seq);
    seq = Math.max(seq, ...items.map((item) => item.seq), 0);
  }

  const available = db.then(
    () => true,
    () => false,
  );
  const ready = available.then((ok) => (ok ? reload().catch(() => undefined) : undefined));
  ready.then(changed);

  function newKey() {
    if (window.crypto && crypto.randomUUID) {
      return crypto.randomUUID();
    }
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function mine(user, game) {
    return items.filter((item) => item.user === user && (game === undefined || item.game === game));
  }

  function add(item) {
    seq = Math.max(seq + 1, Date.now());
    const row = { ...item, seq };
    items.push(row);
    sent.delete(item.game);
    persist(row.key, (store) => store.put(row));
    changed();
  }

  function remove(key) {
    items = items.filter((item) => item.key !== key);
    persist(key, (store) => store.delete(key));
    changed();
  }

  // Take back entries from `key` on (all the game's later ones too): they came after it.
  function removeFrom(user, game, key) {
    const queue = mine(user, game);
    const start = queue.findIndex((item) => item.key === key);
    const gone = start < 0 ? [] : queue.slice(start);
    gone.forEach((item) => remove(item.key));
    refused.delete(game);
    changed();
    return gone;
  }

  async function send(item, csrf) {
    if (new URL(item.url, location.href).origin !== location.origin) {
      return { refused: "it was meant for another site." }; // never post the token elsewhere
    }
    const body = new URLSearchParams(item.fields);
    body.set("key", item.key);
    let response;
    try {
      response = await fetch(item.url, {
        method: "POST",
        body,
        credentials: "same-origin",
        redirect: "manual", // signed out: the login page is not an answer
        cache: "no-store",
        headers: { "X-CSRFToken": csrf, "X-Entry-Sync": "1", Accept: "application/json" },
      });
    } catch (error) {
      return { retry: true }; // still no signal
    }
    if (response.type === "opaqueredirect") {
      return { signIn: true };
    }
    let answer = null;
    try {
      answer = await response.json();
    } catch (error) {
      answer = null;
    }
    if (response.ok && answer && answer.ok) {
      return { ok: true, redirect: answer.redirect || "" };
    }
    if (response.status >= 500 || response.status === 0) {
      return { retry: true };
    }
    const why = answer && answer.error ? answer.error : `the server said no (${response.status})`;
    return { refused: why };
  }

  async function sendAll(user, csrf, summary) {
    await reload();
    const games = [...new Set(mine(user).map((item) => item.game))];
    for (const game of games) {
      while (!refused.has(game)) {
        const item = mine(user, game)[0];
        if (!item) {
          break;
        }
        const outcome = await send(item, csrf);
        if (outcome.ok) {
          remove(item.key);
          const done = summary.get(game) || { hands: 0, card: false, redirect: "" };
          if (item.step === "hand") {
            done.hands += 1;
          } else {
            done.card = true;
            done.redirect = outcome.redirect;
          }
          summary.set(game, done);
          sent.set(game, done);
        } else if (outcome.refused) {
          refused.set(game, { key: item.key, label: item.label, message: outcome.refused });
        } else {
          signIn = Boolean(outcome.signIn);
          return; // no signal after all, or signed out: the next try picks up here
        }
      }
    }
    signIn = false;
  }

  // Send this user's entries, game by game, in the order tapped; a refused one stops its
  // game's queue until the captain takes it back. Resolves to game -> what was sent.
  async function sync({ user, csrf }) {
    const summary = new Map();
    if (syncing || !navigator.onLine || !(await available)) {
      return summary;
    }
    syncing = true;
    changed();
    try {
      const run = () => sendAll(user, csrf, summary);
      if (navigator.locks) {
        await navigator.locks.request("euchre-entry-sync", run); // one tab sends at a time
      } else {
        await run();
      }
    } catch (error) {
      // IndexedDB or the network failed in a way not foreseen: try again later
    } finally {
      syncing = false;
      changed();
    }
    return summary;
  }

  window.EntryQueue = {
    ready,
    available,
    newKey,
    add,
    remove,
    removeFrom,
    sync,
    items: mine,
    refusal: (game) => refused.get(game),
    sent: (game) => sent.get(game),
    forgetSent: (game) => sent.delete(game),
    state: () => ({ syncing, signIn }),
    onChange: (listener) => listeners.add(listener),
  };
  document.dispatchEvent(new CustomEvent("entry-queue-ready"));
})();
