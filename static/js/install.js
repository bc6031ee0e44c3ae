/* Registers the service worker (/sw.js, named by this script tag's data-worker): the app opens
   from the home screen and shows its offline page without a connection. Browsers without service
   workers, or pages served over plain http from another computer, simply go without. */
(function () {
  "use strict";
  var script = document.currentScript;
  var worker = script && script.getAttribute("data-worker");
  if (!worker || !("serviceWorker" in navigator)) { return; }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(worker).catch(function () {
      /* no worker (private mode, an insecure origin): the app works the same, online only */
    });
  });
})();
