/* The tablet page (/table/<token>/): what htmx alone does not do.
 *
 * - A hand the network did not carry stays on the tablet (localStorage),
 *   listed as "waiting to send", and is sent again, with its idempotency key,
 *   when the network returns: the server stores it once.
 * - The status line always says what is saved and what is not.
 * - A 409 (another device changed the table) swaps in the sheet as it stands.
 * - A hand entered on a current sheet comes back as its changes only (the
 *   form of the next hand, the rest out of band); queued hands ask for the
 *   whole sheet.
 * - The sheet's poller: when another device changed the table, the sheet is
 *   reloaded unless a hand is being typed (then a notice offers the reload).
 * - Scrolling: the correction form, the new row and the notices come into
 *   view after a swap.
 * - A service worker keeps the page for a reload without network.
 * - The rule set's result inputs show for the kinds of result that ask for them.
 * Plain script, no build step; every text comes from the page (translated).
 */
(function () {
  "use strict";
  if (window.murailleTablet) return;
  window.murailleTablet = true;

  var flushing = null; // the queued hand being sent again
  var lastRequest = { verb: "", path: "" };

  function sheet() { return document.getElementById("sheet"); }
  function text(key) { var s = sheet(); return (s && s.getAttribute("data-l-" + key)) || ""; }
  function storageKey() { var s = sheet(); return s ? "muraille:pending:" + s.dataset.token : null; }

  function pending() {
    var key = storageKey();
    if (!key) return [];
    try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { return []; }
  }

  function savePending(items) {
    var key = storageKey();
    if (!key) return;
    if (items.length) localStorage.setItem(key, JSON.stringify(items));
    else localStorage.removeItem(key);
    showStatus();
  }

  function waitingText(count) {
    var lang = (sheet() && sheet().dataset.lang) || "en";
    var form = "other";
    try { form = new Intl.PluralRules(lang).select(count) === "one" ? "one" : "other"; } catch (e) { form = count === 1 ? "one" : "other"; }
    return text("waiting-" + form).replace("{n}", count);
  }

  function showStatus() {
    var root = sheet();
    if (!root) return;
    var items = pending();
    var status = root.querySelector("[data-save-status]");
    var list = root.querySelector("[data-pending]");
    status.textContent = items.length ? waitingText(items.length) : text("saved");
    status.classList.toggle("waiting", items.length > 0);
    list.hidden = !items.length;
    var network = root.querySelector("[data-no-network]");
    network.hidden = navigator.onLine;
    network.textContent = text("no-network");
    list.replaceChildren.apply(list, items.map(function (item) {
      var li = document.createElement("li");
      li.textContent = text("pending-hand").replace("{number}", item.number || "?");
      return li;
    }));
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
    return Math.random().toString(16).slice(2) + Date.now().toString(16);
  }

  function fieldsOf(form) {
    var values = {};
    new FormData(form).forEach(function (value, name) { values[name] = value; });
    return values;
  }

  // A hand form the network did not carry: keep it (once per key) and let
  // the referee go on with a fresh form for the next hand.
  function queue(form) {
    var values = fieldsOf(form);
    var items = pending();
    var known = items.some(function (item) { return item.key === values.idempotency_key; });
    if (!known) {
      items.push({
        url: form.getAttribute("hx-post") || form.action,
        key: values.idempotency_key,
        number: values.hand_number,
        values: values
      });
    }
    savePending(items);
    var notice = sheet().querySelector("[data-offline-notice]");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice offline";
      notice.setAttribute("role", "alert");
      notice.setAttribute("data-offline-notice", "");
      sheet().querySelector("#save-state").appendChild(notice);
    }
    notice.textContent = text("offline");
    if (!known) resetForm(form, Number(values.hand_number || 0) + 1);
    document.getElementById("save-state").scrollIntoView({ block: "center" });
  }

  function resetForm(form, nextNumber) {
    form.reset();
    form.querySelector("[name=idempotency_key]").value = newKey();
    var number = form.querySelector("[name=hand_number]");
    if (number && nextNumber) number.value = nextNumber;
    var tiles = form.querySelector("[data-tile-picker] [data-clear]");
    if (tiles) tiles.click();
    delete sheet().dataset.dirty;
  }

  // Send the queued hands one by one. Hands queued after the first were
  // typed after it on this tablet, so they go without the table version
  // (the first one bumps it) but with their hand number, which the server
  // checks: a hand another tablet recorded meanwhile answers 409. A conflict
  // drops the rest, since the sheet changed elsewhere and shows why.
  function flush() {
    if (flushing || !navigator.onLine) return;
    var items = pending();
    if (!items.length || !window.htmx) return;
    flushing = items[0];
    var values = Object.assign({}, flushing.values);
    if (flushing.after) delete values.table_version;
    delete values.partial; // the sheet moved on since: ask for all of it
    var status = sheet() && sheet().querySelector("[data-save-status]");
    if (status) status.textContent = text("sending");
    htmx.ajax("POST", flushing.url, { target: "#sheet", swap: "outerHTML", values: values })
      .then(function () { flushing = null; showStatus(); })
      .catch(function () { flushing = null; showStatus(); });
  }

  function afterFlushAnswer(status) {
    var items = pending();
    if (!flushing || !items.length || items[0].key !== flushing.key) return;
    if (status === 409) items = [];
    else if (status > 0 && status < 500 && status !== 429) items = items.slice(1).map(function (item) { item.after = true; return item; });
    else return; // no answer, a server failure or a rate limit: try again later
    savePending(items);
    if (items.length) setTimeout(flush, 200);
  }

  // The rule set's inputs show for the kinds of result that ask for them
  // (data-kinds); before a kind is picked, those of one kind only wait.
  function showResultFields(form) {
    var checked = form.querySelector("input[name$='kind']:checked");
    form.querySelectorAll(".result-field[data-kinds]").forEach(function (box) {
      var kinds = box.dataset.kinds.split(" ");
      box.hidden = checked ? kinds.indexOf(checked.value) < 0 : kinds.length < 2;
    });
  }

  function showAllResultFields() {
    document.querySelectorAll("form.hand-form").forEach(showResultFields);
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name && /kind$/.test(target.name) && target.form) showResultFields(target.form);
  });
  document.addEventListener("htmx:afterSwap", showAllResultFields);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showAllResultFields);
  else showAllResultFields();

  function isHandForm(elt) { return elt && elt.matches && elt.matches("form[data-new-hand]"); }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig || {};
    lastRequest = { verb: config.verb || "", path: config.path || "" };
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status === 409) { event.detail.shouldSwap = true; event.detail.isError = false; }
    if (status === 304) { event.detail.shouldSwap = false; }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (flushing && event.detail.elt === document.body) afterFlushAnswer(event.detail.xhr.status);
  });

  document.addEventListener("htmx:sendError", function (event) {
    if (isHandForm(event.detail.elt)) queue(event.detail.elt);
  });

  document.addEventListener("htmx:responseError", function (event) {
    // A server failure or a rate limit: the hand waits and is sent again.
    var failed = event.detail.xhr.status >= 500 || event.detail.xhr.status === 429;
    if (failed && isHandForm(event.detail.elt)) queue(event.detail.elt);
  });

  // Typing in any of the sheet's forms (a hand, a correction, a penalty)
  // marks the sheet: the poller then never swaps it away under the
  // referee's fingers.
  function markDirty(event) {
    var form = event.target.closest && event.target.closest("#sheet form");
    if (form && sheet()) sheet().dataset.dirty = "1";
  }
  document.addEventListener("input", markDirty);
  document.addEventListener("change", markDirty);
  document.addEventListener("tiles-change", markDirty);

  function afterSheetSwap() {
    var root = sheet();
    showStatus();
    cacheShell(true);
    var edit = root.querySelector("#edit-hand");
    var conflict = root.querySelector("#conflict");
    if (edit) {
      edit.scrollIntoView({ block: "start" });
      var first = edit.querySelector("input:not([type=hidden]), select, textarea");
      if (first) first.focus({ preventScroll: true });
    } else if (conflict) {
      conflict.scrollIntoView({ block: "center" });
    } else if (lastRequest.verb === "post") {
      var error = root.querySelector(".error, .has-error");
      var rows = root.querySelectorAll("[data-hand-row]");
      var target = error || (rows.length ? rows[rows.length - 1] : root.querySelector("#notices"));
      if (target) target.scrollIntoView({ block: "center" });
    }
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    // A hand entered on a current sheet comes back as its changes only: the
    // sheet stays, so its "being typed" mark goes with the recorded hand, in
    // the swap itself (htmx:load comes only after the settle delay).
    if (target && target.id === "new-hand" && sheet()) delete sheet().dataset.dirty;
    // An outerHTML swap leaves the old element in detail.target: look again.
    var watch = target && target.id === "sheet-watch" && document.getElementById("sheet-watch");
    if (watch && watch.hasAttribute("data-changed")) {
      var reload = watch.querySelector("[data-reload-sheet]");
      if (reload && !sheet().dataset.dirty && !sheet().querySelector("#edit-hand")) reload.click();
    }
    if (target && target.id === "tiles-preview") {
      var body = target.querySelector("[data-fan-total]");
      var points = target.closest("form").querySelector("[name=fan_total]");
      if (body && points) points.value = body.dataset.fanTotal;
      // A rule set's own count names the inputs it decides (riichi: han, fu).
      target.querySelectorAll("[data-fill]").forEach(function (fill) {
        var input = target.closest("form").querySelector("[name=" + fill.dataset.fill + "]");
        if (input) input.value = fill.dataset.value;
      });
    }
  });

  // The next hand's form replaces #new-hand, the rest swaps out of band.
  document.addEventListener("htmx:load", function (event) {
    var id = event.detail.elt && event.detail.elt.id;
    if (id === "sheet" || id === "new-hand") afterSheetSwap();
  });

  // The page shell for a reload without network: the worker caches what it
  // fetches, and the first load (not yet under the worker) is cached here.
  function cacheShell(pageOnly) {
    if (!window.caches || !navigator.onLine) return;
    var urls = [location.pathname];
    if (!pageOnly) document.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (el) {
      urls.push(el.getAttribute("src") || el.getAttribute("href"));
    });
    if (!pageOnly) document.querySelectorAll("#sheet img[src]").forEach(function (img) { urls.push(img.getAttribute("src")); });
    caches.open("muraille-tablet-v1").then(function (cache) {
      urls.filter(function (u, i) { return u && urls.indexOf(u) === i; }).forEach(function (u) {
        cache.add(u).catch(function () {});
      });
    }).catch(function () {});
  }

  function start() {
    var root = sheet();
    if (!root) return;
    if ("serviceWorker" in navigator && root.dataset.swUrl) {
      navigator.serviceWorker.register(root.dataset.swUrl, { scope: root.dataset.tableUrl.replace(/[^/]+\/$/, "") })
        .catch(function () {});
    }
    showStatus();
    cacheShell();
    flush();
    if (location.hash === "#edit-hand") afterSheetSwap();
  }

  window.addEventListener("online", function () { showStatus(); flush(); });
  window.addEventListener("offline", showStatus);
  setInterval(flush, 15000);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
