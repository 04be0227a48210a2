// Organiser pages: copy a table link, print the slips. Without JavaScript
// the buttons stay hidden: the link is written out in full and selectable,
// and the browser's own Print command prints the slips.
(function () {
  "use strict";

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function say(button, text) {
    var status = button.parentElement.querySelector(".copy-status");
    if (status) { status.textContent = text; }
  }

  function copyLink(button) {
    var target = document.getElementById(button.dataset.copy);
    if (!target) { return; }
    var text = target.href || target.textContent.trim();
    var copied = button.dataset.copied;
    var manual = button.dataset.manual;
    // The clipboard API needs a secure context (https or localhost); on a
    // plain-http club network it is missing: select the text for Ctrl+C.
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { say(button, copied); },
        function () { selectText(target); say(button, manual); }
      );
    } else {
      selectText(target);
      say(button, manual);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".copy-link");
    if (button) { copyLink(button); return; }
    if (event.target.closest(".print-page")) { window.print(); }
  });

  function reveal() {
    document.querySelectorAll(".copy-link, .print-page").forEach(function (button) {
      button.hidden = false;
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", reveal);
  } else {
    reveal();
  }
})();

// The round page's table list: each table's time left counts down here
// between two answers of its poll (a poll with nothing new is a 304 and
// leaves the figures as they were drawn). The server's figure is the truth
// at each new answer.
(function () {
  "use strict";

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
    document.querySelectorAll(".countdown[data-running]").forEach(function (face) {
      if (!face.dataset.deadline) {
        var left = parseInt(face.dataset.secondsLeft || "0", 10) || 0;
        face.dataset.deadline = String(now + left * 1000);
      }
      face.textContent = format((parseInt(face.dataset.deadline, 10) - now) / 1000);
    });
  }

  window.setInterval(tick, 1000);
})();
