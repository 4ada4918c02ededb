// Valeria's panes of the rulebook's Adjudicate panel: a roll and a payment (docs/decisions/0022, 0025).
//
// Loaded by the generic panel (rules/web/static/adjudicator.js) for Valeria; it calls this game's panel
// functions (rules/valeria/panel.py: cards, harvest, payment) and draws what they return. No rule is
// restated here; this file only turns taps into the arguments of those calls.
(function () {
  "use strict";

  const {definePanel, el, verdictBadge, startAnswer, drawRules, showError} = window.rulesAdjudicator;

  // The table both Valeria panes share: the seats, the active seat, each seat's citizens by kind and
  // domains built, and the kind of each center stack (a game has one kind per stack). Only data: the
  // engine (rules/valeria/panel.py: harvest, payment) judges it.
  function valeriaTable(ctx) {
    const cards = ctx.call("cards");
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
        table.cards.seats.map((n) => el("option", {value: String(n), selected: n === table.players}, `${n} players`)));
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

  function rollPane(ctx, table) {
    const {state, root} = ctx;
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
        const result = ctx.call("harvest", {dice, seats: table.json(), active: table.active, lang: state.lang});
        drawHarvest(result);
      } catch (error) { showError(out, error); }
    }
    async function drawHarvest(result) {
      if (!startAnswer(out, result, ["ok"])) return;
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

  function paymentPane(ctx, table) {
    const {state, root} = ctx;
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
        drawPayment(ctx.call("payment", args));
      } catch (error) { showError(out, error); }
    }
    async function drawPayment(result) {
      if (!startAnswer(out, result, ["legal", "illegal"])) return;
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

  definePanel({
    panes(ctx) {
      const table = valeriaTable(ctx);
      return [["roll", "A roll", () => rollPane(ctx, table)], ["payment", "A payment", () => paymentPane(ctx, table)]];
    },
    // the harvest's modules are ready before the first roll is entered (decision 0022)
    warm: [["harvest", {dice: [1, 1], seats: [{}, {}]}]],
  });
})();
