/* Phone view: the list of seated players narrows as a name is typed (case,
 * accents, "ß"/"ss" and umlauts spelled out ignored); nothing is sent to the
 * server for that. Each name's search forms are its data-name, one a line, as
 * the server folded them (heats.core.names.search_forms); forms() folds what is
 * typed the same way. When the event changes
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

  // As heats.core.names: umlauts as the letter and as the letter and "e",
  // letters no accent mark makes as keyboards without them spell them.
  var UMLAUTS = { "\u00e4": "ae", "\u00f6": "oe", "\u00fc": "ue" };
  var LETTERS = { "\u00e6": "ae", "\u0153": "oe", "\u00f8": "o", "\u0142": "l",
    "\u0111": "d", "\u00f0": "d", "\u00fe": "th" };

  // The search forms of typed text: folded_name (invisible characters out,
  // case and "ß" folded, spaces folded) without accents, and, with an umlaut,
  // the same with it spelled out.
  function forms(text) {
    var folded = text.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, "")
      .toLowerCase().replace(/\u00df/g, "ss").replace(/\u03c2/g, "\u03c3")
      .replace(/\s+/g, " ").trim();
    var plain = "";
    var spelled = "";
    Array.from(folded).forEach(function (char) {
      var umlaut = UMLAUTS[char];
      var letter = LETTERS[char] ||
        char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      plain += umlaut ? umlaut.charAt(0) : letter;
      spelled += umlaut || letter;
    });
    plain = plain.normalize("NFC");
    spelled = spelled.normalize("NFC");
    return plain === spelled ? [plain] : [plain, spelled];
  }

  function matches(typed, key) {
    return typed.some(function (form) { return form && key.indexOf(form) !== -1; });
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
    var query = forms(input.value);
    var items = Array.prototype.slice.call(list.querySelectorAll("li"));
    var shown = 0;
    items.forEach(function (item) {
      var match = !query[0] || matches(query, item.getAttribute("data-name") || "");
      item.hidden = !match;
      if (match) { shown += 1; }
    });
    document.getElementById("find-none").hidden = shown > 0;
    document.getElementById("find-count").textContent =
      query[0] ? counted("matching", shown) : counted("seated", items.length);
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
    // (medici_tourney.public_pages, public_cache). The ?lang= the page was
    // opened with, as the panel keeps its own: the list in the page's language.
    var shown = page.getAttribute("data-version");
    var lang = new URLSearchParams(window.location.search).get("lang");
    var query = "?v=" + encodeURIComponent(shown) +
      (lang ? "&lang=" + encodeURIComponent(lang) : "");
    window.fetch(window.location.pathname + query,
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
