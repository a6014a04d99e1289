// Hand-by-hand entry without signal (scoring/_entry.html). Online, every tap posts through
// htmx as before, with a key made here. Offline (or while earlier taps still wait), a hand,
// a submission or final scores are kept on the phone (static/js/entry-queue.js) instead, the
// form moves on to the next hand, and the panel says what waits; when the signal is back
// they are sent in order and the page says "sent". static/js/entry-pages.js keeps the page
// itself, so it opens again without signal.
(() => {
  if (window.entryOfflineStarted) {
    return; // htmx runs the component's scripts again after each swap
  }
  window.entryOfflineStarted = true;

  const KEPT_STEPS = new Set(["hand", "submit", "final"]);
  // Each side as the page names it (a league game's teams), or its seats.
  const sidesOf = (section) => ({
    NS: section.dataset.sideNs || "N-S",
    EW: section.dataset.sideEw || "E-W",
  });
  const SEAT = { N: "North", E: "East", S: "South", W: "West" };
  const NEXT_DEALER = { N: "E", E: "S", S: "W", W: "N" };
  const RETRY_FIRST_MS = 2000; // then twice as long each time, up to a minute
  const RETRY_MAX_MS = 60000;
  const notes = new Map(); // game -> a message for the captain, until the next tap

  const sections = () => Array.from(document.querySelectorAll("[data-offline-entry]"));
  const sectionOf = (game) => document.getElementById(`entry-${game}`);
  const pageUrl = () => location.href.split("#")[0];
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  function currentUser() {
    const section = sections()[0];
    return section ? section.dataset.user : "";
  }

  function csrfToken() {
    try {
      const headers = JSON.parse(document.body.getAttribute("data-hx-headers") || "{}");
      if (headers["X-CSRFToken"]) {
        return headers["X-CSRFToken"];
      }
    } catch (error) {
      // fall back to a form's token
    }
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  // What a captain reads about a kept entry.
  function describe(step, fields, number, SIDE) {
    const f = Object.fromEntries(fields);
    if (step === "submit") {
      return `The card, submitted for ${SIDE[f.side] || "your side"}`;
    }
    if (step === "final") {
      const scores = fields
        .filter(([name]) => name.startsWith("score_"))
        .map(([name, value]) => `${SIDE[name.slice(6)] || SEAT[name.slice(6)] || name} ${value}`);
      return `The card as final scores: ${scores.join(", ")}`;
    }
    if (f.passed) {
      return `Hand ${number}: passed deal`;
    }
    const seat = SEAT[f.alone];
    const maker = SIDE[f.maker] || (seat ? SIDE[f.alone === "N" || f.alone === "S" ? "NS" : "EW"] : "");
    const alone = seat ? ` (${seat} alone)` : f.alone ? " alone" : "";
    if (f.renege_by) {
      return `Hand ${number}: ${SIDE[f.renege_by]} reneged (${maker}${alone} made trump)`;
    }
    return `Hand ${number}: ${maker}${alone}, ${plural(Number(f.tricks), "trick")}`;
  }

  // The checks the server would make first, so an incomplete tap isn't kept.
  function incomplete(fields, side) {
    const f = Object.fromEntries(fields);
    if (f.passed) {
      return "";
    }
    if (!f.maker && !SEAT[f.alone]) {
      return `Tap who made trump first: ${side.NS} or ${side.EW}.`;
    }
    if (!f.renege_by && (f.tricks === undefined || f.tricks === "")) {
      return "Tap how many tricks the makers took.";
    }
    return "";
  }

  function keep(section, step, url, fields, key) {
    const game = section.dataset.game;
    const user = section.dataset.user;
    const waiting = EntryQueue.items(user, game);
    const number =
      Number(section.dataset.handCount) + waiting.filter((item) => item.step === "hand").length + 1;
    const item = {
      key,
      user,
      game,
      gameLabel: section.dataset.gameLabel,
      page: pageUrl(),
      step,
      url,
      fields,
      label: describe(step, fields, number, sidesOf(section)),
      short: step === "hand" ? `hand ${number}` : "the card",
    };
    EntryQueue.add(item);
    if (step === "hand") {
      nextHand(section, Object.fromEntries(fields).dealer || "");
    }
  }

  // The hand form, ready for the next hand, as the server would render it.
  function nextHand(section, lastDealer) {
    const form = section.querySelector("form[data-entry-step=hand]");
    if (!form) {
      return;
    }
    form.reset();
    form.querySelectorAll("details").forEach((details) => {
      details.open = false;
    });
    const dealer = form.querySelector("select[name=dealer]");
    if (dealer) {
      dealer.value = NEXT_DEALER[lastDealer] || "";
    }
  }

  // A page rendered by the server (or opened from the phone's copy) knows only the hands it
  // has: the dealer follows the last one kept here.
  function alignDealers() {
    const user = currentUser();
    sections().forEach((section) => {
      const hands = EntryQueue.items(user, section.dataset.game).filter((item) => item.step === "hand");
      const dealer = section.querySelector("form[data-entry-step=hand] select[name=dealer]");
      if (hands.length && dealer) {
        dealer.value = NEXT_DEALER[Object.fromEntries(hands[hands.length - 1].fields).dealer] || "";
      }
    });
  }

  function entries(formData) {
    const skip = new Set(["csrfmiddlewaretoken", "key"]); // sent fresh each time
    return Array.from(formData.entries()).filter(([name, value]) => typeof value === "string" && !skip.has(name));
  }

  function element(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([name, value]) => node.setAttribute(name, value));
    if (text) {
      node.textContent = text;
    }
    return node;
  }

  // "3 hands", "3 hands and the card" or "the card".
  function what(hands, card) {
    if (!hands) {
      return "the card";
    }
    return card ? `${plural(hands, "hand")} and the card` : plural(hands, "hand");
  }

  function waitingWhat(queue) {
    const hands = queue.filter((item) => item.step === "hand").length;
    return what(hands, queue.some((item) => item.step !== "hand"));
  }

  function panelLines(section, queue) {
    const game = section.dataset.game;
    const refusal = EntryQueue.refusal(game);
    const { syncing, signIn } = EntryQueue.state();
    const lines = [];
    const waiting = waitingWhat(queue);
    if (notes.has(game)) {
      lines.push(element("p", { role: "alert" }, notes.get(game)));
    }
    if (refusal) {
      const text = `${refusal.label} wasn't taken: ${refusal.message} It and what you tapped after it are still on this phone.`;
      lines.push(element("p", { role: "alert" }, text));
    } else if (!navigator.onLine) {
      const text = queue.length
        ? `Offline — ${waiting} saved on this phone, will send when back.`
        : "Offline — hands you tap are saved on this phone and sent when the signal is back.";
      lines.push(element("p", { role: "status" }, text));
    } else if (queue.length && signIn) {
      const p = element("p", { role: "alert" }, `Sign in again to send ${waiting} saved on this phone: `);
      const login = `${section.dataset.login}?next=${encodeURIComponent(location.pathname)}`;
      p.append(element("a", { href: login }, "sign in"));
      lines.push(p);
    } else if (queue.length) {
      const text = syncing
        ? `Sending ${waiting} saved on this phone…`
        : `${waiting[0].toUpperCase()}${waiting.slice(1)} saved on this phone, sending as soon as the signal lets it.`;
      lines.push(element("p", { role: "status" }, text));
    } else if (EntryQueue.sent(game)) {
      const done = EntryQueue.sent(game);
      const text = `Sent — ${what(done.hands, done.card)} saved on this phone reached the card.`;
      lines.push(element("p", { role: "status", class: "entry-sent" }, text));
    }
    return lines;
  }

  function takeBackButton(section, queue) {
    const game = section.dataset.game;
    const refusal = EntryQueue.refusal(game);
    const last = queue[queue.length - 1];
    const first = refusal ? queue.find((item) => item.key === refusal.key) : last;
    if (!first || EntryQueue.state().syncing) {
      return null;
    }
    let label = last.step === "hand" ? `Take back ${last.short}` : "Don't send the card";
    if (refusal) {
      label = first === last ? `Take back ${first.short}` : `Take back ${first.short} and what followed`;
    }
    const button = element("button", { type: "button", class: "secondary outline" }, label);
    button.addEventListener("click", () => {
      const gone = EntryQueue.removeFrom(section.dataset.user, game, first.key);
      const hand = gone.find((item) => item.step === "hand");
      if (hand) {
        nextHand(section, "");
        const dealer = section.querySelector("form[data-entry-step=hand] select[name=dealer]");
        if (dealer) {
          dealer.value = Object.fromEntries(hand.fields).dealer || ""; // tap it again as it was
        }
      }
      notes.delete(game);
      runSync();
    });
    return button;
  }

  function render() {
    const user = currentUser();
    sections().forEach((section) => {
      const game = section.dataset.game;
      const queue = EntryQueue.items(user, game);
      const hands = queue.filter((item) => item.step === "hand").length;
      section.classList.toggle("entry-queued", queue.length > 0);
      section.classList.toggle("entry-held", queue.some((item) => item.step !== "hand"));
      const label = section.querySelector("[data-hand-label]");
      if (label) {
        label.textContent = `Hand ${Number(section.dataset.handCount) + hands + 1}`;
      }
      const panel = section.querySelector("[data-offline-panel]");
      if (!panel) {
        return;
      }
      const children = panelLines(section, queue);
      if (queue.length) {
        const list = element("ol", { class: "entry-kept", "aria-label": "Saved on this phone" });
        queue.forEach((item) => list.append(element("li", {}, item.label)));
        children.push(element("small", {}, "Saved on this phone (the totals count them once sent):"), list);
        const button = takeBackButton(section, queue);
        if (button) {
          children.push(button);
        }
      }
      const elsewhere = EntryQueue.items(user).filter((item) => !sectionOf(item.game));
      if (elsewhere.length) {
        const p = element("p", {}, `Also waiting on this phone: ${waitingWhat(elsewhere)} for `);
        p.append(element("a", { href: elsewhere[0].page }, elsewhere[0].gameLabel));
        children.push(p);
      }
      panel.replaceChildren(...children);
      panel.hidden = children.length === 0;
      panel.classList.toggle("is-sent", !queue.length && Boolean(EntryQueue.sent(game)));
    });
  }

  // Fetch the component again once the server has what was kept (its totals, its hands).
  function refresh(game) {
    const target = `#entry-${game}`;
    if (window.htmx && document.querySelector(target)) {
      htmx.ajax("GET", pageUrl(), { target, select: target, swap: "outerHTML" });
    }
  }

  let retry = null;
  let retryMs = RETRY_FIRST_MS;

  function retryLater() {
    clearTimeout(retry);
    retry = setTimeout(runSync, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function runSync() {
    const user = currentUser();
    if (!user || !navigator.onLine || !EntryQueue.items(user).length) {
      return;
    }
    const before = EntryQueue.items(user).length;
    const summary = await EntryQueue.sync({ user, csrf: csrfToken() });
    if (EntryQueue.items(user).length < before) {
      retryMs = RETRY_FIRST_MS; // the signal carries again
    }
    for (const [game, done] of summary) {
      if (!sectionOf(game)) {
        continue;
      }
      if (done.redirect) {
        location.assign(done.redirect); // the card is in: its page says so, as online
        return;
      }
      refresh(game);
    }
    if (EntryQueue.items(user).length) {
      retryLater();
    }
  }

  function stepOf(elt) {
    const section = elt && elt.closest ? elt.closest("[data-offline-entry]") : null;
    const stepElt = section ? elt.closest("[data-entry-step]") : null;
    return { section, step: stepElt ? stepElt.dataset.entryStep : "" };
  }

  function onConfigRequest(event) {
    const detail = event.detail;
    const { section, step } = stepOf(detail.elt);
    if (!section || detail.verb !== "post") {
      return; // a GET (the refresh after sending) goes as usual
    }
    const game = section.dataset.game;
    notes.delete(game);
    EntryQueue.forgetSent(game);
    const key = KEPT_STEPS.has(step) ? EntryQueue.newKey() : "";
    if (key) {
      detail.parameters.key = key;
    }
    const waiting = EntryQueue.items(section.dataset.user, game).length > 0;
    if (navigator.onLine && !waiting) {
      return; // the usual way: htmx posts, the server answers with the component
    }
    event.preventDefault();
    const fields = entries(detail.formData);
    if (key) {
      const problem = step === "hand" ? incomplete(fields, sidesOf(section)) : "";
      if (problem) {
        notes.set(game, problem);
      } else {
        keep(section, step, detail.path, fields, key);
      }
    } else if (step !== "options") {
      // the side and the time-out tick travel with the card; the rest needs the server
      notes.set(game, "Taking back a hand already sent, starting again or copying a card needs signal: try again when it is back.");
    }
    render();
    runSync();
  }

  // The request left but no answer came: keep it under the same key and send it again later.
  function onSendError(event) {
    const config = event.detail.requestConfig;
    const { section, step } = stepOf(config ? config.elt : null);
    if (!section) {
      return;
    }
    const key = config.formData.get("key");
    if (KEPT_STEPS.has(step) && key) {
      keep(section, step, config.path, entries(config.formData), key);
    } else {
      notes.set(section.dataset.game, "No signal: that didn't reach the server. Try again when it is back.");
    }
    render();
    retryLater();
  }

  function start() {
    EntryQueue.available.then((ok) => {
      if (!ok) {
        return; // no IndexedDB here: entry works online only, as it always did
      }
      document.addEventListener("htmx:configRequest", onConfigRequest);
      document.addEventListener("htmx:sendError", onSendError);
      document.addEventListener("htmx:afterSwap", () => { alignDealers(); render(); });
      window.addEventListener("online", () => {
        retryMs = RETRY_FIRST_MS;
        render();
        runSync();
      });
      window.addEventListener("offline", render);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") {
          runSync();
        }
      });
      EntryQueue.onChange(render);
      EntryQueue.ready.then(() => {
        alignDealers();
        render();
        runSync();
      });
    });
  }

  if (window.EntryQueue) {
    start();
  } else {
    document.addEventListener("entry-queue-ready", start, { once: true });
  }
})();
