// The rulebook's Adjudicate panel (docs/decisions/0017-in-page-adjudicator.md).
//
// Everything that judges runs in Python: this script loads Pyodide and the project's wheel from the
// site (_adjudicator/), then calls rules.web.api.call(name, json[, game]) and draws what it returns. No
// rule is restated here and no game is named: it draws the record pane every game shares, and loads a
// game's own panes from the script the game's package ships (docs/decisions/0025), which draws them
// with the helpers exported below as window.rulesAdjudicator.
(function () {
  "use strict";

  const STORAGE_KEY = "rules-adjudicator-ready";
  let runtime = null; // the one load of this page: a Promise of {call, manifest}
  let links = null; // a Promise of {rule id: "page.html#anchor"}
  let fallbackLanguage = null; // the language every text has (the panel's data-fallback, from the messages data)

  // ------------------------------------------------------------------ small DOM helpers

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const SVG_NS = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children.flat()) if (child) node.append(child);
    return node;
  }

  class PanelError extends Error {}

  // ------------------------------------------------------------------ the runtime

  function absolute(root, path) {
    return new URL(root + path, window.location.href).href;
  }

  function loadRuntime(root, progress) {
    if (runtime) return runtime;
    runtime = (async () => {
      // seconds since the page's navigation at the end of each stage, for benchmarks/web.py
      const stages = {};
      const stage = (name) => { stages[name] = Math.round(performance.now()) / 1000; };
      progress(0.02, "Reading the manifest…");
      let response;
      try {
        response = await fetch(absolute(root, "_adjudicator/manifest.json"), {cache: "no-cache"});
      } catch (error) {
        throw new PanelError("The adjudicator's files cannot be fetched: no network, and this device has not kept them yet.");
      }
      const manifest = response.ok ? await response.json() : {runtime: false};
      if (!manifest.runtime) {
        throw new PanelError("This build of the rulebook has no adjudicator runtime. Build the site with " +
                             "`python -m rules.web.build OUT` (see the README).");
      }
      const base = absolute(root, "_adjudicator/");
      stage("manifest");
      // the wheels download while Pyodide starts (decision 0022); they are unpacked once it runs
      const wheels = manifest.wheels.map((wheel) => fetch(base + wheel).then((data) => {
        if (!data.ok) throw new PanelError(`Cannot fetch ${wheel} (${data.status}).`);
        return data.arrayBuffer();
      }));
      wheels.forEach((w) => w.catch(() => {})); // reported when awaited below
      // Pyodide's start reports no progress of its own: the bar creeps and the seconds count
      const began = performance.now();
      const what = `Starting Python (Pyodide ${manifest.pyodide}; about ${megabytes(manifest)} MB the first time, then kept on this device)`;
      const ticker = setInterval(() => {
        const s = (performance.now() - began) / 1000;
        progress(0.08 + 0.6 * (1 - Math.exp(-s / 6)), `${what}… ${Math.round(s)} s`);
      }, 500);
      progress(0.08, `${what}…`);
      let pyodide;
      try {
        const module = await import(base + "pyodide/pyodide.mjs");
        pyodide = await module.loadPyodide({indexURL: base + "pyodide/", stdout: () => {}, stderr: () => {}});
      } finally {
        clearInterval(ticker);
      }
      stage("pyodide");
      let done = 0;
      for (const [i, wheel] of manifest.wheels.entries()) {
        progress(0.7 + 0.2 * done / manifest.wheels.length, `Installing ${wheel.split("/").pop()}…`);
        pyodide.unpackArchive(await wheels[i], "wheel");
        done += 1;
      }
      stage("wheels");
      progress(0.92, "Importing the rules…");
      const api = pyodide.pyimport("rules.web.api");
      // a game's panel function when ``game`` is given (rules.web.api.call), else a generic one (no third
      // argument: Pyodide passes a JavaScript null as jsnull, not None)
      const call = (name, args, game) => {
        const json = JSON.stringify(args || {});
        return JSON.parse(game ? api.call(name, json, game) : api.call(name, json));
      };
      call("languages");
      stage("import");
      document.documentElement.dataset.adjudicatorStages = JSON.stringify(stages);
      progress(1, "Ready: the rules engine runs in this page.");
      try { window.localStorage.setItem(STORAGE_KEY, "1"); } catch (error) { /* private mode */ }
      keepForOffline(root, manifest);
      return {call, manifest};
    })();
    runtime.catch(() => { runtime = null; });
    return runtime;
  }

  function megabytes(manifest) {
    return Math.round(manifest.files.reduce((sum, f) => sum + f.bytes, 0) / 1e6);
  }

  function ruleLinks(root) {
    if (!links) {
      links = fetch(absolute(root, "_adjudicator/links.json")).then((r) => (r.ok ? r.json() : {}), () => ({}));
    }
    return links;
  }

  // The service worker keeps what the panel needs offline (sw.js at the site's root).
  function registerServiceWorker(root) {
    if (!("serviceWorker" in navigator)) return;
    // the scope is the site's root folder ("./" of the root; "" alone would be this page's own URL)
    navigator.serviceWorker.register(absolute(root, "sw.js"), {scope: absolute(root, "./")}).catch(() => {});
  }

  async function keepForOffline(root, manifest) {
    if (!("serviceWorker" in navigator)) return;
    try {
      const registration = await navigator.serviceWorker.ready;
      const pages = await fetch(absolute(root, "_adjudicator/pages.json")).then((r) => (r.ok ? r.json() : {pages: []}));
      const here = new URL(window.location.href);
      here.hash = "";
      const resources = performance.getEntriesByType("resource").map((e) => e.name)
        .filter((u) => u.startsWith(window.location.origin));
      const urls = [
        here.href,
        ...pages.pages.map((p) => absolute(root, p)),
        ...manifest.files.map((f) => absolute(root, "_adjudicator/" + f.path)),
        absolute(root, "_adjudicator/manifest.json"), absolute(root, "_adjudicator/links.json"),
        absolute(root, "_adjudicator/pages.json"),
        ...resources,
      ];
      const worker = registration.active;
      if (!worker) return;
      const kept = new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("message", (event) => {
          if (event.data && event.data.type === "kept") resolve(event.data.urls);
        });
      });
      worker.postMessage({type: "keep", urls: [...new Set(urls)]});
      await kept;
      document.documentElement.dataset.adjudicatorOffline = "kept";
    } catch (error) {
      // offline reading is a bonus; the panel works without it
    }
  }

  // ------------------------------------------------------------------ drawing verdicts

  const STATUS_WORDS = {
    legal: "Legal", illegal: "Illegal", malformed: "Malformed", impossible: "Impossible record",
    internal: "Error", ok: "Done",
  };

  function ruleCard(rule, lang, href) {
    const shown = rule.title[lang] ? lang : fallbackLanguage; // a rule of another book may lack the chosen language
    const other = Object.keys(rule.title).filter((l) => l !== shown);
    const id = href ? el("a", {href, class: "ra-rule-id"}, rule.id) : el("code", {class: "ra-rule-id"}, rule.id);
    return el("div", {class: "ra-rule"},
      el("div", {class: "ra-rule-head"}, id, " ",
         el("strong", {lang: shown}, rule.title[shown]),
         other.length ? el("span", {class: "ra-rule-other"}, " · ", other.map((l) => rule.title[l]).join(" · ")) : null),
      Object.entries(rule.text).map(([l, text]) => el("blockquote", {lang: l, class: l === shown ? "ra-main" : "ra-second"},
        el("span", {class: "ra-lang"}, l), " ", text)));
  }

  async function drawRules(box, rules, lang, root) {
    if (!rules || !rules.length) return;
    const map = await ruleLinks(root);
    box.append(el("div", {class: "ra-rules"},
      el("p", {class: "ra-rules-head"}, "Rules cited"),
      rules.filter((r) => r.found !== false).map((r) => ruleCard(r, lang, map[r.id] ? absolute(root, map[r.id]) : null))));
  }

  function verdictBadge(status, words) {
    return el("p", {class: `ra-verdict ra-${status}`, "data-status": status}, words || STATUS_WORDS[status] || status);
  }

  function showError(box, error) {
    box.dataset.status = "internal";
    box.replaceChildren(verdictBadge("internal"),
      el("p", {class: "ra-error"}, error instanceof PanelError ? error.message : `Something went wrong: ${error.message || error}`));
  }

  // The verdict as data on its box, for scripts and the browser tests: data-status, data-rules, data-json.
  function mark(box, result) {
    box.dataset.status = result.status;
    box.dataset.rules = (result.rules || []).map((r) => r.id).join(" ");
    box.dataset.json = JSON.stringify(result.json === undefined ? null : result.json);
  }

  // Start drawing a pane's answer: the box cleared and marked; an answer whose status is not one of
  // ``drawn`` (malformed, internal) is shown as its badge and error, and false says nothing more to draw.
  function startAnswer(box, result, drawn) {
    box.replaceChildren();
    mark(box, result);
    if (drawn.includes(result.status)) return true;
    box.append(verdictBadge(result.status), el("p", {class: "ra-error"}, result.error));
    return false;
  }

  async function drawRecordVerdict(box, result, lang, root) {
    box.replaceChildren();
    mark(box, result);
    const summary = {legal: result.json && result.json.finished ? "Legal, game finished" : "Legal so far"};
    box.append(verdictBadge(result.status, summary[result.status]));
    if (result.status === "malformed") {
      box.append(el("p", {class: "ra-error"}, result.json ? result.json.error : result.error));
      return;
    }
    if (result.json && result.json.illegal) {
      box.append(el("p", {class: "ra-message"}, `Action #${result.json.illegal.index}: ${result.json.illegal.message}`));
    }
    await drawRules(box, result.rules, lang, root);
    if (result.steps && result.steps.length) box.append(stepper(result.steps));
    const lines = result.text.replace(/\n+$/, "").split("\n");
    box.append(el("details", {class: "ra-explain", open: lines.length <= 40},
      el("summary", {}, `What rules adjudicate --explain --lang ${lang} prints (${lines.length} lines)`),
      el("pre", {class: "ra-text"}, result.text)));
  }

  // Step through a record action by action (the illegal one, if any, first shown).
  function stepper(steps) {
    let at = steps.length - 1;
    const slider = el("input", {type: "range", min: "0", max: String(steps.length - 1), value: String(at),
                                class: "ra-step-range", "aria-label": "Action"});
    const head = el("p", {class: "ra-step-head"});
    const body = el("ul", {class: "ra-lines ra-step-lines"});
    const prev = el("button", {type: "button", class: "ra-step-prev", "aria-label": "Previous action"}, "◀");
    const next = el("button", {type: "button", class: "ra-step-next", "aria-label": "Next action"}, "▶");
    function show() {
      const step = steps[at];
      slider.value = String(at);
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
      head.replaceChildren(`Action #${step.index} of ${steps.length}: `, el("code", {}, JSON.stringify(step.action)));
      if (!step.legal) head.append(el("strong", {class: "ra-step-illegal"}, " illegal"));
      body.replaceChildren(...(step.lines.length ? step.lines : ["(nothing to explain: the action is legal)"])
        .map((line) => el("li", {}, line.trim())));
    }
    prev.addEventListener("click", () => { at = Math.max(0, at - 1); show(); });
    next.addEventListener("click", () => { at = Math.min(steps.length - 1, at + 1); show(); });
    slider.addEventListener("input", () => { at = Number(slider.value); show(); });
    show();
    return el("div", {class: "ra-stepper"}, el("p", {class: "ra-rules-head"}, "Step through the record"),
              el("div", {class: "ra-row"}, prev, slider, next), head, body);
  }

  // ------------------------------------------------------------------ the panel

  // A game's own panes come from its panel script (package data of the game, copied by the site build;
  // docs/decisions/0025): the script calls rulesAdjudicator.definePanel({panes(ctx), warm}) once.
  const definitions = {};
  const scripts = {};

  function definePanel(definition) {
    const src = document.currentScript ? document.currentScript.src : "";
    definitions[src] = definition;
  }

  function loadPanelScript(url) {
    if (!scripts[url]) {
      scripts[url] = new Promise((resolve, reject) => {
        const script = el("script", {src: url});
        script.addEventListener("load", () => resolve(definitions[script.src] || {}));
        script.addEventListener("error", () => reject(new PanelError(`Cannot load the panel script ${url}.`)));
        document.head.append(script);
      });
      scripts[url].catch(() => { delete scripts[url]; });
    }
    return scripts[url];
  }

  function setupPanel(panel) {
    const root = panel.dataset.root || "";
    const game = panel.dataset.game;
    const langs = panel.dataset.langs.split(",");
    fallbackLanguage = panel.dataset.fallback;
    const langNames = (panel.dataset.langNames || panel.dataset.langs).split(",");
    registerServiceWorker(root);

    const bar = el("progress", {class: "ra-progress", max: "1", value: "0"});
    const status = el("span", {class: "ra-status", role: "status"}, "Not started.");
    const start = el("button", {type: "button", class: "ra-start"}, "Start the adjudicator");
    const langSelect = el("select", {class: "ra-lang-select", "aria-label": "Language of the verdict"},
      langs.map((l, i) => el("option", {value: l}, langNames[i] || l)));
    const body = el("div", {class: "ra-body", hidden: true});
    panel.append(el("div", {class: "ra-bar"}, start, el("label", {}, "Verdict in ", langSelect), bar, status), body);
    const state = {lang: langs[0], rerun: null};
    langSelect.addEventListener("change", () => { state.lang = langSelect.value; if (state.rerun) state.rerun(); });

    const progress = (fraction, text) => { bar.value = fraction; status.textContent = text; };
    async function begin() {
      start.disabled = true;
      panel.dataset.state = "loading";
      try {
        const rt = await loadRuntime(root, progress);
        const definition = panel.dataset.panel ? await loadPanelScript(absolute(root, panel.dataset.panel)) : {};
        progress(1, "Ready: the rules engine runs in this page.");
        start.hidden = true;
        body.hidden = false;
        const ctx = {game, state, root, call: (name, args) => rt.call(name, args, game), generic: (name, args) => rt.call(name, args)};
        buildTabs(body, rt, definition, ctx);
        panel.dataset.state = "ready";
        warm(rt, panel.dataset.sample || game, definition, ctx);
      } catch (error) {
        panel.dataset.state = "failed";
        start.disabled = false;
        status.textContent = error instanceof PanelError ? error.message : `Loading failed: ${error.message || error}`;
      }
    }
    start.addEventListener("click", begin);
    let ready = false;
    try { ready = window.localStorage.getItem(STORAGE_KEY) === "1"; } catch (error) { /* private mode */ }
    if (game === "any" || ready) begin();
  }

  // While the players find their cards, run the panel's own functions once on a sample (results
  // discarded): the modules and tables the first verdict needs (the record schema, the engine) are
  // then ready when it is asked for (decision 0022). Python runs on this thread: a tap waits for it.
  // A game's panel script names its own samples (``warm``: [function, arguments] of its panel).
  function warm(rt, sample, definition, ctx) {
    const record = JSON.stringify({format: "rules-record/1", game: sample, setup: {}, actions: []});
    const samples = [() => rt.call("adjudicate", {text: record, lang: ctx.state.lang, name: "warm-up"})];
    for (const [name, args] of definition.warm || []) samples.push(() => ctx.call(name, args));
    samples.forEach((sampleCall, i) => setTimeout(() => {
      try { sampleCall(); } catch (error) { /* a warm-up never reports */ }
    }, 50 * (i + 1)));
  }

  function buildTabs(body, rt, definition, ctx) {
    const panes = definition.panes ? definition.panes(ctx) : [];
    panes.push(["record", "A record", () => recordPane(rt, ctx)]);
    const tabs = el("div", {class: "ra-tabs", role: "tablist"});
    const holder = el("div", {class: "ra-panes"});
    const made = {};
    const state = ctx.state;
    function show(key) {
      for (const [k] of panes) {
        tabs.querySelector(`[data-pane="${k}"]`).setAttribute("aria-selected", String(k === key));
        if (made[k]) made[k].node.hidden = k !== key;
      }
      if (!made[key]) {
        made[key] = panes.find(([k]) => k === key)[2]();
        holder.append(made[key].node);
      }
      state.rerun = made[key].rerun;
    }
    for (const [key, label] of panes) {
      tabs.append(el("button", {type: "button", role: "tab", class: "ra-tab", "data-pane": key, onclick: () => show(key)}, label));
    }
    if (panes.length > 1) body.append(tabs);
    body.append(holder);
    show(panes[0][0]);
  }

  // ------------------------------------------------------------------ any record

  function recordPane(rt, ctx) {
    const {state, root} = ctx;
    const sample = ctx.game === "any" ? "GAME" : ctx.game;
    const text = el("textarea", {class: "ra-record", rows: "8", spellcheck: "false",
      placeholder: `{"format": "rules-record/1", "game": "${sample}", "setup": {...}, "actions": [...]}`,
      "aria-label": "A rules-record/1 JSON"});
    const file = el("input", {type: "file", accept: ".json,application/json", class: "ra-file", "aria-label": "Upload a record"});
    const go = el("button", {type: "button", class: "ra-go"}, "Adjudicate the record");
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    let name = "record";
    file.addEventListener("change", async () => {
      if (!file.files.length) return;
      name = file.files[0].name;
      text.value = await file.files[0].text();
      run();
    });
    text.addEventListener("input", () => { name = "record"; file.value = ""; });
    function run() {
      try {
        const result = rt.call("adjudicate", {text: text.value, lang: state.lang, name});
        drawRecordVerdict(out, result, state.lang, root);
      } catch (error) { showError(out, error); }
    }
    go.addEventListener("click", run);
    const node = el("div", {class: "ra-pane ra-pane-record"},
      el("p", {class: "ra-help"}, "Paste or upload a rules-record/1 JSON (a whole game, or a position and the disputed actions): " +
         "the verdict is what rules adjudicate prints."),
      text, el("div", {class: "ra-row"}, file, go), out);
    return {node, rerun: () => { if (text.value.trim()) run(); }};
  }

  // ------------------------------------------------------------------ what a game's panel script uses

  window.rulesAdjudicator = {definePanel, el, svg, mark, verdictBadge, startAnswer, drawRules, drawRecordVerdict, showError,
                             PanelError};

  // ------------------------------------------------------------------ start

  function init() {
    for (const panel of document.querySelectorAll("section.rules-adjudicator")) {
      if (!panel.dataset.ready) {
        panel.dataset.ready = "1";
        setupPanel(panel);
      }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
