// Site-wide: say plainly when a request did not reach the server, so nothing is silently lost.
(function () {
  "use strict";
  function banner(show) {
    var el = document.getElementById("offline-banner");
    if (el) el.hidden = !show;
  }
  document.addEventListener("htmx:sendError", function () { banner(true); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful !== undefined && event.detail.xhr && event.detail.xhr.status) banner(false);
  });
})();
