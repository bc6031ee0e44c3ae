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

  /* A conflict (409: another phone was first) swaps in the fresh game area with its notice on top:
     bring the notice onto the screen, the player's eyes are still on the button they pressed. */
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.xhr || event.detail.xhr.status !== 409) { return; }
    var notice = document.querySelector("#play > .notice");
    if (notice && notice.getBoundingClientRect().top < 0) { notice.scrollIntoView({ block: "start" }); }
  });

  document.addEventListener("htmx:responseError", function () { fault(document.body.dataset.fault); });
  document.addEventListener("htmx:sendError", function () { fault(document.body.dataset.offline); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { fault(""); }
  });
})();
