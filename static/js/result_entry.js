/* Result entry: Enter moves to the next field of the form, as on a paper
   sheet read line by line; Enter in the last field presses the form's default
   button (Save results), as Enter does in any field without this file. The
   form may come later than this file (the round page's table panel, loaded by
   htmx), so the key is listened for on the document. The live rules check and
   the saves are htmx's (hx-post on the form and its buttons). A save under way
   stops the live check: one still running is aborted, none is sent until the
   save is answered, and a second press of a save button is dropped. */
(function () {
  "use strict";

  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      var input = el.tagName === "INPUT" || el.tagName === "SELECT";
      return input && el.type !== "hidden" && el.type !== "submit" && !el.disabled;
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.shiftKey) { return; }
    var form = event.target.form;
    if (!form || form.id !== "result-form") { return; }
    var list = fields(form);
    var index = list.indexOf(event.target);
    if (index < 0) { return; }
    event.preventDefault();
    if (index + 1 < list.length) {
      list[index + 1].focus();
      return;
    }
    // A click, not requestSubmit: htmx sends the button's own request.
    var save = form.querySelector("[type=submit]");
    if (save) { save.click(); }
  });

  function saving(event) {
    var elt = event.detail.elt;
    var form = elt.form || elt;
    if (!form || form.id !== "result-form") { return null; }
    return { form: form, save: elt !== form && elt.type === "submit" };
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var found = saving(event);
    if (!found) { return; }
    if (found.form.dataset.saving) {
      event.preventDefault();
    } else if (found.save) {
      htmx.trigger(found.form, "htmx:abort");
      found.form.dataset.saving = "1";
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var found = saving(event);
    if (found && found.save) { delete found.form.dataset.saving; }
  });
})();
