// The rules engine of the rulebook's Adjudicate panel, off the page's thread (docs/decisions/0017,
// 0032-offline-and-worker.md), restored on a revisit from the engine the first visit kept
// (0042-engine-kept-on-the-device.md).
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
//                                          (the load's value: {stages, start: "fresh" | "snapshot", manifest};
//                                          an explained failure's key and values: its text in the reader's
//                                          language; error: the same in English)
"use strict";

let loading = null; // the one load: a Promise of the rules.web.api module
// rules.web.build writes "bundled" here when it adds the runtime to the site (a Sphinx build alone has
// none): Pyodide then starts beside the manifest's fetch, not after it, and a site without the runtime
// never asks for a file it lacks
const RUNTIME = "sphinx-only";
// rules.web.build writes the manifest's hash here: the build that a kept memory snapshot belongs to
const BUILD = "";
// Where this device keeps the engine started once (decision 0042): its memory and its files, named
// after the build, in a cache of their own (the service worker's caches are one per build too).
const SNAPSHOTS = "rules-engine-snapshot";

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

// ------------------------------------------------------------------ the engine kept (decision 0042)
// The first visit starts Python, unpacks the wheels and imports rules.web.api (seconds: most of it
// Pyodide's own start); then it keeps two things in Cache Storage: a memory snapshot of that engine
// taken before any call of the page (Pyodide's makeMemorySnapshot: the WebAssembly memory, so Python
// initialised and every module imported) and, once the worker is idle, the files unpacked from the
// wheels (the memory holds the modules, not the files a game's modules, rule texts and panel words
// are read from later).
// A revisit restores both instead: no interpreter start, no import, no wheel unpacked.

async function keptEngine(base) {
  if (!BUILD || !self.caches) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    const [memory, files] = await Promise.all(["memory", "files"].map((part) => cache.match(keptKey(base, part))));
    if (!memory || !files) return null;
    const [snapshot, packed] = await Promise.all([memory, files].map((r) => r.arrayBuffer()));
    return {snapshot: new Uint8Array(snapshot), files: new Uint8Array(packed)};
  } catch (error) {
    return null;
  }
}

function keptKey(base, part) {
  return `${base}engine-${BUILD}-${part}.bin`;
}

// Keep the engine for the next visit, in place of any other build's (the page is ready meanwhile).
async function keepEngine(base, snapshot, files) {
  try {
    await caches.delete(SNAPSHOTS);
    const cache = await caches.open(SNAPSHOTS);
    const headers = {"Content-Type": "application/octet-stream"};
    // the files last: a revisit restores only when both are there
    await cache.put(keptKey(base, "memory"), new Response(snapshot, {headers}));
    await cache.put(keptKey(base, "files"), new Response(files, {headers}));
  } catch (error) {
    await forgetEngine(); // a device without room keeps none: the next visit starts afresh, as the first did
  }
}

async function forgetEngine() {
  try {
    if (self.caches) await caches.delete(SNAPSHOTS);
  } catch (error) {
    // nothing kept, nothing to forget
  }
}

// Every file under ``root`` in Pyodide's file system (the wheels' files: unpackArchive puts them in
// the working directory, the first entry of Python's path), as one Blob: a 4-byte length, a JSON list of
// [path, bytes], then the files' contents one after another.
function packFiles(FS, root) {
  const index = [];
  const contents = [];
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = `${dir}/${name}`;
      if (FS.isDir(FS.stat(path).mode)) {
        walk(path);
      } else {
        const data = FS.readFile(path);
        index.push([path, data.byteLength]);
        contents.push(data);
      }
    }
  };
  walk(root);
  const json = new TextEncoder().encode(JSON.stringify(index));
  return new Blob([new Uint32Array([json.byteLength]), json, ...contents]);
}

// Write back what packFiles packed.
function unpackFiles(FS, packed) {
  const length = new DataView(packed.buffer, packed.byteOffset, 4).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + length)));
  let offset = 4 + length;
  for (const [path, bytes] of index) {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, packed.subarray(offset, offset + bytes));
    offset += bytes;
  }
}

// Pyodide 314.0.7 instantiates its WebAssembly memory at the module's own initial size, whatever
// the snapshot's: the memory of the engine that made it (its heap grew while the wheels' modules
// were imported) does not fit in it. While ``run`` instantiates, a module that exports a memory has
// it grown to ``bytes`` before Pyodide makes its views of it and copies the snapshot in.
async function withMemoryOf(bytes, run) {
  const instantiate = WebAssembly.instantiate;
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  const grown = (result) => {
    const memory = (result.instance || result).exports.memory;
    if (memory instanceof WebAssembly.Memory && memory.buffer.byteLength < bytes) {
      memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(grown);
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(grown);
  try {
    return await run();
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

// The bytes of the memory a snapshot holds (after its header, whose second word says where it ends).
function snapshotMemory(snapshot) {
  return snapshot.byteLength - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
}

// Work the worker does once no call has come for a second (a panel asks its first questions the
// moment the engine is ready: those come first).
let idleWork = null;
let idleTimer = null;

function whenIdle(work) {
  idleWork = work;
  stillBusy();
}

function stillBusy() {
  clearTimeout(idleTimer);
  if (idleWork) idleTimer = setTimeout(() => { const work = idleWork; idleWork = null; work(); }, 1000);
}

// ------------------------------------------------------------------ the load

async function load(base, origin) {
  // seconds since the page's navigation at the end of each stage (benchmarks/web.py)
  const stages = {};
  const stage = (name) => { stages[name] = Math.round(performance.timeOrigin + performance.now() - origin) / 1000; };
  progress(0.02, "progress_manifest");
  // Pyodide's start needs nothing from the manifest: on a site with the runtime it begins at once,
  // beside the manifest's fetch, rather than after it (on a revisit the manifest's network-first fetch
  // is a round trip of its own), and from the engine a first visit kept when there is one
  let module = null;
  const pyodideModule = async () => {
    if (!module) {
      module = await import(base + "pyodide/pyodide.mjs");
      stage("module");
    }
    return module;
  };
  const options = {indexURL: base + "pyodide/", stdout: () => {}, stderr: () => {}};
  const fresh = async () => ({pyodide: await (await pyodideModule()).loadPyodide({...options, _makeSnapshot: Boolean(BUILD)}),
                              restored: false});
  const engine = RUNTIME === "bundled" ? keptEngine(base) : Promise.resolve(null);
  const start = async () => {
    const [loadPyodide, kept] = await Promise.all([pyodideModule().then((m) => m.loadPyodide), engine]);
    if (!kept) return fresh();
    stage("snapshot");
    try {
      const pyodide = await withMemoryOf(snapshotMemory(kept.snapshot),
                                         () => loadPyodide({...options, _loadSnapshot: kept.snapshot}));
      unpackFiles(pyodide.FS, kept.files);
      return {pyodide, restored: true};
    } catch (error) {
      // another Pyodide's snapshot, or a damaged one: forget it and start afresh (keeping a new one)
      await forgetEngine();
      return fresh();
    }
  };
  const early = RUNTIME === "bundled" ? start() : null;
  if (early) early.catch(() => {}); // reported when awaited below, after the manifest's own failures
  const manifest = await readManifest(base);
  const runtime = early || fresh();
  stage("manifest");
  progress(0.08, "progress_python", {version: manifest.pyodide, mb: megabytes(manifest)}, true);
  const fetchWheel = (wheel) => fetch(base + wheel).then((data) => {
    if (!data.ok) throw new Explained("error_fetch", {file: wheel, status: data.status}, `Cannot fetch ${wheel} (${data.status}).`);
    return data.arrayBuffer();
  });
  // the wheels download while Pyodide starts (decision 0022), unless a kept engine brings their files
  const wheels = (await engine) ? [] : manifest.wheels.map(fetchWheel);
  wheels.forEach((w) => w.catch(() => {})); // reported when awaited below
  const {pyodide, restored} = await runtime;
  stage("pyodide");
  if (!restored) {
    for (const [i, wheel] of manifest.wheels.entries()) {
      progress(0.7 + 0.2 * i / manifest.wheels.length, "progress_install", {wheel: wheel.split("/").pop()});
      pyodide.unpackArchive(await (wheels[i] || fetchWheel(wheel)), "wheel");
    }
  }
  stage("wheels");
  progress(0.92, "progress_import");
  const api = pyodide.pyimport("rules.web.api");
  api.call("languages");
  stage("import");
  if (!restored && BUILD && self.caches) {
    // kept now, before any call of the page changes the engine: the next visit starts from here
    try {
      const snapshot = pyodide.makeMemorySnapshot();
      stage("kept");
      // the files do not change: packed when the page's first calls have been answered
      whenIdle(() => {
        try {
          keepEngine(base, snapshot, packFiles(pyodide.FS, pyodide.FS.cwd())); // where unpackArchive put them
        } catch (error) {
          // an engine that cannot be kept still answers; the next visit starts afresh
        }
      });
    } catch (error) {
      // the same
    }
  }
  return {api, stages, start: restored ? "snapshot" : "fresh",
          manifest: {pyodide: manifest.pyodide, wheels: manifest.wheels}};
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
      const {stages, start, manifest} = await loading;
      self.postMessage({id, ok: true, value: {stages, start, manifest}});
    } else if (message.type === "call") {
      if (!loading) throw new Explained("error_not_started", {}, "The rules engine has not been started.");
      const {api} = await loading;
      self.postMessage({id, ok: true, value: call(api, message)});
      stillBusy();
    }
  } catch (error) {
    const explained = error instanceof Explained;
    self.postMessage({id, ok: false, error: String((error && error.message) || error), explained,
                      key: explained ? error.key : null, values: explained ? error.values : null});
  }
});
