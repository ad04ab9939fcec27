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
  var inFlight = false;
  var enterPending = false;

  function items() { return list.querySelectorAll("[role=option]"); }

  function hide() { list.hidden = true; list.innerHTML = ""; active = -1; lastQuery = ""; }

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
    var typed = input.value.trim();
    var exact = players.some(function (p) { return p.name.toLowerCase() === typed.toLowerCase(); });
    if (typed && !exact && !/^#?\d+$/.test(typed)) {
      // Adding a new player is an explicit choice, listed after the matches.
      var add = document.createElement("li");
      add.className = "list-group-item list-group-item-action text-primary";
      add.setAttribute("role", "option");
      add.textContent = "+ Add “" + typed + "” as a new player";
      add._player = { name: typed, badge: badge ? badge.value : "" };
      add.addEventListener("mousedown", function (e) { e.preventDefault(); choose(add._player); });
      list.appendChild(add);
    }
    list.hidden = !list.children.length;
    if (enterPending) { enterPending = false; pickFirst(); }
  }

  // Enter with nothing highlighted takes the best match (the first option), so a
  // partial name or a badge number never becomes a new player by accident.
  function pickFirst() {
    var options = items();
    if (options.length) { choose(options[0]._player); }
    else if (form.requestSubmit) { form.requestSubmit(); }
  }

  function search() {
    var query = input.value.trim();
    if (query === lastQuery) { return; }
    lastQuery = query;
    if (!query) { hide(); return; }
    inFlight = true;
    fetch(url + "?q=" + encodeURIComponent(query), {
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    })
      .then(function (r) { return r.ok ? r.json() : { players: [] }; })
      .then(function (data) {
        inFlight = false;
        if (query === input.value.trim()) { show(data.players); }
      })
      .catch(function () { inFlight = false; enterPending = false; hide(); });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { timer = null; search(); }, 120);
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
    else if (e.key === "Enter" && input.value.trim()) {
      e.preventDefault();
      clearTimeout(timer);
      timer = null;
      if (inFlight) { enterPending = true; }            // matches on their way
      else if (input.value.trim() !== lastQuery) { enterPending = true; search(); }
      else { pickFirst(); }
    }
  });
  input.addEventListener("blur", function () { setTimeout(hide, 150); });
})();
