// Claim's pane of the rulebook's Adjudicate panel: one disputed follow (docs/decisions/0017, 0025).
//
// Loaded by the generic panel (rules/web/static/adjudicator.js) for the Claim family's games; it calls
// this game's panel functions (rules/claim/panel.py: cards, follow) in the engine's worker and draws what
// they return. No rule is restated here; this file only turns taps into the arguments of those calls. Its
// words are the game's panel labels (static/panel.toml) in the reader's language (decision 0032).
(function () {
  "use strict";

  const {definePanel, el, verdictBadge, startAnswer, drawRules, showError} = window.rulesAdjudicator;

  // The factions the deck picker offers and the ones it starts with: the game's declared "factions"
  // parameter (rules.kernel.parameters, decision 0023) when it declares one, else every faction
  // the engine knows with the base game's checked.
  async function factionChoices(ctx) {
    const declared = await ctx.generic("variant", {game: ctx.game});
    const param = (declared.parameters || []).find((p) => p.name === "factions");
    const known = (await ctx.call("factions", {})).factions || [];
    const all = param && param.values.length ? param.values : known.map((f) => f.faction);
    const start = param && Array.isArray(param.default) ? param.default : known.filter((f) => f.base).map((f) => f.faction);
    return {all, start};
  }

  async function followPane(ctx) {
    const {game, state, root, words} = ctx;
    const combined = game === "claim-combined";
    const chosen = {lead: null, follow: null, revealed: null, hand: []};
    let slot = "lead";
    const choices = combined ? await factionChoices(ctx) : {all: [], start: []};
    const ALL_FACTIONS = choices.all;
    let factions = choices.start.slice();
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const grid = el("div", {class: "ra-cards"});
    const slots = el("div", {class: "ra-slots"});
    const phases = [el("option", {value: "1"}), el("option", {value: "2", selected: true})];
    const phase = el("select", {class: "ra-phase"}, phases);
    const unknown = el("input", {type: "checkbox", class: "ra-unknown"});
    const unknownText = el("span", {});
    const legend = el("legend", {});
    const help = el("p", {class: "ra-help"});
    const deckBox = el("fieldset", {class: "ra-deck", hidden: !combined}, legend,
      ALL_FACTIONS.map((f) => el("label", {class: "ra-faction-pick"},
        el("input", {type: "checkbox", value: f, checked: choices.start.includes(f),
                     onchange: (e) => {
                       factions = ALL_FACTIONS.filter((k) => deckBox.querySelector(`input[value="${k}"]`).checked);
                       drawGrid();
                     }}), " ", el("span", {class: "ra-faction-name", "data-faction": f}, f))));
    let names = {};
    const factionNames = {};
    const factionName = (f) => (factionNames[f] ? factionNames[f][state.lang] || factionNames[f].en : f);

    function variant() {
      return combined ? {players: 2, factions} : null;
    }

    async function drawGrid() {
      const deck = await ctx.call("cards", {variant: variant()});
      grid.replaceChildren();
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
        // one column per value 0-9, so the values of every faction line up; on a phone two rows of five
        // (0-4, 5-9: buttons a thumb can hit, adjudicator.css)
        grid.append(el("div", {class: "ra-card-row"},
          el("span", {class: `ra-faction ra-f-${faction}`}, factionName(faction)),
          el("div", {class: "ra-values"}, cards.map((c) => el("button", {
            type: "button", class: `ra-card ra-f-${faction}`, "data-card": c.card,
            style: `--ra-col: ${c.value + 1}; --ra-col5: ${c.value % 5 + 1}; --ra-row5: ${Math.floor(c.value / 5) + 1}`,
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
        slotButton("lead", words("slot_lead")), slotButton("follow", words("slot_follow")),
        phase.value === "1" ? slotButton("revealed", words("slot_revealed")) : null,
        slotButton("hand", words(unknown.checked ? "slot_hand_known" : "slot_hand")),
      ].filter(Boolean));
      for (const b of grid.querySelectorAll(".ra-card")) {
        const c = b.dataset.card;
        b.classList.toggle("ra-picked", c === chosen.lead || c === chosen.follow || c === chosen.revealed || chosen.hand.includes(c));
      }
    }

    // Each tap asks again; an answer to a question a later tap replaced is not drawn. The box says which
    // question its answer is for (data-asked, data-answered: scripts and tests wait for the last).
    let asked = 0;
    async function check() {
      const question = ++asked;
      out.dataset.asked = String(question);
      if (!chosen.lead || !chosen.follow) {
        out.replaceChildren(el("p", {class: "ra-help"}, words("tap_help")));
        out.dataset.answered = String(question);
        return;
      }
      try {
        const result = await ctx.call("follow", {lead: chosen.lead, follow: chosen.follow, hand: chosen.hand,
          hand_known: !unknown.checked, phase: Number(phase.value), revealed: phase.value === "1" ? chosen.revealed : null,
          variant: variant(), lang: state.lang});
        if (question !== asked) return;
        await drawFollow(result);
      } catch (error) { showError(out, error, words); }
      out.dataset.answered = String(question);
    }

    async function drawFollow(result) {
      if (!startAnswer(out, result, ["legal", "illegal", "depends"], words)) return;
      const badge = {legal: words("legal_follow"), illegal: words("illegal_follow"),
                     depends: words("depends", {lead: label(result.lead)})};
      out.append(verdictBadge(result.status, badge[result.status]));
      result.cases.forEach((c, i) => {
        const head = result.cases.length > 1 ? words(i === 0 ? "case_known" : "case_led") : "";
        if (c.legal) {
          out.append(el("p", {class: "ra-message"}, head,
            el("strong", {}, words(c.takes === "leader" ? "leader_takes" : "follower_takes"))),
            el("ul", {class: "ra-lines"}, c.explanation.map((line) => el("li", {}, line.trim()))));
        } else {
          out.append(el("p", {class: "ra-message"}, head, c.message));
        }
      });
      await drawRules(out, result.rules, state.lang, root, words);
    }

    phase.addEventListener("change", () => { drawSlots(); check(); });
    unknown.addEventListener("change", () => { drawSlots(); check(); });
    const clear = el("button", {type: "button", class: "ra-clear", onclick: () => {
      chosen.lead = chosen.follow = chosen.revealed = null; chosen.hand = []; slot = "lead"; drawSlots(); check();
    }});
    function relabel() {
      phase.setAttribute("aria-label", words("phase"));
      phases[0].textContent = words("phase_1");
      phases[1].textContent = words("phase_2");
      unknownText.textContent = ` ${words("unknown")}`;
      legend.textContent = words("deck");
      help.textContent = words("follow_help");
      clear.textContent = words("clear");
    }
    state.relabel.push(relabel);
    relabel();
    const node = el("div", {class: "ra-pane ra-pane-follow"}, help, deckBox,
      el("div", {class: "ra-row"}, phase, el("label", {class: "ra-unknown-label"}, unknown, unknownText), clear),
      slots, grid, out);
    await drawGrid();
    await check();
    return {node, rerun: async () => { await drawGrid(); await check(); }};
  }

  definePanel({panes: (ctx) => [["follow", "tab_follow", () => followPane(ctx)]]});
})();
