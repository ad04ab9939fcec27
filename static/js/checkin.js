/* Check-in type-ahead: fetches matching players from the event's JSON endpoint
   and lets the GM pick one with the mouse or the arrow keys and Enter.
   Served from the app's own static files; no libraries.

   The page only offers; the server decides who a check-in is
   (heats/services/checkin_identity.py). A pick from the list sends the
   player's id. A typed badge or a ticked "New player" is sent as typed, read
   when the form is sent (never when the list was drawn). A name that is
   exactly a player's (the server says which: names are compared in NFC, case
   and spaces ignored) is sent as typed too: the server asks "the same person
   or a new player?", its answers drawn in the check-in messages. A partial
   name must never check in someone else, nor become a new player by accident:
   Enter (or the Check in button) waits for the matches of what is typed, takes
   the only match of a badge number, and otherwise asks: "Sam Lee" where only
   Sam Leeds exists lists Sam Leeds and "+ Add" and waits for the GM's pick. A
   new player is added when nothing matches, or when the GM picks "+ Add"
   (which ticks "New player", so the server knows it was meant). The list lies
   below the form's controls, so they stay clickable while it is open.

   With htmx (the form's hx-post), the check-in is sent without leaving the page:
   the list and the counts change in place, and the name field is cleared for the
   next player and keeps the focus. Without it the form posts and the page
   reloads.

   Its words come from the suggestions list's data-*-text attributes, written
   by the page in the reader's language ({name} and {status} filled in here). */
(function () {
  "use strict";
  var input = document.querySelector("input[data-search-url]");
  var list = document.getElementById("checkin-suggestions");
  if (!input || !list) { return; }
  var badge = document.getElementById("id_badge");
  var isNew = document.getElementById("id_new");
  var picked = document.getElementById("id_player");
  var form = input.form;
  var url = input.getAttribute("data-search-url");
  var active = -1;
  var timer = null;
  var shown = null;        // the query whose matches are on screen
  var seq = 0;             // number of the newest request
  var enterPending = false;

  // A text of the page (data-<key>-text on the list), its {field}s filled in.
  function words(key, fallback, fields) {
    var text = list.getAttribute("data-" + key + "-text") || fallback;
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : all;
    });
  }

  function typed() { return input.value.trim(); }
  function items() { return list.querySelectorAll("[role=option]"); }

  function hide() { list.hidden = true; list.innerHTML = ""; active = -1; shown = null; }

  function highlight(index) {
    var options = items();
    if (!options.length) { return; }
    active = (index + options.length) % options.length;
    options.forEach(function (el, i) {
      el.classList.toggle("active", i === active);
      el.setAttribute("aria-selected", i === active ? "true" : "false");
    });
  }

  function submit() {
    form.dataset.confirmed = "1";
    if (form.requestSubmit) { form.requestSubmit(); } else { HTMLFormElement.prototype.submit.call(form); }
  }

  // A pick: a player of the list (their id and badge go with the name), or
  // "+ Add" (the badge field is sent as it is now).
  function choose(player) {
    input.value = player.name;
    if (!player.isNew && badge) { badge.value = player.badge || ""; }
    if (picked) { picked.value = player.isNew ? "" : String(player.id); }
    if (isNew) { isNew.checked = !!player.isNew; }
    hide();
    submit();
  }

  // Anything typed or ticked after a pick is the GM's own again.
  function unpick() { if (picked) { picked.value = ""; } }

  function option(text, player, css) {
    var item = document.createElement("li");
    item.className = "list-group-item list-group-item-action" + (css ? " " + css : "");
    item.setAttribute("role", "option");
    item.textContent = text;
    item._player = player;
    item.addEventListener("mousedown", function (e) { e.preventDefault(); choose(player); });
    list.appendChild(item);
  }

  function hint(text) {
    list.querySelectorAll(".checkin-hint").forEach(function (el) { el.remove(); });
    var item = document.createElement("li");
    item.className = "list-group-item small text-muted checkin-hint";
    item.textContent = text;
    list.appendChild(item);
  }

  function show(query, players) {
    list.innerHTML = "";
    active = -1;
    shown = query;
    players.forEach(function (player) {
      option(player.name + (player.badge ? "  #" + player.badge : ""), player, "");
    });
    if (query && !exactMatch(query, players) && !/^#?\d+$/.test(query)) {
      option(words("add", "+ Add “{name}” as a new player", { name: query }),
             { name: query, isNew: true }, "text-primary");
    }
    list.hidden = !list.children.length;
  }

  // True when a player's name is the query (the server's "exact") or their
  // badge is.
  function exactMatch(query, players) {
    return players.some(function (p) { return p.exact || badgeOf(query, p); });
  }

  function badgeOf(query, player) {
    return !!player.badge && player.badge === query.replace(/^#/, "");
  }

  // Enter or the Check in button, once the matches of what is typed are shown.
  // Nothing is highlighted when it asks, so a second Enter cannot pick anyone.
  function decide() {
    enterPending = false;
    var players = [], add = null;
    items().forEach(function (el) {
      if (el._player.isNew) { add = el._player; } else { players.push(el._player); }
    });
    var query = typed();
    var told = (badge && badge.value.trim()) || (isNew && isNew.checked);
    if (query && (told || (picked && picked.value))) { hide(); submit(); return; }
    var byBadge = players.filter(function (p) { return badgeOf(query, p); });
    if (byBadge.length === 1) { choose(byBadge[0]); return; }
    if (players.some(function (p) { return p.exact; })) { hide(); submit(); return; }
    if (players.length) {
      hint(words("pick", "Nobody is called “{name}”: pick a player (↑ ↓ and Enter), " +
                 "or “+ Add” for a new player.", { name: typed() }));
      list.hidden = false;
      return;
    }
    if (add) { choose(add); } else if (typed()) { submit(); }
  }

  function search() {
    var query = typed();
    if (!query) { hide(); return; }
    if (query === shown) { if (enterPending) { decide(); } return; }
    var mine = ++seq;
    fetch(url + "?q=" + encodeURIComponent(query), {
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    })
      .then(function (r) { return r.ok ? r.json() : { players: [] }; })
      .then(function (data) {
        if (mine !== seq) { return; }                 // a newer search is under way
        if (query !== typed()) { search(); return; }  // typed on meanwhile
        show(query, data.players);
        if (enterPending) { decide(); }
      })
      .catch(function () { enterPending = false; hide(); });
  }

  // Escape closes the list and keeps it closed: matches still on their way (or a
  // search not yet sent) must not open it again over the "Check in" button.
  function dismiss() {
    clearTimeout(timer);
    timer = null;
    seq++;
    enterPending = false;
    hide();
  }

  function request() {
    if (!typed()) { return; }
    clearTimeout(timer);
    timer = null;
    enterPending = true;
    search();
  }

  if (badge) { badge.addEventListener("input", unpick); }
  if (isNew) { isNew.addEventListener("change", unpick); }
  input.addEventListener("input", function () {
    unpick();
    enterPending = false;          // typing again cancels a pending Enter
    clearTimeout(timer);
    timer = setTimeout(function () { timer = null; search(); }, 120);
  });
  input.addEventListener("keydown", function (e) {
    var options = items();
    if (e.key === "ArrowDown" && options.length) { e.preventDefault(); highlight(active + 1); }
    else if (e.key === "ArrowUp" && options.length) { e.preventDefault(); highlight(active - 1); }
    else if (e.key === "Escape") { dismiss(); }
    else if (e.key === "Enter") {
      e.preventDefault();
      if (active >= 0 && options[active]) { choose(options[active]._player); } else { request(); }
    }
  });
  // Caught on its way down (capture), before htmx's own listener on the form:
  // a press not yet decided must send nothing, by htmx or by the browser.
  document.addEventListener("submit", function (e) {
    if (e.target !== form) { return; }
    if (form.dataset.confirmed === "1") { form.dataset.confirmed = ""; return; }
    e.preventDefault();            // the button: same rules as Enter
    e.stopPropagation();
    input.focus();                 // back to the name, so its question stays open
    // After this event: a form ignores requestSubmit() while its submit event
    // is being fired, so a decision taken at once (matches already shown)
    // would be lost and the press would do nothing.
    setTimeout(request, 0);
  }, true);

  // htmx answered with the check-in fragment (the list and the counts are in
  // place): "checkin-saved" clears the form for the next name; after a refusal
  // the name stays, to be corrected. The name keeps the focus either way.
  // The answers to the server's question ("the same person or a new player?")
  // are forms of their own: their "checkin-saved" clears this form too.
  function fromAnswer(e) { return e.target.closest && e.target.closest(".checkin-answer"); }
  function clearForm() {
    input.value = "";
    if (badge) { badge.value = ""; }
    if (isNew) { isNew.checked = false; }
    unpick();
    dismiss();
  }
  form.addEventListener("checkin-saved", clearForm);
  document.body.addEventListener("checkin-saved", function (e) { if (fromAnswer(e)) { clearForm(); } });
  // After an answer, the name is ready for the next player; after a question,
  // its answer ready for Enter (the only namesake), or the question itself.
  function focusNext() {
    var question = document.getElementById("checkin-question");
    var answer = question && question.querySelector("[autofocus]");
    (answer || question || input).focus();
  }
  form.addEventListener("htmx:afterRequest", focusNext);
  // An answer's form is swapped away with the question before its request
  // ends: the page settling after it is when the focus moves.
  var answered = false;
  document.body.addEventListener("htmx:beforeRequest", function (e) { if (fromAnswer(e)) { answered = true; } });
  document.body.addEventListener("htmx:afterSettle", function () {
    if (answered) { answered = false; focusNext(); }
  });
  var paste = document.getElementById("paste-form");
  if (paste) {
    paste.addEventListener("checkin-saved", function () { paste.reset(); });
    paste.addEventListener("htmx:afterRequest", function () {
      var text = paste.querySelector("textarea");
      if (text) { text.focus(); }
    });
  }
  // An answer htmx does not swap (a refusal of the role, a server error): say
  // so where the check-in messages go, rather than nothing.
  document.body.addEventListener("htmx:responseError", function (e) {
    var box = document.getElementById("checkin-messages");
    var from = e.detail.requestConfig && e.detail.requestConfig.elt;
    // A form answered in place (Seat) is posted as a page instead: in_place.js.
    if (!box || (from && from.closest && from.closest("[data-in-place]"))) { return; }
    var alert = document.createElement("div");
    alert.className = "alert alert-danger mt-3 mb-0";
    alert.setAttribute("role", "alert");
    alert.textContent = words("error", "The server answered {status}: reload the page " +
                              "and try again.", { status: e.detail.xhr.status });
    box.replaceChildren(alert);
  });
  input.addEventListener("blur", function () {
    setTimeout(function () { if (document.activeElement !== input) { hide(); } }, 150);
  });
})();
