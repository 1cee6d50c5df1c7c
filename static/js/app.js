// Site-wide: say plainly when a change did not reach the server, so nothing is lost silently.
(function () {
  "use strict";
  var messages = null;
  // English here; other languages from the page's JSON block (languages.SCRIPT_MESSAGES).
  window.scorekeeperText = function (english, values) {
    if (messages === null) {
      var block = document.getElementById("script-messages");
      try { messages = block ? JSON.parse(block.textContent) : {}; } catch (e) { messages = {}; }
    }
    return (messages[english] || english).replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  };
  var t = window.scorekeeperText;
  function banner(text) {
    var el = document.getElementById("offline-banner");
    if (!el) return;
    if (text) el.textContent = text;
    el.hidden = !text;
  }
  // Not for a poll that failed (the live view says "offline" itself) nor for a round save or a
  // game's challenge, which offline-rounds.js and offline-challenges.js keep and send later.
  function handledElsewhere(event) {
    var detail = event.detail || {};
    if (detail.requestConfig && detail.requestConfig.verb === "get") return true;
    return !!(detail.elt && detail.elt.closest && detail.elt.closest("[data-offline-queue], [data-offline-challenge], [data-offline-hand]"));
  }
  document.addEventListener("htmx:sendError", function (event) {
    if (handledElsewhere(event)) return;
    banner(t("Not saved: the server could not be reached. Your entry is still on screen — tap Save again."));
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (handledElsewhere(event)) return;
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    banner(t("Not saved: the server answered with an error (%(status)s). Your entry is still on screen.", { status: status }));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) banner("");
  });
})();
