// A seat's hand kept on the phone while the server can't be reached, and sent once it can.
//
// Loaded by a seat's page only (templates/games/seat.html). When htmx could not send the hand
// form (marked data-offline-hand: no network, the server down), its fields are kept in this
// phone's localStorage under the page's address, the page says so, and they are sent again when
// the connection returns, on every page load and every few seconds. The form carries its request
// key, so a resend the server already took is answered "already counted", never counted twice;
// a hand the round no longer takes (saved meanwhile) is refused in words. The answer replaces the
// hand's part of the page, as a send from the form does.
(function () {
  "use strict";
  function t(english, values) { return window.scorekeeperText(english, values); }
  var KEY = "scorekeeper-seat-hand:" + location.pathname;
  var RETRY_MS = 4000;
  var sending = false;

  function notice(text) {
    var line = document.querySelector("[data-hand-notice]");
    if (line) { line.textContent = text; line.hidden = !text; }
  }

  function kept() {
    try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
  }

  function keep(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    localStorage.setItem(KEY, JSON.stringify({ action: form.getAttribute("action"), fields: fields }));
    notice(t("Your hand is kept on this phone and will be sent when the connection returns."));
  }

  function flush() {
    var entry = kept();
    if (!entry || sending) return;
    sending = true;
    var token = (entry.fields.filter(function (field) { return field[0] === "csrfmiddlewaretoken"; })[0] || [])[1] || "";
    fetch(entry.action, {
      method: "POST",
      body: new URLSearchParams(entry.fields),
      credentials: "same-origin",
      cache: "no-store",
      headers: { "HX-Request": "true", "X-CSRFToken": token },
    }).then(function (response) {
      if (response.status >= 500) return null;  // kept: sent again later
      return response.text().then(function (html) {
        localStorage.removeItem(KEY);
        var part = document.getElementById("seat-hand");
        if (response.status === 404) {
          notice(t("This seat's link no longer works, so the hand kept on this phone was not sent."));
        } else if (part && html.indexOf('id="seat-hand"') >= 0) {
          part.outerHTML = html;
        }
      });
    }).catch(function () { /* still offline: kept */ }).then(function () { sending = false; });
  }

  // The deck's keypad types each card into the cards box, as notation ("R7 W"); Undo takes the
  // last card back, Clear empties the box.
  function keypad() {
    var pad = document.querySelector("[data-seat-keypad]");
    if (!pad || pad._ready) return;
    pad._ready = true;
    pad.addEventListener("click", function (event) {
      var key = event.target.closest("button");
      var box = document.getElementById("id_cards");
      if (!key || !box) return;
      var cards = box.value.trim() ? box.value.trim().split(/\s+/) : [];
      if (key.hasAttribute("data-key")) cards.push(key.getAttribute("data-key"));
      else if (key.hasAttribute("data-undo")) cards.pop();
      else if (key.hasAttribute("data-clear")) cards = [];
      box.value = cards.join(" ");
    });
  }
  // This phone's own short name (kept in localStorage): the game's trail says which phone sent
  // each hand, so two phones on one seat's link can be told apart.
  function phoneId() {
    var field = document.querySelector("[data-phone-id]");
    if (!field) return;
    var id = "";
    try {
      id = localStorage.getItem("scorekeeper-phone") || "";
      if (!/^[0-9A-F]{4}$/.test(id)) {
        id = ("000" + Math.floor(Math.random() * 65536).toString(16).toUpperCase()).slice(-4);
        localStorage.setItem("scorekeeper-phone", id);
      }
    } catch (e) { /* no storage: no name */ }
    field.value = id;
  }
  function ready() { keypad(); phoneId(); }
  ready();
  document.addEventListener("htmx:afterSettle", ready);  // a send's answer brings a new form

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail && event.detail.elt && event.detail.elt.closest("form[data-offline-hand]");
    if (form) keep(form);
  });
  window.addEventListener("online", flush);
  setInterval(flush, RETRY_MS);
  flush();
})();
