// Wild Draw 4 challenges kept on the phone until the server has logged them.
//
// The sibling of offline-rounds.js (which keeps rounds), in its own IndexedDB database so
// neither module's schema waits on the other's. A game's challenge form (marked
// data-offline-challenge) is written here before htmx sends it and removed once the server has
// answered. When the request fails (no network, a timeout, a server error, a lost sign-in) it
// stays, the form is cleared for the next challenge, the game page lists it as "Challenge —
// waiting to send", and it is sent again when the connection returns, on every page load and
// every 15 s, by the outbox both queues share (outbox.js). Its request key makes a resend
// safe: the server returns the challenge it already logged with that key. Challenges do not
// change the scores, so there is no order to keep between them and the rounds, and no number
// another phone could take. Loaded by the game page and the game's challenge page only (where a
// challenge is logged and where it is listed).
(function () {
  "use strict";
  // The words shown, in the page's language (app.js reads them from the page).
  function t(english, values) { return window.scorekeeperText(english, values); }
  if (window.scorekeeperChallenges) return;

  var DB_NAME = "scorekeeper-challenges";
  var STORE = "challenges";
  var RETRY_MS = 15000;
  // "sending": a page closed mid-request; sent again, and the server knows it by its key.
  var SENDABLE = { waiting: true, sending: true, signin: true };

  // --- The outbox (outbox.js): what is kept, where it goes, what the answers say ---------------
  var kept = window.scorekeeperKept;
  var newRequestKey = kept.newRequestKey;
  var element = kept.element;
  var challenges = kept.outbox({
    store: kept.keyedStore(DB_NAME, STORE),
    order: function (a, b) { return a.created - b.created; },
    form: "form[data-offline-challenge]",
    sendable: SENDABLE,
    refused: [422],
    inOrder: false,
    entryFrom: function (form, detail) {
      var config = detail.requestConfig || {};
      return entryFrom(form, config.formData || new FormData(form));
    },
    requested: function (entry) {
      notice("");
      if (!entry.problem) challenges.put(entry);  // an incomplete entry is refused on screen, never kept
    },
    incomplete: function (entry) {
      notice(t("Not logged: the server could not be reached, and this challenge is not complete yet: %(problem)s It stays on screen.", { problem: entry.problem }));
    },
    kept: function (entry, stored) {
      stored.then(function () {
        var form = document.querySelector("form[data-offline-challenge]");
        if (form) {
          form.reset();
          freshKey(form);
          var hand = form.querySelector("[data-pad-hand]");
          if (hand) hand.dispatchEvent(new Event("input", { bubbles: true }));  // referee.js redraws
        }
        notice(t("Challenge saved on this phone (%(summary)s). It will be logged on the game, with its verdict, when the connection returns.", { summary: entry.summary }));
        return render();
      });
    },
    refusedBy: function (entry, result) {
      entry.state = "invalid";
      entry.message = result.outcome === 404
        ? t("this game is no longer in your crew, so the challenge cannot be logged on it.")
        : problemText(result.html);
    },
    flushed: function (sent) {
      // The kept copy of the page follows (connection.js's keepPage).
      if (Object.keys(sent).length && window.scorekeeperOffline) window.scorekeeperOffline.keepPage();
      return refreshPanel(sent).then(render);
    },
    render: render,
  });

  // --- The challenge form ------------------------------------------------------------------------
  // A page opened from the worker's kept copy carries the key it had when it was kept: every
  // challenge entered on it needs its own, or a second one would pass for a resend of the first.
  function freshKey(form) {
    var input = form && form.querySelector('input[name="request_key"]');
    if (input) input.value = newRequestKey();
  }

  function checkedLabel(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    var label = input && input.closest("label");
    return label ? label.textContent.trim() : "";
  }

  // What was sent (including the button pressed: "held" yes or no), a line saying who
  // challenged whom, and the first reason the server would refuse it (null when complete).
  function entryFrom(form, formData) {
    var fields = [];
    formData.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") fields.push([name, String(value)]);
    });
    var challenger = checkedLabel(form, "challenger");
    var challenged = checkedLabel(form, "challenged");
    var colour = checkedLabel(form, "colour");
    var problem = null;
    if (!challenger) problem = t("Choose who challenged.");
    else if (!challenged) problem = t("Choose who laid the Wild Draw Four.");
    else if (formData.get("challenger") === formData.get("challenged")) problem = t("Choose two different players.");
    else if (!colour) problem = t("Choose the colour that was in play.");
    else if (!formData.get("held") && !String(formData.get("hand") || "").trim()) {
      problem = t("Enter the cards in their hand, or answer whether they held a card of that colour.");
    }
    return {
      key: formData.get("request_key") || newRequestKey(),
      game: parseInt(form.getAttribute("data-offline-challenge"), 10),
      action: form.getAttribute("action"),
      page: location.pathname,
      fields: fields,
      summary: t("%(challenger)s challenged %(challenged)s, %(colour)s in play", { challenger: challenger, challenged: challenged, colour: colour.toLowerCase() }),
      problem: problem,
      created: Date.now(),
      state: "sending",
    };
  }

  function notice(text) {
    var line = document.querySelector("[data-challenge-notice]");
    if (line) { line.textContent = text; line.hidden = !text; }
  }

  // The server's reason in its own words: the lines it marks data-problem, in any language.
  function problemText(html) {
    var box = new DOMParser().parseFromString(html, "text/html").querySelector(".error-box");
    return kept.problemText(box, t("The server refused this challenge."));
  }

  // After logging, the game page shows the server's list of challenges, verdicts included.
  function refreshPanel(sent) {
    var list = document.querySelector("[data-queued-challenges]");
    if (!list || !(parseInt(list.getAttribute("data-queued-challenges"), 10) in sent)) return Promise.resolve();
    return fetch(location.pathname, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      return response.ok ? response.text() : "";
    }).then(function (html) {
      var incoming = html && new DOMParser().parseFromString(html, "text/html").querySelector(".referee-panel");
      var panel = document.querySelector(".referee-panel");
      if (incoming && panel) panel.replaceWith(document.importNode(incoming, true));
    }).catch(function () { return null; });
  }

  // --- What the page shows -------------------------------------------------------------------
  function describe(entry) {
    if (entry.state === "invalid") return t("Challenge — not logged: %(problem)s", { problem: entry.message });
    if (entry.state === "signin") return t("Challenge — waiting to send: sign in again to send it.");
    return t("Challenge — waiting to send");
  }

  function render() {
    return challenges.entries().then(function (list) {
      var box = document.querySelector("[data-queued-challenges]");
      if (!box) return list;
      var game = parseInt(box.getAttribute("data-queued-challenges"), 10);
      var mine = list.filter(function (entry) { return entry.game === game && !challenges.inFlight(entry.key); });
      box.textContent = "";
      box.hidden = !mine.length;
      mine.forEach(function (entry) {
        var item = element("li", { class: "queue-item is-" + entry.state, "data-queued-challenge": entry.key });
        item.appendChild(element("p", {}, describe(entry)));
        item.appendChild(element("span", { class: "muted" }, entry.summary));
        var actions = element("div", { class: "queue-actions" });
        if (entry.state === "signin") {
          actions.appendChild(element("a", { class: "btn btn-primary", href: kept.loginUrl(entry) }, t("Sign in to send")));
        }
        if (entry.state === "invalid") {
          actions.appendChild(element("button", { type: "button", class: "btn btn-danger", "data-discard-challenge": entry.key }, t("Discard")));
        }
        if (actions.childNodes.length) item.appendChild(actions);
        box.appendChild(item);
      });
      return list;
    }).catch(function () { return []; });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-discard-challenge]");
    if (!button || !window.confirm(t("Discard this challenge? It was never logged."))) return;
    challenges.remove(button.getAttribute("data-discard-challenge")).then(render);
  });

  document.addEventListener("htmx:afterSettle", render);
  window.addEventListener("online", function () { challenges.flush(); });

  function start() {
    freshKey(document.querySelector("form[data-offline-challenge]"));
    render().then(challenges.flush);
    setInterval(function () {
      challenges.entries().then(function (list) {
        if (list.some(function (e) { return SENDABLE[e.state]; })) challenges.flush();
      });
    }, RETRY_MS);
  }

  window.scorekeeperChallenges = { entries: challenges.entries, flush: challenges.flush, render: render };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
