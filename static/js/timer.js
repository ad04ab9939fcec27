/* Slow-player timer (seed 001): 4:00, or 2:00 when picked up after the 35-minute
 * mark (the event's timer_seconds and late_timer_seconds); runs only between Start
 * and Stop.
 *
 * Time is measured with the monotonic clock (performance.now()), so moving the
 * device's clock back or forward neither adds nor takes time. The state is kept in
 * localStorage, one key per event, with an end stamp (the wall-clock moment the
 * running timer reaches 0:00) so that a reload of a running timer keeps its time
 * left; a stamp read back is never trusted beyond the timer's length. Opened for an
 * event (data-clock-url), the page reads the round's clock once: after the second
 * mark a new timer, Reset and a stopped timer left from before start at the late
 * length. No network is used after that.
 *
 * Its words ("Running", "Stopped", "Start", "Stop", "Time is up: ...") are the
 * page's data-text-* attributes, translated in templates/heats/public/timer.html.
 */
(function () {
  "use strict";

  var root = document.getElementById("timer");
  if (!root) { return; }
  var display = document.getElementById("timer-display");
  var stateText = document.getElementById("timer-state");
  var toggle = document.getElementById("timer-toggle");
  var reset = document.getElementById("timer-reset");
  var presets = Array.prototype.slice.call(root.querySelectorAll(".preset"));
  var KEY = "medici-slow-player-timer:" + (root.getAttribute("data-event") || "-");
  var NORMAL = Number(root.getAttribute("data-timer"));
  var LATE = Number(root.getAttribute("data-late-timer"));
  var TEXT = {
    running: root.getAttribute("data-text-running") || "",
    stopped: root.getAttribute("data-text-stopped") || "",
    expired: root.getAttribute("data-text-expired") || "",
    start: root.getAttribute("data-text-start") || "",
    stop: root.getAttribute("data-text-stop") || ""
  };
  var late = false;  // past the second mark, by the round's clock
  var round = null;  // the round's start (ms) the state belongs to, when known

  // length (s), left (ms, when stopped), late and round as when set; while
  // running: mark (performance.now() at the last start) and leftAtMark.
  var state = restore();

  function now() { return window.performance.now(); }

  function fresh(seconds) {
    return { length: seconds, left: seconds * 1000, late: late, round: round, mark: null, leftAtMark: null };
  }

  function restore() {
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(KEY)); } catch (e) { saved = null; }
    if (!saved || typeof saved.length !== "number") { return fresh(NORMAL); }
    var restored = fresh(saved.length);
    restored.late = Boolean(saved.late);
    restored.round = saved.round === undefined ? null : saved.round;
    var cap = saved.length * 1000;
    if (typeof saved.endsAt === "number") {
      // A running timer reloaded: the wall clock is all that spans a reload.
      restored.mark = now();
      restored.leftAtMark = Math.min(cap, Math.max(0, saved.endsAt - Date.now()));
    } else if (typeof saved.left === "number") {
      restored.left = Math.min(cap, Math.max(0, saved.left));
    }
    return restored;
  }

  function running() { return state.mark !== null; }

  function left() {
    if (!running()) { return state.left; }
    return Math.max(0, state.leftAtMark - (now() - state.mark));
  }

  function save() {
    var data = { length: state.length, left: left(), late: state.late, round: state.round, endsAt: null };
    if (running()) { data.endsAt = Date.now() + left(); }
    try { window.localStorage.setItem(KEY, JSON.stringify(data)); } catch (e) { /* private mode */ }
  }

  function mmss(ms) {
    var total = Math.ceil(ms / 1000);
    var rest = total % 60;
    return Math.floor(total / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function render() {
    var ms = left();
    if (running() && ms <= 0) { stop(); return; }
    display.textContent = mmss(ms);
    root.setAttribute("data-state", ms <= 0 ? "expired" : running() ? "running" : "stopped");
    stateText.textContent = ms <= 0 ? TEXT.expired : running() ? TEXT.running : TEXT.stopped;
    toggle.textContent = running() ? TEXT.stop : TEXT.start;
    toggle.disabled = ms <= 0;
    presets.forEach(function (button) {
      button.setAttribute("aria-pressed", String(Number(button.getAttribute("data-seconds")) === state.length));
    });
  }

  function start() {
    if (left() <= 0) { return; }
    state.leftAtMark = state.left;
    state.mark = now();
    save();
    render();
  }

  function stop() {
    state.left = left();
    state.mark = null;
    state.leftAtMark = null;
    save();
    render();
  }

  function set(seconds) {
    state = fresh(seconds);
    save();
    render();
  }

  toggle.addEventListener("click", function () {
    if (running()) { stop(); } else { start(); }
  });
  reset.addEventListener("click", function () { set(late ? LATE : NORMAL); });
  presets.forEach(function (button) {
    button.addEventListener("click", function () { set(Number(button.getAttribute("data-seconds"))); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === " " && event.target === document.body) {
      event.preventDefault();
      toggle.click();
    }
  });
  // Keep the end stamp current, so a reload after sleep is right too.
  window.addEventListener("pagehide", save);

  function fitToClock() {
    var url = root.getAttribute("data-clock-url");
    if (!url) { return; }
    window.fetch(url, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (feed) {
        if (!feed || feed.start === null) { return; }
        var elapsed = (feed.now - feed.start) / 1000;
        late = elapsed >= Number(root.getAttribute("data-second-mark")) * 60;
        round = feed.start;
        // A stopped timer left from another round, or from before the mark,
        // is a new timer now; a running one is someone's turn: it goes on.
        if (!running() && (state.round !== round || state.late !== late)) {
          set(late ? LATE : NORMAL);
        }
      })
      .catch(function () { /* offline: keep the length chosen */ });
  }

  window.setInterval(render, 200);
  render();
  fitToClock();
}());
