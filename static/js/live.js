/* Live pages (the kiosk, the phone view): every second the page reads its event's
 * version feed (data-version-url on [data-live], docs/feeds.md), a few bytes, and
 * fires "medici:version" on the document with {version}; when the version differs
 * from the last one seen (first: the page's data-version) it also fires
 * "medici:changed". Each page fetches what it shows only then (kiosk.js,
 * find.js, clock.js), so a saved result is on every screen within 2 s while an
 * unchanged event costs each screen one tiny request a second.
 */
(function () {
  "use strict";

  var POLL_MS = 1000;
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
        if (feed.v !== seen) {
          seen = feed.v;
          fire("medici:changed", feed.v);
        }
        fire("medici:version", feed.v);
      })
      .catch(function () { /* offline: try again next second */ })
      .then(function () { busy = false; });
  }

  window.setInterval(poll, POLL_MS);
}());
