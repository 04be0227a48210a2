/* The tablet's service worker (served at /table/sw.js, scope /table/).
 * Network first; a copy of each table page and static file it loads is kept,
 * so that a reload without network still shows the page (its hands waiting
 * to send are in localStorage, which tablet.js shows). Writes (POST) and
 * htmx requests are never answered from the cache. */
"use strict";
var CACHE = "muraille-tablet-v1";
var STATIC = "{{ static_prefix|escapejs }}";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.headers.get("HX-Request")) return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && url.pathname.indexOf("/table/") === 0;
  if (!page && url.pathname.indexOf(STATIC) !== 0) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(url.pathname, { ignoreSearch: true, ignoreVary: true }).then(function (hit) {
        return hit || Response.error();
      });
    })
  );
});
