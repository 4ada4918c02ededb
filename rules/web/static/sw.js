// Service worker of the rulebook (docs/decisions/0017-in-page-adjudicator.md, 0032-offline-and-worker.md).
// Written into the site's root as sw.js by rules.web.build (VERSION = the manifest's hash) or, for a
// site built without the runtime, by the Sphinx extension (VERSION = __pages_only__).
//
// What it keeps, in one cache per build:
// - the whole site, once a page asks ("keep-site"): every file the build listed in
//   _adjudicator/offline.json (pages, pictures, the search index, the adjudicator's runtime and wheels),
//   then a mark saying so (KEPT_MARK), so that every later page of the build is answered with one look
//   at the cache instead of one per file (decision 0057); a pass that missed a file writes no mark, and
//   the next page's pass keeps what is still missing;
// - _adjudicator/pyodide/* and _adjudicator/wheels/*: cache first (they never change within a build);
// - every other file of this site: network first, the cache when the network is gone.
// A page that is not kept, asked for offline, gets a page that says so and links to the home page.
"use strict";
const VERSION = "__VERSION__";
const PREFIX = "rules-adjudicator-";
const CACHE = PREFIX + VERSION;
const IMMUTABLE = /\/_adjudicator\/(pyodide|wheels)\//;
//: how many files the precache fetches at once
const PARALLEL = 6;
//: the cache entry that says this build's whole site is kept (a name the site has no file of); its body
//: is the answer of the pass that kept the last file. A site built without the runtime (VERSION
//: __pages_only__) keeps one cache name across builds whose file lists differ, so it writes no mark and
//: checks its list on every page.
const KEPT_MARK = "_adjudicator/kept-site.sw";
const REMEMBERS_KEPT = VERSION !== "__pages_only__";

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

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"})[c]);
}

// The page shown for a page this device has not kept, asked for with no network: it says what
// happened and links to the home page (kept with the rest of the site). Its text sits in a
// role="main" element, so the search's preview of a result finds words in it too.
function missingPage(url) {
  const home = new URL("index.html", self.registration.scope).href;
  const html = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline: page not kept</title>
<style>
  body { font: 17px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #fff; }
  main { max-width: 34rem; margin: 12vh auto 0; padding: 0 1.2rem; }
  h1 { font-size: 1.5rem; color: #2a5aa8; margin-bottom: 0.4rem; }
  code { overflow-wrap: anywhere; font-size: 0.9em; }
  a.home { display: inline-block; margin-top: 1rem; padding: 0.7rem 1.2rem; min-height: 44px; border-radius: 8px;
           background: #2a5aa8; color: #fff; text-decoration: none; font-weight: 600; }
  @media (prefers-color-scheme: dark) { body { background: #131416; color: #e6e6e6; } h1 { color: #8fb3ef; } }
</style></head>
<body><main role="main" class="rules-offline-missing">
<h1>You are offline</h1>
<p>This page is not kept on this device: <code>${escapeHtml(url)}</code></p>
<p>The rulebook keeps every page for offline reading once a page of it has been opened with a
network and has finished keeping the site. Connect again to open this page; the pages kept so far
work now.</p>
<p><a class="home" href="${escapeHtml(home)}">Go to the rulebook's home page</a></p>
</main></body></html>`;
  return new Response(html, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

function fromCache(request) {
  return caches.open(CACHE)
    .then((cache) => cache.match(request, {ignoreSearch: true}))
    .then((hit) => {
      if (hit) return hit;
      const wantsPage = request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html") ||
                        /\.html$|\/$/.test(new URL(request.url).pathname);
      if (wantsPage) return missingPage(request.url);
      return new Response("", {status: 503, statusText: "Offline and not kept"});
    });
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

// Keep every file of ``urls`` not kept yet, PARALLEL at a time; the number that could not be fetched.
async function keepAll(urls) {
  const cache = await caches.open(CACHE);
  let missing = 0;
  let next = 0;
  async function lane() {
    while (next < urls.length) {
      const url = urls[next];
      next += 1;
      if (await cache.match(url)) continue;
      try {
        const response = await fetch(url, {cache: "no-cache"});
        if (response.ok) await cache.put(url, response);
        else missing += 1;
      } catch (error) {
        missing += 1;
      }
    }
  }
  await Promise.all(Array.from({length: PARALLEL}, lane));
  return missing;
}

// The site's file list, written by the build: {"files": [paths relative to the site's root]}. A list
// that cannot be read is an error (the caller counts the site as not kept), never an empty site.
async function siteFiles(list) {
  const response = await fetch(list, {cache: "no-cache"});
  if (!response.ok) throw new Error(`the site's file list answered ${response.status}`);
  const data = await response.json();
  return [new URL("./", self.registration.scope).href, ...data.files.map((f) => new URL(f, self.registration.scope).href)];
}

// Keep the site listed in ``list``: {total, missing}. Once a pass has kept every file, the mark it
// leaves answers every later page at once; until then each page's pass fetches only what is missing.
async function keepSite(list) {
  const cache = await caches.open(CACHE);
  const mark = new URL(KEPT_MARK, self.registration.scope).href;
  const kept = REMEMBERS_KEPT ? await cache.match(mark) : undefined;
  if (kept) return kept.json();
  const urls = await siteFiles(list);
  const answer = {total: urls.length, missing: await keepAll(urls)};
  if (REMEMBERS_KEPT && answer.missing === 0) {
    await cache.put(mark, new Response(JSON.stringify(answer), {headers: {"Content-Type": "application/json"}}));
  }
  return answer;
}

let keeping = null; // one pass over the site at a time, shared by every page that asks

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-site" || typeof data.list !== "string") return;
  if (!keeping) {
    keeping = keepSite(data.list)
      .catch(() => ({total: 0, missing: 1}))
      .finally(() => { keeping = null; });
  }
  event.waitUntil(keeping.then((answer) => {
    if (event.source) event.source.postMessage({type: "kept", ...answer});
  }));
});
