/* Kiosk pages: long lists never scroll, they turn pages.
 *
 * A .pager holds one .pager-columns box laid out in CSS columns of a fixed
 * height: what does not fit flows into further columns to the right, hidden.
 * A page is the pager's width (plus one column gap); every TURN_SECONDS each
 * pager shows its next page, and its [data-pager-status] says "page 2 of 5".
 * When htmx swaps in a new panel (the GM seated, entered or published), the pagers
 * are measured again and keep their page where it still exists. ?turn=N in the
 * address sets the seconds per page (tests use a short one).
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
    var right = last.getBoundingClientRect().right - columns.getBoundingClientRect().left
      + pager.scrollLeft;
    return Math.max(1, Math.ceil((right - 1) / step));
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
      el.textContent = count > 1 ? "page " + (index + 1) + " of " + count : "";
    });
  }

  function layout() {
    document.querySelectorAll(".pager").forEach(function (pager) {
      show(pager, pages[pager.id] || 0);
    });
  }

  function turn() {
    document.querySelectorAll(".pager").forEach(function (pager) {
      show(pager, (pages[pager.id] || 0) + 1);
    });
  }

  document.addEventListener("DOMContentLoaded", layout);
  window.addEventListener("resize", layout);
  document.body.addEventListener("htmx:afterSettle", layout);
  window.setInterval(turn, TURN_SECONDS * 1000);
  if (document.readyState !== "loading") { layout(); }
}());
