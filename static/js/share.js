// Share panel: a Copy button beside each link field. Without JavaScript the field is still
// there, read-only and selectable, so nothing depends on this file.
(function () {
  "use strict";

  function copyText(input) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(input.value);
    }
    // Plain http on the home Wi-Fi is not a secure context: fall back to the selection.
    input.focus();
    input.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function addButton(section) {
    var input = section.querySelector(".share-url");
    if (!input || section.querySelector(".copy-btn")) return;
    var label = section.getAttribute("data-copy-label") || "Copy";
    var done = section.getAttribute("data-copied-label") || "Copied";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "btn copy-btn";
    button.textContent = label;
    button.setAttribute("aria-describedby", input.id);
    button.addEventListener("click", function () {
      copyText(input).then(function () {
        button.textContent = done;
        window.setTimeout(function () { button.textContent = label; }, 2000);
      }, function () {
        input.focus();
        input.select(); // the player can still copy by hand
      });
    });
    input.insertAdjacentElement("afterend", button);
  }

  function init() {
    document.querySelectorAll(".share-link").forEach(addButton);
    document.querySelectorAll(".share-url").forEach(function (input) {
      input.addEventListener("focus", function () { input.select(); });
    });
  }

  /* The panel lies over the page: a tap elsewhere or Escape closes it, as a menu would. */
  function closeShare(event) {
    var share = document.getElementById("share");
    if (!share || !share.open) return;
    if (event.type === "keydown" ? event.key === "Escape" : !share.contains(event.target)) {
      share.open = false;
      if (event.type === "keydown") share.querySelector("summary").focus();
    }
  }
  document.addEventListener("click", closeShare);
  document.addEventListener("keydown", closeShare);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
