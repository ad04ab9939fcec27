/* Heat clock: elapsed and remaining time of a round against the event's marks.
 *
 * Every [data-clock] element reads its feed (data-clock-url, the clock.json of
 * docs/feeds.md): the server's time and the round's start, in milliseconds. The
 * server's time is anchored to this device's monotonic clock (performance.now())
 * once per fetch, so the clock is right on any device, after a reload and when the
 * device's date and time are changed (the last reading carries on: no "--:--"
 * until the next fetch); the feed is read again every 15 s to pick up a new start
 * or a new round. The phase class (phase-play,
 * phase-first-mark, ...) colours the clock; [data-seat-hint] elements show once
 * the seat-after minutes have passed in a round not yet seated, and a seat form's
 * question about seating too soon (form[data-seat-early]) is dropped. While the round is
 * played, .clock-progress says "12 of 16 tables in"; once every table is in, the
 * clock says the round is over (phase-done) instead of counting on. A
 * "medici:changed" event on the document (live.js: the event changed) reads the
 * feed again at once.
 *
 * No words are written here: the round's name, the marks' lines, the message
 * and "12 of 16 tables in" (feed.progress) come from the feed, in the language
 * of the page that asked for it; "No round yet", "Waiting for the start",
 * "Over" and "{time} left" from the clock's data-text-* attributes
 * (templates/components/clock.html, translated there).
 */
(function () {
  "use strict";

  var REFRESH_MS = 15000;

  function mmss(seconds) {
    var total = Math.max(0, Math.floor(seconds));
    var rest = total % 60;
    return Math.floor(total / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function part(root, name) {
    return root.querySelector(".clock-" + name);
  }

  // The clock's text `name` (its data-text-<name> attribute), with {key}
  // placeholders filled from `fill`.
  function text(root, name, fill) {
    var value = root.getAttribute("data-text-" + name) || "";
    Object.keys(fill || {}).forEach(function (key) {
      value = value.split("{" + key + "}").join(String(fill[key]));
    });
    return value;
  }

  function Clock(root) {
    this.root = root;
    this.url = root.getAttribute("data-clock-url");
    this.feed = null;
    this.serverAt = 0;  // the server's time (ms) at ...
    this.anchor = 0;    // ... this performance.now()
  }

  // The server's time now: the last fetch's reading carried on by the monotonic
  // clock, which a change of the device's date and time does not move.
  Clock.prototype.serverNow = function () {
    return this.serverAt + (window.performance.now() - this.anchor);
  };

  Clock.prototype.fetch = function () {
    var self = this;
    var sent = window.performance.now();
    return window.fetch(this.url, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (feed) {
        if (!feed) { return; }
        self.serverAt = feed.now;
        self.anchor = (sent + window.performance.now()) / 2;
        self.feed = feed;
        self.render();
      })
      .catch(function () { /* offline: keep counting from the last feed */ });
  };

  Clock.prototype.phase = function (elapsed) {
    var marks = this.feed.marks;
    var current = marks[0];
    for (var i = 0; i < marks.length; i += 1) {
      if (marks[i].at <= elapsed) { current = marks[i]; }
    }
    return current;
  };

  Clock.prototype.render = function () {
    var feed = this.feed;
    if (!feed) { return; }
    var root = this.root;
    var round = feed.round ? feed.round.label : text(root, "no-round");
    var elapsed = feed.start === null ? null : (this.serverNow() - feed.start) / 1000;
    var phase = { phase: "waiting", message: text(root, "waiting") };
    if (elapsed !== null && elapsed >= 0) { phase = this.phase(elapsed); }
    var over = feed.tables > 0 && feed.tables_in >= feed.tables;
    if (over) { phase = { phase: feed.phase, message: feed.message }; }
    part(root, "round").textContent = round;
    part(root, "elapsed").textContent =
      over ? text(root, "over") : phase.phase === "waiting" ? "--:--" : mmss(elapsed);
    part(root, "remaining").textContent =
      over || phase.phase === "waiting" ? "" : text(root, "left", { time: mmss(feed.end - elapsed) });
    var progress = part(root, "progress");
    if (progress) {
      progress.textContent = feed.tables > 0 ? feed.progress || "" : "";
    }
    part(root, "message").textContent = phase.message;
    root.className = root.className.replace(/\bphase-[a-z-]+/g, "").trim() + " phase-" + phase.phase;
    root.setAttribute("data-phase", phase.phase);
    var due = !feed.seated && elapsed !== null && elapsed >= feed.seat_after;
    document.querySelectorAll("[data-seat-hint]").forEach(function (hint) {
      hint.hidden = !due;
    });
    // A seat form's question about seating too soon (data-seat-early) is
    // no longer true once the seating is due: Seat seats without asking.
    if (due) {
      document.querySelectorAll("form[data-seat-early]").forEach(function (form) {
        form.removeAttribute("data-confirm");
      });
    }
  };

  function start() {
    var clocks = [];
    document.querySelectorAll("[data-clock]").forEach(function (root) {
      var clock = new Clock(root);
      clocks.push(clock);
      clock.fetch();
    });
    if (!clocks.length) { return; }
    window.setInterval(function () {
      clocks.forEach(function (clock) { clock.render(); });
    }, 250);
    function fetchAll() {
      clocks.forEach(function (clock) { clock.fetch(); });
    }
    window.setInterval(fetchAll, REFRESH_MS);
    document.addEventListener("medici:changed", fetchAll);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
