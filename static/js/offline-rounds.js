// The rounds kept on the phone (window.scorekeeperOffline): a round save (the form marked
// data-offline-queue) is written to IndexedDB before htmx sends it and removed once the server
// has answered it. When the request fails (no network, a timeout, a server error, a lost
// sign-in) it stays, the form moves on to the next round, the scoreboard lists it as "Round 5 —
// waiting to send" with provisional totals (notation.js scores them), and it is sent again in
// order by the outbox (outbox.js): when the connection returns (connection.js), on every page
// load and every 5 s. The request key makes a resend safe (the server returns the stored
// round); a round number another phone took meanwhile (409) or a refused entry (422) stops that
// game's queue and asks what to do.
// The third of the offline scripts (outbox.js, notation.js, this, connection.js).
(function () {
  "use strict";
  // The words shown, in the page's language (app.js reads them from the page).
  function t(english, values) { return window.scorekeeperText(english, values); }
  if (window.scorekeeperOffline) return;

  var DB_NAME = "scorekeeper";
  var STORE = "rounds";
  var SENDABLE = { waiting: true, sending: true, signin: true };
  var notation = window.scorekeeperNotation;
  var handPoints = notation.handPoints;
  // The page's connection (connection.js, the next script): read when a page event calls for it.
  function connection() { return window.scorekeeperConnection; }

  // --- The outbox (outbox.js): what is kept, where it goes, what the answers say ---------------
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
    answered: function () { connection().markSynced(); },
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
      if (Object.keys(fresh).length) connection().keepPage();
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

  function setRoundNumber(form, number) {
    var input = form.querySelector('input[name="number"]');
    if (!input || String(input.value) === String(number)) return;
    input.value = number;
    var heading = form.querySelector("h2");
    if (heading) heading.textContent = t("Round %(number)s", { number: number });
    form.querySelectorAll('.sticky-action button.btn-primary').forEach(function (button) {
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
  function notice(text) {
    var panel = document.getElementById("offline-queue");
    var line = panel && panel.querySelector("[data-queue-notice]");
    if (line) { line.textContent = text; line.hidden = !text; }
  }

  // What the status line adds on a page without a game's panel: how many rounds wait.
  function waitingElsewhere(count) {
    if (!count) return "";
    return count === 1 ? t("1 round is waiting to send.") : t("%(count)s rounds are waiting to send.", { count: count });
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
    var totals = notation.scoreRounds({
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
      connection().showStatus(panel ? "" : waitingElsewhere(list.length));
      return list;
    }).catch(function () { connection().showStatus(""); });
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

  // --- Started by connection.js, once every offline script has run ------------------------------
  function start() {
    // A page opened from the worker's kept copy carries the request key it had when it was
    // kept, maybe one a round already waiting here was saved with: entries are stored by key,
    // so the next round would overwrite that one. Every page load takes its own key.
    var key = document.querySelector('#round-form input[name="request_key"]');
    if (key) key.value = newRequestKey();
    return render().then(flush);
  }

  window.scorekeeperOffline = {
    start: start, entries: entries, flush: flush, render: render, flushing: rounds.flushing,
    sendable: SENDABLE,  // the states an entry is sent again in (a challenge's too)
    // A round half entered in the form (a reload would lose it).
    touched: function () { return formTouched(document.getElementById("round-form")); },
    // Where table.js and offline-challenges.js read them (notation.js's, connection.js's).
    keyFor: notation.keyFor, keepPage: function () { connection().keepPage(); },
  };
})();
