/* Forms carrying data-confirm ask before they are sent (re-seating a round,
   creating a heat): one stray click at a busy table must not undo the seating.
   A "no" stops the submit on its way down, before htmx (a form it posts) or
   the browser sends anything. */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
})();
