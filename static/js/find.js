/* Phone view: the list of seated players narrows as a name is typed (accents and
 * case ignored); nothing is sent to the server for that. When the event changes
 * (live.js: "medici:version" is newer than the page's data-version) the page is
 * fetched again and its list swapped in, keeping what was typed; a page that
 * gained or lost its seating is reloaded. An answer at an older version than
 * the page shows (another server a moment behind) is ignored; the next version
 * poll asks again.
 *
 * The counts ("12 players seated", "3 matching") are #find-count's
 * data-text-<name>-0, -1 and -n attributes (the forms for 0, 1 and more,
 * translated in templates/scoring/room/find.html), {count} filled in here. */
(function () {
  "use strict";

  var page = document.getElementById("find-page");
  var input = document.getElementById("find-name");
  var loading = false;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }

  // "3 matching" / "12 players seated" in the page's language.
  function counted(name, n) {
    var count = document.getElementById("find-count");
    var key = n === 0 ? "0" : n === 1 ? "1" : "n";
    var text = count ? count.getAttribute("data-text-" + name + "-" + key) || "" : "";
    return text ? text.split("{count}").join(String(n)) : String(n);
  }

  function filter() {
    var list = document.getElementById("find-list");
    if (!input || !list) { return; }
    var query = fold(input.value);
    var items = Array.prototype.slice.call(list.querySelectorAll("li"));
    var shown = 0;
    items.forEach(function (item) {
      var match = !query || fold(item.getAttribute("data-name")).indexOf(query) !== -1;
      item.hidden = !match;
      if (match) { shown += 1; }
    });
    document.getElementById("find-none").hidden = shown > 0;
    document.getElementById("find-count").textContent =
      query ? counted("matching", shown) : counted("seated", items.length);
  }

  function newer(a, b) {
    return window.mediciVersion ? window.mediciVersion.newer(a, b) : a !== b;
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var freshPage = fresh.getElementById("find-page");
    var list = document.getElementById("find-list");
    var freshList = fresh.getElementById("find-list");
    if (!freshPage) { return; }
    if (newer(page.getAttribute("data-version"), freshPage.getAttribute("data-version"))) {
      return; // older than what is shown
    }
    if (!list || !freshList) { window.location.reload(); return; }
    list.innerHTML = freshList.innerHTML;
    document.getElementById("find-round").textContent =
      fresh.getElementById("find-round").textContent;
    page.setAttribute("data-version", freshPage.getAttribute("data-version"));
    filter();
  }

  document.addEventListener("medici:version", function (event) {
    var version = event.detail.version;
    if (loading || !page || !newer(version, page.getAttribute("data-version"))) { return; }
    loading = true;
    // ?v= (the version the page shows, as the kiosk's panel sends): any
    // stored rendering newer than that is an answer, so most phones are
    // answered from the store, never with one no newer
    // (medici_tourney.public_pages, public_cache).
    var shown = page.getAttribute("data-version");
    window.fetch(window.location.pathname + "?v=" + encodeURIComponent(shown),
      { headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html) { swap(html); } })
      .catch(function () { /* offline: try again at the next version */ })
      .then(function () { loading = false; });
  });

  if (!input) { return; }
  input.addEventListener("input", filter);
  input.form.addEventListener("submit", function (event) { event.preventDefault(); filter(); });
  if (input.value) { filter(); }
}());
