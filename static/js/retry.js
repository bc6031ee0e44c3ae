/* A write the server could not save because the database was busy answers 503 with a short
   Retry-After: send it again once, by itself, after that wait (the form still names the turn it
   was made for, so a write that did go through comes back as "already recorded", never twice).
   A longer Retry-After is an operator's fault: the page says so and leaves it to the player. */
(function () {
  "use strict";

  var MAX_WAIT_S = 5;
  var RETRY_HEADER = "X-Scorekeeper-Retry";

  function valuesOf(formData) {
    var values = {};
    formData.forEach(function (value, name) {
      if (!(name in values)) { values[name] = value; return; }
      if (!Array.isArray(values[name])) { values[name] = [values[name]]; }
      values[name].push(value);
    });
    return values;
  }

  document.addEventListener("htmx:responseError", function (event) {
    var detail = event.detail;
    var xhr = detail.xhr;
    var config = detail.requestConfig;
    if (!xhr || xhr.status !== 503 || !config || String(config.verb).toLowerCase() !== "post") { return; }
    if (config.headers && config.headers[RETRY_HEADER]) { return; } // this was the retry
    var wait = parseInt(xhr.getResponseHeader("Retry-After") || "", 10);
    if (!(wait >= 0 && wait <= MAX_WAIT_S)) { return; }
    var values = config.formData ? valuesOf(config.formData) : {};
    var headers = {};
    headers[RETRY_HEADER] = "1";
    window.setTimeout(function () {
      window.htmx.ajax("POST", config.path, {
        source: config.elt, target: config.target, values: values, headers: headers
      });
    }, wait * 1000);
  });
})();
