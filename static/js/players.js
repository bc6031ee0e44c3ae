/* New-game form: add, remove and reorder players without a round trip.
   Without this file the same buttons submit and the server re-renders the form. */
(function () {
  "use strict";

  function fill(template, num) { return template.replace("{n}", num); }

  function renumber(box) {
    var rows = box.querySelectorAll(".player-row");
    var max = Number(box.dataset.max);
    rows.forEach(function (row, i) {
      var num = i + 1;
      var input = row.querySelector("input");
      var labelEl = row.querySelector("label");
      input.id = "player-" + i;
      labelEl.htmlFor = input.id;
      labelEl.textContent = fill(box.dataset.label, num);
      var up = row.querySelector("[data-action=up]");
      var remove = row.querySelector("[data-action=remove]");
      up.value = "up:" + i;
      up.setAttribute("aria-label", fill(box.dataset.up, num));
      up.disabled = i === 0;
      remove.value = "remove:" + i;
      remove.setAttribute("aria-label", fill(box.dataset.remove, num));
      remove.disabled = rows.length === 1;
    });
    box.querySelector("[data-action=add]").disabled = rows.length >= max;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#players [data-action]");
    if (!button) { return; }
    event.preventDefault();
    var box = document.getElementById("players");
    var list = box.querySelector(".player-list");
    var row = button.closest(".player-row");
    var action = button.dataset.action;
    var focus = null;
    if (action === "add") {
      var rows = list.querySelectorAll(".player-row");
      if (rows.length >= Number(box.dataset.max)) { return; }
      var fresh = rows[rows.length - 1].cloneNode(true);
      fresh.classList.remove("has-error");
      var error = fresh.querySelector(".field-error");
      if (error) { error.remove(); }
      var input = fresh.querySelector("input");
      input.value = "";
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      input.removeAttribute("autofocus");
      list.appendChild(fresh);
      focus = input;
    } else if (action === "remove") {
      var next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      focus = next && next.querySelector("input");
    } else if (action === "up" && row.previousElementSibling) {
      list.insertBefore(row, row.previousElementSibling);
      focus = row.querySelector("[data-action=up]:not(:disabled)") || row.querySelector("input");
    }
    renumber(box);
    if (focus) { focus.focus(); }
  });
})();
