// Print view: the turn-log checkbox shows or hides the log at once, and "Print" opens the dialog.
// Without JavaScript the same form re-renders the page with ?log=1 (the Update button).
(function () {
  "use strict";
  var toolbar = document.querySelector(".print-toolbar");
  if (!toolbar) {
    return;
  }
  var printButton = toolbar.querySelector(".print-now");
  if (printButton && typeof window.print === "function") {
    printButton.hidden = false;
    printButton.addEventListener("click", function () {
      window.print();
    });
  }
  var box = toolbar.querySelector("#print-log");
  var log = document.getElementById("turn-log");
  var apply = toolbar.querySelector(".print-apply");
  if (!box || !log) {
    return;
  }
  if (apply) {
    apply.hidden = true;
  }

  function withLog(href, on) {
    var url = new URL(href, window.location.href);
    if (on) {
      url.searchParams.set("log", "1");
    } else {
      url.searchParams.delete("log");
    }
    return url.pathname + url.search;
  }

  box.addEventListener("change", function () {
    log.hidden = !box.checked;
    // The PDF links and the address follow the choice, so a reload or a download matches the page.
    toolbar.querySelectorAll("a.print-pdf").forEach(function (link) {
      link.setAttribute("href", withLog(link.getAttribute("href"), box.checked));
    });
    window.history.replaceState(null, "", withLog(window.location.href, box.checked));
  });
})();
