/* Touch tile picker: keeps a hand-format.md JSON hand in input[name=tiles].
 * Plain script, no build step. Every [data-tile-picker] on the page (and any
 * one htmx swaps in later) gets its own state. Tile images and translated
 * labels come from the server-rendered markup, so nothing here is language-
 * or URL-specific. */
(function () {
  "use strict";
  if (window.tilePicker) return; // the include may load this script twice

  var SUITS = "mpsz";
  var FLAGS = ["self_drawn", "last_of_kind", "last_tile", "replacement", "robbing_kong"];

  function expand(text) {
    var tiles = [], digits = "";
    (text || "").replace(/\s/g, "").split("").forEach(function (ch) {
      if (/[0-9]/.test(ch)) { digits += ch; return; }
      digits.split("").forEach(function (d) { tiles.push(d + ch); });
      digits = "";
    });
    return tiles;
  }

  function order(tile) { return SUITS.indexOf(tile[1]) * 10 + Number(tile[0]); }
  function sorted(tiles) { return tiles.slice().sort(function (a, b) { return order(a) - order(b); }); }

  function notation(tiles) {
    return SUITS.split("").map(function (suit) {
      var ranks = sorted(tiles).filter(function (t) { return t[1] === suit; });
      return ranks.length ? ranks.map(function (t) { return t[0]; }).join("") + suit : "";
    }).join("");
  }

  function read(value) {
    var data = {};
    try { data = JSON.parse(value || "{}") || {}; } catch (e) { data = {}; }
    var state = {
      concealed: sorted(expand(data.concealed)),
      melds: (data.melds || []).map(function (m) {
        return { kind: m.kind, tiles: expand(m.tiles), concealed: !!m.concealed, from: m.from || null };
      }),
      winning: data.winning_tile || "",
      flowers: Number(data.flowers) || 0,
      seat: data.seat_wind || "E",
      prevalent: data.prevalent_wind || "E",
      flags: {}
    };
    FLAGS.forEach(function (f) { state.flags[f] = !!data[f]; });
    return state;
  }

  // Inside a hand form (data-in-hand-form) the hand leaves out self-drawn,
  // flowers and the winds: the form asks the first two once and the server
  // knows the winds of the hand being entered.
  function write(state, embedded) {
    var hand = {
      concealed: notation(state.concealed),
      melds: state.melds.map(function (m) {
        return { kind: m.kind, tiles: notation(m.tiles), concealed: m.concealed, from: m.from };
      }),
      winning_tile: state.winning
    };
    FLAGS.forEach(function (f) {
      if (!(embedded && f === "self_drawn")) hand[f] = state.flags[f];
    });
    if (embedded) return JSON.stringify(hand);
    hand.flowers = state.flowers;
    hand.seat_wind = state.seat;
    hand.prevalent_wind = state.prevalent;
    return JSON.stringify(hand);
  }

  function standing(state) { return state.concealed.length + 3 * state.melds.length; }

  function copies(state, tile) {
    var all = state.concealed.concat(state.winning ? [state.winning] : []);
    state.melds.forEach(function (m) { all = all.concat(m.tiles); });
    return all.filter(function (t) { return t === tile; }).length;
  }

  // The tiles a tap adds in ``mode``, or a hint key saying why it cannot.
  function setFor(mode, tile) {
    var rank = Number(tile[0]);
    if (mode === "chow") {
      if (tile[1] === "z" || rank > 7) return "hint-chow";
      return [tile, (rank + 1) + tile[1], (rank + 2) + tile[1]];
    }
    var size = mode === "pung" ? 3 : 4;
    return Array(size).fill(tile);
  }

  function tap(state, ui, tile) {
    var mode = ui.mode;
    if (mode === "hand" && standing(state) >= 13) mode = state.winning ? "full" : "win";
    if (mode === "full") return "hint-full";
    if (mode === "win") {
      if (copies(state, tile) - (state.winning === tile ? 1 : 0) >= 4) return "hint-copies";
      state.winning = tile;
      return null;
    }
    if (mode === "hand") {
      if (copies(state, tile) >= 4) return "hint-copies";
      state.concealed = sorted(state.concealed.concat([tile]));
      return null;
    }
    var tiles = setFor(mode, tile);
    if (typeof tiles === "string") return tiles;
    if (standing(state) + 3 > 13 || state.melds.length >= 4) return "hint-room";
    var needed = {};
    tiles.forEach(function (t) { needed[t] = (needed[t] || 0) + 1; });
    for (var t in needed) { if (copies(state, t) + needed[t] > 4) return "hint-copies"; }
    var hidden = mode === "concealed_kong";
    state.melds.push({
      kind: hidden ? "kong" : mode, tiles: tiles, concealed: hidden,
      from: hidden ? null : (mode === "chow" ? "left" : ui.source)
    });
    return null;
  }

  function init(root) {
    if (root.dataset.pickerReady) return;
    root.dataset.pickerReady = "1";
    var output = root.querySelector("[data-picker-output]");
    var embedded = root.hasAttribute("data-in-hand-form");
    var state = read(output.value);
    var ui = { mode: "hand", source: "left", hint: null };
    var images = {};
    root.querySelectorAll("[data-palette] [data-tile]").forEach(function (b) {
      images[b.dataset.tile] = b.querySelector("img");
    });
    var label = function (key) { return root.getAttribute("data-l-" + key) || ""; };

    function tileButton(tile, onTap, extra) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "tile-btn small" + (extra ? " " + extra : "");
      var img = images[tile].cloneNode(true);
      button.appendChild(img);
      button.setAttribute("aria-label", img.alt + " — " + label("remove"));
      button.addEventListener("click", onTap);
      return button;
    }

    function meldGroup(meld, index) {
      var group = document.createElement("button");
      group.type = "button";
      group.className = "meld";
      var row = document.createElement("span");
      row.className = "meld-tiles";
      meld.tiles.forEach(function (t) { row.appendChild(images[t].cloneNode(true)); });
      group.appendChild(row);
      var caption = document.createElement("span");
      var kind = meld.concealed ? label("concealed-kong") : label(meld.kind);
      caption.textContent = meld.from ? kind + " · " + label(meld.from) : kind;
      group.appendChild(caption);
      group.setAttribute("aria-label", caption.textContent + " — " + label("remove"));
      group.addEventListener("click", function () { state.melds.splice(index, 1); update(); });
      return group;
    }

    function pressed(selector, test) {
      root.querySelectorAll(selector).forEach(function (b) {
        b.setAttribute("aria-pressed", test(b) ? "true" : "false");
      });
    }

    function render() {
      var concealed = root.querySelector("[data-concealed]");
      concealed.replaceChildren.apply(concealed, state.concealed.map(function (t, i) {
        return tileButton(t, function () { state.concealed.splice(i, 1); update(); });
      }));
      var melds = root.querySelector("[data-melds]");
      melds.replaceChildren.apply(melds, state.melds.map(meldGroup));
      var winning = root.querySelector("[data-winning]");
      winning.replaceChildren.apply(winning, state.winning ? [tileButton(state.winning, function () {
        state.winning = ""; update();
      }, "winning")] : []);
      var count = standing(state) + (state.winning ? 1 : 0);
      root.querySelector("[data-count]").textContent = count;
      var waiting = standing(state) === 13 ? (state.winning ? "hint-ready" : "hint-win") : "hint-pick";
      root.querySelector("[data-hint]").textContent = label(ui.hint || waiting);
      pressed("[data-mode]", function (b) { return b.dataset.mode === ui.mode; });
      pressed("[data-source]", function (b) { return b.dataset.source === ui.source; });
      root.querySelector("[data-sources]").hidden = ["pung", "kong"].indexOf(ui.mode) < 0;
      pressed("[data-flowers] [data-value]", function (b) { return Number(b.dataset.value) === state.flowers; });
      pressed("[data-seat] [data-value]", function (b) { return b.dataset.value === state.seat; });
      pressed("[data-prevalent] [data-value]", function (b) { return b.dataset.value === state.prevalent; });
      pressed("[data-flag]", function (b) { return state.flags[b.dataset.flag]; });
      root.querySelectorAll("[data-palette] [data-tile]").forEach(function (b) {
        var tile = b.dataset.tile;
        b.disabled = copies(state, tile) >= 4 || (ui.mode === "chow" && typeof setFor("chow", tile) === "string");
      });
    }

    function update() {
      output.value = write(state, embedded);
      render();
      ui.hint = null;
      root.dispatchEvent(new CustomEvent("tiles-change", { bubbles: true }));
      if (standing(state) === 13 && state.winning) {
        root.dispatchEvent(new CustomEvent("tiles-ready", { bubbles: true }));
      }
    }

    root.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b || !root.contains(b)) return;
      var d = b.dataset;
      if (d.tile && b.closest("[data-palette]")) {
        ui.hint = tap(state, ui, d.tile);
        if (ui.hint) { render(); ui.hint = null; return; }
      } else if (d.mode) { ui.mode = d.mode; render(); return; }
      else if (d.source) { ui.source = d.source; render(); return; }
      else if (d.flag) { toggle(d.flag); }
      else if (d.value && b.closest("[data-flowers]")) { state.flowers = Number(d.value); }
      else if (d.value && b.closest("[data-seat]")) { state.seat = d.value; }
      else if (d.value && b.closest("[data-prevalent]")) { state.prevalent = d.value; }
      else if (b.hasAttribute("data-clear")) { state.concealed = []; state.melds = []; state.winning = ""; }
      else return;
      update();
    });

    // Conditions that imply or exclude each other, so a tap never leaves a
    // combination the engine must refuse.
    function toggle(flag) {
      var on = !state.flags[flag];
      state.flags[flag] = on;
      if (on && flag === "replacement") state.flags.self_drawn = true;
      if (on && flag === "robbing_kong") { state.flags.self_drawn = false; state.flags.replacement = false; }
      if (on && flag === "self_drawn") state.flags.robbing_kong = false;
      if (!on && flag === "self_drawn") state.flags.replacement = false;
    }

    output.value = state.concealed.length || state.melds.length || state.winning ? write(state, embedded) : "";
    render();
  }

  function initAll(scope) {
    scope = scope || document;
    if (scope.matches && scope.matches("[data-tile-picker]")) init(scope);
    scope.querySelectorAll("[data-tile-picker]").forEach(init);
  }

  window.tilePicker = { init: init, expand: expand, notation: notation };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { initAll(); });
  } else {
    initAll();
  }
  document.addEventListener("htmx:load", function (event) { initAll(event.target); });
})();
