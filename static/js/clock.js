// The round clock counts down in the browser between the server's figures.
// Each .round-clock carries the seconds left when the server rendered it;
// htmx replaces the element every 30 s (a fresh figure), so a tablet that
// slept or a drifting clock is corrected. At zero a running clock asks the
// server at once ("clock-expired"), which answers with "time is up".
(function () {
  "use strict";
  if (window.murailleClock) return; // the partial may load this file twice
  window.murailleClock = true;

  function format(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var hours = Math.floor(s / 3600);
    var minutes = Math.floor((s % 3600) / 60);
    var secs = s % 60;
    var mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
    var text = mm + ":" + String(secs).padStart(2, "0");
    return hours ? hours + ":" + text : text;
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll(".round-clock").forEach(function (clock) {
      if (!clock.dataset.deadline) {
        var left = parseInt(clock.dataset.secondsLeft || "0", 10) || 0;
        clock.dataset.deadline = String(now + left * 1000);
      }
      if (clock.dataset.running !== "1") return;
      var left = (parseInt(clock.dataset.deadline, 10) - now) / 1000;
      var face = clock.querySelector("[data-clock-time]");
      if (face) face.textContent = format(left);
      if (left <= 0 && !clock.classList.contains("clock-over") && !clock.dataset.expired) {
        clock.dataset.expired = "1";
        if (window.htmx) window.htmx.trigger(clock, "clock-expired");
      }
    });
  }

  tick();
  document.addEventListener("DOMContentLoaded", tick);
  window.setInterval(tick, 1000);
})();
