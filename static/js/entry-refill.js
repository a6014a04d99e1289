// Final scores kept on the phone (static/js/offline-entry.js) and refused once sent go back
// into the final-score boxes of the entry component (scoring/_entry.html), the form open, so
// the captain fixes the one number rather than typing the card again.
(() => {
  if (window.entryRefillStarted) {
    return; // htmx runs the component's scripts again after each swap
  }
  window.entryRefillStarted = true;

  function refill() {
    document.querySelectorAll("[data-offline-entry]").forEach((section) => {
      const refusal = EntryQueue.refusal(section.dataset.game);
      const queue = EntryQueue.items(section.dataset.user, section.dataset.game);
      const item = refusal ? queue.find((kept) => kept.key === refusal.key) : null;
      const form = section.querySelector("form[data-entry-step=final]");
      if (!item || item.step !== "final" || !form || form.dataset.refilled === item.key) {
        return;
      }
      item.fields.forEach(([name, value]) => {
        const input = form.elements.namedItem(name);
        if (input && input.type === "checkbox") {
          input.checked = value === "on";
        } else if (input && name.startsWith("score_")) {
          input.value = value;
        }
      });
      form.dataset.refilled = item.key; // once: what the captain types next stays
      const details = form.closest("details");
      if (details) {
        details.open = true;
      }
    });
  }

  function start() {
    EntryQueue.onChange(refill);
    document.addEventListener("htmx:afterSwap", refill);
    EntryQueue.ready.then(refill);
  }

  if (window.EntryQueue) {
    start();
  } else {
    document.addEventListener("entry-queue-ready", start, { once: true });
  }
})();
