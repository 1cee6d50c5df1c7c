// The outbox (window.scorekeeperKept): what a phone keeps until the server has it, shared by the
// two offline queues (offline-rounds.js keeps rounds, offline-challenges.js Wild Draw 4
// challenges). An IndexedDB store of entries keyed by their request key, the one send / flush /
// retry loop, new request keys, and small page helpers.
//
// The first of the offline scripts, which run in this order: outbox.js, notation.js,
// offline-rounds.js, connection.js. Every page loads them joined, after app.js, as js/site.js
// (JOINED in scorekeeper/staticfiles.py): the scoreboard's first load has a gzip budget
// (tests/test_first_load.py), and each script compressed on its own costs some 300 bytes more.
// Hand-written: Workbox's background sync replays raw requests from the worker, which could
// not show a refused entry on the page nor hold one while the phone signs in again.
(function () {
  "use strict";
  if (window.scorekeeperKept) return;

  // One object store of entries keyed by "key", in its own database: all(), get(key), put(entry),
  // remove(key).
  function keyedStore(databaseName, storeName) {
    var opened = null;
    function database() {
      if (!opened) {
        opened = new Promise(function (resolve, reject) {
          var request = indexedDB.open(databaseName, 1);
          request.onupgradeneeded = function () { request.result.createObjectStore(storeName, { keyPath: "key" }); };
          request.onsuccess = function () { resolve(request.result); };
          request.onerror = function () { reject(request.error); };
        });
      }
      return opened;
    }
    function store(mode, work) {
      return database().then(function (db) {
        return new Promise(function (resolve, reject) {
          var transaction = db.transaction(storeName, mode);
          var result = work(transaction.objectStore(storeName));
          transaction.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
          transaction.onerror = function () { reject(transaction.error); };
          transaction.onabort = function () { reject(transaction.error); };
        });
      });
    }
    return {
      all: function () {
        return store("readonly", function (kept) { return kept.getAll(); }).then(function (list) { return list || []; });
      },
      get: function (key) { return store("readonly", function (kept) { return kept.get(key); }); },
      put: function (entry) { return store("readwrite", function (kept) { kept.put(entry); }); },
      remove: function (key) { return store("readwrite", function (kept) { kept.delete(key); }); },
    };
  }

  function newRequestKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function cookie(name) {
    var match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : "";
  }

  // Read at send time: a token older than a new sign-in would be refused.
  function csrfToken() {
    if (cookie("csrftoken")) return cookie("csrftoken");
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
    catch (error) { return ""; }
  }

  // Whether htmx followed a redirect away from the entry's form action (a lost sign-in: the
  // login page).
  function redirectedAway(xhr, entry) {
    if (!xhr || !xhr.responseURL) return false;
    return new URL(xhr.responseURL).pathname !== new URL(entry.action, location.href).pathname;
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }

  // The sign-in page, coming back afterwards to the page the entry was made on.
  function loginUrl(entry) {
    var line = document.getElementById("offline-status");
    var base = (line && line.getAttribute("data-login-url")) || "/login/";
    return base + "?next=" + encodeURIComponent(entry.page || location.pathname);
  }

  // The server's reason in its own words: the lines of its error box marked data-problem, in
  // whatever language the page is in (``otherwise`` when the answer has no such box).
  function problemText(box, otherwise) {
    if (!box) return otherwise;
    var lines = Array.prototype.map.call(box.querySelectorAll("[data-problem]"), function (p) {
      return p.textContent.trim();
    });
    return lines.join(" ") || box.textContent.trim();
  }

  // --- The outbox: entries kept until the server has them --------------------------------------
  // The entry of a form (the one ``options.form`` matches) is kept in ``options.store`` before
  // htmx sends it and removed once the server has answered. When the request fails (no network,
  // a timeout, a server error, a lost sign-in) it stays, as "waiting" or "signin", and flush()
  // sends what waits in ``options.order``: it stops at the first request that fails again (the
  // rest wait for the next flush) and at a lost sign-in (everything then waits for it). Each
  // entry's request key makes a resend safe: the server returns what it stored with that key.
  // The server's answers: 200 it has the entry, 404 its game is gone, ``options.refused`` (409,
  // 422) it refuses the entry with its reason; any other is sent again later.
  // What differs between the queues, the options:
  //   store, order(a, b)     where the entries are kept, and the order they are sent in
  //   form                   the selector of the form whose requests are kept
  //   sendable               the states flush() sends: {waiting: true, ...}
  //   refused                the statuses by which the server refuses an entry on screen
  //   inOrder                an entry still waiting holds back the later ones of its game
  //   entryFrom(form, detail) the entry of a form htmx is sending (detail: htmx's event's)
  //   requested(entry)       htmx is sending it (keep it with put, or not)
  //   answered(entry)        the server answered htmx's request (200 or refused on screen), or
  //                          stored a resend (200) (optional)
  //   incomplete(entry)      htmx's request failed, and the entry is not complete (entry.problem)
  //   kept(entry, stored)    htmx's request failed; ``stored`` resolves once it waits on the phone
  //   resent(entry, name, value) the value a field is sent again with (optional)
  //   refusedBy(entry, result, answers) a resend was refused (404 or ``refused``; result.outcome
  //                          is the status, result.html the answer): set entry.state and .message
  //   flushed(answers)       after a flush; answers: game → the server's last answer (HTML)
  //   render()               show the entries on the page
  var TIMEOUT_MS = 8000;
  var RESEND_MS = 3000;  // after a dropped request: it often works a moment later

  function outbox(options) {
    var SENDABLE = options.sendable;
    var ANSWERED = [200].concat(options.refused);
    var ANSWERS = [200, 404].concat(options.refused);
    var store = options.store;
    var put = store.put;
    var remove = store.remove;
    var inFlight = {};  // request keys htmx is sending from this page right now
    // htmx's request → its entry. By request, not by form: a swap replaces the form, and htmx
    // then reports the end of the request from an element still on the page.
    var sending = new WeakMap();
    var flushing = null;

    function entries() {
      return store.all().then(function (list) { return list.sort(options.order); });
    }

    function keptForm(element) {
      return element && element.matches && element.matches(options.form) ? element : null;
    }

    document.addEventListener("htmx:configRequest", function (event) {
      if (keptForm(event.detail.elt)) event.detail.timeout = TIMEOUT_MS;
    });

    document.addEventListener("htmx:beforeRequest", function (event) {
      var form = keptForm(event.detail.elt);
      if (!form) return;
      var entry = options.entryFrom(form, event.detail);
      sending.set(event.detail.xhr, entry);
      inFlight[entry.key] = true;
      options.requested(entry);
    });

    // A lost sign-in answers with the login page (a redirect htmx followed): never swap it in.
    document.addEventListener("htmx:beforeSwap", function (event) {
      var entry = sending.get(event.detail.xhr);
      if (entry && redirectedAway(event.detail.xhr, entry)) event.detail.shouldSwap = false;
    });

    document.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail.xhr;
      var entry = xhr && sending.get(xhr);
      if (!entry) return;
      sending.delete(xhr);
      delete inFlight[entry.key];
      var status = xhr ? xhr.status : 0;
      var signin = status === 401 || status === 403 || (status === 200 && redirectedAway(xhr, entry));
      if (!signin && ANSWERED.indexOf(status) >= 0) {
        // The server has it, or refused it on screen with the entry kept in the form.
        if (options.answered) options.answered(entry);
        remove(entry.key).then(options.render);
        return;
      }
      if (entry.problem) {
        options.incomplete(entry);
        return;
      }
      entry.state = signin ? "signin" : "waiting";
      setTimeout(flush, RESEND_MS);
      options.kept(entry, put(entry));
    });

    function send(entry) {
      var body = new URLSearchParams();
      entry.fields.forEach(function (field) {
        var value = field[0] === "request_key" ? entry.key : field[1];
        body.append(field[0], options.resent ? options.resent(entry, field[0], value) : value);
      });
      return fetch(entry.action, {
        method: "POST", body: body, credentials: "same-origin", redirect: "manual", cache: "no-store",
        headers: { "HX-Request": "true", "X-CSRFToken": csrfToken() },
      }).then(function (response) {
        if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) {
          return { outcome: "signin" };
        }
        if (ANSWERS.indexOf(response.status) < 0) return { outcome: "retry" };
        return response.text().then(function (html) { return { outcome: response.status, html: html }; });
      }, function () { return { outcome: "retry" }; });
    }

    function flush() {
      if (flushing) return flushing;
      if (navigator.onLine === false) return Promise.resolve();
      flushing = entries().then(function (list) {
        var blocked = {};
        var stop = false;
        var answers = {};
        function next(index) {
          if (stop || index >= list.length) return Promise.resolve();
          var entry = list[index];
          if (blocked[entry.game] || !SENDABLE[entry.state] || inFlight[entry.key]) {
            if (options.inOrder) blocked[entry.game] = true;  // nothing overtakes an entry still waiting
            return next(index + 1);
          }
          return send(entry).then(function (result) {
            if (result.outcome === "retry") { stop = true; return null; }
            if (result.outcome === "signin") {
              stop = true;
              return markAll("signin");
            }
            if (result.outcome === 200) {
              answers[entry.game] = result.html;
              if (options.answered) options.answered(entry);
              return remove(entry.key);
            }
            if (options.inOrder) blocked[entry.game] = true;
            options.refusedBy(entry, result, answers);
            return put(entry);
          }).then(function () { return next(index + 1); });
        }
        return next(0).then(function () { return answers; });
      }).then(function (answers) {
        flushing = null;
        return options.flushed(answers);
      }, function () { flushing = null; });
      return flushing;
    }

    function markAll(state) {
      return entries().then(function (list) {
        return Promise.all(list.filter(function (entry) { return SENDABLE[entry.state]; }).map(function (entry) {
          entry.state = state;
          return put(entry);
        }));
      });
    }

    return {
      entries: entries,
      get: store.get,
      put: put,
      remove: remove,
      flush: flush,
      // Whether htmx is sending this entry from the page right now (the page does not list it).
      inFlight: function (key) { return !!inFlight[key]; },
      flushing: function () { return !!flushing; },
    };
  }

  window.scorekeeperKept = {
    keyedStore: keyedStore,
    outbox: outbox,
    problemText: problemText,
    newRequestKey: newRequestKey,
    element: element,
    loginUrl: loginUrl,
  };
})();
