/* Text fields with a limit (data-max-chars) say why as soon as the text is too long, instead of the
   browser's maxlength cutting it silently while typing. The server refuses the same text with the
   same reason (data-too-long), so without this file nothing is lost either. */
(function () {
  "use strict";

  /* The length the server counts: white space trimmed and runs made one, NFC, code points. */
  function counted(value) {
    return Array.from(value.trim().replace(/\s+/g, " ").normalize("NFC")).length;
  }

  function check(input) {
    var max = Number(input.dataset.maxChars);
    var id = input.id + "-too-long";
    var note = document.getElementById(id);
    var tooLong = counted(input.value) > max;
    if (tooLong && !note) {
      note = document.createElement("p");
      note.className = "field-error too-long";
      note.id = id;
      note.setAttribute("role", "status");
      note.textContent = input.dataset.tooLong;
      var row = input.closest(".player-row");
      if (row) { row.appendChild(note); } else { input.insertAdjacentElement("afterend", note); }
    } else if (!tooLong && note) {
      note.remove();
    }
    if (tooLong) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", id);
    } else if (input.getAttribute("aria-describedby") === id) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input instanceof HTMLInputElement && input.dataset.maxChars) { check(input); }
  });
})();
