// The rulebook's Adjudicate panel (docs/decisions/0017-in-page-adjudicator.md).
//
// Everything that judges runs in Python: this script starts a Web Worker (adjudicator-worker.js, decision
// 0032) that loads Pyodide and the project's wheel from the site (_adjudicator/), then asks it for
// rules.web.api.call(name, json[, game]) and draws what it returns. No
// rule is restated here and no game is named: it draws the record pane every game shares, and loads a
// game's own panes from the script the game's package ships (docs/decisions/0025), which draws them
// with the helpers exported below as window.rulesAdjudicator.
(function () {
  "use strict";

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

  // The site's root as the page knows it: Sphinx writes it on the <html> element (data-content_root);
  // a panel's own data-root says the same.
  function siteRoot() {
    const panel = document.querySelector("section.rules-adjudicator");
    const root = document.documentElement.dataset.content_root;
    return root !== undefined ? root : (panel ? panel.dataset.root || "" : "");
  }

  // The engine runs in a Web Worker (adjudicator-worker.js; decision 0032): Pyodide's start and every
  // verdict take none of this thread's time. ``call`` returns a Promise of the answer. The worker names
  // its stages and explained failures by key; ``words(key, values)`` says them in the reader's language
  // (the one chosen at the moment, so a stage relabels when the language changes).
  function loadRuntime(root, progress, words) {
    if (runtime) return runtime;
    runtime = new Promise((resolve, reject) => {
      let worker;
      try {
        worker = new Worker(absolute(root, "_static/adjudicator-worker.js"), {type: "module"});
      } catch (error) {
        reject(new PanelError(words("error_no_worker", {error: error.message || error})));
        return;
      }
      const pending = new Map();
      let next = 0;
      let ticker = null;
      const send = (message) => new Promise((ok, fail) => {
        next += 1;
        pending.set(next, {ok, fail});
        worker.postMessage({...message, id: next});
      });
      worker.addEventListener("message", (event) => {
        const message = event.data || {};
        if (message.type === "progress") {
          clearInterval(ticker);
          const text = () => words(message.key, message.values);
          progress(message.fraction, message.creep ? `${text()}…` : text());
          if (message.creep) { // a stage with no progress of its own: the bar creeps and the seconds count
            const began = performance.now();
            ticker = setInterval(() => {
              const s = (performance.now() - began) / 1000;
              progress(message.fraction + 0.6 * (1 - Math.exp(-s / 6)), `${text()}… ${Math.round(s)} s`);
            }, 1000);
          }
          return;
        }
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (message.ok) waiting.ok(message.value);
        else waiting.fail(message.explained ? new PanelError(message.key ? words(message.key, message.values) : message.error)
                                            : new Error(message.error));
      });
      worker.addEventListener("error", (event) => {
        clearInterval(ticker);
        const error = new PanelError(event.message ? words("error_stopped", {error: event.message}) : words("error_no_script"));
        for (const waiting of pending.values()) waiting.fail(error);
        pending.clear();
        reject(error);
      });
      send({type: "load", base: absolute(root, "_adjudicator/"), origin: performance.timeOrigin}).then(({stages, start, manifest}) => {
        clearInterval(ticker);
        document.documentElement.dataset.adjudicatorStages = JSON.stringify(stages);
        document.documentElement.dataset.adjudicatorStart = start; // "snapshot" or "fresh" (decision 0042)
        const call = (name, args, game) => send({type: "call", name, json: JSON.stringify(args || {}), game: game || null})
          .then((text) => JSON.parse(text));
        resolve({call, manifest});
      }, (error) => { clearInterval(ticker); worker.terminate(); reject(error); });
    });
    runtime.catch(() => { runtime = null; });
    return runtime;
  }

  function ruleLinks(root) {
    if (!links) {
      links = fetch(absolute(root, "_adjudicator/links.json")).then((r) => (r.ok ? r.json() : {}), () => ({}));
    }
    return links;
  }

  // The service worker (sw.js at the site's root) keeps the whole site for offline reading: every page
  // registers it and, once it runs, asks it to keep the site's file list (_adjudicator/offline.json,
  // written by the build): every page, picture, the search index and the adjudicator's runtime.
  async function keepSiteOffline(root) {
    if (!("serviceWorker" in navigator)) return;
    try {
      // the scope is the site's root folder ("./" of the root; "" alone would be this page's own URL)
      await navigator.serviceWorker.register(absolute(root, "sw.js"), {scope: absolute(root, "./")});
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (!worker) return;
      const kept = new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("message", (event) => {
          if (event.data && event.data.type === "kept") resolve(event.data);
        });
      });
      worker.postMessage({type: "keep-site", list: absolute(root, "_adjudicator/offline.json")});
      const answer = await kept;
      document.documentElement.dataset.adjudicatorOffline = answer.missing ? "partly" : "kept";
    } catch (error) {
      // offline reading is a bonus; the page works without it
    }
  }

  // ------------------------------------------------------------------ the reader's language

  // The panel's words in each of its languages: the generic panel's (rules/kernel/messages.toml, panel.*)
  // and the game's (its panel's labels), written into the page by the Sphinx directive as JSON.
  // ``words(lang)(key, {n: 3})`` is one of them with its {placeholders} filled; a word the chosen
  // language lacks is the fallback language's.
  function labelsOf(panel) {
    const data = panel.querySelector("script.ra-labels");
    try { return data ? JSON.parse(data.textContent) : {}; } catch (error) { return {}; }
  }

  function wordsIn(labels, lang) {
    const own = labels[lang] || {};
    const fallback = labels[fallbackLanguage] || {};
    return (key, values) => {
      const text = own[key] !== undefined ? own[key] : (fallback[key] !== undefined ? fallback[key] : key);
      return text.replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
    };
  }

  // ------------------------------------------------------------------ drawing verdicts

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

  async function drawRules(box, rules, lang, root, words) {
    if (!rules || !rules.length) return;
    const drawing = box.drawing;
    const map = await ruleLinks(root);
    if (box.drawing !== drawing) return; // a newer answer was drawn into the box meanwhile: it has its own rules
    box.append(el("div", {class: "ra-rules"},
      el("p", {class: "ra-rules-head"}, words ? words("rules_cited") : "Rules cited"),
      rules.filter((r) => r.found !== false).map((r) => ruleCard(r, lang, map[r.id] ? absolute(root, map[r.id]) : null))));
  }

  function verdictBadge(status, text) {
    return el("p", {class: `ra-verdict ra-${status}`, "data-status": status}, text || status);
  }

  function showError(box, error, words) {
    box.dataset.status = "internal";
    box.replaceChildren(verdictBadge("internal", words ? words("status_internal") : "Error"),
      el("p", {class: "ra-error"}, error instanceof PanelError ? error.message : `${words ? words("went_wrong") : "Something went wrong"}: ${error.message || error}`));
  }

  // The verdict as data on its box, for scripts and the browser tests: data-status, data-rules, data-json.
  function mark(box, result) {
    box.drawing = (box.drawing || 0) + 1; // each answer drawn into a box is numbered (drawRules awaits)
    box.dataset.status = result.status;
    box.dataset.rules = (result.rules || []).map((r) => r.id).join(" ");
    box.dataset.json = JSON.stringify(result.json === undefined ? null : result.json);
  }

  // Start drawing a pane's answer: the box cleared and marked; an answer whose status is not one of
  // ``drawn`` (malformed, internal) is shown as its badge and error, and false says nothing more to draw.
  function startAnswer(box, result, drawn, words) {
    box.replaceChildren();
    mark(box, result);
    if (drawn.includes(result.status)) return true;
    box.append(verdictBadge(result.status, words ? words(`status_${result.status}`) : null), el("p", {class: "ra-error"}, result.error));
    return false;
  }

  async function drawRecordVerdict(box, result, lang, root, words) {
    box.replaceChildren();
    mark(box, result);
    const finished = result.json && result.json.finished;
    const summary = result.status === "legal" ? words(finished ? "status_legal_finished" : "status_legal_so_far")
                                              : words(`status_${result.status}`);
    box.append(verdictBadge(result.status, summary));
    if (result.status === "malformed") {
      box.append(el("p", {class: "ra-error"}, result.json ? result.json.error : result.error));
      return;
    }
    if (result.json && result.json.illegal) {
      box.append(el("p", {class: "ra-message"}, `${words("action_index", {i: result.json.illegal.index})}: ${result.json.illegal.message}`));
    }
    await drawRules(box, result.rules, lang, root, words);
    if (result.steps && result.steps.length) box.append(stepper(result.steps, words));
    const lines = result.text.replace(/\n+$/, "").split("\n");
    box.append(el("details", {class: "ra-explain", open: lines.length <= 40},
      el("summary", {}, words("explain_printed", {lang, n: lines.length})),
      el("pre", {class: "ra-text"}, result.text)));
  }

  // Step through a record action by action (the illegal one, if any, first shown). The count is the
  // reader's (the last of 16 actions is "16 of 16"); the record's own index (#15) follows it, as the
  // CLI's verdict names it.
  function stepper(steps, words) {
    let at = steps.length - 1;
    const slider = el("input", {type: "range", min: "0", max: String(steps.length - 1), value: String(at),
                                class: "ra-step-range", "aria-label": words("step_action")});
    const head = el("p", {class: "ra-step-head"});
    const body = el("ul", {class: "ra-lines ra-step-lines"});
    const prev = el("button", {type: "button", class: "ra-step-prev", "aria-label": words("step_previous")}, "◀");
    const next = el("button", {type: "button", class: "ra-step-next", "aria-label": words("step_next")}, "▶");
    function show() {
      const step = steps[at];
      slider.value = String(at);
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
      head.replaceChildren(`${words("step_of", {n: at + 1, total: steps.length, i: step.index})}: `,
                           el("code", {}, JSON.stringify(step.action)));
      if (!step.legal) head.append(el("strong", {class: "ra-step-illegal"}, ` ${words("step_illegal")}`));
      body.replaceChildren(...(step.lines.length ? step.lines : [words("step_nothing")])
        .map((line) => el("li", {}, line.trim())));
    }
    prev.addEventListener("click", () => { at = Math.max(0, at - 1); show(); });
    next.addEventListener("click", () => { at = Math.min(steps.length - 1, at + 1); show(); });
    slider.addEventListener("input", () => { at = Number(slider.value); show(); });
    show();
    return el("div", {class: "ra-stepper"}, el("p", {class: "ra-rules-head"}, words("step_through")),
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

  function loadPanelScript(url, words) {
    if (!scripts[url]) {
      scripts[url] = new Promise((resolve, reject) => {
        const script = el("script", {src: url});
        script.addEventListener("load", () => resolve(definitions[script.src] || {}));
        script.addEventListener("error", () => reject(new PanelError(words("error_panel_script", {url}))));
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
    const labels = labelsOf(panel);
    const state = {lang: langs[0], rerun: null, words: wordsIn(labels, langs[0]), relabel: []};

    const bar = el("progress", {class: "ra-progress", max: "1", value: "0"});
    const status = el("span", {class: "ra-status", role: "status"}, state.words("not_started"));
    const start = el("button", {type: "button", class: "ra-start"}, state.words("start"));
    const langSelect = el("select", {class: "ra-lang-select", "aria-label": state.words("verdict_in")},
      langs.map((l, i) => el("option", {value: l}, langNames[i] || l)));
    const langLabel = el("span", {class: "ra-lang-label"}, state.words("verdict_in"));
    const body = el("div", {class: "ra-body", hidden: true});
    panel.append(el("div", {class: "ra-bar"}, start, el("label", {}, langLabel, " ", langSelect), bar, status), body);
    langSelect.addEventListener("change", () => {
      state.lang = langSelect.value;
      state.words = wordsIn(labels, state.lang);
      langLabel.textContent = state.words("verdict_in");
      start.textContent = state.words("start");
      const intro = panel.querySelector(".ra-intro");
      if (intro) intro.textContent = state.words("intro");
      const title = panel.querySelector(".ra-title");
      if (title && !panel.dataset.ownTitle) title.textContent = state.words("title");
      if (panel.dataset.state === "ready") status.textContent = state.words("ready");
      else if (!panel.dataset.state) status.textContent = state.words("not_started");
      for (const relabel of state.relabel) relabel();
      if (state.rerun) state.rerun();
    });

    const progress = (fraction, text) => { bar.value = fraction; status.textContent = text; };
    async function begin() {
      if (panel.dataset.state === "loading" || panel.dataset.state === "ready") return; // started already
      panel.dataset.state = "loading";
      performance.mark("rules-engine-start"); // the browser tests bound the page's tasks from here to ready
      start.disabled = true;
      try {
        const words = (key, values) => state.words(key, values);
        const rt = await loadRuntime(root, progress, words);
        const definition = panel.dataset.panel ? await loadPanelScript(absolute(root, panel.dataset.panel), words) : {};
        const call = (name, args) => rt.call(name, args, game);
        const generic = (name, args) => rt.call(name, args);
        const ctx = {game, state, root, call, generic, words: (key, values) => state.words(key, values)};
        await buildTabs(body, definition, ctx);
        progress(1, state.words("ready"));
        start.hidden = true;
        body.hidden = false;
        panel.dataset.state = "ready";
        performance.mark("rules-engine-ready");
        warm(panel.dataset.sample || game, definition, ctx);
      } catch (error) {
        panel.dataset.state = "failed";
        start.disabled = false;
        status.textContent = error instanceof PanelError ? error.message : `${state.words("load_failed")}: ${error.message || error}`;
      }
    }
    start.addEventListener("click", begin);
    // Python starts only when the panel comes into view (or its button is tapped): a reader who never
    // reaches a panel downloads and runs nothing (decision 0032)
    if ("IntersectionObserver" in window) {
      const watch = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) { watch.disconnect(); begin(); }
      });
      watch.observe(panel);
    }
  }

  // While the players find their cards, run the panel's own functions once on a sample (results
  // discarded): the modules and tables the first verdict needs (the record schema, the engine) are
  // then ready when it is asked for (decision 0022). They run in the engine's worker, in order, before
  // any call asked after them. A game's panel script names its own samples (``warm``: [function,
  // arguments] of its panel).
  function warm(sample, definition, ctx) {
    const record = JSON.stringify({format: "rules-record/1", game: sample, setup: {}, actions: []});
    ctx.generic("adjudicate", {text: record, lang: ctx.state.lang, name: "warm-up"}).catch(() => {});
    for (const [name, args] of definition.warm || []) ctx.call(name, args).catch(() => {}); // a warm-up never reports
  }

  async function buildTabs(body, definition, ctx) {
    const panes = definition.panes ? await definition.panes(ctx) : [];
    panes.push(["record", "tab_record", () => recordPane(ctx)]);
    const tabs = el("div", {class: "ra-tabs", role: "tablist"});
    const holder = el("div", {class: "ra-panes"});
    const made = {};
    const state = ctx.state;
    async function show(key) {
      for (const [k] of panes) {
        tabs.querySelector(`[data-pane="${k}"]`).setAttribute("aria-selected", String(k === key));
        if (made[k]) made[k].node.hidden = k !== key;
      }
      if (!made[key]) {
        made[key] = await panes.find(([k]) => k === key)[2]();
        made[key].lang = state.lang;
        holder.append(made[key].node);
      } else if (made[key].lang !== state.lang) { // drawn in the language chosen before: its answer again
        made[key].lang = state.lang;
        await made[key].rerun();
      }
      state.rerun = () => { made[key].lang = state.lang; return made[key].rerun(); };
    }
    for (const [key, label] of panes) {
      const tab = el("button", {type: "button", role: "tab", class: "ra-tab", "data-pane": key, onclick: () => show(key)},
                     ctx.words(label));
      state.relabel.push(() => { tab.textContent = ctx.words(label); });
      tabs.append(tab);
    }
    if (panes.length > 1) body.append(tabs);
    body.append(holder);
    await show(panes[0][0]);
  }

  // ------------------------------------------------------------------ any record

  function recordPane(ctx) {
    const {state, root, words} = ctx;
    const sample = ctx.game === "any" ? "GAME" : ctx.game;
    const text = el("textarea", {class: "ra-record", rows: "8", spellcheck: "false",
      placeholder: `{"format": "rules-record/1", "game": "${sample}", "setup": {...}, "actions": [...]}`,
      "aria-label": "rules-record/1 JSON"});
    const file = el("input", {type: "file", accept: ".json,application/json", class: "ra-file", "aria-label": words("record_upload")});
    const go = el("button", {type: "button", class: "ra-go"}, words("record_go"));
    const help = el("p", {class: "ra-help"}, words("record_help"));
    state.relabel.push(() => { go.textContent = words("record_go"); help.textContent = words("record_help"); });
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    let name = "record";
    file.addEventListener("change", async () => {
      if (!file.files.length) return;
      name = file.files[0].name;
      text.value = await file.files[0].text();
      run();
    });
    text.addEventListener("input", () => { name = "record"; file.value = ""; });
    async function run() {
      try {
        const result = await ctx.generic("adjudicate", {text: text.value, lang: state.lang, name});
        await drawRecordVerdict(out, result, state.lang, root, words);
      } catch (error) { showError(out, error, words); }
    }
    go.addEventListener("click", run);
    const node = el("div", {class: "ra-pane ra-pane-record"}, help, text, el("div", {class: "ra-row"}, file, go), out);
    return {node, rerun: () => { if (text.value.trim()) run(); }};
  }

  // ------------------------------------------------------------------ what a game's panel script uses

  window.rulesAdjudicator = {definePanel, el, svg, mark, verdictBadge, startAnswer, drawRules, drawRecordVerdict, showError,
                             PanelError};

  // ------------------------------------------------------------------ start

  function init() {
    keepSiteOffline(siteRoot());
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
