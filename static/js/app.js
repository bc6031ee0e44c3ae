/* Page-wide helpers: announce changes in the live region, say when a request failed. */
(function () {
  "use strict";

  function fault(text) {
    var box = document.getElementById("fault");
    if (!box) { return; }
    box.textContent = text || "";
    box.hidden = !text;
  }

  /* A fragment's forms carry no CSRF field of their own (every phone of a link may share it,
     scorekeeper/web/live): a plain form gets the page's token, from its body, as it is sent. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || String(form.method).toLowerCase() !== "post" || form.querySelector('[name="csrf_token"]')) { return; }
    var token = null;
    try { token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"]; } catch (e) { return; }
    if (!token) { return; }
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = "csrf_token";
    field.value = token;
    form.appendChild(field);
  }, true);

  /* A new game area carries its announcement ("Bo: 12 in Fours. Next: Ann."). */
  document.addEventListener("htmx:load", function (event) {
    var area = event.detail.elt;
    var live = document.getElementById("live");
    if (live && area && area.id === "play") { live.textContent = area.dataset.announce || ""; }
  });

  /* A turn recorded (its confirmation), undone, or refused because another phone was first (409):
     the fresh game area has what to say on top. Bring it onto the screen with the keypad under it;
     the player's page was scrolled down to the box or the button they pressed. */
  document.addEventListener("htmx:afterSwap", function (event) {
    var play = document.getElementById("play");
    if (!event.detail.xhr || !play || !event.detail.target || event.detail.target.id !== "play") { return; }
    var said = document.querySelector("#play > .notice, #play > .confirm");
    if (!said) { return; }
    var box = said.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) { said.scrollIntoView({ block: "start" }); }
  });

  /* A sheet wider than the screen: bring the current player's column into view (past the sticky
     box names), and mark the edges beyond which more columns are. */
  function marks(scroll) {
    var frame = scroll.parentElement;
    if (!frame || !frame.classList.contains("sheet-frame")) { return; }
    var left = scroll.scrollLeft > 1;
    var right = scroll.scrollLeft + scroll.clientWidth < scroll.scrollWidth - 1;
    frame.classList.toggle("more-left", left);
    frame.classList.toggle("more-right", right);
  }

  function showCurrent(scroll) {
    if (scroll.scrollWidth > scroll.clientWidth) {
      var current = scroll.querySelector("th.pcol.is-current");
      var labels = scroll.querySelector("th.corner");
      if (current && labels) {
        /* In the middle of the room the sticky names leave, clear of the edge marks. */
        var room = scroll.clientWidth - labels.offsetWidth;
        var start = current.offsetLeft - labels.offsetWidth;
        var end = start + current.offsetWidth;
        if (start < scroll.scrollLeft + 28 || end > scroll.scrollLeft + room - 28) {
          scroll.scrollLeft = Math.max(0, start - (room - current.offsetWidth) / 2);
        }
      }
    }
    marks(scroll);
  }

  function sheets() { document.querySelectorAll(".sheet-scroll").forEach(showCurrent); }

  document.addEventListener("scroll", function (event) {
    var target = event.target;
    if (target && target.classList && target.classList.contains("sheet-scroll")) { marks(target); }
  }, true);
  window.addEventListener("resize", sheets);
  document.addEventListener("DOMContentLoaded", sheets);
  document.addEventListener("htmx:load", sheets);
  document.addEventListener("live:updated", sheets);

  /* A player's name cut short in the sheet's head: a tap shows it whole (its title says it too). */
  document.addEventListener("click", function (event) {
    var head = event.target.closest && event.target.closest(".sheet th.pcol");
    if (head) { head.classList.toggle("is-open"); }
  });

  document.addEventListener("htmx:responseError", function () { fault(document.body.dataset.fault); });
  document.addEventListener("htmx:sendError", function () { fault(document.body.dataset.offline); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { fault(""); }
  });
})();
