// The player page's chart: table points of each closed round (bars) and
// their running total (line). The data comes from the json_script element
// #player-chart-data; the chart is drawn again after each htmx refresh.
(function () {
  "use strict";
  var chart = null;

  function draw(animate) {
    var source = document.getElementById("player-chart-data");
    var canvas = document.getElementById("player-chart");
    if (!source || !canvas || typeof window.Chart === "undefined") return;
    var data = JSON.parse(source.textContent);
    if (chart) chart.destroy();
    chart = null;
    if (!data.labels.length) return;
    var texts = [data.per_round_text, data.total_text];
    chart = new window.Chart(canvas, {
      data: {
        labels: data.labels,
        datasets: [
          { type: "bar", label: data.per_round_label, data: data.per_round,
            backgroundColor: "#1f7a5a" },
          { type: "line", label: data.total_label, data: data.total,
            borderColor: "#8a5a00", backgroundColor: "#8a5a00" }
        ]
      },
      options: {
        animation: animate ? {} : false,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true } },
        plugins: {
          tooltip: {
            callbacks: {
              // Exact values (2⅓), not the decimals the chart draws with.
              label: function (item) {
                return item.dataset.label + ": " + texts[item.datasetIndex][item.dataIndex];
              }
            }
          }
        }
      }
    });
  }

  // No animation for those who asked for less motion (and for screenshots).
  var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.addEventListener("DOMContentLoaded", function () { draw(!calm); });
  document.addEventListener("htmx:afterSettle", function () {
    var canvas = document.getElementById("player-chart");
    // A refresh brings a new canvas; an unchanged page keeps the drawn one.
    if (canvas && (!chart || chart.canvas !== canvas)) draw(false);
  });
})();
