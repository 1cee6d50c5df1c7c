// The round form at the table: who went out, a row of hand chips and one shared card keypad.
// Picking the winner selects the first hand to fill: the next seat, where the row of chips
// starts (it reads round the table from there, and the hands fill in that order). The keys
// fill the selected hand, "Next" moves to the next chip, a chip picks any hand. Each hand
// reads in words ("2 × 7, Wild — 64 points"), for taps and typed cards alike. Everything
// here is an enhancement: without JavaScript every hand's cards or total are typed in the same fields.
(function () {
  "use strict";
  if (window.scorekeeperTable) return;
  window.scorekeeperTable = true;
  // The words shown, in the page's language (app.js reads them from the page).
  function t(english, values) { return window.scorekeeperText(english, values); }

  function hands(form) { return Array.prototype.slice.call(form.querySelectorAll("[data-hand]")); }
  function chipFor(form, hand) {
    var name = hand.getAttribute("data-player");
    return Array.prototype.find.call(form.querySelectorAll("[data-pick]"), function (chip) {
      return chip.getAttribute("data-pick") === name;
    });
  }
  function winnerOf(form) {
    var radio = form.querySelector('input[name="winner"]:checked');
    return radio ? radio.value : null;
  }
  function losers(form) {
    var winner = winnerOf(form);
    return hands(form).filter(function (hand) { return hand.getAttribute("data-player") !== winner; });
  }

  // One order for the chips and the keypad: the row of chips reads from the seat after the
  // winner round the table (seat order before a winner is picked), and the hands fill in the
  // chips' order as the page shows them (the first chip first, "Next" the chip after).
  function arrangeChips(form, winner) {
    var row = form.querySelector("[data-hand-chips]");
    if (!row || form._chipsFrom === winner) return;
    form._chipsFrom = winner;
    var names = hands(form).map(function (hand) { return hand.getAttribute("data-player"); });
    var start = winner ? names.indexOf(winner) + 1 : 0;
    names.slice(start).concat(names.slice(0, start)).forEach(function (name) {
      var chip = Array.prototype.find.call(row.querySelectorAll("[data-pick]"), function (each) {
        return each.getAttribute("data-pick") === name;
      });
      if (chip) row.appendChild(chip);
    });
  }
  function fillOrder(form) {
    var open = losers(form);
    return Array.prototype.map.call(form.querySelectorAll("[data-pick]"), function (chip) {
      return open.find(function (hand) { return hand.getAttribute("data-player") === chip.getAttribute("data-pick"); });
    }).filter(Boolean);
  }

  // The keypad's points and names by token ("*7" → 7, "Wild"): the same keys the server lays out.
  function keypadOf(form) {
    var points = {}, names = {};
    form.querySelectorAll("[data-key][data-key-points]").forEach(function (key) {
      var token = key.getAttribute("data-key");
      points[token] = parseInt(key.getAttribute("data-key-points"), 10);
      names[token] = key.getAttribute("data-key-name") || token;
    });
    return { points: points, names: names };
  }

  function tokensOf(text) { return String(text).split(/[\s,]+/).filter(Boolean); }

  // The key a tapped or typed card counts under ("R7" and "7" → "*7"), null when it is no card.
  function keyOf(token, known) {
    var offline = window.scorekeeperOffline;
    return offline && offline.keyFor ? offline.keyFor(token, known) : token;
  }

  // Why a tap on this key would enter more of the card than the deck holds (all colours
  // counted, across the hands the winner collects: what Save checks), or null when it fits.
  function overDeck(form, key) {
    var token = key.getAttribute("data-key");
    var most = parseInt(key.getAttribute("data-key-most"), 10);
    if (isNaN(most)) return null;
    var count = 0, known = keypadOf(form).points;
    losers(form).forEach(function (hand) {
      taps(hand).forEach(function (each) { if (keyOf(each, known) === token) count += 1; });
    });
    if (count < most) return null;
    return t("%(name)s not added: the deck holds only %(most)s, and the hands already have them all.", {
      name: key.getAttribute("data-key-name") || token,
      most: key.getAttribute("data-key-most-words") || most,
    });
  }

  // Said at the tap (role="alert"), gone at the next tap or choice.
  function refuse(form, text) {
    var box = form.querySelector("[data-keypad-refusal]");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
  }

  // "2 × 7, Wild, Skip — 77 points", or what is wrong with a typed token.
  function words(tokens, pad) {
    var order = [], counts = {}, bad = [];
    tokens.forEach(function (token) {
      var key = keyOf(token, pad.points);
      if (key === null || !(key in pad.points)) { bad.push(token); return; }
      if (!(key in counts)) { counts[key] = 0; order.push(key); }
      counts[key] += 1;
    });
    if (bad.length) return { text: t("Not a card: %(tokens)s — try 7, R7, +2, Skip, Rev, W, +4", { tokens: bad.join(", ") }), points: null };
    var points = 0;
    var parts = order.map(function (key) {
      points += counts[key] * pad.points[key];
      return (counts[key] > 1 ? counts[key] + " × " : "") + pad.names[key];
    });
    return { text: parts.length ? t("%(cards)s — %(points)s points", { cards: parts.join(", "), points: points }) : "", points: points };
  }

  // Taps are remembered per hand so "Undo" removes the last one.
  function taps(hand) {
    if (!hand._taps) hand._taps = tokensOf(hand.querySelector("[data-cards]").value);
    return hand._taps;
  }

  function refresh(form, hand, fromTyping) {
    var input = hand.querySelector("[data-cards]");
    var total = hand.querySelector("[data-total]");
    var list = taps(hand);
    if (!fromTyping) input.value = list.join(" ");
    var typedTotal = total && total.value.trim();
    var read = words(list, keypadOf(form));
    var points = typedTotal ? typedTotal : (read.points === null ? "?" : read.points);
    var count = typedTotal ? "–" : list.length;
    hand.querySelector("[data-count]").textContent = count;
    var word = hand.querySelector("[data-count-word]");
    if (word) word.textContent = count === 1 ? t("card") : t("cards");
    hand.querySelector("[data-points]").textContent = points;
    var line = hand.querySelector("[data-words]");
    if (line) line.textContent = typedTotal ? t("Typed total: %(points)s points", { points: typedTotal }) : read.text;
    var chip = chipFor(form, hand);
    var status = chip && chip.querySelector("[data-chip-status]");
    // No-break spaces: a narrow chip wraps between "3 cards ·" and "64 pts", never inside them.
    var pts = "\u00a0" + t("pts");
    if (status) status.textContent = typedTotal ? typedTotal + pts : count + "\u00a0" + (count === 1 ? t("card") : t("cards")) + " · " + points + pts;
  }

  function select(form, hand) {
    if (form._selected !== hand) refuse(form, "");
    form._selected = hand;
    var winner = winnerOf(form);
    hands(form).forEach(function (each) {
      var name = each.getAttribute("data-player");
      var chosen = each === hand;
      each.classList.toggle("is-selected", chosen);
      var chip = chipFor(form, each);
      if (chip) {
        chip.setAttribute("aria-pressed", chosen ? "true" : "false");
        chip.hidden = name === winner;
      }
    });
    var target = form.querySelector("[data-keypad-target]");
    if (target) {
      // Said to screen readers; on screen the pressed chip already shows whose hand it is.
      target.textContent = hand
        ? t("The keypad fills %(name)s's hand.", { name: hand.getAttribute("data-player") })
        : t("Pick who went out first.");
      target.classList.toggle("is-quiet", !!hand);
    }
  }

  // The round screen: on the game page, once a winner is picked the round takes the whole screen
  // (round.css hides the rest while <html> has .round-entry) until it is saved or "Scoreboard" is
  // tapped. The edit page is a page of its own and stays as it is.
  function entering(form, on) {
    var root = document.documentElement;
    on = !!on && form.id === "round-form";
    var was = root.classList.contains("round-entry");
    root.classList.toggle("round-entry", on);
    var close = form.querySelector("[data-round-close]");
    if (close) close.hidden = !on;
    if (on && !was) window.scrollTo(0, 0);
  }

  function update(form) {
    if (!form) return;
    var winner = winnerOf(form);
    entering(form, winner && form._entering !== false);
    hands(form).forEach(function (hand) {
      hand.hidden = !!winner && hand.getAttribute("data-player") === winner;
      refresh(form, hand, true);
    });
    arrangeChips(form, winner);
    var ordered = fillOrder(form);
    var selected = form._selected;
    if (!selected || ordered.indexOf(selected) < 0) {
      // The first chip: the hand after the winner's seat (or, with errors shown, the first
      // refused one in the chips' order).
      var refused = ordered.filter(function (hand) { return hand.querySelector('[aria-invalid="true"]'); });
      selected = winner ? (refused[0] || ordered[0] || null) : null;
    }
    select(form, selected);
    reminder(form, winner);
  }

  function reminder(form, winner) {
    var box = form.querySelector("[data-reminder]");
    var card = form.querySelector('input[name="went_out_on"]:checked');
    if (!box) return;
    var draws = card && parseInt(card.getAttribute("data-draws"), 10);
    if (winner && draws) {
      var names = hands(form).map(function (hand) { return hand.getAttribute("data-player"); });
      var next = names[(names.indexOf(winner) + 1) % names.length];
      box.textContent = t("First the next player (%(name)s if play goes left) draws %(count)s cards; they count in that hand.", { name: next, count: draws });
      box.hidden = false;
    } else {
      box.hidden = true;
    }
  }

  document.addEventListener("click", function (event) {
    var form;
    // Back to the board, the entry kept; the winner (or the bottom bar's Score) brings it back.
    if (event.target.closest("[data-round-close]")) {
      form = event.target.closest(".round-form");
      form._entering = false;
      update(form);
      window.scrollTo(0, 0);
      return;
    }
    var reopen = event.target.closest('input[name="winner"], a[href="#round-form"]');
    if (reopen) {
      form = reopen.matches("a") ? document.getElementById("round-form") : reopen.closest(".round-form");
      if (form && form._entering === false) {
        form._entering = true;
        update(form);
      }
      return;
    }
    var button = event.target.closest("[data-key], [data-undo], [data-clear], [data-next], [data-pick]");
    if (!button) return;
    form = button.closest(".round-form");
    if (!form) return;
    if (button.hasAttribute("data-pick")) {
      var picked = hands(form).find(function (hand) { return hand.getAttribute("data-player") === button.getAttribute("data-pick"); });
      if (picked && !picked.hidden) select(form, picked);
      return;
    }
    var hand = form._selected;
    if (button.hasAttribute("data-next")) {
      var order = fillOrder(form);  // the next chip along the row, as the chips read
      if (!order.length) return;
      select(form, order[(order.indexOf(hand) + 1) % order.length]);
      return;
    }
    if (!hand) {
      var target = form.querySelector("[data-keypad-target]");
      if (target) target.textContent = t("Pick who went out first, then tap the cards left in each hand.");
      return;
    }
    var list = taps(hand);
    var refusal = button.hasAttribute("data-key") ? overDeck(form, button) : null;
    refuse(form, refusal);
    if (refusal) return;  // the hand stays as it was: Save would refuse the extra card
    var total = hand.querySelector("[data-total]");
    var typed = total ? total.value.trim() : "";
    var isKey = button.hasAttribute("data-key"), isUndo = button.hasAttribute("data-undo");
    // A colourless key goes in as the bare card ("7", "+2", "S"): what the label promises.
    if (isKey) list.push(button.getAttribute("data-key").replace(/^\*/, ""));
    else if (isUndo) list.pop();
    else list.length = 0;
    if (isKey && typed) {
      // The cards tapped replace a typed total, said at the tap; Undo brings the total back.
      hand._replacedTotal = typed;
      refuse(form, t("%(name)s's typed total (%(points)s points) gives way to the cards tapped. Undo brings it back.", {
        name: hand.getAttribute("data-player"), points: typed,
      }));
    }
    if (isUndo && !list.length && hand._replacedTotal) {
      if (total) total.value = hand._replacedTotal;
      hand._replacedTotal = null;
    } else if (total && !isUndo) {
      total.value = "";  // a tapped card replaces a typed total (said above); Clear empties both
    }
    if (!isKey && !isUndo) hand._replacedTotal = null;
    refresh(form, hand, false);
  });

  document.addEventListener("input", function (event) {
    var hand = event.target.closest("[data-hand]");
    var form = hand && hand.closest(".round-form");
    if (!form) return;
    hand._replacedTotal = null;
    if (event.target.hasAttribute("data-cards")) {
      hand._taps = tokensOf(event.target.value);
      var total = hand.querySelector("[data-total]");
      if (total && total.value.trim() && event.target.value.trim()) {
        refuse(form, t("%(name)s's typed total (%(points)s points) gives way to the cards typed.", {
          name: hand.getAttribute("data-player"), points: total.value.trim(),
        }));
        total.value = "";
      }
    } else if (event.target.hasAttribute("data-total") && event.target.value.trim()) {
      hand._taps = [];
      hand.querySelector("[data-cards]").value = "";
    }
    refresh(form, hand, true);
  });

  document.addEventListener("focusin", function (event) {
    var hand = event.target.closest("[data-hand]");
    var form = hand && hand.closest(".round-form");
    if (form && form._selected !== hand && !hand.hidden) select(form, hand);
  });

  document.addEventListener("change", function (event) {
    if (event.target.name === "winner" || event.target.name === "went_out_on") {
      var form = event.target.closest("form");
      if (event.target.name === "winner" && form) {
        form._selected = null;
        form._entering = true;
      }
      update(form);
    }
  });
  function init() {
    // A save that ends the game swaps in a board without a round form: back to the whole page.
    if (!document.getElementById("round-form")) document.documentElement.classList.remove("round-entry");
    document.querySelectorAll(".round-form").forEach(function (form) {
      // Another phone saved this round first: the whole page, to see the board it now shows.
      if (form._entering === undefined && form.querySelector("[data-conflict]")) form._entering = false;
      hands(form).forEach(function (hand) { hand._taps = null; });
      update(form);
    });
  }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState !== "loading") init();

  // --- Drafts -------------------------------------------------------------------------------
  // A round being entered stays on the phone until it is saved or cleared: every change to a
  // round form (the game page's next round, a round's edit page) is kept in localStorage under
  // the form's address and round number; a reload puts it back and says so, with "Discard it"
  // next to it. A save the server takes, an entry the offline queue keeps, or a form put back
  // as it was drops the draft. Registered after the handlers above, so a tap is in the cards
  // field before the draft is kept.
  var PREFIX = "scorekeeper:draft:";
  var WEEK_MS = 7 * 24 * 3600 * 1000;
  var SKIPPED = { csrfmiddlewaretoken: true, request_key: true, number: true };

  function draftStorage() {
    try { return window.localStorage; } catch (e) { return null; }
  }
  function draftKey(form) { return PREFIX + form.getAttribute("action") + "#" + roundNumberOf(form); }
  function roundNumberOf(form) {
    var number = form.querySelector('input[name="number"]');
    return number ? number.value : "";
  }

  // The fields a player fills, as [name, value] pairs (hidden bookkeeping left out).
  function draftFields(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (!SKIPPED[name]) fields.push([name, String(value)]);
    });
    return fields;
  }
  function sameFields(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function loadDraft(form) {
    var store = draftStorage();
    if (!store) return null;
    try { return JSON.parse(store.getItem(draftKey(form)) || "null"); } catch (e) { return null; }
  }
  function dropDraft(key) {
    var store = draftStorage();
    if (store) store.removeItem(key);
  }
  function keepDraft(form) {
    var store = draftStorage();
    if (!store || !form._pristine) return;
    var fields = draftFields(form);
    if (sameFields(fields, form._pristine)) { dropDraft(draftKey(form)); return; }
    try {
      store.setItem(draftKey(form), JSON.stringify({ fields: fields, saved: Date.now() }));
    } catch (e) { /* storage full: the form on screen is still there */ }
  }

  function fillForm(form, fields) {
    Array.prototype.forEach.call(form.elements, function (field) {
      // The edit page's version goes back too: a draft older than another phone's edit is
      // then refused on Save with what changed (409), never saved over it.
      if (!field.name || (field.type === "hidden" && field.name !== "version") || SKIPPED[field.name]) return;
      var values = fields.filter(function (pair) { return pair[0] === field.name; }).map(function (pair) { return pair[1]; });
      if (field.type === "radio" || field.type === "checkbox") field.checked = values.indexOf(field.value) !== -1;
      else if (field.type !== "submit" && field.type !== "button") field.value = values.length ? values[0] : "";
    });
    hands(form).forEach(function (hand) { hand._taps = null; });
    form._selected = null;
    update(form);
  }

  function draftNote(form, text) {
    var line = form.querySelector("[data-draft-note]");
    if (!text) { if (line) line.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.className = "message";
      line.setAttribute("data-draft-note", "");
      line.setAttribute("role", "status");
      var heading = form.querySelector("h2");
      if (heading) heading.after(line); else form.prepend(line);
    }
    line.textContent = text + " ";
    var discard = document.createElement("button");
    discard.type = "button";
    discard.className = "link-button";
    discard.setAttribute("data-draft-discard", "");
    discard.textContent = t("Discard it");
    line.appendChild(discard);
  }

  function pruneDrafts() {
    var store = draftStorage();
    if (!store) return;
    for (var i = store.length - 1; i >= 0; i -= 1) {
      var key = store.key(i);
      if (!key || key.indexOf(PREFIX) !== 0) continue;
      try {
        var draft = JSON.parse(store.getItem(key));
        if (!draft || Date.now() - draft.saved > WEEK_MS) store.removeItem(key);
      } catch (e) { store.removeItem(key); }
    }
  }

  function drafts() {
    document.querySelectorAll(".round-form").forEach(function (form) {
      if (form._pristine) return;
      form._pristine = draftFields(form);
      var draft = loadDraft(form);
      if (!draft || !draft.fields || sameFields(draft.fields, form._pristine)) return;
      fillForm(form, draft.fields);
      draftNote(form, t("Your unsaved entry for round %(number)s is back.", { number: roundNumberOf(form) }));
    });
  }

  function draftChanged(event) {
    var form = event.target.closest && event.target.closest(".round-form");
    if (form && !event.target.closest("[data-draft-note]")) keepDraft(form);
  }
  // After table.js (loaded first) has put the tap into the cards field.
  document.addEventListener("input", draftChanged);
  document.addEventListener("change", draftChanged);
  document.addEventListener("click", function (event) {
    var discard = event.target.closest("[data-draft-discard]");
    var form = event.target.closest(".round-form");
    if (!form) return;
    if (discard) {
      dropDraft(draftKey(form));
      fillForm(form, form._pristine || []);
      draftNote(form, "");
      return;
    }
    if (event.target.closest("[data-key], [data-undo], [data-clear]")) keepDraft(form);
  });

  // A plain form's save leaves the page: the server has the entry (or shows it back refused).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches && form.matches(".round-form") && !form.hasAttribute("hx-post")) dropDraft(draftKey(form));
  });
  // The game page saves with htmx: a save the server took ends the draft. The request is
  // matched by its xhr (after a swap, htmx names an ancestor as the event's element).
  var saving = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.matches && form.matches(".round-form")) saving.set(event.detail.xhr, draftKey(form));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var key = xhr && saving.get(xhr);
    if (key && xhr.status === 200) dropDraft(key);
  });

  document.addEventListener("DOMContentLoaded", function () { pruneDrafts(); drafts(); });
  document.addEventListener("htmx:afterSettle", drafts);
  if (document.readyState !== "loading") { pruneDrafts(); drafts(); }
})();

// --- The game page: "Show all" rounds, and Copy in the share sheet (here rather than in a
// file of its own: one download less on the scoreboard's first load).
(function () {
  "use strict";
  function copy(input, button) {
    var done = function () {
      button.textContent = button.getAttribute("data-copied");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {});
      return;
    }
    // Plain http on the LAN: no Clipboard API, but a selected field can still be copied.
    input.focus();
    input.select();
    try {
      if (document.execCommand("copy")) done();
    } catch (e) { /* the link stays selected for a long press */ }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-show-all], [data-copy]");
    if (!button) return;
    if (button.hasAttribute("data-copy")) {
      var input = document.getElementById(button.getAttribute("data-copy"));
      if (input) copy(input, button);
      return;
    }
    var table = document.getElementById(button.getAttribute("aria-controls"));
    if (!table) return;
    table.classList.remove("is-collapsed");
    button.setAttribute("aria-expanded", "true");
    button.hidden = true;
  });
})();
