/* Forms answered in place (data-in-place; the round page's Seat, see
   heats/form_parts.py in_place_helper): htmx posts them and swaps in the parts of the
   round page that changed, so the check-in form, the clock and the styles stay
   as they are and the GM sees the tables at once.

   When the answer is not the page the GM is on (a redirect elsewhere) or
   there is no answer to swap (the server refused, the session having ended,
   say, or could not be reached), the form is posted as a page instead: what it would do
   without JavaScript, with the server's own page or the browser's error. A
   second post finds the round seated since and changes nothing (the form's
   seating state). After a swap the clock reads its feed again
   ("medici:changed"), as the round's start may now come from the seating.
   Seat is sent once the page's other requests under way (a check-in) are
   answered, and a message that is not a success is brought into view. */
(function () {
  "use strict";

  function inPlace(event) {
    var config = event.detail && event.detail.requestConfig;
    var elt = config && config.elt;
    return elt && elt.getAttribute && elt.getAttribute("data-in-place") ? elt : null;
  }

  // submit() asks nothing again: the GM already answered the form's question.
  function asPage(form) { HTMLFormElement.prototype.submit.call(form); }

  // The page's other requests under way (a check-in sent just before Seat,
  // say): Seat is sent once they are answered and swapped in, so the server
  // seats after them and Seat's answer, the last swapped in, is the page as
  // it now is (otherwise the player checked in last may be left waiting, and
  // the check-in's older figures land on top of the seating). A press while
  // Seat waits is dropped, as one while it is sent (hx-sync).
  var busy = new Set();
  var held = null;

  document.addEventListener("htmx:beforeSend", function (event) {
    if (inPlace(event)) { return; }
    var xhr = event.detail.xhr;
    busy.add(xhr);
    // On the request itself: its element may have left the page by then.
    xhr.addEventListener("loadend", function () {
      busy.delete(xhr);
      if (!busy.size && held) {
        var send = held;
        held = null;
        send();
      }
    });
  });

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.getAttribute || !elt.getAttribute("data-in-place") || !busy.size) {
      return;
    }
    event.preventDefault();
    if (!held) { held = function () { event.detail.issueRequest(true); }; }
  });

  // htmx settles each part it swapped (the seating and every out-of-band
  // part): the clock is told once per answer. The focus, in the form when it
  // was sent, goes to the new form's button (not lost to the page's top for a
  // GM at the keyboard). The seating part stays where it was on the screen
  // (seatingTop): the parts above it may change height (the check-in list
  // closes), and the browser's scroll anchor, the part swapped, is gone. A
  // message that is not a success (a refusal, a question, "already seated")
  // is brought into view: the page is not loaded again, so it would otherwise
  // appear above a GM scrolled down to the button, who would see nothing happen.
  var swapped = false;
  var focused = null;
  var seatingTop = null;

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!inPlace(event) || !event.detail.shouldSwap) { return; }
    var answered = event.detail.xhr.responseURL;
    if (answered && new URL(answered).pathname !== window.location.pathname) {
      event.detail.shouldSwap = false;
      window.location.assign(answered);
      return;
    }
    swapped = true;
    var form = inPlace(event);
    var active = document.activeElement;
    focused = form.id && active && form.contains(active) ? form.id : null;
    var seating = document.getElementById("round-seating");
    seatingTop = seating ? seating.getBoundingClientRect().top : null;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (swapped && inPlace(event)) {
      swapped = false;
      var again = focused && document.getElementById(focused);
      var button = again && again.querySelector("[type=submit]");
      if (button) { button.focus({ preventScroll: true }); }
      focused = null;
      var seating = document.getElementById("round-seating");
      if (seating && seatingTop !== null) {
        var moved = seating.getBoundingClientRect().top - seatingTop;
        window.scrollBy({ top: moved, behavior: "instant" });
      }
      seatingTop = null;
      var notice = document.querySelector("#page-messages .alert:not(.alert-success)");
      if (notice) { notice.scrollIntoView({ block: "nearest" }); }
      document.dispatchEvent(new CustomEvent("medici:changed"));
    }
  });

  ["htmx:responseError", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = inPlace(event);
      if (form) { asPage(form); }
    });
  });
})();
