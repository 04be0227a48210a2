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
