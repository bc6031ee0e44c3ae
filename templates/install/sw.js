/* Scorekeeper's service worker: the static files from a cache, and an offline page when a page
   cannot be loaded. Game pages, forms and polls always go to the server: a score is never stale. */
"use strict";
var CACHE = {{ cache|tojson }};
var PRECACHE = {{ urls|tojson }};
var OFFLINE = {{ offline_url|tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    // A page: always the server's; the offline page only when the server cannot be reached.
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE); }));
    return;
  }
  if (url.pathname.indexOf("/static/") !== -1) {
    // A static file: its URL names its content (?v=…), so a cached copy is always right.
    event.respondWith(
      caches.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        });
      })
    );
  }
});
