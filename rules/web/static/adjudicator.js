// The rulebook's Adjudicate panel (docs/decisions/0017-in-page-adjudicator.md).
//
// Everything that judges runs in Python: this script loads Pyodide and the project's wheel from the
// site (_adjudicator/), then calls rules.web.api.call(name, json) and draws what it returns. No rule
// is restated here; this file only turns taps into the arguments of those calls.
(function () {
  "use strict";

  const STORAGE_KEY = "rules-adjudicator-ready";
  let runtime = null; // the one load of this page: a Promise of {call, manifest}
  let links = null; // a Promise of {rule id: "page.html#anchor"}

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
      const call = (name, args) => JSON.parse(api.call(name, JSON.stringify(args || {})));
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
    depends: "Depends on the hand", internal: "Error", ok: "Done",
  };

  function ruleCard(rule, lang, href) {
    const shown = rule.title[lang] ? lang : "en"; // a rule of another book may lack the chosen language
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

  function setupPanel(panel) {
    const root = panel.dataset.root || "";
    const game = panel.dataset.game;
    const langs = (panel.dataset.langs || "en").split(",");
    registerServiceWorker(root);

    const bar = el("progress", {class: "ra-progress", max: "1", value: "0"});
    const status = el("span", {class: "ra-status", role: "status"}, "Not started.");
    const start = el("button", {type: "button", class: "ra-start"}, "Start the adjudicator");
    const langSelect = el("select", {class: "ra-lang-select", "aria-label": "Language of the verdict"},
      langs.map((l) => el("option", {value: l}, {cs: "čeština", hu: "magyar", en: "English"}[l] || l)));
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
        progress(1, "Ready: the rules engine runs in this page.");
        start.hidden = true;
        body.hidden = false;
        buildTabs(panel, body, rt, game, state, root);
        panel.dataset.state = "ready";
        warm(rt, game);
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
  function warm(rt, game) {
    const record = JSON.stringify({format: "rules-record/1", game: game === "any" ? "claim" : game, setup: {}, actions: []});
    const samples = [["adjudicate", {text: record, lang: "en", name: "warm-up"}]];
    if (game === "valeria") samples.push(["valeria_harvest", {dice: [1, 1], seats: [{}, {}]}]);
    samples.forEach(([name, args], i) => setTimeout(() => {
      try { rt.call(name, args); } catch (error) { /* a warm-up never reports */ }
    }, 50 * (i + 1)));
  }

  function buildTabs(panel, body, rt, game, state, root) {
    const panes = [];
    if (game.startsWith("claim")) panes.push(["follow", "A follow", () => followPane(rt, game, state, root)]);
    if (game === "leaders") panes.push(["board", "The board", () => boardPane(rt, state, root)]);
    if (game === "valeria") {
      const table = valeriaTable(rt);
      panes.push(["roll", "A roll", () => rollPane(rt, table, state, root)]);
      panes.push(["payment", "A payment", () => paymentPane(rt, table, state, root)]);
    }
    panes.push(["record", "A record", () => recordPane(rt, state, root)]);
    const tabs = el("div", {class: "ra-tabs", role: "tablist"});
    const holder = el("div", {class: "ra-panes"});
    const made = {};
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

  function recordPane(rt, state, root) {
    const text = el("textarea", {class: "ra-record", rows: "8", spellcheck: "false",
      placeholder: '{"format": "rules-record/1", "game": "claim", "setup": {...}, "actions": [...]}',
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

  // ------------------------------------------------------------------ Claim: one follow

  const FACTION_DEFAULT = ["goblin", "knight", "undead", "dwarf", "doppelganger"];
  const ALL_FACTIONS = ["goblin", "knight", "undead", "dwarf", "doppelganger", "gnome", "giant", "dragon", "troll", "seer"];

  function followPane(rt, game, state, root) {
    const chosen = {lead: null, follow: null, revealed: null, hand: []};
    let slot = "lead";
    let factions = FACTION_DEFAULT.slice();
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const grid = el("div", {class: "ra-cards"});
    const slots = el("div", {class: "ra-slots"});
    const phase = el("select", {class: "ra-phase", "aria-label": "Phase"},
      el("option", {value: "1"}, "Phase 1 (recruiting followers)"), el("option", {value: "2", selected: true}, "Phase 2 (scoring)"));
    const unknown = el("input", {type: "checkbox", class: "ra-unknown"});
    const deckBox = el("fieldset", {class: "ra-deck", hidden: game !== "claim-combined"},
      el("legend", {}, "Factions of the deck (one pair and three others)"),
      ALL_FACTIONS.map((f) => el("label", {class: "ra-faction-pick"},
        el("input", {type: "checkbox", value: f, checked: FACTION_DEFAULT.includes(f),
                     onchange: (e) => {
                       factions = ALL_FACTIONS.filter((k) => deckBox.querySelector(`input[value="${k}"]`).checked);
                       drawGrid();
                     }}), " ", el("span", {class: "ra-faction-name", "data-faction": f}, f))));
    let names = {};
    const factionNames = {};
    const factionName = (f) => (factionNames[f] ? factionNames[f][state.lang] || factionNames[f].en : f);

    function variant() {
      return game === "claim-combined" ? {players: 2, factions} : null;
    }

    function drawGrid() {
      grid.replaceChildren();
      const deck = rt.call("claim_cards", {game, variant: variant()});
      if (deck.status === "malformed") {
        grid.append(el("p", {class: "ra-error"}, deck.error));
        return;
      }
      names = {};
      const rows = {};
      for (const f of deck.factions) factionNames[f.faction] = f.name;
      for (const c of deck.cards) {
        names[c.card] = c.name;
        (rows[c.faction] = rows[c.faction] || []).push(c);
      }
      for (const [faction, cards] of Object.entries(rows)) {
        // one column per value 0-9, so the values of every faction line up
        grid.append(el("div", {class: "ra-card-row"},
          el("span", {class: `ra-faction ra-f-${faction}`}, factionName(faction)),
          el("div", {class: "ra-values"}, cards.map((c) => el("button", {
            type: "button", class: `ra-card ra-f-${faction}`, "data-card": c.card, style: `grid-column: ${c.value + 1}`,
            title: `${c.name[state.lang] || c.card} (×${c.count})`, "aria-label": c.name[state.lang] || c.card,
            onclick: () => pick(c.card)}, String(c.value))))));
      }
      for (const label of deckBox.querySelectorAll(".ra-faction-name")) label.textContent = factionName(label.dataset.faction);
      drawSlots();
    }

    function label(card) {
      return card ? (names[card] ? names[card][state.lang] || card : card) : "—";
    }

    function pick(card) {
      if (slot === "hand") {
        const i = chosen.hand.indexOf(card);
        if (i >= 0) chosen.hand.splice(i, 1); else chosen.hand.push(card);
      } else {
        chosen[slot] = card;
        if (slot === "lead") slot = "follow";
        else if (slot === "follow") slot = phase.value === "1" && !chosen.revealed ? "revealed" : "hand";
        else if (slot === "revealed") slot = "hand";
      }
      drawSlots();
      check();
    }

    function slotButton(key, text) {
      return el("button", {type: "button", class: "ra-slot", "data-slot": key, "aria-pressed": String(slot === key),
                           onclick: () => { slot = key; drawSlots(); }},
        el("span", {class: "ra-slot-name"}, text), " ",
        key === "hand" ? el("span", {class: "ra-slot-card"}, chosen.hand.length ? chosen.hand.map(label).join(", ") : "—")
                       : el("span", {class: "ra-slot-card"}, label(chosen[key])));
    }

    function drawSlots() {
      slots.replaceChildren(...[
        slotButton("lead", "Led card"), slotButton("follow", "Follower played"),
        phase.value === "1" ? slotButton("revealed", "Revealed card") : null,
        slotButton("hand", unknown.checked ? "Known in the follower's hand" : "Follower's hand (the rest)"),
      ].filter(Boolean));
      for (const b of grid.querySelectorAll(".ra-card")) {
        const c = b.dataset.card;
        b.classList.toggle("ra-picked", c === chosen.lead || c === chosen.follow || c === chosen.revealed || chosen.hand.includes(c));
      }
    }

    function check() {
      if (!chosen.lead || !chosen.follow) {
        out.replaceChildren(el("p", {class: "ra-help"}, "Tap the led card, then the card the follower played, then the follower's other cards."));
        return;
      }
      try {
        const result = rt.call("claim_follow", {game, lead: chosen.lead, follow: chosen.follow, hand: chosen.hand,
          hand_known: !unknown.checked, phase: Number(phase.value), revealed: phase.value === "1" ? chosen.revealed : null,
          variant: variant(), lang: state.lang});
        drawFollow(result);
      } catch (error) { showError(out, error); }
    }

    async function drawFollow(result) {
      out.replaceChildren();
      mark(out, result);
      if (result.status === "malformed" || result.status === "internal") {
        out.append(verdictBadge(result.status), el("p", {class: "ra-error"}, result.error));
        return;
      }
      const leadName = label(result.lead);
      const words = {legal: "Legal follow", illegal: "Illegal follow",
                     depends: `Legal only if the follower held no card of the led faction (${leadName})`};
      out.append(verdictBadge(result.status, words[result.status]));
      result.cases.forEach((c, i) => {
        const head = result.cases.length > 1 ? (i === 0 ? "With only the known cards: " : "If the follower also held a card of the led faction: ") : "";
        if (c.legal) {
          out.append(el("p", {class: "ra-message"}, head,
            el("strong", {}, c.takes === "leader" ? "The leader takes the trick." : "The follower takes the trick.")),
            el("ul", {class: "ra-lines"}, c.explanation.map((line) => el("li", {}, line.trim()))));
        } else {
          out.append(el("p", {class: "ra-message"}, head, c.message));
        }
      });
      await drawRules(out, result.rules, state.lang, root);
    }

    phase.addEventListener("change", () => { drawSlots(); check(); });
    unknown.addEventListener("change", () => { drawSlots(); check(); });
    const clear = el("button", {type: "button", class: "ra-clear", onclick: () => {
      chosen.lead = chosen.follow = chosen.revealed = null; chosen.hand = []; slot = "lead"; drawSlots(); check();
    }}, "Clear");
    const node = el("div", {class: "ra-pane ra-pane-follow"},
      el("p", {class: "ra-help"}, "A disputed follow: tap a slot, then cards. The engine of this library judges it."),
      deckBox,
      el("div", {class: "ra-row"}, phase, el("label", {class: "ra-unknown-label"}, unknown,
         " The rest of the follower's hand is unknown"), clear),
      slots, grid, out);
    drawGrid();
    check();
    return {node, rerun: () => { drawGrid(); check(); }};
  }

  // ------------------------------------------------------------------ Leaders: the board

  const SIZE = 26;
  const START = [
    {owner: 0, character: "leader", cell: [0, 3]}, {owner: 1, character: "leader", cell: [0, -3]},
    {owner: 0, character: "rider", cell: [0, 0]}, {owner: 1, character: "jailer", cell: [1, 0]},
  ];

  function cells() {
    const out = [];
    for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) if (Math.abs(q + r) <= 3) out.push([q, r]);
    return out;
  }

  function centre([q, r]) {
    return [1.5 * SIZE * q, Math.sqrt(3) * SIZE * (r + q / 2)];
  }

  function boardPane(rt, state, root) {
    const characters = rt.call("leaders_characters").characters;
    const nameOf = (key) => { const c = characters.find((x) => x.key === key); return c ? (c.name[state.lang] || c.name.en) : key; };
    let pieces = START.map((p) => ({...p}));
    let mode = "act";
    let acting = null;
    let taps = [];
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const owner = el("select", {class: "ra-owner", "aria-label": "Owner of a placed piece"},
      el("option", {value: "0"}, "Seat 0 (gold)"), el("option", {value: "1"}, "Seat 1 (blue)"));
    const character = el("select", {class: "ra-character", "aria-label": "Character of a placed piece"},
      characters.map((c) => el("option", {value: c.key}, c.name.en)));
    const toMove = el("select", {class: "ra-to-move", "aria-label": "Seat to move"},
      el("option", {value: "0"}, "Seat 0 to move"), el("option", {value: "1"}, "Seat 1 to move"));
    const ability = el("select", {class: "ra-ability", "aria-label": "What the acting piece does"});
    const pull = el("input", {type: "checkbox", class: "ra-pull"});
    const board = svg("svg", {class: "ra-board", viewBox: `${-5.6 * SIZE} ${-3.6 * Math.sqrt(3) * SIZE} ${11.2 * SIZE} ${7.2 * Math.sqrt(3) * SIZE}`,
                              role: "img", "aria-label": "The Leaders board"});
    const actionView = el("code", {class: "ra-action"});
    const legend = el("div", {class: "ra-legend"});
    const modeButtons = el("div", {class: "ra-modes", role: "radiogroup"});

    function key(cell) { return cell[0] + "," + cell[1]; }
    function pieceAt(cell) { return pieces.find((p) => key(p.cell) === key(cell)); }

    function position() {
      return {pieces, to_move: Number(toMove.value), phase: "actions"};
    }

    function abilities() {
      ability.replaceChildren(el("option", {value: "move"}, "Move one cell"));
      const known = acting && characters.find((c) => c.key === acting.character);
      if (known && known.klass === "active") {
        ability.append(el("option", {value: acting.character}, `Ability: ${nameOf(acting.character)}`));
      }
    }

    function tap(cell) {
      const here = pieceAt(cell);
      if (mode === "place") {
        if (here) pieces = pieces.filter((p) => p !== here);
        else pieces.push({owner: Number(owner.value), character: character.value, cell});
        acting = null; taps = [];
      } else if (!acting || (here && here === acting)) {
        if (here) { acting = here === acting ? null : here; taps = []; abilities(); }
      } else {
        taps.push(cell);
      }
      draw();
    }

    function action() {
      if (!acting) return null;
      return rt.call("leaders_tap_action", {seat: Number(toMove.value), piece: acting.cell, ability: ability.value,
                                            cells: taps, pull: pull.checked}).action;
    }

    function draw() {
      board.replaceChildren();
      const tapIndex = {};
      taps.forEach((c, i) => { (tapIndex[key(c)] = tapIndex[key(c)] || []).push(i + 1); });
      for (const cell of cells()) {
        const [x, y] = centre(cell);
        const corners = [];
        for (let k = 0; k < 6; k++) corners.push(`${(x + SIZE * Math.cos(Math.PI / 3 * k)).toFixed(1)},${(y + SIZE * Math.sin(Math.PI / 3 * k)).toFixed(1)}`);
        const p = pieceAt(cell);
        const g = svg("g", {class: "ra-cell" + (acting && p === acting ? " ra-acting" : "") + (tapIndex[key(cell)] ? " ra-tapped" : ""),
                            "data-cell": key(cell), tabindex: "0", role: "button",
                            "aria-label": `cell ${cell[0]}, ${cell[1]}` + (p ? `: ${nameOf(p.character)} of seat ${p.owner}` : ""),
                            onclick: () => tap(cell),
                            onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tap(cell); } }},
          svg("polygon", {points: corners.join(" ")}),
          svg("text", {x: x, y: y + SIZE * 0.78, class: "ra-coord", text: `${cell[0]},${cell[1]}`}));
        if (p) {
          g.append(svg("circle", {cx: x, cy: y - 2, r: SIZE * 0.62, class: `ra-piece ra-seat${p.owner}`}),
                   svg("text", {x: x, y: y + 3, class: "ra-piece-label", text: nameOf(p.character).slice(0, 3)}));
        }
        if (tapIndex[key(cell)]) g.append(svg("text", {x: x + SIZE * 0.45, y: y - SIZE * 0.45, class: "ra-tap-no", text: tapIndex[key(cell)].join(",")}));
        board.append(g);
      }
      legend.replaceChildren(...[0, 1].map((seat) => el("p", {class: `ra-legend-seat${seat}`},
        `Seat ${seat}: `, pieces.filter((p) => p.owner === seat)
          .map((p) => `${nameOf(p.character)} ${p.cell[0]},${p.cell[1]}`).join(" · ") || "—")));
      for (const b of modeButtons.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
      placeRow.hidden = mode !== "place";
      actRow.hidden = mode !== "act";
      const a = action();
      actionView.textContent = a ? JSON.stringify(a) : (mode === "act" ? "Tap the piece that acts, then the cells it goes to (or its target first)." : "");
    }

    function judge() {
      const a = action();
      if (!a) {
        out.replaceChildren(el("p", {class: "ra-help"}, "Tap the acting piece first."));
        return;
      }
      try {
        const result = rt.call("leaders_action", {position: position(), action: a, lang: state.lang});
        drawRecordVerdict(out, result, state.lang, root);
      } catch (error) { showError(out, error); }
    }

    function wins() {
      try {
        const result = rt.call("leaders_wins", {position: position(), lang: state.lang});
        out.replaceChildren();
        mark(out, result);
        if (result.status !== "ok") {
          out.append(verdictBadge(result.status), el("p", {class: "ra-error"}, result.error));
          return;
        }
        const answer = result.json;
        const headline = answer.status === "win"
          ? `Yes: a forced win in ${answer.length} of the mover's action(s) this action phase`
          : answer.status === "no-win" ? "No forced win this action phase"
          : `Unknown within the work limit (searched ${answer.depth_completed} action(s) deep)`;
        out.append(verdictBadge(answer.status === "win" ? "legal" : "illegal", headline),
          el("pre", {class: "ra-text"}, result.text));
      } catch (error) { showError(out, error); }
    }

    for (const [m, text] of [["place", "Place pieces"], ["act", "Act"]]) {
      modeButtons.append(el("button", {type: "button", class: "ra-mode", "data-mode": m,
                                       onclick: () => { mode = m; acting = null; taps = []; draw(); }}, text));
    }
    const placeRow = el("div", {class: "ra-row"}, owner, character,
      el("button", {type: "button", class: "ra-clear-board", onclick: () => { pieces = []; acting = null; taps = []; draw(); }}, "Empty the board"));
    const actRow = el("div", {class: "ra-row"}, ability,
      el("label", {class: "ra-pull-label"}, pull, " pull (Claw Launcher)"),
      el("button", {type: "button", class: "ra-undo", onclick: () => { taps.pop(); draw(); }}, "Undo a tap"),
      el("button", {type: "button", class: "ra-go ra-judge", onclick: judge}, "Is it legal?"));
    ability.addEventListener("change", draw);
    pull.addEventListener("change", draw);
    toMove.addEventListener("change", draw);
    abilities();
    const node = el("div", {class: "ra-pane ra-pane-board"},
      el("p", {class: "ra-help"}, "Place the pieces as they stand, then tap the piece that acts and the cells it goes to. " +
         "Cells are written q,r as in the rulebook."),
      el("div", {class: "ra-row"}, modeButtons, toMove,
         el("button", {type: "button", class: "ra-wins", onclick: wins}, "Could the seat to move have won?")),
      placeRow, actRow, el("div", {class: "ra-board-wrap"}, board), legend, el("p", {class: "ra-action-line"}, "Action: ", actionView), out);
    draw();
    return {node, rerun: () => { draw(); if (out.childNodes.length) judge(); }};
  }


  // ------------------------------------------------------------------ Valeria: a roll and a payment

  // The table both Valeria panes share: the seats, the active seat, each seat's citizens by kind and
  // domains built, and the kind of each center stack (a game has one kind per stack). Only data: the
  // engine (rules.web.api.valeria_harvest / valeria_payment) judges it.
  function valeriaTable(rt) {
    const cards = rt.call("valeria_cards");
    const table = {cards, players: 2, active: 0, editing: 0, kinds: cards.stacks.map((st) => st[0].id),
                   seats: [0, 1, 2, 3].map(() => ({citizens: {}, domains: []})), listeners: []};
    table.name = (named, lang) => (named ? named[lang] || named.en : "");
    table.json = () => table.seats.slice(0, table.players).map((s) => ({
      citizens: Object.fromEntries(Object.entries(s.citizens).filter(([k, n]) => n !== 0 && table.kinds.includes(k))),
      domains: s.domains.slice()}));
    table.changed = () => { for (const f of table.listeners) f(); };
    return table;
  }

  function numberStepper(value, onchange, label, cls) {
    const input = el("input", {type: "number", inputmode: "numeric", min: "0", value: String(value), class: "ra-num",
                               "aria-label": label});
    const set = (v) => { input.value = String(v); onchange(v); };
    input.addEventListener("change", () => {
      const v = input.value.trim() === "" ? 0 : Number(input.value);
      onchange(Number.isFinite(v) ? v : input.value);
    });
    return el("span", {class: "ra-stepper-num " + (cls || "")},
      el("button", {type: "button", class: "ra-minus", "aria-label": `${label}: one less`,
                    onclick: () => set((Number(input.value) || 0) - 1)}, "−"),
      input,
      el("button", {type: "button", class: "ra-plus", "aria-label": `${label}: one more`,
                    onclick: () => set((Number(input.value) || 0) + 1)}, "+"));
  }

  // Players, the active seat and the seat whose duchy is being entered.
  function seatBar(table, state, redraw) {
    const box = el("div", {class: "ra-seatbar"});
    function draw() {
      const players = el("select", {class: "ra-players", "aria-label": "Players"},
        [2, 3, 4].map((n) => el("option", {value: String(n), selected: n === table.players}, `${n} players`)));
      players.addEventListener("change", () => {
        table.players = Number(players.value);
        table.active = Math.min(table.active, table.players - 1);
        table.editing = Math.min(table.editing, table.players - 1);
        draw(); redraw(); table.changed();
      });
      const active = el("div", {class: "ra-modes ra-active-seat", role: "radiogroup", "aria-label": "Active seat"},
        el("span", {class: "ra-slot-name"}, "Active:"),
        Array.from({length: table.players}, (_, i) => el("button", {type: "button", class: "ra-active", "data-seat": String(i),
          "aria-pressed": String(i === table.active), onclick: () => { table.active = i; draw(); table.changed(); }}, `Seat ${i}`)));
      const editing = el("div", {class: "ra-modes ra-editing-seat", role: "radiogroup", "aria-label": "Duchy entered"},
        el("span", {class: "ra-slot-name"}, "Duchy of:"),
        Array.from({length: table.players}, (_, i) => el("button", {type: "button", class: "ra-edit", "data-seat": String(i),
          "aria-pressed": String(i === table.editing), onclick: () => { table.editing = i; draw(); redraw(); }}, `Seat ${i}`)));
      box.replaceChildren(el("div", {class: "ra-row"}, players, active), el("div", {class: "ra-row"}, editing));
    }
    draw();
    table.listeners.push(() => draw());
    return box;
  }

  // The ten center stacks: the kind in this game (tap to switch) and the copies the edited seat owns.
  function duchy(table, state) {
    const box = el("div", {class: "ra-duchy"});
    function draw() {
      const seat = table.seats[table.editing];
      box.replaceChildren(el("p", {class: "ra-help"},
        `Seat ${table.editing}'s citizens (its starters are implicit). Tap a name to switch the stack's kind.`),
        ...table.cards.stacks.map((stack, i) => {
          const kind = stack.find((c) => c.id === table.kinds[i]);
          const toggle = el("button", {type: "button", class: "ra-kind", "data-stack": String(i), "data-kind": kind.id,
            disabled: stack.length < 2, title: stack.length > 1 ? `or ${stack.filter((c) => c !== kind).map((c) => table.name(c.name, state.lang)).join(", ")}` : null,
            onclick: () => {
              const next = stack[(stack.indexOf(kind) + 1) % stack.length];
              for (const s of table.seats) { if (s.citizens[kind.id]) { s.citizens[next.id] = s.citizens[kind.id]; delete s.citizens[kind.id]; } }
              table.kinds[i] = next.id; draw(); table.changed();
            }},
            el("strong", {}, table.name(kind.name, state.lang)), stack.length > 1 ? el("span", {class: "ra-swap"}, " ⇄") : null,
            el("span", {class: "ra-kind-meta"}, ` ${table.name(kind.role_name, state.lang)} · ${kind.cost}`));
          return el("div", {class: "ra-stack-row", "data-kind": kind.id},
            el("span", {class: "ra-activation", title: "Activation number"}, kind.activation.join("/")), toggle,
            numberStepper(seat.citizens[kind.id] || 0, (v) => { seat.citizens[kind.id] = v; table.changed(); },
                    `Copies of ${kind.id} owned by seat ${table.editing}`, "ra-copies"));
        }));
    }
    draw();
    return {node: box, draw};
  }

  function rollPane(rt, table, state, root) {
    const dice = [null, null];
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const diceBox = el("div", {class: "ra-dice"});
    function drawDice() {
      diceBox.replaceChildren(...[0, 1].map((d) => el("div", {class: "ra-die-row", role: "radiogroup", "aria-label": `Die ${d + 1}`},
        el("span", {class: "ra-slot-name"}, `Die ${d + 1}`),
        [1, 2, 3, 4, 5, 6].map((v) => el("button", {type: "button", class: "ra-die", "data-die": String(d), "data-value": String(v),
          "aria-pressed": String(dice[d] === v), onclick: () => { dice[d] = v; drawDice(); check(); }}, String(v))))));
    }
    const seatDuchy = duchy(table, state);
    function check() {
      if (dice[0] === null || dice[1] === null) {
        out.replaceChildren(el("p", {class: "ra-help"}, "Tap the two dice as they lie after any changes (the announced roll)."));
        delete out.dataset.status;
        return;
      }
      try {
        const result = rt.call("valeria_harvest", {dice, seats: table.json(), active: table.active, lang: state.lang});
        drawHarvest(result);
      } catch (error) { showError(out, error); }
    }
    async function drawHarvest(result) {
      out.replaceChildren();
      mark(out, result);
      if (result.status !== "ok") {
        out.append(verdictBadge(result.status), el("p", {class: "ra-error"}, result.error));
        return;
      }
      const [a, b] = result.dice;
      out.append(verdictBadge("ok", `Roll ${a} and ${b}: activation values ${result.values.join(", ")}`));
      if (result.doubles) out.append(el("p", {class: "ra-message"}, "Doubles: a card matching the dice activates once per die, a card matching the sum once."));
      for (const seat of result.seats) {
        const items = seat.cards.map((c) => el("li", {"data-card": c.card, "data-times": String(c.times)},
          el("strong", {}, `${table.name(c.name, state.lang)} ×${c.times}`),
          ` (${c.starter ? "starter" : c.copies + (c.copies === 1 ? " copy" : " copies")}, activation ${c.activation.join("/")}): `,
          table.name(c.effect, state.lang), c.thief_first ? " — resolved first, before everyone else" : ""));
        if (seat.herald) items.push(el("li", {"data-card": "herald", "data-times": String(seat.herald)},
          el("strong", {}, `Herald ×${seat.herald}`), seat.cards.length ? " (doubles)" : (seat.herald > 1 ? " (no card activated, and doubles)" : " (no card activated)"),
          ": one resource of the seat's choice"));
        const summary = [];
        if (seat.gains_text) summary.push(`gains ${table.name(seat.gains_text, state.lang)}`);
        const choices = seat.choices.reduce((n, c) => n + c.times, 0);
        if (choices) summary.push(`${choices} choice${choices > 1 ? "s" : ""} to make (${seat.choices.map((c) => table.name(c.name, state.lang)).join(", ")})`);
        out.append(el("div", {class: "ra-seat-result", "data-seat": String(seat.seat)},
          el("p", {class: "ra-seat-head"}, el("strong", {}, `Seat ${seat.seat}`),
             seat.active ? " · active: left effects" : " · not active: right effects"),
          items.length ? el("ul", {class: "ra-lines"}, items) : el("p", {class: "ra-help"}, "Nothing activates."),
          summary.length ? el("p", {class: "ra-help"}, summary.join("; ")) : null));
      }
      await drawRules(out, result.rules, state.lang, root);
    }
    table.listeners.push(check);
    drawDice();
    const node = el("div", {class: "ra-pane ra-pane-roll"},
      el("p", {class: "ra-help"}, "Enter the roll and each seat's citizens: the engine of this library says what activates, for whom, how often."),
      diceBox, seatBar(table, state, () => seatDuchy.draw()), seatDuchy.node, out);
    check();
    return {node, rerun: () => { seatDuchy.draw(); check(); }};
  }

  function paymentPane(rt, table, state, root) {
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    let cost = "recruit";
    const pay = {gold: 0, strength: 0, magic: 0};
    const has = {gold: 0, strength: 0, magic: 0};
    const costButtons = el("div", {class: "ra-modes ra-costs", role: "radiogroup", "aria-label": "What is paid for"});
    const card = el("select", {class: "ra-pay-card", "aria-label": "The card paid for"});
    const payBox = el("div", {class: "ra-pay"});
    const hasToggle = el("input", {type: "checkbox", class: "ra-has-toggle"});
    const hasBox = el("div", {class: "ra-pay ra-has", hidden: true});
    const domainsBox = el("details", {class: "ra-domains"});
    const go = el("button", {type: "button", class: "ra-go ra-pay-go"}, "Does it cover the cost?");

    function drawCosts() {
      costButtons.replaceChildren(...[["recruit", "Recruit a citizen"], ["slay", "Slay a monster"], ["build", "Build a domain"]]
        .map(([k, text]) => el("button", {type: "button", class: "ra-cost", "data-cost": k, "aria-pressed": String(k === cost),
                                           onclick: () => { cost = k; pay.gold = pay.strength = pay.magic = 0; drawCosts(); drawCards(); drawPay(); check(); }}, text)));
    }
    function drawCards() {
      const lang = state.lang;
      const was = card.value;
      if (cost === "recruit") {
        card.replaceChildren(...table.cards.stacks.flat().map((c) => el("option", {value: c.id},
          `${table.name(c.name, lang)} (${c.activation.join("/")}, base cost ${c.cost})`)));
      } else if (cost === "slay") {
        const areas = [];
        for (const m of table.cards.monsters) if (!areas.includes(m.area)) areas.push(m.area);
        card.replaceChildren(...areas.map((a) => {
          const ms = table.cards.monsters.filter((m) => m.area === a);
          return el("optgroup", {label: table.name(ms[0].area_name, lang)}, ms.map((m) => el("option", {value: m.id},
            `${table.name(m.name, lang)} (${m.strength} strength${m.magic ? " + " + m.magic + " magic" : ""})`)));
        }));
      } else {
        card.replaceChildren(...table.cards.domains.map((d) => el("option", {value: d.id},
          `${table.name(d.name, lang)} (${d.cost} gold; ${d.role_names.map((r) => table.name(r, lang)).join(", ")})`)));
      }
      if ([...card.options].some((o) => o.value === was)) card.value = was;
    }
    function drawPay() {
      const first = cost === "slay" ? ["strength", "magic", "gold"] : ["gold", "magic", "strength"];
      payBox.replaceChildren(el("span", {class: "ra-slot-name"}, "Paid:"), ...first.map((r) => el("label", {class: "ra-res ra-res-" + r},
        el("span", {}, r), numberStepper(pay[r], (v) => { pay[r] = v; check(); }, `Paid ${r}`, "ra-pay-" + r))));
      hasBox.replaceChildren(el("span", {class: "ra-slot-name"}, `Seat ${table.active} has:`), ...first.map((r) => el("label", {class: "ra-res ra-res-" + r},
        el("span", {}, r), numberStepper(has[r], (v) => { has[r] = v; check(); }, `Seat has ${r}`, "ra-has-" + r))));
    }
    function drawDomains() {
      const seat = table.seats[table.active];
      domainsBox.replaceChildren(el("summary", {}, `Domains seat ${table.active} has built (${seat.domains.length}): they can change a price`),
        el("div", {class: "ra-chips"}, table.cards.domains.map((d) => el("button", {type: "button", class: "ra-chip", "data-domain": d.id,
          "aria-pressed": String(seat.domains.includes(d.id)), onclick: () => {
            const i = seat.domains.indexOf(d.id);
            if (i >= 0) seat.domains.splice(i, 1); else seat.domains.push(d.id);
            drawDomains(); check();
          }}, table.name(d.name, state.lang)))));
    }
    function check() {
      try {
        const args = {cost, card: card.value, pay: Object.fromEntries(Object.entries(pay).filter(([k, v]) => v !== 0 || k === "magic" || k === (cost === "slay" ? "strength" : "gold"))),
                      seats: table.json(), active: table.active, lang: state.lang};
        if (hasToggle.checked) args.has = {...has};
        drawPayment(rt.call("valeria_payment", args));
      } catch (error) { showError(out, error); }
    }
    async function drawPayment(result) {
      out.replaceChildren();
      mark(out, result);
      if (result.status === "malformed" || result.status === "internal") {
        out.append(verdictBadge(result.status), el("p", {class: "ra-error"}, result.error));
        return;
      }
      const words = {legal: "Legal: the payment covers the cost", illegal: "Illegal: the payment does not cover the cost"};
      out.append(verdictBadge(result.status, words[result.status]));
      const price = Object.entries(result.price).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(" + ") || "0";
      const d = result.detail;
      let why = "";
      if (result.cost === "recruit") why = d.ignores_plus ? ` (base ${d.base}; Emerald Stronghold ignores the +)` : ` (base ${d.base} + ${d.owned} of the name owned, starters included)`;
      if (result.cost === "build" && !d.roles_met) why = " (the role icons are not met)";
      out.append(el("p", {class: "ra-message ra-price"}, `${table.name(result.name, state.lang)}: price ${price}${why}; paid `,
        Object.entries(result.paid).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(" + ") || "nothing", "."));
      if (result.message) out.append(el("p", {class: "ra-message"}, result.message));
      if (result.explanation.length) out.append(el("ul", {class: "ra-lines"}, result.explanation.map((line) => el("li", {}, line.trim()))));
      await drawRules(out, result.rules, state.lang, root);
    }
    card.addEventListener("change", check);
    hasToggle.addEventListener("change", () => { hasBox.hidden = !hasToggle.checked; check(); });
    go.addEventListener("click", check);
    table.listeners.push(() => { drawPay(); drawDomains(); check(); });
    drawCosts(); drawCards(); drawPay(); drawDomains();
    const node = el("div", {class: "ra-pane ra-pane-payment"},
      el("p", {class: "ra-help"}, "Pick what is paid for and enter the payment: the engine checks it in the active seat's Action phase. " +
         "The price counts the active seat's citizens and domains (entered under A roll)."),
      costButtons, el("div", {class: "ra-row"}, card), payBox,
      el("label", {class: "ra-unknown-label"}, hasToggle, " Enter what the seat has (otherwise it has exactly what it pays)"), hasBox,
      domainsBox, el("div", {class: "ra-row"}, go), out);
    check();
    return {node, rerun: () => { drawCards(); drawDomains(); check(); }};
  }

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
