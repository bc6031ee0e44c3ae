/* Keeps the phone's screen on while a game is played (Screen Wake Lock), with a switch in the thumb
   bar (games/_play_body.html). Where the browser has no wake lock, the switch stays hidden and
   nothing is said. The lock goes when the page is hidden (the browser's rule) and is asked for again
   when it comes back; it is let go when the game is over. */
(function () {
  "use strict";

  if (!("wakeLock" in navigator)) { return; }

  var STORE = "scorekeeper-wake";
  var sentinel = null;

  function wanted() {
    try { return localStorage.getItem(STORE) !== "off"; } catch (e) { return true; }
  }

  function setWanted(on) {
    try { localStorage.setItem(STORE, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function switchButton() { return document.querySelector("#play [data-wake]"); }

  /* A game in play: its page has the switch (the game-over card has none). */
  function inPlay() { return switchButton() !== null; }

  function show() {
    var button = switchButton();
    if (!button) { return; }
    button.hidden = false;
    button.setAttribute("aria-pressed", sentinel && !sentinel.released ? "true" : "false");
  }

  function release() {
    var held = sentinel;
    sentinel = null;
    if (held && !held.released) { held.release().catch(function () { /* already gone */ }); }
    show();
  }

  function acquire() {
    if (!wanted() || !inPlay() || document.visibilityState !== "visible") { show(); return; }
    if (sentinel && !sentinel.released) { show(); return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      sentinel = lock;
      lock.addEventListener("release", function () { if (sentinel === lock) { sentinel = null; } show(); });
      if (!inPlay() || !wanted()) { release(); return; }
      show();
    }).catch(function () { sentinel = null; show(); }); /* refused (battery saver): the switch says off */
  }

  /* After every new game area (a turn, an undo, a live update): hold it in play, let go at the end. */
  function refresh() {
    if (inPlay()) { acquire(); } else { release(); }
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest("#play [data-wake]")) { return; }
    var on = !(sentinel && !sentinel.released);
    setWanted(on);
    if (on) { acquire(); } else { release(); }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { acquire(); }
  });
  document.addEventListener("htmx:load", refresh);
  document.addEventListener("live:updated", refresh);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refresh);
  } else {
    refresh();
  }
})();
