// The game page: "Show all" rounds, and Copy in the share sheet. Words come from the page.
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
