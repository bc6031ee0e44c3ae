/* Page-wide helpers: announce changes in the live region, say when a request failed. */
(function () {
  "use strict";

  function fault(text) {
    var box = document.getElementById("fault");
    if (!box) { return; }
    box.textContent = text || "";
    box.hidden = !text;
  }

  /* A new game area carries its announcement ("Bo: 12 in Fours. Next: Ann."). */
  document.addEventListener("htmx:load", function (event) {
    var area = event.detail.elt;
    var live = document.getElementById("live");
    if (live && area && area.id === "play") { live.textContent = area.dataset.announce || ""; }
  });

  document.addEventListener("htmx:responseError", function () { fault(document.body.dataset.fault); });
  document.addEventListener("htmx:sendError", function () { fault(document.body.dataset.offline); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { fault(""); }
  });
})();
