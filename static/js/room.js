// The room's live pages (standings, round tables, player page, projector).
//
// 1. Polls are conditional: each polling element (.room-live) carries the
//    ETag of its content, sent back as If-None-Match; a 304, or an answer with
//    the same ETag, leaves the page untouched (no swap, no flicker).
// 2. Projector boards ([data-autoscroll]) scroll down slowly, pause at the
//    bottom, go back to the top and start again. Only the scrolling box's
//    position moves; a refresh of the board inside it keeps that position.
(function () {
  "use strict";

  function liveElement(elt) {
    return elt && elt.closest ? elt.closest(".room-live") : null;
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var live = liveElement(event.detail.elt);
    if (live && live.dataset.etag) {
      event.detail.headers["If-None-Match"] = live.dataset.etag;
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var live = liveElement(event.detail.target);
    if (!live) return;
    var xhr = event.detail.xhr;
    var etag = xhr.getResponseHeader("ETag");
    if (xhr.status === 304 || (etag && etag === live.dataset.etag)) {
      event.detail.shouldSwap = false;
    }
  });

  function autoscroll(box) {
    var speed = parseFloat(box.dataset.autoscrollSpeed || "40"); // px per second
    var pause = parseFloat(box.dataset.autoscrollPause || "5000"); // ms
    var position = 0;
    var waitUntil = performance.now() + pause;
    var last = null;

    function step(now) {
      var elapsed = last === null ? 0 : now - last;
      last = now;
      var room = box.scrollHeight - box.clientHeight;
      if (room <= 1) {
        position = 0;
      } else if (now >= waitUntil) {
        if (position >= room) {
          // Back to the top once the bottom has been read.
          position = 0;
          waitUntil = now + pause;
        } else {
          position = Math.min(room, position + (speed * elapsed) / 1000);
          if (position >= room) waitUntil = now + pause;
        }
      }
      box.scrollTop = position;
      window.requestAnimationFrame(step);
    }
    window.requestAnimationFrame(step);
  }

  function start() {
    document.querySelectorAll("[data-autoscroll]").forEach(autoscroll);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
