/* The tablet page (/table/<token>/): what htmx alone does not do.
 *
 * - A hand the network did not carry stays on the tablet (localStorage),
 *   listed as "waiting to send", and is sent again, with its idempotency key,
 *   when the network returns: the server stores it once.
 * - The status line always says what is saved and what is not.
 * - Every answer is one of a few kinds (``classify``, the server's
 *   X-Muraille-Answer or the status): saved, already saved, refused,
 *   conflict (409: the sheet as it stands is swapped in), gone-hand (the
 *   hand was deleted elsewhere: the sheet and its notice are swapped in),
 *   gone-link (the organiser replaced the table's link: hands are kept and
 *   the referee is told to scan the table's new code), busy (429, 502-504:
 *   the hand is kept and sent again with a growing wait), offline, failed.
 *   The status line never says "All hands saved" while one is not.
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

  var PREFIX = "muraille:pending:";
  var BUSY_WAITS_S = [2, 4, 8, 15, 30]; // between tries while the server is busy
  var flushing = null; // the queued hand being sent again
  var lastRequest = { verb: "", path: "" };
  var problem = ""; // "", "busy", "gone-link" or "failed": what the status line adds
  var busyTries = 0;
  var retryTimer = null;

  function sheet() { return document.getElementById("sheet"); }
  function text(key) { var s = sheet(); return (s && s.getAttribute("data-l-" + key)) || ""; }
  // Hands wait under the table, not its link: a link the organiser replaced
  // leaves them for the page of the new one.
  function storageKey() { var s = sheet(); return s ? PREFIX + "table-" + s.dataset.tableId : null; }

  // What an answer was (see the header comment); "offline" when none came.
  function classify(xhr) {
    var status = xhr ? xhr.status : 0;
    if (!status) return "offline";
    var word = xhr.getResponseHeader("X-Muraille-Answer");
    if (word) return word;
    if (status === 429 || status === 502 || status === 503 || status === 504) return "busy";
    if (status === 409) return "conflict";
    if (status === 304 || (status >= 200 && status < 400)) return "saved";
    return "failed";
  }

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
    var words = items.length ? [waitingText(items.length)] : [];
    if (problem === "gone-link") words.unshift(text("gone-link"));
    else if (problem === "busy" && items.length) words.unshift(text("busy"));
    else if (problem === "failed") words.unshift(text("failed"));
    status.textContent = words.length ? words.join(" ") : text("saved");
    status.classList.toggle("waiting", words.length > 0);
    status.toggleAttribute("data-problem", !!problem);
    if (problem) status.setAttribute("data-problem", problem);
    if (!items.length && !problem) {
      var notice = root.querySelector("[data-offline-notice]");
      if (notice) notice.remove();
    }
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

  // A hand form the server did not store (no network, busy, a replaced
  // link): keep it (once per key) and let the referee go on with a fresh
  // form for the next hand. ``notice`` names the notice's words (data-l-*).
  function queue(form, notice) {
    var values = fieldsOf(form);
    var items = pending();
    var known = items.some(function (item) { return item.key === values.idempotency_key; });
    if (!known) {
      items.push({
        url: form.getAttribute("hx-post") || form.action,
        token: sheet().dataset.token,
        key: values.idempotency_key,
        number: values.hand_number,
        values: values
      });
    }
    savePending(items);
    notify(notice);
    if (!known) resetForm(form, Number(values.hand_number || 0) + 1);
    document.getElementById("save-state").scrollIntoView({ block: "center" });
  }

  // A notice under the status line, in the words of ``key`` (data-l-*).
  function notify(key) {
    var notice = sheet().querySelector("[data-offline-notice]");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice offline";
      notice.setAttribute("role", "alert");
      notice.setAttribute("data-offline-notice", "");
      sheet().querySelector("#save-state").appendChild(notice);
    }
    notice.textContent = text(key);
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
    if (flushing || retryTimer || !navigator.onLine || problem === "gone-link") return;
    var items = pending();
    if (!items.length || !window.htmx) return;
    flushing = items[0];
    var values = Object.assign({}, flushing.values);
    var url = flushing.url, token = sheet().dataset.token;
    // Queued under a link since replaced: the same address on this one.
    if (flushing.token && flushing.token !== token) url = url.split("/" + flushing.token + "/").join("/" + token + "/");
    if (flushing.after) delete values.table_version;
    delete values.partial; // the sheet moved on since: ask for all of it
    var status = sheet() && sheet().querySelector("[data-save-status]");
    if (status) status.textContent = text("sending");
    htmx.ajax("POST", url, { target: "#sheet", swap: "outerHTML", values: values })
      .then(function () { flushing = null; showStatus(); })
      .catch(function () { flushing = null; showStatus(); });
  }

  // A queued hand's answer: stored (or refused, its form then on the sheet
  // with the error): the next one goes; a conflict drops the rest, the
  // sheet showing why; anything else keeps them all.
  function afterFlushAnswer(answer) {
    var items = pending();
    if (!flushing || !items.length || items[0].key !== flushing.key) return;
    if (answer === "conflict") items = [];
    else if (answer === "saved" || answer === "already-saved" || answer === "refused") {
      items = items.slice(1).map(function (item) { item.after = true; return item; });
    } else return;
    savePending(items);
    if (items.length) setTimeout(flush, 200);
  }

  // Busy: the next try waits longer each time (Retry-After if shorter).
  function retryLater(xhr) {
    var wait = BUSY_WAITS_S[Math.min(busyTries, BUSY_WAITS_S.length - 1)];
    var asked = Number(xhr && xhr.getResponseHeader("Retry-After"));
    if (asked > 0 && asked < wait) wait = asked;
    busyTries += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(function () { retryTimer = null; flush(); }, wait * 1000);
  }

  function setProblem(word) {
    problem = word;
    if (word !== "busy") { busyTries = 0; clearTimeout(retryTimer); retryTimer = null; }
    showStatus();
  }

  // Every answer of the sheet's requests, the queued hands' included.
  function answered(elt, xhr) {
    var answer = classify(xhr);
    var queued = flushing && elt === document.body;
    if (queued) afterFlushAnswer(answer);
    var hand = isHandForm(elt);
    var form = !hand && elt && elt.closest && elt.closest("#sheet form");
    if (answer === "gone-link") {
      if (hand) queue(elt, "kept");
      else if (form) notify("gone-link-form");
      setProblem("gone-link");
    } else if (answer === "busy" || answer === "failed" || answer === "offline") {
      if (hand) queue(elt, answer === "offline" ? "offline" : "kept");
      else if (form) notify(answer + "-form");
      if (answer !== "offline" && (hand || queued)) { problem = answer; retryLater(xhr); showStatus(); }
    } else if (problem && problem !== "gone-link") {
      setProblem(""); // the server answers again: the queue need not wait
      if (pending().length) setTimeout(flush, 0);
    }
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
    // A hand on its way is not yet saved.
    var status = isHandForm(event.detail.elt) && sheet() && sheet().querySelector("[data-save-status]");
    if (status) status.textContent = text("sending");
  });

  // A conflict and a hand gone come with the sheet as it stands: show it.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var answer = classify(event.detail.xhr);
    if (answer === "conflict" || answer === "gone-hand") { event.detail.shouldSwap = true; event.detail.isError = false; }
    if (event.detail.xhr.status === 304) { event.detail.shouldSwap = false; }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    answered(event.detail.elt, event.detail.xhr);
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
      // The server names the inputs the tiles decide (MCR: its points
      // without flowers; riichi: han, fu) and their values.
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

  // Hands kept under the table's link before they were kept under the table.
  function adoptOldQueue() {
    var old = PREFIX + sheet().dataset.token;
    var items;
    try { items = JSON.parse(localStorage.getItem(old) || "[]"); } catch (e) { items = []; }
    localStorage.removeItem(old);
    if (items.length) savePending(pending().concat(items));
  }

  // The page of a link no table has: how many hands this tablet still keeps.
  function showKeptHands() {
    var page = document.querySelector("[data-link-gone]");
    if (!page) return;
    var count = 0;
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i);
      if (key && key.indexOf(PREFIX) === 0) {
        try { count += JSON.parse(localStorage.getItem(key) || "[]").length; } catch (e) { /* unreadable: skip */ }
      }
    }
    var line = page.querySelector("[data-kept-hands]");
    if (!count || !line) return;
    var form = "other";
    try { form = new Intl.PluralRules(document.documentElement.lang || "en").select(count) === "one" ? "one" : "other"; } catch (e) { form = count === 1 ? "one" : "other"; }
    line.textContent = (page.getAttribute("data-l-kept-" + form) || "").replace("{n}", count);
    line.hidden = false;
  }

  function start() {
    var root = sheet();
    if (!root) { showKeptHands(); return; }
    adoptOldQueue();
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
