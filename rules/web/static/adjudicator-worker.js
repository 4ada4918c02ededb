// The rules engine of the rulebook's Adjudicate panel, off the page's thread (docs/decisions/0017,
// 0032-offline-and-worker.md).
//
// A module Web Worker started by adjudicator.js when a panel comes into view or is tapped. It loads
// Pyodide and the project's wheels from the site (_adjudicator/) and answers the page's calls of
// rules.web.api.call(name, json[, game]), one at a time in the order they came. Starting Python takes
// seconds of CPU; here it takes none of the page's, so scrolling and reading stay smooth meanwhile.
//
// Messages from the page:  {id, type: "load", base, origin}      base: the bundle's URL; origin: the
//                                                                 page's performance.timeOrigin
//                          {id, type: "call", name, json, game}
// Messages to the page:    {type: "progress", fraction, key, values, creep}   key: the stage's text among
//                                          the panel's words (panel.progress_*), filled with values; creep:
//                                          a stage with no progress of its own (the page moves the bar)
//                          {id, ok: true, value} | {id, ok: false, error, explained, key, values}
//                                          (an explained failure's key and values: its text in the reader's
//                                          language; error: the same in English)
"use strict";

let loading = null; // the one load: a Promise of the rules.web.api module
// rules.web.build writes "bundled" here when it adds the runtime to the site (a Sphinx build alone has
// none): Pyodide then starts beside the manifest's fetch, not after it, and a site without the runtime
// never asks for a file it lacks
const RUNTIME = "sphinx-only";

// A failure the panel shows as it is (its message is written for the reader), not as "went wrong".
// ``key`` names its text among the panel's words (messages.toml, panel.*), ``values`` fills it: the
// page says it in the reader's language.
class Explained extends Error {
  constructor(key, values, english) {
    super(english);
    this.key = key;
    this.values = values || {};
  }
}

// A stage of the load for the page's progress bar: ``key`` names its text among the panel's words
// (messages.toml, panel.progress_*), which the page says in the reader's language.
function progress(fraction, key, values, creep) {
  self.postMessage({type: "progress", fraction, key, values: values || {}, creep: Boolean(creep)});
}

function megabytes(manifest) {
  return Math.round(manifest.files.reduce((sum, f) => sum + f.bytes, 0) / 1e6);
}

async function readManifest(base) {
  let response;
  try {
    response = await fetch(base + "manifest.json", {cache: "no-cache"});
  } catch (error) {
    throw new Explained("error_offline", {}, "The adjudicator's files cannot be fetched: no network, and this device has not kept them yet.");
  }
  const manifest = response.ok ? await response.json() : {runtime: false};
  if (!manifest.runtime) {
    throw new Explained("error_no_runtime", {}, "This build of the rulebook has no adjudicator runtime. Build the site with " +
                        "`python -m rules.web.build OUT` (see the README).");
  }
  return manifest;
}

async function load(base, origin) {
  // seconds since the page's navigation at the end of each stage (benchmarks/web.py)
  const stages = {};
  const stage = (name) => { stages[name] = Math.round(performance.timeOrigin + performance.now() - origin) / 1000; };
  progress(0.02, "progress_manifest");
  // Pyodide's start needs nothing from the manifest: on a site with the runtime it begins at once,
  // beside the manifest's fetch, rather than after it (on a revisit the manifest's network-first fetch
  // is a round trip of its own)
  const start = () => import(base + "pyodide/pyodide.mjs").then((module) => {
    stage("module");
    return module.loadPyodide({indexURL: base + "pyodide/", stdout: () => {}, stderr: () => {}});
  });
  const early = RUNTIME === "bundled" ? start() : null;
  if (early) early.catch(() => {}); // reported when awaited below, after the manifest's own failures
  const manifest = await readManifest(base);
  const runtime = early || start();
  stage("manifest");
  // the wheels download while Pyodide starts (decision 0022); they are unpacked once it runs
  const wheels = manifest.wheels.map((wheel) => fetch(base + wheel).then((data) => {
    if (!data.ok) throw new Explained("error_fetch", {file: wheel, status: data.status}, `Cannot fetch ${wheel} (${data.status}).`);
    return data.arrayBuffer();
  }));
  wheels.forEach((w) => w.catch(() => {})); // reported when awaited below
  progress(0.08, "progress_python", {version: manifest.pyodide, mb: megabytes(manifest)}, true);
  const pyodide = await runtime;
  stage("pyodide");
  for (const [i, wheel] of manifest.wheels.entries()) {
    progress(0.7 + 0.2 * i / manifest.wheels.length, "progress_install", {wheel: wheel.split("/").pop()});
    pyodide.unpackArchive(await wheels[i], "wheel");
  }
  stage("wheels");
  progress(0.92, "progress_import");
  const api = pyodide.pyimport("rules.web.api");
  api.call("languages");
  stage("import");
  return {api, stages, manifest: {pyodide: manifest.pyodide, wheels: manifest.wheels}};
}

// A game's panel function when ``game`` is given, else a generic one (no third argument: Pyodide
// passes a JavaScript null as jsnull, not None). The answer stays JSON text: the page parses it.
function call(api, {name, json, game}) {
  return game ? api.call(name, json, game) : api.call(name, json);
}

self.addEventListener("message", async (event) => {
  const message = event.data || {};
  const {id} = message;
  try {
    if (message.type === "load") {
      if (!loading) {
        loading = load(message.base, message.origin);
        loading.catch(() => { loading = null; }); // a failed load may be tried again
      }
      const {stages, manifest} = await loading;
      self.postMessage({id, ok: true, value: {stages, manifest}});
    } else if (message.type === "call") {
      if (!loading) throw new Explained("error_not_started", {}, "The rules engine has not been started.");
      const {api} = await loading;
      self.postMessage({id, ok: true, value: call(api, message)});
    }
  } catch (error) {
    const explained = error instanceof Explained;
    self.postMessage({id, ok: false, error: String((error && error.message) || error), explained,
                      key: explained ? error.key : null, values: explained ? error.values : null});
  }
});
