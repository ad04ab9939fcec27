/* Live pages (the kiosk, the phone view): every second the page reads its event's
 * version feed (data-version-url on [data-live], docs/feeds.md), a few bytes, and
 * fires "medici:version" on the document with {version}, the newest version seen
 * so far; when that is newer than the last one fired (first: the page's
 * data-version) it also fires "medici:changed". Each page fetches what it shows
 * only then (kiosk.js, find.js, clock.js), so a saved result is on every screen
 * within 2 s while an unchanged event costs each screen one tiny request a second.
 *
 * A version is "<audit>.<admin>", two whole numbers that only grow; versions
 * compare as that pair (window.mediciVersion.newer), never as text. Several
 * servers answer the feed, each from its own memo of the version: one a moment
 * behind another may answer an older version, which is ignored, so a screen
 * never goes back to an older page (medici_tourney/public_cache.py, "version
 * order").
 */
(function () {
  "use strict";

  var POLL_MS = 1000;

  // "12.3" -> [12, 3]; [] for anything else (older than every version).
  function parse(version) {
    var parts = String(version || "").split(".");
    var numbers = [];
    for (var i = 0; i < parts.length; i += 1) {
      if (!/^\d+$/.test(parts[i])) { return []; }
      numbers.push(Number(parts[i]));
    }
    return numbers;
  }

  // Whether version a is newer than version b.
  function newer(a, b) {
    var x = parse(a);
    var y = parse(b);
    for (var i = 0; i < Math.max(x.length, y.length); i += 1) {
      var left = i < x.length ? x[i] : -1;
      var right = i < y.length ? y[i] : -1;
      if (left !== right) { return left > right; }
    }
    return false;
  }

  window.mediciVersion = { parse: parse, newer: newer };

  var root = document.querySelector("[data-live]");
  if (!root || !window.fetch) { return; }
  var url = root.getAttribute("data-version-url");
  var seen = root.getAttribute("data-version");
  var busy = false;

  function fire(name, version) {
    document.dispatchEvent(new CustomEvent(name, { detail: { version: version } }));
  }

  function poll() {
    if (busy) { return; }
    busy = true;
    window.fetch(url, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (feed) {
        if (!feed || !feed.v) { return; }
        if (newer(feed.v, seen)) {
          seen = feed.v;
          fire("medici:changed", feed.v);
        }
        fire("medici:version", seen);
      })
      .catch(function () { /* offline: try again next second */ })
      .then(function () { busy = false; });
  }

  window.setInterval(poll, POLL_MS);
}());
