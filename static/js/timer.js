/* Slow-player timer (seed 001): 4:00, or 2:00 when picked up after the 35-minute
 * mark; runs only between Start and Stop.
 *
 * While running it keeps the moment it will reach 0:00 (endsAt), never a count of
 * ticks, so a tab in the background or a sleeping phone is right when it wakes.
 * The state is kept in localStorage: a reload keeps the time left. No network is
 * used after the page has loaded. Opened for an event (data-clock-url), it reads
 * the round's clock once: a timer picked up after the second mark starts at 2:00.
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
  var KEY = "medici-slow-player-timer";

  var state = load() || { length: Number(root.getAttribute("data-timer")), left: null, endsAt: null };
  if (state.left === null) { state.left = state.length * 1000; }

  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY)); } catch (e) { return null; }
  }

  function save() {
    try { window.localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* private mode */ }
  }

  function left() {
    return state.endsAt === null ? state.left : Math.max(0, state.endsAt - Date.now());
  }

  function mmss(ms) {
    var total = Math.ceil(ms / 1000);
    var rest = total % 60;
    return Math.floor(total / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function render() {
    var ms = left();
    var running = state.endsAt !== null;
    if (running && ms <= 0) { stop(); return; }
    display.textContent = mmss(ms);
    root.setAttribute("data-state", ms <= 0 ? "expired" : running ? "running" : "stopped");
    stateText.textContent = ms <= 0 ? "Time is up: no more bids or turns" : running ? "Running" : "Stopped";
    toggle.textContent = running ? "Stop" : "Start";
    toggle.disabled = ms <= 0;
    presets.forEach(function (button) {
      button.setAttribute("aria-pressed", String(Number(button.getAttribute("data-seconds")) === state.length));
    });
  }

  function start() {
    if (left() <= 0) { return; }
    state.endsAt = Date.now() + state.left;
    save();
    render();
  }

  function stop() {
    state.left = left();
    state.endsAt = null;
    save();
    render();
  }

  function set(seconds) {
    state = { length: seconds, left: seconds * 1000, endsAt: null };
    save();
    render();
  }

  toggle.addEventListener("click", function () {
    if (state.endsAt === null) { start(); } else { stop(); }
  });
  reset.addEventListener("click", function () { set(state.length); });
  presets.forEach(function (button) {
    button.addEventListener("click", function () { set(Number(button.getAttribute("data-seconds"))); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === " " && event.target === document.body) {
      event.preventDefault();
      toggle.click();
    }
  });
  function fitToClock() {
    var url = root.getAttribute("data-clock-url");
    if (!url) { return; }
    window.fetch(url, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (feed) {
        if (!feed || feed.start === null) { return; }
        var elapsed = (feed.now - feed.start) / 1000;
        var untouched = state.endsAt === null && state.left === state.length * 1000;
        var second = Number(root.getAttribute("data-second-mark")) * 60;
        if (untouched && elapsed >= second) {
          set(Number(root.getAttribute("data-late-timer")));
        }
      })
      .catch(function () { /* offline: keep the length chosen */ });
  }

  window.setInterval(render, 200);
  render();
  fitToClock();
}());
