// A round being entered stays on the phone until it is saved or cleared: every change to a
// round form (the game page's next round, a round's edit page) is kept in localStorage under the
// form's address and round number; a reload puts it back and says so, with "Discard it" next to
// it. A save the server takes, an entry the offline queue keeps, or a form put back as it was
// drops the draft. Loaded after table.js, which redraws the hands from the restored fields.
(function () {
  "use strict";
  if (window.scorekeeperDrafts) return;
  window.scorekeeperDrafts = true;
  var t = window.scorekeeperText || function (text) { return text; };
  var PREFIX = "scorekeeper:draft:";
  var WEEK_MS = 7 * 24 * 3600 * 1000;
  var SKIPPED = { csrfmiddlewaretoken: true, request_key: true, number: true };

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }
  function keyOf(form) {
    var number = form.querySelector('input[name="number"]');
    return PREFIX + form.getAttribute("action") + "#" + (number ? number.value : "");
  }
  function numberOf(form) {
    var number = form.querySelector('input[name="number"]');
    return number ? number.value : "";
  }

  // The fields a player fills, as [name, value] pairs (hidden bookkeeping left out).
  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (!SKIPPED[name]) fields.push([name, String(value)]);
    });
    return fields;
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function load(form) {
    var store = storage();
    if (!store) return null;
    try { return JSON.parse(store.getItem(keyOf(form)) || "null"); } catch (e) { return null; }
  }
  function drop(key) {
    var store = storage();
    if (store) store.removeItem(key);
  }
  function keep(form) {
    var store = storage();
    if (!store || !form._pristine) return;
    var fields = fieldsOf(form);
    if (same(fields, form._pristine)) { drop(keyOf(form)); return; }
    try {
      store.setItem(keyOf(form), JSON.stringify({ fields: fields, saved: Date.now() }));
    } catch (e) { /* storage full: the form on screen is still there */ }
  }

  function fill(form, fields) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.type === "hidden" || SKIPPED[field.name]) return;
      var values = fields.filter(function (pair) { return pair[0] === field.name; }).map(function (pair) { return pair[1]; });
      if (field.type === "radio" || field.type === "checkbox") field.checked = values.indexOf(field.value) !== -1;
      else if (field.type !== "submit" && field.type !== "button") field.value = values.length ? values[0] : "";
    });
    if (window.scorekeeperTable && window.scorekeeperTable.redraw) window.scorekeeperTable.redraw(form);
  }

  function note(form, text) {
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

  function prune() {
    var store = storage();
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

  function init() {
    document.querySelectorAll(".round-form").forEach(function (form) {
      if (form._pristine) return;
      form._pristine = fieldsOf(form);
      var draft = load(form);
      if (!draft || !draft.fields || same(draft.fields, form._pristine)) return;
      fill(form, draft.fields);
      note(form, t("Your unsaved entry for round %(number)s is back.", { number: numberOf(form) }));
    });
  }

  function changed(event) {
    var form = event.target.closest && event.target.closest(".round-form");
    if (form && !event.target.closest("[data-draft-note]")) keep(form);
  }
  // After table.js (loaded first) has put the tap into the cards field.
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
  document.addEventListener("click", function (event) {
    var discard = event.target.closest("[data-draft-discard]");
    var form = event.target.closest(".round-form");
    if (!form) return;
    if (discard) {
      drop(keyOf(form));
      fill(form, form._pristine || []);
      note(form, "");
      return;
    }
    if (event.target.closest("[data-key], [data-undo], [data-clear]")) keep(form);
  });

  // A plain form's save leaves the page: the server has the entry (or shows it back refused).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches && form.matches(".round-form") && !form.hasAttribute("hx-post")) drop(keyOf(form));
  });
  // The game page saves with htmx: a save the server took ends the draft. The request is
  // matched by its xhr (after a swap, htmx names an ancestor as the event's element).
  var saving = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.matches && form.matches(".round-form")) saving.set(event.detail.xhr, keyOf(form));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var key = xhr && saving.get(xhr);
    if (key && xhr.status === 200) drop(key);
  });

  document.addEventListener("DOMContentLoaded", function () { prune(); init(); });
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState !== "loading") { prune(); init(); }
})();
