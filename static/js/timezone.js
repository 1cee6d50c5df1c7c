// The browser's time zone, for the server: proposed as a new crew's zone (the hidden
// time_zone input of the sign-up and new-crew forms) and sent as the `tz` cookie, which the
// public live scoreboard uses to show times in the viewer's zone. The server checks the name.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone || !/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) return;
  document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
  function fill() {
    var inputs = document.querySelectorAll("input[data-browser-time-zone]");
    for (var i = 0; i < inputs.length; i++) {
      if (!inputs[i].value) inputs[i].value = zone;
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fill);
  } else {
    fill();
  }
})();
