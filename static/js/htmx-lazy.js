/* htmx (static/vendor, named by this script tag's data-src), fetched when the page is first used:
   a tap, a key or the focus on a field; at once where the page asks the server by itself (an
   hx-trigger, such as the coach's progress line). The first load of a page stays small, and a page
   only looked at never fetches it. A form htmx would send before it is there waits for it (a few
   seconds at most), then goes as htmx's request, or as the plain POST every form is without
   JavaScript if htmx cannot be had. */
(function () {
  "use strict";

  var script = document.currentScript;
  var source = script && script.getAttribute("data-src");
  var WAIT_MS = 4000; /* then a waiting form goes as a plain POST */
  var state = "idle"; /* idle, loading, ready, failed */
  var waiting = []; /* [form, the button that sent it] */
  if (!source) { return; }

  function send(item, plain) {
    var form = item[0];
    var button = item[1];
    if (!form.isConnected) { return; }
    var submitter = button && button.isConnected && button.form === form ? button : undefined;
    if (plain) {
      form.dataset.plain = "1";
    } else if (submitter) {
      /* htmx learns which button sent a form from its click (it sends that button's value): a
         click, not requestSubmit(button), so "What should I keep?" still says which roll. */
      submitter.click();
      return;
    }
    form.requestSubmit(submitter);
  }

  function release() {
    var queued = waiting;
    waiting = [];
    queued.forEach(function (item) { send(item, state !== "ready"); });
  }

  function inject() {
    var tag = document.createElement("script");
    tag.src = source;
    tag.onload = function () { state = "ready"; release(); };
    tag.onerror = function () { state = "failed"; release(); };
    document.head.appendChild(tag);
  }

  function load() {
    if (state !== "idle") { return; }
    state = "loading";
    /* htmx starts itself on a document loaded whole (or not yet parsed), never in between. */
    if (document.readyState === "complete") { inject(); } else { window.addEventListener("load", inject); }
  }

  function asksByItself() {
    if (document.querySelector("[hx-trigger]")) { load(); }
  }

  ["pointerdown", "touchstart", "keydown", "focusin"].forEach(function (name) {
    document.addEventListener(name, load, { capture: true, passive: true });
  });
  document.addEventListener("live:updated", asksByItself);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", asksByItself);
  } else {
    asksByItself();
  }

  /* A form of htmx's sent before htmx is there: held until it is (or WAIT_MS have passed). */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.plain) { delete form.dataset.plain; return; }
    if (state === "ready" || state === "failed" || !form.matches("[hx-post], [hx-get]")) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    /* A second tap while it waits replaces the first: one form, one request. */
    waiting = waiting.filter(function (queued) { return queued[0] !== form; });
    waiting.push([form, event.submitter]);
    load();
    window.setTimeout(function () {
      var item = waiting.filter(function (queued) { return queued[0] === form; })[0];
      if (!item) { return; }
      waiting.splice(waiting.indexOf(item), 1);
      send(item, true);
    }, WAIT_MS);
  }, true);
})();
