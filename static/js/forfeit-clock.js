// Ticks tonight's forfeit clock ([data-forfeit-clock], rendered by the server): the
// minutes since the start, the thresholds passed, and the forfeit form's minutes while
// nobody has typed in them. The server's time is the reference, not the phone's.
(() => {
  const clock = document.querySelector("[data-forfeit-clock]");
  if (!clock) {
    return;
  }
  const starts = Date.parse(clock.dataset.starts);
  const skew = Date.parse(clock.dataset.now) - Date.now();
  const label = clock.dataset.startLabel;
  const text = clock.querySelector("[data-clock-text]");
  const steps = clock.querySelectorAll("[data-clock-step]");
  const minutesInput = document.querySelector("#record-forfeit input[name=minutes_late]");
  const lateRadio = document.querySelector("#record-forfeit input[name=situation][value=late]");
  let typed = false;
  if (minutesInput) {
    minutesInput.addEventListener("input", () => {
      typed = true;
    });
  }
  const plural = (n) => (n === 1 ? "" : "s");

  function tick() {
    const minutes = Math.floor((Date.now() + skew - starts) / 60000);
    if (minutes >= 0) {
      text.textContent = `${minutes} minute${plural(minutes)} since the ${label} start`;
    } else {
      text.textContent = `Starts at ${label}, in ${-minutes} minute${plural(-minutes)}`;
    }
    let passed = false;
    steps.forEach((step) => {
      const done = minutes >= Number(step.dataset.clockStep);
      passed = passed || done;
      step.classList.toggle("passed", done);
      const state = step.querySelector("[data-clock-state]");
      if (state) {
        state.textContent = done ? "(passed)" : "";
      }
    });
    if (passed && minutesInput && !typed) {
      minutesInput.value = String(minutes);
      if (lateRadio && !document.querySelector("#record-forfeit input[name=situation]:checked")) {
        lateRadio.checked = true;
      }
    }
  }

  tick();
  clock.dataset.ticking = "on";
  window.setInterval(tick, 15000);
})();
