/* Phone view: the list of seated players narrows as a name is typed (accents and
 * case ignored); nothing is sent to the server. */
(function () {
  "use strict";

  var input = document.getElementById("find-name");
  var list = document.getElementById("find-list");
  if (!input || !list) { return; }
  var none = document.getElementById("find-none");
  var count = document.getElementById("find-count");
  var items = Array.prototype.slice.call(list.querySelectorAll("li"));

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }

  var keys = items.map(function (item) { return fold(item.getAttribute("data-name")); });

  function filter() {
    var query = fold(input.value);
    var shown = 0;
    items.forEach(function (item, i) {
      var match = !query || keys[i].indexOf(query) !== -1;
      item.hidden = !match;
      if (match) { shown += 1; }
    });
    none.hidden = shown > 0;
    count.textContent = query ? shown + " matching" : items.length + " players seated";
  }

  input.addEventListener("input", filter);
  input.form.addEventListener("submit", function (event) { event.preventDefault(); filter(); });
  if (input.value) { filter(); }
}());
