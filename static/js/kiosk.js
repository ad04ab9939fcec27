/* Kiosk pages: long lists never scroll, they turn pages.
 *
 * A .pager holds one .pager-columns box laid out in CSS columns of a fixed
 * height: what does not fit flows into further columns to the right, hidden.
 * A page is the pager's width (plus one column gap); every TURN_SECONDS each
 * pager shows its next page, and its [data-pager-status] says "page 2 of 5".
 * When htmx swaps in a new panel (the GM seated, entered or published), the pagers
 * are measured again and keep their page where it still exists. ?turn=N in the
 * address sets the seconds per page (tests use a short one). The words "page 2
 * of 5" are the panel's data-text-page ("page {page} of {pages}"), translated in
 * templates/scoring/room/_panel.html.
 *
 * The panel is fetched again (its hx-trigger "medici:stale") as soon as the
 * event's version (live.js, polled every second) is newer than the one the panel
 * was drawn at (its data-version). A panel answered at an older version than the
 * one shown (its X-Event-Version: another server a moment behind, or a stored
 * rendering served while the new one was being made) is not swapped in; the
 * next second's version poll asks again.
 */
(function () {
  "use strict";

  var params = new URLSearchParams(window.location.search);
  var TURN_SECONDS = Math.max(1, Number(params.get("turn")) || 10);
  var pages = {};

  function gap(columns) {
    var value = parseFloat(window.getComputedStyle(columns).columnGap);
    return isNaN(value) ? 0 : value;
  }

  function measure(pager) {
    var columns = pager.querySelector(".pager-columns");
    if (!columns) { return 1; }
    var step = pager.clientWidth + gap(columns);
    var last = columns.lastElementChild;
    if (!last || step <= 0) { return 1; }
    // Both boxes move with the pager's scroll: their distance is the content's
    // width whatever page is shown.
    var right = last.getBoundingClientRect().right - columns.getBoundingClientRect().left;
    return Math.max(1, Math.ceil((right - 1) / step));
  }

  // "page 2 of 5" in the page's language (the panel's data-text-page).
  function pageText(index, count) {
    var panel = document.getElementById("kiosk-panel");
    var text = panel ? panel.getAttribute("data-text-page") || "" : "";
    if (!text) { return index + "/" + count; }
    return text.split("{page}").join(String(index)).split("{pages}").join(String(count));
  }

  function show(pager, page) {
    var columns = pager.querySelector(".pager-columns");
    var count = measure(pager);
    var index = ((page % count) + count) % count;
    pages[pager.id] = index;
    pager.scrollLeft = index * (pager.clientWidth + (columns ? gap(columns) : 0));
    pager.setAttribute("data-page", String(index + 1));
    pager.setAttribute("data-pages", String(count));
    document.querySelectorAll('[data-pager-status="' + pager.id + '"]').forEach(function (el) {
      el.textContent = count > 1 ? pageText(index + 1, count) : "";
    });
  }

  // The width of a pager's widest item on one line (the stylesheet's
  // .measuring: one column as wide as its content), at most NAME_EM of the
  // list's font: a longer name wraps rather than taking a page of its own.
  var NAME_EM = 18;

  function rowWidth(columns) {
    columns.classList.add("measuring");
    var widest = columns.getBoundingClientRect().width;
    columns.classList.remove("measuring");
    var em = parseFloat(window.getComputedStyle(columns).fontSize) || 16;
    return Math.min(widest, NAME_EM * em);
  }

  // The width the table cards may take: the panel's, less the names list's
  // widest row (and its padding and rule), so neither list wraps a name that
  // fits; at least a fifth of the panel.
  function tablesRoom(panel) {
    var style = window.getComputedStyle(panel);
    var inner = panel.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - (parseFloat(style.columnGap) || 0);
    var names = document.getElementById("pager-names");
    var list = names ? names.querySelector(".pager-columns") : null;
    if (!list) { return inner; }
    var extra = names.closest(".kiosk-block").offsetWidth - names.clientWidth;
    return Math.max(inner / 5, inner - extra - rowWidth(list));
  }

  function setTableColumns(panel, block, cols, width) {
    panel.classList.remove("tables-cols-1", "tables-cols-2", "tables-cols-3");
    panel.classList.add("tables-cols-" + cols);
    block.style.setProperty("flex-basis", width + "px");
  }

  // The table cards take the fewest columns (1 to 3) that hold them on one
  // page, each as wide as the widest seat line on one line, so a name that fits
  // on one line at the kiosk's size stays on one; a seating longer than that
  // turns pages in as many such columns as the room holds. The server's
  // tables-cols-N (and its share of the width) is the first guess, and the
  // layout without JavaScript.
  function fitTables() {
    var panel = document.getElementById("kiosk-panel");
    var pager = document.getElementById("pager-tables");
    var columns = pager ? pager.querySelector(".pager-columns") : null;
    if (!panel || !columns) { return; }
    var block = pager.closest(".kiosk-block");
    block.style.removeProperty("flex-basis");
    var need = rowWidth(columns), space = gap(columns), room = tablesRoom(panel);
    var most = Math.floor((room + space) / (need + space));
    most = Math.max(1, Math.min(3, most));
    for (var cols = 1; cols <= most; cols += 1) {
      // A pixel to spare: columns share the width in fractions of a pixel.
      var width = Math.ceil(cols * need + (cols - 1) * space) + 1;
      setTableColumns(panel, block, cols, Math.min(width, Math.floor(room)));
      if (measure(pager) === 1) { return; }
    }
  }

  // The names list takes the fewest (widest) columns that hold it on one page,
  // if each is as wide as its widest row; a longer list has as many columns of
  // that width as fit and turns pages. A name that fits one line keeps to one.
  function fitNames() {
    var panel = document.getElementById("kiosk-panel");
    var pager = document.getElementById("pager-names");
    var columns = pager ? pager.querySelector(".pager-columns") : null;
    if (!panel || !columns) { return; }
    var names = ["names-cols-1", "names-cols-2", "names-cols-3", "names-cols-4"];
    panel.classList.remove.apply(panel.classList, names);
    columns.style.removeProperty("column-width");
    var need = Math.min(rowWidth(columns), pager.clientWidth);
    for (var i = 0; i < names.length; i += 1) {
      var width = (pager.clientWidth - i * gap(columns)) / (i + 1);
      if (width + 0.5 < need) { break; }
      panel.classList.add(names[i]);
      if (measure(pager) === 1) { return; }
      panel.classList.remove(names[i]);
    }
    columns.style.setProperty("column-width", Math.ceil(need) + "px");
  }

  // The event's name takes the largest of the title sizes (title-size-0 is the
  // stylesheet's own) at which it fits beside the clock, on one line or two.
  var TITLE_SIZES = 5;

  function fitTitle() {
    var title = document.querySelector(".kiosk-title");
    var h1 = title ? title.querySelector("h1") : null;
    if (!h1) { return; }
    for (var size = 0; size < TITLE_SIZES; size += 1) {
      for (var k = 0; k < TITLE_SIZES; k += 1) { title.classList.remove("title-size-" + k); }
      title.classList.add("title-size-" + size);
      if (h1.scrollWidth <= h1.clientWidth && title.scrollHeight <= title.clientHeight) {
        return;
      }
    }
  }

  function layout() {
    fitTitle();
    fitTables();
    fitNames();
    document.querySelectorAll(".pager").forEach(function (pager) {
      show(pager, pages[pager.id] || 0);
    });
  }

  function turn() {
    document.querySelectorAll(".pager").forEach(function (pager) {
      show(pager, (pages[pager.id] || 0) + 1);
    });
  }

  function newer(a, b) {
    return window.mediciVersion ? window.mediciVersion.newer(a, b) : a !== b;
  }

  document.addEventListener("medici:version", function (event) {
    var panel = document.getElementById("kiosk-panel");
    if (panel && window.htmx && newer(event.detail.version, panel.getAttribute("data-version"))) {
      window.htmx.trigger(panel, "medici:stale");
    }
  });
  // Never an older panel than the one shown.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var panel = document.getElementById("kiosk-panel");
    var xhr = event.detail.xhr;
    var answered = xhr ? xhr.getResponseHeader("X-Event-Version") : null;
    if (panel && answered && event.detail.target === panel
        && newer(panel.getAttribute("data-version"), answered)) {
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("DOMContentLoaded", layout);
  window.addEventListener("resize", layout);
  document.body.addEventListener("htmx:afterSettle", layout);
  window.setInterval(turn, TURN_SECONDS * 1000);
  if (document.readyState !== "loading") { layout(); }
  // Web fonts arriving late change every width measured.
  if (document.fonts && document.fonts.ready) { document.fonts.ready.then(layout); }
}());
