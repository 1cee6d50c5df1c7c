// Referee pages: the coloured hand keypad of the Wild Draw 4 challenge, and deck pickers that
// apply at once. Enhancements only: without JavaScript the hand is typed and the deck applied
// with its button.
(function () {
  "use strict";
  if (window.scorekeeperReferee) return;
  window.scorekeeperReferee = true;

  // The words shown, in the page's language (app.js reads them from the page).
  function t(english, values) { return window.scorekeeperText(english, values); }
  var COLOURS = { R: "red", G: "green", B: "blue", Y: "yellow" };

  function tokens(input) {
    var text = input.value.trim();
    return text ? text.split(/[\s,]+/) : [];
  }

  function nameOf(pad, token) {
    var upper = token.toUpperCase();
    var card = pad.querySelector('[data-pad-card="' + upper + '"]');
    if (card) return card.getAttribute("data-name");
    var colour = COLOURS[upper.charAt(0)];
    var value = pad.querySelector('[data-pad-value="' + upper.slice(1) + '"]');
    if (colour && value) return t("%(colour)s %(face)s", { colour: t(colour), face: value.getAttribute("data-name") });
    return token;
  }

  function announce(pad, input) {
    var status = pad.querySelector("[data-pad-status]");
    var list = tokens(input);
    var colour = pad.querySelector('[data-pad-colour][aria-pressed="true"]');
    var next = colour ? t("Next card: %(colour)s.", { colour: colour.getAttribute("data-colour-name") }) + " " : "";
    var names = list.map(function (token) { return nameOf(pad, token); }).join(", ");
    status.textContent = next + (list.length
      ? (list.length === 1 ? t("1 card: %(cards)s", { cards: names }) : t("%(count)s cards: %(cards)s", { count: list.length, cards: names }))
      : t("No cards yet."));
  }

  function parts(button) {
    var form = button.closest("form");
    if (!form) return null;
    var pad = form.querySelector("[data-pad]");
    var input = form.querySelector("[data-pad-hand]");
    return pad && input ? { pad: pad, input: input } : null;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-pad-colour], [data-pad-value], [data-pad-card], [data-pad-undo], [data-pad-clear]");
    if (!button) return;
    var found = parts(button);
    if (!found) return;
    var list = tokens(found.input);
    if (button.hasAttribute("data-pad-colour")) {
      found.pad.querySelectorAll("[data-pad-colour]").forEach(function (other) {
        other.setAttribute("aria-pressed", other === button ? "true" : "false");
      });
    } else if (button.hasAttribute("data-pad-value")) {
      var colour = found.pad.querySelector('[data-pad-colour][aria-pressed="true"]');
      list.push((colour ? colour.getAttribute("data-pad-colour") : "*") + button.getAttribute("data-pad-value"));
    } else if (button.hasAttribute("data-pad-card")) {
      list.push(button.getAttribute("data-pad-card"));
    } else if (button.hasAttribute("data-pad-undo")) {
      list.pop();
    } else {
      list.length = 0;
    }
    found.input.value = list.join(" ");
    announce(found.pad, found.input);
  });

  document.addEventListener("input", function (event) {
    if (!event.target.hasAttribute("data-pad-hand")) return;
    var found = parts(event.target);
    if (found) announce(found.pad, found.input);
  });

  document.addEventListener("change", function (event) {
    if (event.target.hasAttribute("data-autosubmit") && event.target.form) {
      event.target.form.requestSubmit();
    }
  });

  function init(root) {
    root.querySelectorAll("[data-pad]").forEach(function (pad) {
      var found = parts(pad);
      if (found) announce(found.pad, found.input);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSettle", function () { init(document); });
})();
