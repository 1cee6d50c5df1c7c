// Site-wide: say plainly when a change did not reach the server, so nothing is lost silently.
(function () {
  "use strict";
  function banner(text) {
    var el = document.getElementById("offline-banner");
    if (!el) return;
    if (text) el.textContent = text;
    el.hidden = !text;
  }
  // Not for a poll that failed (the live view says "offline" itself) nor for a round save or a
  // game's challenge, which offline-queue.js and offline-challenges.js keep and send later.
  function handledElsewhere(event) {
    var detail = event.detail || {};
    if (detail.requestConfig && detail.requestConfig.verb === "get") return true;
    return !!(detail.elt && detail.elt.closest && detail.elt.closest("[data-offline-queue], [data-offline-challenge]"));
  }
  document.addEventListener("htmx:sendError", function (event) {
    if (handledElsewhere(event)) return;
    banner("Not saved: the server could not be reached. Your entry is still on screen — tap Save again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (handledElsewhere(event)) return;
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    banner("Not saved: the server answered with an error (" + status + "). Your entry is still on screen.");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) banner("");
  });
})();
