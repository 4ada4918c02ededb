// Claim's pane of the rulebook's Adjudicate panel: one disputed follow (docs/decisions/0017, 0025).
//
// Loaded by the generic panel (rules/web/static/adjudicator.js) for the Claim family's games; it calls
// this game's panel functions (rules/claim/panel.py: cards, follow) and draws what they return. No rule
// is restated here; this file only turns taps into the arguments of those calls.
(function () {
  "use strict";

  const {definePanel, el, verdictBadge, startAnswer, drawRules, showError} = window.rulesAdjudicator;

  // The factions the deck picker offers and the ones it starts with: the game's declared "factions"
  // parameter (rules.kernel.parameters, decision 0023) when it declares one, else every faction
  // the engine knows with the base game's checked.
  function factionChoices(ctx) {
    const declared = ctx.generic("variant", {game: ctx.game});
    const param = (declared.parameters || []).find((p) => p.name === "factions");
    const known = ctx.call("factions", {}).factions || [];
    const all = param && param.values.length ? param.values : known.map((f) => f.faction);
    const start = param && Array.isArray(param.default) ? param.default : known.filter((f) => f.base).map((f) => f.faction);
    return {all, start};
  }

  function followPane(ctx) {
    const {game, state, root} = ctx;
    const combined = game === "claim-combined";
    const chosen = {lead: null, follow: null, revealed: null, hand: []};
    let slot = "lead";
    const choices = combined ? factionChoices(ctx) : {all: [], start: []};
    const ALL_FACTIONS = choices.all;
    let factions = choices.start.slice();
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const grid = el("div", {class: "ra-cards"});
    const slots = el("div", {class: "ra-slots"});
    const phase = el("select", {class: "ra-phase", "aria-label": "Phase"},
      el("option", {value: "1"}, "Phase 1 (recruiting followers)"), el("option", {value: "2", selected: true}, "Phase 2 (scoring)"));
    const unknown = el("input", {type: "checkbox", class: "ra-unknown"});
    const deckBox = el("fieldset", {class: "ra-deck", hidden: !combined},
      el("legend", {}, "Factions of the deck (one pair and three others)"),
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

    function drawGrid() {
      grid.replaceChildren();
      const deck = ctx.call("cards", {variant: variant()});
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
        const result = ctx.call("follow", {lead: chosen.lead, follow: chosen.follow, hand: chosen.hand,
          hand_known: !unknown.checked, phase: Number(phase.value), revealed: phase.value === "1" ? chosen.revealed : null,
          variant: variant(), lang: state.lang});
        drawFollow(result);
      } catch (error) { showError(out, error); }
    }

    async function drawFollow(result) {
      if (!startAnswer(out, result, ["legal", "illegal", "depends"])) return;
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

  definePanel({panes: (ctx) => [["follow", "A follow", () => followPane(ctx)]]});
})();
