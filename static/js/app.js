// Site-wide: say plainly when a change did not reach the server, so nothing is lost silently.
(function () {
  "use strict";
  function banner(text) {
    var el = document.getElementById("offline-banner");
    if (!el) return;
    if (text) el.textContent = text;
    el.hidden = !text;
  }
  document.addEventListener("htmx:sendError", function () {
    banner("Not saved: the server could not be reached. Your entry is still on screen — tap Save again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    banner("Not saved: the server answered with an error (" + status + "). Your entry is still on screen.");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) banner("");
  });
})();
