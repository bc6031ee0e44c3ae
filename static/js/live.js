// Live sheet: asks the server every 1.5 s whether the game changed (204 = no, a few hundred
// bytes), and when another phone recorded, undid or corrected a turn, fetches the fresh
// region and swaps it in around the dice entry, so what this player is typing stays put.
//
// The region is the element with data-poll (its poll URL) and data-version (the version it
// shows). Inside it, the element marked data-live-keep (the dice entry) is kept as it is
// while it holds anything typed or has the focus; everything around it is replaced.
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

  function tick() {
    var el = region();
    if (!el || document.hidden) return; // visibilitychange starts it again
    if (inFlight > 0 && Date.now() - lastRequest > STUCK) inFlight = 0;
    if (busy || inFlight > 0) { schedule(INTERVAL); return; }
    busy = true;
    var url = el.getAttribute("data-poll") + "?v=" + encodeURIComponent(el.getAttribute("data-version") || "");
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status === 204) return null;
        if (!response.ok) throw new Error("poll " + response.status);
        return response.json();
      })
      .then(function (data) {
        failures = 0;
        if (data && String(data.version) !== el.getAttribute("data-version")) return refresh(el);
      })
      .catch(function () { failures += 1; })
      .then(function () {
        busy = false;
        schedule(nextDelay());
      });
  }

  // The page the region belongs to: the poll URL without its last segment.
  function pageUrl(el) { return el.getAttribute("data-poll").replace(/\/poll$/, ""); }

  function refresh(el) {
    return fetch(pageUrl(el), {
      credentials: "same-origin", cache: "no-store", headers: { "HX-Request": "true" }
    }).then(function (response) {
      if (!response.ok) throw new Error("page " + response.status);
      return response.text();
    }).then(function (html) {
      var template = document.createElement("template");
      template.innerHTML = html.trim();
      var fresh = template.content.querySelector("[data-poll]");
      if (!fresh || inFlight > 0 || !region()) return;
      var current = region();
      // An older answer must never replace a newer sheet (the player may have just recorded).
      if (Number(fresh.getAttribute("data-version")) <= Number(current.getAttribute("data-version"))) return;
      swap(current, fresh);
    });
  }

  function isDirty(entry) {
    if (entry.contains(document.activeElement) && document.activeElement !== entry) return true;
    var fields = entry.querySelectorAll("input:not([type=hidden]), textarea");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value.trim() !== "") return true;
    }
    return entry.querySelector(".is-filled, form.choose") !== null;
  }

  // The direct child of `root` that holds `node` (or null).
  function childOf(root, node) {
    while (node && node.parentNode !== root) node = node.parentNode;
    return node;
  }

  function swap(current, fresh) {
    var keep = current.querySelector("[data-live-keep]");
    var slot = fresh.querySelector("[data-live-keep]");
    var keepTop = keep && childOf(current, keep);
    var slotTop = slot && childOf(fresh, slot);
    var keeping = keep && slot && keepTop === keep && slotTop === slot && isDirty(keep);

    var added = [];
    Array.prototype.slice.call(current.childNodes).forEach(function (child) {
      if (!(keeping && child === keep)) current.removeChild(child);
    });
    var before = true;
    Array.prototype.slice.call(fresh.childNodes).forEach(function (child) {
      if (keeping && child === slot) { before = false; return; }
      if (keeping && before) current.insertBefore(child, keep);
      else current.appendChild(child);
      if (child.nodeType === 1) added.push(child);
    });
    // The region's own attributes carry the version, the CSRF header and the announcement.
    Array.prototype.slice.call(fresh.attributes).forEach(function (attr) {
      current.setAttribute(attr.name, attr.value);
    });

    if (window.htmx) {
      window.htmx.process(current);
      added.forEach(function (node) { window.htmx.trigger(node, "htmx:load"); });
    }
    announce(current.getAttribute("data-announce"));
    current.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
  }

  function announce(text) {
    var live = document.getElementById("live");
    if (live && text) live.textContent = text;
  }

  document.addEventListener("htmx:beforeRequest", function () { inFlight += 1; lastRequest = Date.now(); });
  document.addEventListener("htmx:afterRequest", function () { inFlight = Math.max(0, inFlight - 1); });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { failures = 0; schedule(0); }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { schedule(INTERVAL); });
  } else {
    schedule(INTERVAL);
  }
})();
