// The round form at the table: the card keypad, the winner's hand hidden, the draw reminder.
// Everything here is an enhancement: without JavaScript the same fields are typed by hand.
(function () {
  "use strict";
  if (window.scorekeeperTable) return;
  window.scorekeeperTable = true;
  document.documentElement.classList.add("js");

  // Taps are remembered per hand so "Undo" removes the last one.
  function taps(hand) {
    if (!hand._taps) {
      var input = hand.querySelector("[data-cards]");
      hand._taps = input.value.trim() ? input.value.trim().split(/[\s,]+/) : [];
    }
    return hand._taps;
  }

  function pointsOf(hand, token) {
    var key = hand.querySelector('[data-key="' + token + '"]');
    return key ? parseInt(key.getAttribute("data-key-points"), 10) : null;
  }

  function refresh(hand) {
    var list = taps(hand);
    var input = hand.querySelector("[data-cards]");
    var total = hand.querySelector("[data-total]");
    input.value = list.join(" ");
    var points = 0, known = true;
    list.forEach(function (token) {
      var value = pointsOf(hand, token.toUpperCase());
      if (value === null) known = false; else points += value;
    });
    hand.querySelector("[data-count]").textContent = list.length;
    var shown = total && total.value.trim() ? total.value.trim() : (known ? points : "?");
    hand.querySelector("[data-points]").textContent = shown;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-key], [data-undo], [data-clear]");
    if (!button) return;
    var hand = button.closest("[data-hand]");
    if (!hand) return;
    var list = taps(hand);
    if (button.hasAttribute("data-key")) list.push(button.getAttribute("data-key"));
    else if (button.hasAttribute("data-undo")) list.pop();
    else list.length = 0;
    var total = hand.querySelector("[data-total]");
    if (total) total.value = "";  // a keypad entry replaces a typed total
    refresh(hand);
  });

  document.addEventListener("input", function (event) {
    var hand = event.target.closest("[data-hand]");
    if (!hand) return;
    if (event.target.hasAttribute("data-cards")) {
      var text = event.target.value.trim();
      hand._taps = text ? text.split(/[\s,]+/) : [];
      var total = hand.querySelector("[data-total]");
      if (total && text) total.value = "";
      var list = hand._taps;
      var count = hand.querySelector("[data-count]");
      count.textContent = list.length;
    } else if (event.target.hasAttribute("data-total")) {
      if (event.target.value.trim()) {
        hand._taps = [];
        hand.querySelector("[data-cards]").value = "";
      }
      refresh(hand);
    }
  });

  function update(form) {
    if (!form) return;
    var winner = form.querySelector('input[name="winner"]:checked');
    var names = Array.prototype.map.call(form.querySelectorAll('input[name="winner"]'), function (r) { return r.value; });
    form.querySelectorAll("[data-hand]").forEach(function (hand) {
      hand.hidden = !!winner && hand.getAttribute("data-player") === winner.value;
      refresh(hand);
    });
    var reminder = form.querySelector("[data-reminder]");
    var card = form.querySelector('input[name="went_out_on"]:checked');
    if (reminder) {
      if (winner && card && card.value !== "other") {
        var next = names[(names.indexOf(winner.value) + 1) % names.length];
        var count = card.value === "+2" ? 2 : 4;
        reminder.textContent = "Before counting: the next player (" + next + " if play goes left) draws " +
          count + " cards, and those cards count in their hand.";
        reminder.hidden = false;
      } else {
        reminder.hidden = true;
      }
    }
  }

  document.addEventListener("change", function (event) {
    if (event.target.name === "winner" || event.target.name === "went_out_on") {
      update(event.target.closest("form"));
    }
  });
  function init() { document.querySelectorAll(".round-form").forEach(update); }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState !== "loading") init();
})();
