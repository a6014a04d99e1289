// Ticks the room clock ([data-round-clock], rendered by the server): the time left in the
// round, "Time!" once it has run out, or the time played when the round has no limit. The
// server's time is the reference, not the screen's. htmx swaps the display's body every
// few seconds, so each tick looks the clock up again.
(() => {
  const pad = (n) => String(n).padStart(2, "0");
  const format = (seconds) => `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
  let skew = 0;
  let skewFrom = "";

  function tick() {
    const clock = document.querySelector("[data-round-clock]");
    if (!clock) {
      return;
    }
    if (clock.dataset.now !== skewFrom) {
      skewFrom = clock.dataset.now;
      skew = Date.parse(skewFrom) - Date.now();
    }
    const now = Date.now() + skew;
    const started = Date.parse(clock.dataset.started);
    const limit = Number(clock.dataset.limitMinutes || 0);
    const text = clock.querySelector("[data-clock-text]");
    if (limit) {
      const left = Math.round((started + limit * 60000 - now) / 1000);
      text.textContent = left > 0 ? format(left) : "Time!";
      clock.classList.toggle("over", left <= 0);
      clock.classList.toggle("closing", left > 0 && left <= 120);
    } else {
      text.textContent = format(Math.max(0, Math.round((now - started) / 1000)));
    }
    clock.dataset.ticking = "on";
  }

  tick();
  window.setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
})();
