// The + / - buttons next to number inputs (fan total, flowers). Delegated on
// the document so that they keep working after htmx swaps the sheet.
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-step]");
  if (!button) return;
  var input = document.getElementById(button.dataset.for);
  if (!input) return;
  var value = parseInt(input.value || "0", 10) || 0;
  var next = value + parseInt(button.dataset.step, 10);
  var min = input.min === "" ? -Infinity : parseInt(input.min, 10);
  input.value = Math.max(min, next);
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
