// The page's connection (window.scorekeeperConnection): whether the server can be reached, the
// status line that says so ("Offline — last synced 21:04"), the service worker and the copy of
// the page it keeps, and when to send what waits: when the connection returns, when /ping/
// answers again, and on every page load (start, below, starts the rounds too).
// The last of the offline scripts (outbox.js, notation.js, offline-rounds.js, this): it reads
// the rounds' window.scorekeeperOffline, and the challenges' window.scorekeeperChallenges once
// their script has loaded.
(function () {
  "use strict";
  // The words shown, in the page's language (app.js reads them from the page).
  function t(english, values) { return window.scorekeeperText(english, values); }
  if (window.scorekeeperConnection) return;

  var RETRY_MS = 5000;  // how often the server is asked for while something waits
  var kept = window.scorekeeperKept;
  var element = kept.element;
  var rounds = window.scorekeeperOffline;
  var render = rounds.render;
  var flush = rounds.flush;
  var pollFailed = false;
  var lastSummary = "";

  // --- The status line -------------------------------------------------------------------------
  function statusLine() { return document.getElementById("offline-status"); }

  function markSynced() {
    var line = statusLine();
    if (line) line.setAttribute("data-synced-at", new Date().toISOString());
    pollFailed = false;
  }

  function clock(iso) {
    var date = new Date(iso);
    if (isNaN(date)) return "";
    return ("0" + date.getHours()).slice(-2) + ":" + ("0" + date.getMinutes()).slice(-2);
  }

  // "Offline — last synced 21:04" when the server cannot be reached, then ``waiting`` (what the
  // rounds say waits to be sent, "" for nothing); hidden when there is neither.
  function showStatus(waiting) {
    var line = statusLine();
    if (!line) return;
    var parts = [];
    var offline = navigator.onLine === false || pollFailed || line.getAttribute("data-copy") === "kept";
    if (offline) {
      var watching = !!document.getElementById("live-board");
      var at = { time: clock(line.getAttribute("data-synced-at")) };
      parts.push(watching ? t("Offline — last update %(time)s", at) : t("Offline — last synced %(time)s", at));
    }
    if (waiting) parts.push(waiting);
    var text = parts.join(" · ");
    if (text !== lastSummary) { line.textContent = text; lastSummary = text; }
    line.hidden = !text;
  }

  // --- When to send ----------------------------------------------------------------------------
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 200 && xhr.status < 400) markSynced();
    if (xhr && event.detail.successful) keepPage();  // the server answered: keep its board
    render();
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (event.detail.requestConfig && event.detail.requestConfig.verb === "get") pollFailed = true;
    render();
  });
  document.addEventListener("htmx:afterSettle", render);
  window.addEventListener("offline", render);
  // Back online: send what waits (this page's challenges too, offline-challenges.js; reloading
  // while one is on its way would cut it off and show an empty list before the reloaded page
  // reads the store; on the game page their script may still be loading: wait for it). Then a
  // kept copy, which shows the board as it was, fetches the page again unless a round or a
  // challenge is half entered or something still waits.
  var reconnecting = null;
  function backOnline() {
    if (reconnecting) return reconnecting;
    pollFailed = false;
    reconnecting = challengeQueue.then(function (loaded) {
      var challenges = loaded || window.scorekeeperChallenges;
      return Promise.all([flush(), challenges ? challenges.flush() : null]).then(function () { return challenges; });
    }).then(function (challenges) {
      var line = statusLine();
      if (!line || line.getAttribute("data-copy") !== "kept") return null;
      if (rounds.touched() || challengeTouched()) return null;
      return somethingWaits(challenges).then(function (waiting) { if (!waiting) refetch(); });
    }).then(function () { reconnecting = null; }, function () { reconnecting = null; });
    return reconnecting;
  }
  window.addEventListener("online", backOnline);

  // Whether a round, or a challenge of this page (challenges: offline-challenges.js's API, or
  // null), still waits to be sent.
  function somethingWaits(challenges) {
    return Promise.all([rounds.entries(), challenges ? challenges.entries() : []]).then(function (lists) {
      return lists[0].concat(lists[1]).some(function (e) { return rounds.sendable[e.state]; });
    });
  }

  // A challenge being filled in on the page (offline-challenges.js's form): not to be wiped.
  function challengeTouched() {
    var form = document.querySelector("form[data-offline-challenge]");
    if (!form) return false;
    return Array.prototype.some.call(form.querySelectorAll('input:not([type="hidden"])'), function (input) {
      if (input.type === "radio" || input.type === "checkbox") return input.checked !== input.defaultChecked;
      return input.value !== input.defaultValue;
    });
  }

  // Fetch the page again, at most once in REFETCH_MS: if the server answers /ping/ but not the
  // page within the worker's wait, the reload brings the kept copy back; the page then stays
  // as it is for a while instead of reloading under the reader's eyes every few seconds.
  var REFETCH_MS = 30000;
  function refetch() {
    var last = 0;
    try { last = parseInt(sessionStorage.getItem("scorekeeper-refetched") || "0", 10); } catch (e) { last = 0; }
    if (Date.now() - last < REFETCH_MS) return;
    try { sessionStorage.setItem("scorekeeper-refetched", String(Date.now())); } catch (e) { /* private mode */ }
    location.reload();
  }

  // navigator.onLine only says a network is there, not that the server can be reached (a
  // cabin's Wi-Fi without internet reads "online" and never fires "online" when the line comes
  // back), so while something waits or the page is a kept copy, the timer asks the server
  // itself (/ping/, which the worker never answers from its cache) and goes back online when it
  // answers.
  function needsServer() {
    var line = statusLine();
    if (line && line.getAttribute("data-copy") === "kept") return Promise.resolve(true);
    return challengeQueue.then(function (loaded) {
      return somethingWaits(loaded || window.scorekeeperChallenges);
    });
  }
  function probe() {
    var line = statusLine();
    var url = line && line.getAttribute("data-ping");
    if (!url || reconnecting || rounds.flushing() || navigator.onLine === false) return Promise.resolve();
    return needsServer().then(function (needed) {
      if (!needed) return null;
      return fetch(url, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
        if (response.ok) return backOnline();
        return null;
      }, function () { return null; });
    }).catch(function () { return null; });
  }

  // --- The service worker and the copy of the page it keeps -------------------------------------
  function registerWorker() {
    var line = statusLine();
    var url = line && line.getAttribute("data-service-worker");
    if (!url || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () { return null; });
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      var worker = navigator.serviceWorker.controller;
      if (worker) worker.postMessage({ type: "keep-page", url: location.pathname });
    });
    // Signing out forgets the pages kept on this phone (the rounds waiting to send stay).
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (/\/logout\/$/.test(form.getAttribute("action") || "") && navigator.serviceWorker.controller) {
        navigator.serviceWorker.controller.postMessage({ type: "forget-pages" });
      }
    });
  }

  // The copy the worker keeps for offline use is the page as the server last sent it: after
  // each answer that brings a new board (an htmx swap, a round or a challenge sent from a
  // queue) the worker fetches this page again and keeps it, so a reload without a network
  // shows the rounds saved since the page was opened, not the board it was opened with.
  function keepPage() {
    var worker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "keep-page", url: location.pathname });
  }

  function listKeptGames() {
    var list = document.querySelector("[data-kept-games]");
    if (!list || !window.caches) return;
    caches.keys().then(function (names) {
      var pages = names.filter(function (name) { return name.indexOf("scorekeeper-pages-") === 0; });
      return Promise.all(pages.map(function (name) {
        return caches.open(name).then(function (cache) { return cache.keys(); });
      }));
    }).then(function (groups) {
      var urls = [];
      groups.forEach(function (requests) {
        requests.forEach(function (request) {
          var path = new URL(request.url).pathname;
          if (/^\/games\/\d+\/$/.test(path) && urls.indexOf(path) < 0) urls.push(path);
        });
      });
      if (!urls.length) return;
      list.textContent = "";
      urls.forEach(function (path) {
        var item = element("li");
        item.appendChild(element("a", { href: path }, t("Game %(number)s", { number: path.split("/")[2] })));
        list.appendChild(item);
      });
    });
  }

  // The game page lists and sends the challenges kept on this phone; their script
  // (offline-challenges.js, also in the worker's shell) loads only when there are some.
  // challengeQueue: its API once loaded (null when nothing waits), what "online" waits for.
  var challengeQueue = Promise.resolve(null);
  function loadChallengeQueue() {
    var list = document.querySelector("[data-queued-challenges][data-queue-script]");
    if (!list || window.scorekeeperChallenges) return;
    challengeQueue = kept.keyedStore("scorekeeper-challenges", "challenges").all().then(function (waiting) {
      if (!waiting.length || window.scorekeeperChallenges) return window.scorekeeperChallenges || null;
      return new Promise(function (resolve) {
        var script = document.createElement("script");
        script.src = list.getAttribute("data-queue-script");
        script.onload = function () { resolve(window.scorekeeperChallenges || null); };
        script.onerror = function () { resolve(null); };
        document.head.appendChild(script);
      });
    }).catch(function () { return null; });
  }

  // Once every offline script has run (deferred scripts run in order, then DOMContentLoaded).
  function start() {
    // The worker installs (and fetches the app shell to keep) once the page has loaded, not
    // while the page's own files are still coming in.
    if (document.readyState === "complete") registerWorker();
    else window.addEventListener("load", registerWorker);
    listKeptGames();
    loadChallengeQueue();
    rounds.start();
    setInterval(probe, RETRY_MS);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") probe();
    });
  }

  window.scorekeeperConnection = { markSynced: markSynced, showStatus: showStatus, keepPage: keepPage };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
