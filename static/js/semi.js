/* The semi-final check-in: "All present" ticks every player's box, and is
   ticked only while every box is. Without scripts the form still works: the
   server counts every listed player present when "All present" is sent. */
(function () {
  "use strict";
  var all = document.getElementById("all-present");
  if (!all) { return; }
  var boxes = Array.prototype.slice.call(
    document.querySelectorAll("input.semi-present[form='semi-presence']")
  );
  function sync() {
    all.checked = boxes.length > 0 && boxes.every(function (box) { return box.checked; });
  }
  all.addEventListener("change", function () {
    boxes.forEach(function (box) { box.checked = all.checked; });
  });
  boxes.forEach(function (box) { box.addEventListener("change", sync); });
  sync();
})();
