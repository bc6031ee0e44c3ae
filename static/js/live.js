// Live sheet: asks every 1.5 s for the page's game area again with the ETag of what it shows (304:
// nothing new); when another phone changed the game, swaps the fresh area in around the dice entry.
// The region has data-etag and data-poll (the page is that address without its last segment). A
// region made while the coach's tables were built has an ETag marked so (web/live/polls.py live_etag):
// the server answers it with the coach once they are there, at the same version. Its
// children marked data-live-keep="name" (the dice entry, the keep panel) are kept while they hold
// anything typed, the focus or a shown result, if the fresh region has one of that name.
(function () {
  "use strict";

  var INTERVAL = 1500;
  var MAX_DELAY = 15000;
  var timer = null;
  var busy = false;
  var failures = 0;
  var inFlight = 0; // htmx requests of this page: never swap under the player's own action
  var lastRequest = 0;
  var STUCK = 30000; // a request event lost somewhere must not stop the page for good

  function region() { return document.querySelector("[data-poll]"); }

  function schedule(delay) {
    window.clearTimeout(timer);
    timer = window.setTimeout(tick, delay);
  }

  function nextDelay() {
    return failures ? Math.min(INTERVAL * Math.pow(2, failures), MAX_DELAY) : INTERVAL;
  }

  // The page the region belongs to: the poll address without its last segment.
  function pageUrl(el) { return el.getAttribute("data-poll").replace(/\/poll$/, ""); }

  function tick() {
    var el = region();
    if (!el || document.hidden) return; // visibilitychange starts it again
    if (inFlight > 0 && Date.now() - lastRequest > STUCK) inFlight = 0;
    if (busy || inFlight > 0) { schedule(INTERVAL); return; }
    busy = true;
    fetch(pageUrl(el), {
      credentials: "same-origin", cache: "no-store",
      headers: { "HX-Request": "true", "If-None-Match": el.getAttribute("data-etag") || "" }
    }).then(function (response) {
      if (response.status === 304) return null;
      if (!response.ok) throw new Error("live " + response.status);
      return response.text();
    }).then(function (html) {
      failures = 0;
      if (html) show(html);
    }).catch(function () { failures += 1; })
      .then(function () {
        busy = false;
        schedule(nextDelay());
      });
  }

  function show(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    var fresh = template.content.querySelector("[data-poll]");
    var current = region();
    if (!fresh || inFlight > 0 || !current) return;
    // An older answer must never replace a newer sheet (the player may have just recorded); at the
    // same version, only the coach's arrival: a region made with it replaces one made while it waited.
    var was = Number(current.getAttribute("data-version"));
    var now = Number(fresh.getAttribute("data-version"));
    if (now < was || (now === was && !(coachWaits(current) && !coachWaits(fresh)))) return;
    swap(current, fresh);
  }

  function coachWaits(el) { return /-wait"$/.test(el.getAttribute("data-etag") || ""); }

  // Worth keeping: something typed, the focus, or a result the player may be reading.
  function isDirty(kept) {
    if (kept.contains(document.activeElement) && document.activeElement !== kept) return true;
    var fields = kept.querySelectorAll("input:not([type=hidden]), textarea");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value.trim() !== "") return true;
    }
    return kept.querySelector(".is-filled, form.choose, .keep-result, .field-error, .coach-wait") !== null;
  }

  // The region's direct children marked data-live-keep="name", by name.
  function keepables(root) {
    var found = {};
    Array.prototype.forEach.call(root.children, function (child) {
      var name = child.getAttribute("data-live-keep");
      if (name !== null) found[name] = child;
    });
    return found;
  }

  function swap(current, fresh) {
    var slots = keepables(fresh);
    var kept = []; // [element kept in place, the fresh element it stands for]
    var olds = keepables(current);
    Object.keys(olds).forEach(function (name) {
      if (slots[name] && isDirty(olds[name])) kept.push([olds[name], slots[name]]);
    });
    var keptNodes = kept.map(function (pair) { return pair[0]; });

    // Kept elements never leave the page (a moved input would lose its focus and caret):
    // everything else goes, and the fresh children are put around them in the fresh order.
    Array.prototype.slice.call(current.childNodes).forEach(function (child) {
      if (keptNodes.indexOf(child) < 0) current.removeChild(child);
    });
    var added = [];
    var anchor = current.firstChild; // the next kept element still to pass
    Array.prototype.slice.call(fresh.childNodes).forEach(function (child) {
      var pair = kept.filter(function (p) { return p[1] === child; })[0];
      if (pair) {
        if (pair[0] === anchor) anchor = anchor.nextSibling;
        return;
      }
      current.insertBefore(child, anchor);
      if (child.nodeType === 1) added.push(child);
    });
    // The region's own attributes carry the version, its ETag and the announcement.
    Array.prototype.slice.call(fresh.attributes).forEach(function (attr) {
      current.setAttribute(attr.name, attr.value);
    });

    if (window.htmx) {
      window.htmx.process(current);
      added.forEach(function (node) { window.htmx.trigger(node, "htmx:load"); });
    }
    kept.forEach(function (pair) { follow(pair[0], pair[1]); });
    announce(current.getAttribute("data-announce"));
    current.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
  }

  // A kept element made for another turn (recorded or undone elsewhere) takes the fresh one's
  // attributes and labels, keeps what was typed, and says why its player should look again;
  // "live:stale" lets its own script follow (dice.js asks for the new player's boxes).
  function follow(kept, slot) {
    var was = Number(kept.getAttribute("data-turn"));
    var now = Number(slot.getAttribute("data-turn"));
    if (was === now) return;
    var message = kept.getAttribute(now > was ? "data-stale-recorded" : "data-stale-undone");
    Array.prototype.slice.call(slot.attributes).forEach(function (attr) {
      kept.setAttribute(attr.name, attr.value);
    });
    kept.classList.add("is-stale");
    kept.querySelectorAll("[data-live-sync]").forEach(function (label) {
      var same = slot.querySelector('[data-live-sync="' + label.getAttribute("data-live-sync") + '"]');
      if (same) label.textContent = same.textContent;
    });
    var notice = kept.querySelector(".live-stale");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice live-stale";
      notice.setAttribute("role", "status");
      kept.insertBefore(notice, kept.firstChild);
    }
    notice.textContent = message || "";
    notice.hidden = !message;
    kept.dispatchEvent(new CustomEvent("live:stale", { bubbles: true, detail: { fresh: slot } }));
  }

  function announce(text) {
    var live = document.getElementById("live");
    if (live && text) live.textContent = text;
  }

  document.addEventListener("htmx:beforeRequest", function () { inFlight += 1; lastRequest = Date.now(); });
  document.addEventListener("htmx:afterRequest", function (event) {
    inFlight = Math.max(0, inFlight - 1);
    // The server answered this page: polls that failed before need not wait any longer.
    if (event.detail && event.detail.successful && failures) { failures = 0; schedule(INTERVAL); }
  });
  // The coach's tables are built (the progress line's answer, coach/_progress.html): ask at once.
  document.addEventListener("coach-ready", function () { failures = 0; schedule(0); });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { failures = 0; schedule(0); }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { schedule(INTERVAL); });
  } else {
    schedule(INTERVAL);
  }
})();
