/* Check-in type-ahead: fetches matching players from the event's JSON endpoint
   and lets the GM pick one with the mouse or the arrow keys and Enter.
   Served from the app's own static files; no libraries. */
(function () {
  "use strict";
  var input = document.querySelector("input[data-search-url]");
  var list = document.getElementById("checkin-suggestions");
  if (!input || !list) { return; }
  var badge = document.getElementById("id_badge");
  var form = input.form;
  var url = input.getAttribute("data-search-url");
  var active = -1;
  var timer = null;
  var lastQuery = "";

  function items() { return list.querySelectorAll("[role=option]"); }

  function hide() { list.hidden = true; list.innerHTML = ""; active = -1; }

  function highlight(index) {
    var options = items();
    if (!options.length) { return; }
    active = (index + options.length) % options.length;
    options.forEach(function (el, i) {
      el.classList.toggle("active", i === active);
      el.setAttribute("aria-selected", i === active ? "true" : "false");
    });
  }

  function choose(player) {
    input.value = player.name;
    if (badge) { badge.value = player.badge || ""; }
    hide();
    if (form.requestSubmit) { form.requestSubmit(); } else { HTMLFormElement.prototype.submit.call(form); }
  }

  function show(players) {
    list.innerHTML = "";
    active = -1;
    players.forEach(function (player) {
      var item = document.createElement("li");
      item.className = "list-group-item list-group-item-action";
      item.setAttribute("role", "option");
      item.textContent = player.name + (player.badge ? "  #" + player.badge : "");
      item.addEventListener("mousedown", function (e) { e.preventDefault(); choose(player); });
      item._player = player;
      list.appendChild(item);
    });
    if (!players.length && input.value.trim()) {
      var none = document.createElement("li");
      none.className = "list-group-item text-muted small";
      none.textContent = "No match: Enter adds “" + input.value.trim() + "” as a new player";
      list.appendChild(none);
    }
    list.hidden = !list.children.length;
  }

  function search() {
    var query = input.value.trim();
    if (query === lastQuery) { return; }
    lastQuery = query;
    if (!query) { hide(); return; }
    fetch(url + "?q=" + encodeURIComponent(query), {
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    })
      .then(function (r) { return r.ok ? r.json() : { players: [] }; })
      .then(function (data) { if (query === input.value.trim()) { show(data.players); } })
      .catch(function () { hide(); });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 120);
  });
  input.addEventListener("keydown", function (e) {
    var options = items();
    if (e.key === "ArrowDown" && options.length) { e.preventDefault(); highlight(active + 1); }
    else if (e.key === "ArrowUp" && options.length) { e.preventDefault(); highlight(active - 1); }
    else if (e.key === "Escape") { hide(); }
    else if (e.key === "Enter" && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]._player);
    }
  });
  input.addEventListener("blur", function () { setTimeout(hide, 150); });
})();
