/* The hand builder of the rule sets where every player's hand scores
 * (French classic, encyclopaedia): keeps each player's sets, flowers,
 * seasons and flags in the hand form's hidden input "hands", as JSON by
 * player id ({"12": {"sets": [{"kind": "pung", "tiles": "222z",
 * "concealed": false}], "flowers": [1], ...}}), and dispatches
 * "hands-change" (bubbling) so that the preview below asks the server for
 * each player's points. Plain script, no build step; the words come from the
 * page. A builder htmx swaps in later is set up on htmx:load. */
(function () {
  "use strict";
  if (window.murailleHandBuilder) return;
  window.murailleHandBuilder = true;

  var SIZES = { pair: 2, chow: 3, pung: 3, kong: 4 };

  function read(input) {
    try { return JSON.parse(input.value || "{}") || {}; } catch (e) { return {}; }
  }

  function tilesOf(kind, tile) {
    var rank = Number(tile[0]), suit = tile[1];
    if (kind === "chow") return [rank, rank + 1, rank + 2].join("") + suit;
    return new Array(SIZES[kind] + 1).join(String(rank)) + suit;
  }

  function setup(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    var input = root.querySelector("input[name$='hands']"); // "edit-hands" in a correction
    var form = root.closest("form");
    var state = read(input);
    var kind = "pair";
    var countMode = root.dataset.bonus === "count";

    function player() {
      var checked = root.querySelector("input[name=builder-player]:checked");
      return checked ? checked.value : "";
    }

    function hand() {
      var key = player();
      if (!state[key] || state[key].score !== undefined) {
        state[key] = { sets: [] };
        if (!countMode) { state[key].flowers = []; state[key].seasons = []; }
        root.querySelectorAll("[data-flag][data-checked]").forEach(function (box) {
          state[key][box.dataset.flag] = true;
        });
      }
      return state[key];
    }

    function hasContent(h) {
      if (!h) return false;
      if (h.sets && h.sets.length) return true;
      if (countMode) return !!h.flowers;
      return !!((h.flowers || []).length || (h.seasons || []).length);
    }

    function save() {
      var out = {};
      Object.keys(state).forEach(function (key) {
        if (state[key] && (state[key].score !== undefined || hasContent(state[key]))) out[key] = state[key];
      });
      input.value = Object.keys(out).length ? JSON.stringify(out) : "";
      render();
      input.dispatchEvent(new CustomEvent("hands-change", { bubbles: true }));
    }

    // A set's own word says whether it is concealed (a brelan is; a pung is not).
    function label(set) {
      var name = "data-l-" + set.kind + (set.concealed ? "-concealed" : "");
      return root.getAttribute(name) || set.kind;
    }

    function render() {
      var current = state[player()] || {};
      var box = root.querySelector("[data-builder-sets]");
      box.textContent = "";
      (current.sets || []).forEach(function (set, index) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "builder-set";
        button.dataset.index = index;
        button.title = root.getAttribute("data-l-remove");
        button.setAttribute("aria-label", label(set) + " " + set.tiles + " · " + button.title);
        var span = document.createElement("span");
        span.textContent = label(set) + " ";
        button.appendChild(span);
        var suit = set.tiles.slice(-1);
        set.tiles.slice(0, -1).split("").forEach(function (rank) {
          var source = root.querySelector('[data-builder-palette] [data-tile="' + rank + suit + '"] img');
          if (!source) return;
          var img = source.cloneNode();
          img.width = 30; img.height = 40;
          button.appendChild(img);
        });
        box.appendChild(button);
      });
      root.querySelectorAll("[data-bonus-kind]").forEach(function (button) {
        var list = current[button.dataset.bonusKind] || [];
        button.setAttribute("aria-pressed", String(list.indexOf(Number(button.dataset.number)) >= 0));
      });
      root.querySelectorAll("[data-bonus-count]").forEach(function (button) {
        button.setAttribute("aria-pressed", String(Number(button.dataset.bonusCount) === (current.flowers || 0)));
      });
      var winner = form && form.querySelector("input[name$='winner']:checked");
      root.querySelectorAll("[data-flag]").forEach(function (box) {
        box.checked = current[box.dataset.flag] === undefined ? box.hasAttribute("data-checked") : !!current[box.dataset.flag];
        // How the hand was won: asked of the Mah-Jong player's hand only.
        var label = box.closest("label");
        if (label && box.hasAttribute("data-winner-only")) {
          label.hidden = !!winner && winner.value !== player();
        }
      });
    }

    root.addEventListener("click", function (event) {
      var target = event.target.closest("button");
      if (!target || !root.contains(target)) return;
      if (target.dataset.setKind) {
        kind = target.dataset.setKind;
        root.querySelectorAll("[data-set-kind]").forEach(function (b) {
          b.setAttribute("aria-pressed", String(b === target));
        });
        return;
      }
      if (target.dataset.tile) {
        var tile = target.dataset.tile;
        if (kind === "chow" && (tile[1] === "z" || Number(tile[0]) > 7)) {
          root.querySelector("[data-builder-sets]").setAttribute("data-hint", root.getAttribute("data-l-hint-chow"));
          return;
        }
        var concealed = root.querySelector("[data-set-concealed]").checked;
        hand().sets.push({ kind: kind, tiles: tilesOf(kind, tile), concealed: concealed });
        save();
        return;
      }
      if (target.classList.contains("builder-set")) {
        hand().sets.splice(Number(target.dataset.index), 1);
        save();
        return;
      }
      if (target.dataset.bonusKind) {
        var list = hand()[target.dataset.bonusKind];
        var number = Number(target.dataset.number);
        var at = list.indexOf(number);
        if (at >= 0) list.splice(at, 1); else list.push(number);
        list.sort();
        save();
        return;
      }
      if (target.dataset.bonusCount !== undefined) {
        hand().flowers = Number(target.dataset.bonusCount);
        save();
        return;
      }
      if (target.hasAttribute("data-builder-clear")) {
        delete state[player()];
        save();
      }
    });

    root.addEventListener("change", function (event) {
      var target = event.target;
      if (target.name === "builder-player") { render(); return; }
      if (target.dataset && target.dataset.flag) {
        hand()[target.dataset.flag] = target.checked;
        save();
      }
    });

    if (form) {
      form.addEventListener("reset", function () { state = {}; save(); });
      form.addEventListener("change", function (event) {
        if (/winner$/.test(event.target.name || "")) render();
      });
    }
    render();
  }

  function setupAll(scope) {
    (scope || document).querySelectorAll("[data-hands-builder]").forEach(setup);
  }

  document.addEventListener("DOMContentLoaded", function () { setupAll(document); });
  document.addEventListener("htmx:load", function (event) { setupAll(event.target); });
  setupAll(document);
})();
