// Kept on the phone until the server has them: the outbox both offline queues use, then the
// rounds (this file's queue) and the page's offline status line.
//
// The outbox (window.scorekeeperKept, the first part below; offline-challenges.js keeps Wild
// Draw 4 challenges with it): an IndexedDB store of entries keyed by their request key, the one
// send / flush / retry loop, new request keys, and small page helpers. It lives in the file
// every page loads rather than in one of its own: the scoreboard's first load has a gzip budget
// (tests/test_first_load.py), and a script file compressed on its own costs some 300 bytes more
// than the same code in this one.
//
// The rounds: a round save (the form marked data-offline-queue) is written to IndexedDB before
// htmx sends it and removed once the server has answered it. When the request fails (no
// network, a timeout, a server error, a lost sign-in) it stays, the form moves on to the next
// round, the scoreboard lists it as "Round 5 — waiting to send" with provisional totals, and it
// is sent again in order: when the connection returns, on every page load and every 5 s. The
// request key makes a resend safe (the server returns the stored round); a round number another
// phone took meanwhile (409) or a refused entry (422) stops that game's queue and asks what to
// do.
// Hand-written: Workbox's background sync replays raw requests from the worker, which could
// not show these conflicts on the scoreboard nor hold a round while the phone signs in again.
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

// --- The rounds ---------------------------------------------------------------------------------
(function () {
  "use strict";
  // The words shown, in the page's language (app.js reads them from the page).
  function t(english, values) { return window.scorekeeperText(english, values); }
  if (window.scorekeeperOffline) return;

  var DB_NAME = "scorekeeper";
  var STORE = "rounds";
  var RETRY_MS = 5000;  // how often the server is asked for while something waits
  var SENDABLE = { waiting: true, sending: true, signin: true };
  var pollFailed = false;
  var lastSummary = "";

  // --- The scoring, as scorekeeper/domain/scoring.py does it (tests/browser/test_offline.py
  // compares the two on the same rounds). Hand points come from the keypad's data-key-points.
  // As in cards.py: the colour may be left out ("7 7 W"), and a few words stand for faces.
  var COLOURED = /^([RGBY*]?)(\d|\+2|S|R)$/;
  var WORDS = { SKIP: "S", REV: "R", REVERSE: "R", WILD: "W", D2: "+2", WD4: "W+4", W4: "W+4", "+4": "W+4" };

  // A crew's own cards (a deck's keys beyond the built-in ones) are read from `known`, the
  // keypad's keys: "BL" for a wild one, "RF", "*F" or "F" for a coloured one ("*F").
  function keyFor(token, known) {
    var text = token.trim().toUpperCase();
    if (WORDS.hasOwnProperty(text)) text = WORDS[text];
    if (text === "W" || text === "W+4" || text === "X") return text;
    var match = COLOURED.exec(text);
    if (match) return "*" + match[2];
    if (!known) return null;
    if (known.hasOwnProperty(text)) return text;
    if (known.hasOwnProperty("*" + text)) return "*" + text;
    var bare = "*" + text.slice(1);
    return /^[RGBY*]/.test(text) && known.hasOwnProperty(bare) ? bare : null;
  }

  // Points of a hand typed in notation ("R7 *+2 W"), or null when a token is not a card.
  function handPoints(cards, keyPoints) {
    var tokens = String(cards).split(/[\s,]+/).filter(Boolean);
    if (!tokens.length) return null;
    var points = 0;
    for (var i = 0; i < tokens.length; i++) {
      var key = keyFor(tokens[i], keyPoints);
      if (key === null || !(key in keyPoints)) return null;
      points += keyPoints[key];
    }
    return points;
  }

  // A hand as stored: a whole-number total, or cards.
  function pointsOf(hand, keyPoints) {
    return typeof hand === "number" ? hand : handPoints(hand, keyPoints);
  }

  // Standard: the winner scores every other hand. Lowest: everyone adds their own hand.
  function roundPoints(scoring, players, winner, handPointsByPlayer) {
    var points = {};
    var collected = 0;
    players.forEach(function (player) {
      if (player !== winner) collected += handPointsByPlayer[player];
    });
    players.forEach(function (player) {
      if (scoring === "lowest") points[player] = player === winner ? 0 : handPointsByPlayer[player];
      else points[player] = player === winner ? collected : 0;
    });
    return points;
  }

  // {scoring, players, totals?, rounds: [{winner, hands: {player: cards or total}}]} → totals.
  function scoreRounds(game, keyPoints) {
    var totals = {};
    game.players.forEach(function (player) { totals[player] = (game.totals || {})[player] || 0; });
    game.rounds.forEach(function (round) {
      var hands = {};
      Object.keys(round.hands).forEach(function (player) {
        hands[player] = pointsOf(round.hands[player], keyPoints || {});
      });
      var points = roundPoints(game.scoring, game.players, round.winner, hands);
      game.players.forEach(function (player) { totals[player] += points[player]; });
    });
    return totals;
  }

  // --- The outbox (above): what is kept, where it goes, what the answers say --------------------
  var kept = window.scorekeeperKept;
  var newRequestKey = kept.newRequestKey;
  var element = kept.element;
  var rounds = kept.outbox({
    store: kept.keyedStore(DB_NAME, STORE),
    order: function (a, b) { return a.game - b.game || a.number - b.number || a.created - b.created; },
    form: "form[data-offline-queue]",
    sendable: SENDABLE,
    refused: [409, 422],
    inOrder: true,  // nothing overtakes a round still waiting
    entryFrom: entryFrom,
    requested: function (entry) { put(entry); },
    answered: markSynced,
    incomplete: function (entry) {
      remove(entry.key);
      notice(t("Not saved: the server could not be reached, and this entry is not complete yet: %(problem)s It stays on screen.", { problem: entry.problem }));
    },
    kept: function (entry, stored) {
      var form = document.getElementById("round-form");
      stored.then(function () {
        if (form) clearForm(form);
        notice(t("Round %(number)s is saved on this phone and will be sent when the connection returns.", { number: entry.number }));
        return render();
      });
    },
    resent: function (entry, name, value) { return name === "number" ? String(entry.number) : value; },
    refusedBy: function (entry, result, answers) {
      var doc = parse(result.html);
      if (result.outcome === 409) {
        answers[entry.game] = result.html;
        var number = doc.querySelector('#round-form input[name="number"]');
        entry.state = "conflict";
        entry.suggested = number ? parseInt(number.value, 10) : entry.number + 1;
        entry.message = problemText(doc);
      } else {
        entry.state = "invalid";
        entry.message = result.outcome === 404
          ? t("This game is no longer in your crew, so the round cannot be saved to it.")
          : problemText(doc);
      }
    },
    flushed: function (fresh) {
      refreshTable(fresh);
      if (Object.keys(fresh).length) keepPage();
      return render();
    },
    render: render,
  });
  var entries = rounds.entries;
  var put = rounds.put;
  var remove = rounds.remove;
  var flush = rounds.flush;

  // --- The round form ----------------------------------------------------------------------------
  function keyPointsOf(root) {
    var points = {};
    root.querySelectorAll("[data-key][data-key-points]").forEach(function (key) {
      points[key.getAttribute("data-key")] = parseInt(key.getAttribute("data-key-points"), 10);
    });
    return points;
  }

  // The form's entry as it will be resent, with its hands' points for the provisional board and
  // the first reason the server would refuse it (null when it looks complete).
  function entryFrom(form) {
    var data = new FormData(form);
    var fields = [];
    data.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") fields.push([name, String(value)]);
    });
    var winner = data.get("winner");
    var keyPoints = keyPointsOf(form);
    var players = [];
    var hands = {};
    var problem = winner ? null : t("Tap the player who went out.");
    form.querySelectorAll("[data-hand]").forEach(function (hand) {
      var player = hand.getAttribute("data-player");
      players.push(player);
      if (player === winner) return;
      var total = (hand.querySelector("[data-total]") || {}).value || "";
      var cards = (hand.querySelector("[data-cards]") || {}).value || "";
      var points = /^\d+$/.test(total.trim()) ? parseInt(total.trim(), 10) : handPoints(cards, keyPoints);
      if (points === null && !problem) problem = t("Enter %(name)s's cards or their total.", { name: player });
      hands[player] = points || 0;
    });
    return {
      key: data.get("request_key") || newRequestKey(),
      game: parseInt(form.getAttribute("data-offline-queue"), 10),
      action: form.getAttribute("action"),
      page: location.pathname,
      number: parseInt(data.get("number"), 10),
      fields: fields,
      winner: winner,
      players: players,
      hands: hands,
      problem: problem,
      created: Date.now(),
      state: "sending",
    };
  }

  function formTouched(form) {
    if (!form) return false;
    if (form.querySelector('input[name="winner"]:checked')) return true;
    return Array.prototype.some.call(form.querySelectorAll("[data-cards], [data-total]"), function (input) {
      return input.value.trim() !== "";
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

  function setRoundNumber(form, number) {
    var input = form.querySelector('input[name="number"]');
    if (!input || String(input.value) === String(number)) return;
    input.value = number;
    var heading = form.querySelector("h2");
    if (heading) heading.textContent = t("Round %(number)s", { number: number });
    form.querySelectorAll('.sticky-action button[type="submit"]').forEach(function (button) {
      button.textContent = t("Save round %(number)s", { number: number });
    });
  }

  // The entry is safe on the phone: clear the form for the next round.
  function clearForm(form) {
    form.querySelectorAll('input[name="winner"]').forEach(function (radio) { radio.checked = false; });
    form.querySelectorAll("[data-cards], [data-total]").forEach(function (input) { input.value = ""; });
    form.querySelectorAll("[data-hand]").forEach(function (hand) { hand._taps = []; });
    var errors = form.querySelector("#round-errors");
    if (errors) errors.remove();
    var key = form.querySelector('input[name="request_key"]');
    if (key) key.value = newRequestKey();
    var other = form.querySelector('input[name="went_out_on"][value="other"]');
    if (other) {
      other.checked = true;
      other.dispatchEvent(new Event("change", { bubbles: true }));  // table.js redraws the hands
    }
  }

  // --- What the server answered ------------------------------------------------------------------
  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }

  // The server's reason in its own words ("Round 5 was already saved from another phone…"):
  // the lines it marks data-problem, in whatever language the page is in.
  function problemText(doc) {
    var box = doc.querySelector("#round-errors") || doc.querySelector(".error-box");
    return kept.problemText(box, t("The server refused this round."));
  }

  // After sending, show the server's board: the whole table when nothing is being typed, else
  // only the scoreboard, so a half-entered round is never wiped.
  function refreshTable(fresh) {
    var table = document.getElementById("table");
    var panel = document.getElementById("offline-queue");
    if (!table || !panel) return;
    var html = fresh[parseInt(panel.getAttribute("data-game"), 10)];
    if (!html) return;
    var incoming = parse(html).getElementById("table");
    if (!incoming) return;
    var form = document.getElementById("round-form");
    var conflicted = incoming.querySelector("#round-errors");
    if (!conflicted && !formTouched(form)) {
      var replacement = document.importNode(incoming, true);
      table.replaceWith(replacement);
      if (window.htmx) window.htmx.process(replacement);
      document.dispatchEvent(new Event("htmx:afterSettle"));  // table.js redraws the new form
      return;
    }
    var board = table.querySelector(".board");
    var newBoard = incoming.querySelector(".board");
    if (board && newBoard) board.replaceWith(document.importNode(newBoard, true));
    var newPanel = incoming.querySelector("#offline-queue");
    if (newPanel) panel.setAttribute("data-next-round", newPanel.getAttribute("data-next-round"));
  }

  // --- What the page shows -------------------------------------------------------------------
  function statusLine() { return document.getElementById("offline-status"); }

  function notice(text) {
    var panel = document.getElementById("offline-queue");
    var line = panel && panel.querySelector("[data-queue-notice]");
    if (line) { line.textContent = text; line.hidden = !text; }
  }

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
    if (waiting && !document.getElementById("offline-queue")) {
      parts.push(waiting === 1 ? t("1 round is waiting to send.") : t("%(count)s rounds are waiting to send.", { count: waiting }));
    }
    var text = parts.join(" · ");
    if (text !== lastSummary) { line.textContent = text; lastSummary = text; }
    line.hidden = !text;
  }

  function describe(entry) {
    var values = { number: entry.number, problem: entry.message };
    if (entry.state === "conflict" || entry.state === "invalid") return t("Round %(number)s — not saved: %(problem)s", values);
    if (entry.state === "signin") return t("Round %(number)s — waiting to send: sign in again to send it.", values);
    return t("Round %(number)s — waiting to send", values);
  }

  function boardTotals(table) {
    var totals = {};
    var order = [];
    table.querySelectorAll(".board [data-standing]").forEach(function (row) {
      var name = row.getAttribute("data-standing");
      order.push(name);
      totals[name] = parseInt(row.getAttribute("data-total"), 10) || 0;
    });
    return { totals: totals, order: order };
  }

  function drawPanel(panel, mine) {
    var table = document.getElementById("table");
    var form = document.getElementById("round-form");
    var serverNext = parseInt(panel.getAttribute("data-next-round"), 10) || 1;
    panel.querySelectorAll("[data-queue-list], [data-provisional]").forEach(function (node) { node.remove(); });
    var highest = 0;
    mine.forEach(function (entry) {
      if (entry.state !== "invalid" && !rounds.inFlight(entry.key)) highest = Math.max(highest, entry.number);
    });
    mine = mine.filter(function (entry) { return !rounds.inFlight(entry.key); });
    if (form) setRoundNumber(form, Math.max(serverNext, highest + 1));
    panel.hidden = !mine.length && !(panel.querySelector("[data-queue-notice]") || {}).textContent;
    if (!mine.length) return;

    var list = element("ul", { class: "queue-list", "data-queue-list": "" });
    mine.forEach(function (entry) {
      var item = element("li", { class: "queue-item is-" + entry.state, "data-queued-round": String(entry.number) });
      item.appendChild(element("p", {}, describe(entry)));
      var actions = element("div", { class: "queue-actions" });
      if (entry.state === "conflict") {
        var next = Math.max(entry.suggested || 0, serverNext);
        actions.appendChild(element("button", { type: "button", class: "btn btn-primary", "data-save-next": entry.key }, t("Save as round %(number)s", { number: next })));
      }
      if (entry.state === "signin") {
        actions.appendChild(element("a", { class: "btn btn-primary", href: kept.loginUrl(entry) }, t("Sign in to send")));
      }
      if (entry.state === "conflict" || entry.state === "invalid") {
        actions.appendChild(element("button", { type: "button", class: "btn", "data-to-form": entry.key }, t("Put back in the form")));
        actions.appendChild(element("button", { type: "button", class: "btn btn-danger", "data-discard": entry.key }, t("Discard")));
      }
      if (actions.childNodes.length) item.appendChild(actions);
      list.appendChild(item);
    });
    panel.appendChild(list);

    var counted = mine.filter(function (entry) { return SENDABLE[entry.state]; });
    if (!counted.length || !table) return;
    var board = boardTotals(table);
    var players = mine[0].players && mine[0].players.length ? mine[0].players : board.order;
    var totals = scoreRounds({
      scoring: panel.getAttribute("data-scoring"),
      players: players,
      totals: board.totals,
      rounds: counted.map(function (entry) {
        var hands = {};
        players.forEach(function (player) { if (player !== entry.winner) hands[player] = entry.hands[player] || 0; });
        return { winner: entry.winner, hands: hands };
      }),
    });
    var lowest = panel.getAttribute("data-scoring") === "lowest";
    var ranked = players.slice().sort(function (a, b) { return lowest ? totals[a] - totals[b] : totals[b] - totals[a]; });
    var provisional = element("div", { class: "provisional", "data-provisional": "" });
    provisional.appendChild(element("p", { class: "muted" }, counted.length === 1
      ? t("Provisional totals, counting the round waiting to send:")
      : t("Provisional totals, counting the %(count)s rounds waiting to send:", { count: counted.length })));
    var rows = element("ol", { class: "provisional-totals", "aria-label": t("Provisional totals") });
    ranked.forEach(function (player) {
      var row = element("li", { "data-provisional-total": player });
      row.appendChild(element("span", { class: "who" }, player));
      row.appendChild(element("span", { class: "total" }, String(totals[player])));
      rows.appendChild(row);
    });
    provisional.appendChild(rows);
    panel.appendChild(provisional);
  }

  function render() {
    return entries().then(function (list) {
      var panel = document.getElementById("offline-queue");
      var game = panel ? parseInt(panel.getAttribute("data-game"), 10) : null;
      var mine = list.filter(function (entry) { return entry.game === game; });
      if (panel) drawPanel(panel, mine);
      showStatus(list.length - mine.length + (panel ? 0 : 0));
      return list;
    }).catch(function () { showStatus(0); });
  }

  // --- Resolving a conflict ---------------------------------------------------------------------
  var find = rounds.get;

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-save-next], [data-discard], [data-to-form]");
    if (!button) return;
    var panel = document.getElementById("offline-queue");
    var serverNext = panel ? parseInt(panel.getAttribute("data-next-round"), 10) || 1 : 1;
    if (button.hasAttribute("data-discard")) {
      if (!window.confirm(t("Discard this round? It was never saved."))) return;
      remove(button.getAttribute("data-discard")).then(render).then(flush);
    } else if (button.hasAttribute("data-save-next")) {
      // This round and the ones queued after it move up, in the order they were entered.
      find(button.getAttribute("data-save-next")).then(function (conflicted) {
        if (!conflicted) return null;
        return entries().then(function (list) {
          var number = Math.max(conflicted.suggested || 0, serverNext);
          var later = list.filter(function (entry) {
            return entry.game === conflicted.game && entry.number >= conflicted.number && entry.state !== "invalid";
          });
          return Promise.all(later.map(function (entry) {
            entry.number = number++;
            if (entry.state === "conflict") entry.state = "waiting";
            return put(entry);
          }));
        });
      }).then(render).then(flush);
    } else {
      find(button.getAttribute("data-to-form")).then(function (entry) {
        var form = document.getElementById("round-form");
        if (!entry || !form) return null;
        if (formTouched(form) && !window.confirm(t("Replace what is in the form with this round?"))) return null;
        clearForm(form);
        entry.fields.forEach(function (field) {
          if (field[0] === "number" || field[0] === "request_key") return;
          var inputs = form.querySelectorAll('[name="' + field[0] + '"]');
          inputs.forEach(function (input) {
            if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === field[1];
            else input.value = field[1];
          });
        });
        form.querySelectorAll("[data-hand]").forEach(function (hand) { hand._taps = null; });
        var winner = form.querySelector('input[name="winner"]:checked');
        if (winner) winner.dispatchEvent(new Event("change", { bubbles: true }));
        return remove(entry.key).then(render);
      });
    }
  });

  // --- The page's connection status, the worker, and when to send ------------------------------
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
      if (formTouched(document.getElementById("round-form")) || challengeTouched()) return null;
      return somethingWaits(challenges).then(function (waiting) { if (!waiting) refetch(); });
    }).then(function () { reconnecting = null; }, function () { reconnecting = null; });
    return reconnecting;
  }
  window.addEventListener("online", backOnline);

  // Whether a round, or a challenge of this page (challenges: offline-challenges.js's API, or
  // null), still waits to be sent.
  function somethingWaits(challenges) {
    return Promise.all([entries(), challenges ? challenges.entries() : []]).then(function (lists) {
      return lists[0].concat(lists[1]).some(function (e) { return SENDABLE[e.state]; });
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

  function start() {
    // A page opened from the worker's kept copy carries the request key it had when it was
    // kept, maybe one a round already waiting here was saved with: entries are stored by key,
    // so the next round would overwrite that one. Every page load takes its own key.
    var form = document.getElementById("round-form");
    var key = form && form.querySelector('input[name="request_key"]');
    if (key) key.value = newRequestKey();
    // The worker installs (and fetches the app shell to keep) once the page has loaded, not
    // while the page's own files are still coming in.
    if (document.readyState === "complete") registerWorker();
    else window.addEventListener("load", registerWorker);
    listKeptGames();
    loadChallengeQueue();
    render().then(flush);
    setInterval(probe, RETRY_MS);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") probe();
    });
  }

  window.scorekeeperOffline = {
    keyFor: keyFor, handPoints: handPoints, roundPoints: roundPoints, scoreRounds: scoreRounds,
    entries: entries, flush: flush, render: render, keepPage: keepPage,
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
