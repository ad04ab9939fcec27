/* Result entry: Enter moves to the next field of the form, as on a paper
   sheet read line by line; Enter in the last field sends the form with its
   default button (Save results), as Enter does in any field without this file.
   The live rules check is htmx's (hx-post on the form, no code here). */
(function () {
  "use strict";
  var form = document.getElementById("result-form");
  if (!form) { return; }

  function fields() {
    return Array.prototype.filter.call(form.elements, function (el) {
      var input = el.tagName === "INPUT" || el.tagName === "SELECT";
      return input && el.type !== "hidden" && el.type !== "submit" && !el.disabled;
    });
  }

  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.shiftKey) { return; }
    var list = fields();
    var index = list.indexOf(event.target);
    if (index < 0) { return; }
    event.preventDefault();
    if (index + 1 < list.length) {
      list[index + 1].focus();
      return;
    }
    var save = form.querySelector("[type=submit]");
    if (form.requestSubmit) { form.requestSubmit(save); } else { save.click(); }
  });
})();
