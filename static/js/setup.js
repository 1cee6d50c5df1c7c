// New game: nothing typed is lost to a slow answer. Each Add (or Enter in the name box) takes
// the name out of the box at once and queues it; the queue sends one change at a time, each on
// the seats the previous answer showed. The name box stays out of every swap (hx-preserve), and
// any other field changed while an answer was on its way keeps the change.
(function () {
  "use strict";
  if (window.scorekeeperSetup) return;
  window.scorekeeperSetup = true;
  var t = window.scorekeeperText || function (text) { return text; };
  var queue = [];
  var busy = false;
  var sent = null;  // the form's fields as the change in flight sent them
  var FIELDS = "input:not([type=hidden]):not([name=new_player]), textarea, select";

  function form() { return document.getElementById("setup"); }
  function box() { return document.getElementById("id_new_player"); }

  function fields(setup) {
    var values = {};
    setup.querySelectorAll(FIELDS).forEach(function (field) {
      if (!field.name) return;
      var list = values[field.name] || (values[field.name] = []);
      if (field.type === "radio" || field.type === "checkbox") {
        if (field.checked) list.push(field.value);
      } else {
        list.push(field.value);
      }
    });
    return values;
  }

  function restore(setup, changed) {
    setup.querySelectorAll(FIELDS).forEach(function (field) {
      if (!(field.name in changed)) return;
      var values = changed[field.name];
      if (field.type === "radio" || field.type === "checkbox") {
        field.checked = values.indexOf(field.value) !== -1;
      } else if (values.length) {
        field.value = values.shift();
      }
    });
  }

  // The names still waiting their turn, under the seats ("Adding: Eli, Fay…").
  function showWaiting() {
    var setup = form();
    var line = setup && setup.querySelector("[data-waiting-seats]");
    if (!line) return;
    var names = queue.filter(function (item) { return item.name; }).map(function (item) { return item.name; });
    line.textContent = names.length ? t("Adding: %(names)s…", { names: names.join(", ") }) : "";
    line.hidden = !names.length;
  }

  function next() {
    var setup = form();
    if (busy || !queue.length || !setup) { showWaiting(); return; }
    var item = queue.shift();
    busy = true;
    showWaiting();
    sent = fields(setup);
    window.htmx.ajax("POST", setup.getAttribute("action"), {
      source: setup,
      target: "#setup",
      swap: "outerHTML",
      values: { action: item.action, new_player: item.name },
    }).then(function () { finished(item); }, function () { finished(item); });
  }

  function finished(item) {
    busy = false;
    sent = null;
    var setup = form();
    // A refused name comes back to the empty box, next to the message saying why.
    var field = box();
    if (item.name && setup && setup.querySelector("[role=alert]") && field && !field.value) {
      field.value = item.name;
    }
    next();
  }

  document.addEventListener("submit", function (event) {
    var setup = event.target;
    if (!window.htmx || !setup || setup.id !== "setup") return;
    var button = event.submitter;
    if (!button || button.name !== "action") return;
    // htmx listens on the form itself: this queue sends the change instead.
    event.preventDefault();
    event.stopImmediatePropagation();
    var name = "";
    if (button.value === "new") {
      name = box() ? box().value.trim() : "";
      if (box()) box().value = "";
    }
    queue.push({ action: button.value, name: name });
    next();
  }, true);

  document.addEventListener("htmx:beforeSwap", function (event) {
    var setup = form();
    if (!sent || !setup || event.detail.target !== setup) return;
    var now = fields(setup);
    var changed = {};
    Object.keys(now).forEach(function (name) {
      if ((sent[name] || []).join("\u0000") !== now[name].join("\u0000")) changed[name] = now[name];
    });
    sent.changed = changed;
  });

  document.addEventListener("htmx:afterSwap", function () {
    var setup = form();
    if (sent && sent.changed && setup) restore(setup, sent.changed);
    showWaiting();
  });
})();
