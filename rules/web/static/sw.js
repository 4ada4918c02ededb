// Service worker of the rulebook's in-page adjudicator (docs/decisions/0017-in-page-adjudicator.md).
// Written into the site's root as sw.js by rules.web.build (VERSION = the manifest's hash) or, for a
// site built without the runtime, by the Sphinx extension (pages only).
//
// What it keeps, in one cache per build:
// - _adjudicator/pyodide/* and _adjudicator/wheels/*: cache first (they never change within a build);
// - every other file of this site (pages, _static/, manifest, links): network first, the cache when
//   the network is gone; the panel asks it to keep every page that holds a panel once the runtime runs.
"use strict";
const VERSION = "__VERSION__";
const PREFIX = "rules-adjudicator-";
const CACHE = PREFIX + VERSION;
const IMMUTABLE = /\/_adjudicator\/(pyodide|wheels)\//;

self.addEventListener("install", (event) => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

function keep(request, response) {
  if (response && response.ok && response.type === "basic") {
    const copy = response.clone();
    return caches.open(CACHE).then((cache) => cache.put(request, copy)).then(() => response);
  }
  return Promise.resolve(response);
}

function fromCache(request) {
  return caches.open(CACHE)
    .then((cache) => cache.match(request, {ignoreSearch: true}))
    .then((hit) => hit || new Response("Offline, and this page was not kept for offline reading.",
                                       {status: 503, headers: {"Content-Type": "text/plain; charset=utf-8"}}));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (IMMUTABLE.test(url.pathname)) {
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(request).then(
      (hit) => hit || fetch(request).then((response) => keep(request, response)))));
    return;
  }
  event.respondWith(fetch(request).then((response) => keep(request, response), () => fromCache(request)));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(data.urls.map(
    (u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => null)))))
    .then(() => { if (event.source) event.source.postMessage({type: "kept", urls: data.urls.length}); }));
});
