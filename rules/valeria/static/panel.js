// Valeria's panes of the rulebook's Adjudicate panel: a roll and a payment (docs/decisions/0022, 0025).
//
// Loaded by the generic panel (rules/web/static/adjudicator.js) for Valeria; it calls this game's panel
// functions (rules/valeria/panel.py: cards, harvest, payment) in the engine's worker and draws what they
// return. No rule is restated here; this file only turns taps into the arguments of those calls. Its
// words are the game's panel labels (static/panel.toml) in the reader's language (decision 0032).
(function () {
  "use strict";

  const {definePanel, el, verdictBadge, startAnswer, drawRules, showError} = window.rulesAdjudicator;

  // The table both Valeria panes share: the seats, the active seat, each seat's citizens by kind and
  // domains built, and the kind of each center stack (a game has one kind per stack). Only data: the
  // engine (rules/valeria/panel.py: harvest, payment) judges it.
  async function valeriaTable(ctx) {
    const cards = await ctx.call("cards");
    const table = {cards, players: 2, active: 0, editing: 0, kinds: cards.stacks.map((st) => st[0].id),
                   seats: [0, 1, 2, 3].map(() => ({citizens: {}, domains: []})), listeners: []};
    table.name = (named, lang) => (named ? named[lang] || named.en : "");
    table.json = () => table.seats.slice(0, table.players).map((s) => ({
      citizens: Object.fromEntries(Object.entries(s.citizens).filter(([k, n]) => n !== 0 && table.kinds.includes(k))),
      domains: s.domains.slice()}));
    table.changed = () => { for (const f of table.listeners) f(); };
    return table;
  }

  function numberStepper(value, onchange, label, cls, words) {
    const input = el("input", {type: "number", inputmode: "numeric", min: "0", value: String(value), class: "ra-num",
                               "aria-label": label});
    const set = (v) => { input.value = String(v); onchange(v); };
    input.addEventListener("change", () => {
      const v = input.value.trim() === "" ? 0 : Number(input.value);
      onchange(Number.isFinite(v) ? v : input.value);
    });
    return el("span", {class: "ra-stepper-num " + (cls || "")},
      el("button", {type: "button", class: "ra-minus", "aria-label": words("one_less", {what: label}),
                    onclick: () => set((Number(input.value) || 0) - 1)}, "−"),
      input,
      el("button", {type: "button", class: "ra-plus", "aria-label": words("one_more", {what: label}),
                    onclick: () => set((Number(input.value) || 0) + 1)}, "+"));
  }

  // Players, the active seat and the seat whose duchy is being entered.
  function seatBar(table, state, redraw, words) {
    const box = el("div", {class: "ra-seatbar"});
    function draw() {
      const players = el("select", {class: "ra-players", "aria-label": words("players_label")},
        table.cards.seats.map((n) => el("option", {value: String(n), selected: n === table.players}, words("players", {n}))));
      players.addEventListener("change", () => {
        table.players = Number(players.value);
        table.active = Math.min(table.active, table.players - 1);
        table.editing = Math.min(table.editing, table.players - 1);
        draw(); redraw(); table.changed();
      });
      const active = el("div", {class: "ra-modes ra-active-seat", role: "radiogroup", "aria-label": "Active seat"},
        el("span", {class: "ra-slot-name"}, words("active")),
        Array.from({length: table.players}, (_, i) => el("button", {type: "button", class: "ra-active", "data-seat": String(i),
          "aria-pressed": String(i === table.active), onclick: () => { table.active = i; draw(); table.changed(); }}, words("seat", {n: i}))));
      const editing = el("div", {class: "ra-modes ra-editing-seat", role: "radiogroup", "aria-label": "Duchy entered"},
        el("span", {class: "ra-slot-name"}, words("duchy_of")),
        Array.from({length: table.players}, (_, i) => el("button", {type: "button", class: "ra-edit", "data-seat": String(i),
          "aria-pressed": String(i === table.editing), onclick: () => { table.editing = i; draw(); redraw(); }}, words("seat", {n: i}))));
      box.replaceChildren(el("div", {class: "ra-row"}, players, active), el("div", {class: "ra-row"}, editing));
    }
    draw();
    table.listeners.push(() => draw());
    state.relabel.push(draw);
    return box;
  }

  // The ten center stacks: the kind in this game (tap to switch) and the copies the edited seat owns.
  // Each name stays whole (it wraps on a phone) with its role and cost under it; the activation
  // number sits in a pill wide enough for "11/12".
  function duchy(table, state, words) {
    const box = el("div", {class: "ra-duchy"});
    function draw() {
      const seat = table.seats[table.editing];
      box.replaceChildren(el("p", {class: "ra-help"}, words("duchy_help", {n: table.editing})),
        ...table.cards.stacks.map((stack, i) => {
          const kind = stack.find((c) => c.id === table.kinds[i]);
          const toggle = el("button", {type: "button", class: "ra-kind", "data-stack": String(i), "data-kind": kind.id,
            disabled: stack.length < 2,
            title: stack.length > 1 ? words("or", {names: stack.filter((c) => c !== kind).map((c) => table.name(c.name, state.lang)).join(", ")}) : null,
            onclick: () => {
              const next = stack[(stack.indexOf(kind) + 1) % stack.length];
              for (const s of table.seats) { if (s.citizens[kind.id]) { s.citizens[next.id] = s.citizens[kind.id]; delete s.citizens[kind.id]; } }
              table.kinds[i] = next.id; draw(); table.changed();
            }},
            el("strong", {}, table.name(kind.name, state.lang)), stack.length > 1 ? el("span", {class: "ra-swap"}, " ⇄") : null,
            el("span", {class: "ra-kind-meta"}, `${table.name(kind.role_name, state.lang)} · ${words("amount", {n: kind.cost, resource: words("gold")})}`));
          return el("div", {class: "ra-stack-row", "data-kind": kind.id},
            el("span", {class: "ra-activation" + (kind.activation.join("/").length > 3 ? " ra-activation-long" : ""),
                        title: words("activation_number")}, kind.activation.join("/")), toggle,
            numberStepper(seat.citizens[kind.id] || 0, (v) => { seat.citizens[kind.id] = v; table.changed(); },
                    words("copies_of", {id: kind.id, n: table.editing}), "ra-copies", words));
        }));
    }
    draw();
    state.relabel.push(draw);
    return {node: box, draw};
  }

  async function rollPane(ctx, table) {
    const {state, root, words} = ctx;
    const dice = [null, null];
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const diceBox = el("div", {class: "ra-dice"});
    function drawDice() {
      diceBox.replaceChildren(...[0, 1].map((d) => el("div", {class: "ra-die-row", role: "radiogroup", "aria-label": `Die ${d + 1}`},
        el("span", {class: "ra-slot-name"}, words("die", {n: d + 1})),
        [1, 2, 3, 4, 5, 6].map((v) => el("button", {type: "button", class: "ra-die", "data-die": String(d), "data-value": String(v),
          "aria-pressed": String(dice[d] === v), onclick: () => { dice[d] = v; drawDice(); check(); }}, String(v))))));
    }
    const seatDuchy = duchy(table, state, words);
    async function check() {
      if (dice[0] === null || dice[1] === null) {
        out.replaceChildren(el("p", {class: "ra-help"}, words("dice_help")));
        delete out.dataset.status;
        return;
      }
      try {
        const result = await ctx.call("harvest", {dice, seats: table.json(), active: table.active, lang: state.lang});
        await drawHarvest(result);
      } catch (error) { showError(out, error, words); }
    }
    async function drawHarvest(result) {
      if (!startAnswer(out, result, ["ok"], words)) return;
      const [a, b] = result.dice;
      out.append(verdictBadge("ok", words("roll_values", {a, b, values: result.values.join(", ")})));
      if (result.doubles) out.append(el("p", {class: "ra-message"}, words("doubles")));
      for (const seat of result.seats) {
        const items = seat.cards.map((c) => el("li", {"data-card": c.card, "data-times": String(c.times)},
          el("strong", {}, `${table.name(c.name, state.lang)} ×${c.times}`),
          ` (${c.starter ? words("starter") : words(c.copies === 1 ? "copy" : "copies", {n: c.copies})}, ` +
          `${words("activation", {a: c.activation.join("/")})}): `,
          table.name(c.effect, state.lang), c.thief_first ? words("thief_first") : ""));
        if (seat.herald) items.push(el("li", {"data-card": "herald", "data-times": String(seat.herald)},
          el("strong", {}, words("herald", {n: seat.herald})),
          words(seat.cards.length ? "herald_doubles" : (seat.herald > 1 ? "herald_none_doubles" : "herald_none")),
          words("herald_effect")));
        const summary = [];
        if (seat.gains_text) summary.push(words("gains", {what: table.name(seat.gains_text, state.lang)}));
        const choices = seat.choices.reduce((n, c) => n + c.times, 0);
        if (choices) summary.push(words("choices", {n: choices, names: seat.choices.map((c) => table.name(c.name, state.lang)).join(", ")}));
        out.append(el("div", {class: "ra-seat-result", "data-seat": String(seat.seat)},
          el("p", {class: "ra-seat-head"}, el("strong", {}, words("seat", {n: seat.seat})),
             words(seat.active ? "active_left" : "inactive_right")),
          items.length ? el("ul", {class: "ra-lines"}, items) : el("p", {class: "ra-help"}, words("nothing")),
          summary.length ? el("p", {class: "ra-help"}, summary.join("; ")) : null));
      }
      await drawRules(out, result.rules, state.lang, root, words);
    }
    table.listeners.push(check);
    drawDice();
    const help = el("p", {class: "ra-help"}, words("roll_help"));
    state.relabel.push(() => { help.textContent = words("roll_help"); drawDice(); });
    const node = el("div", {class: "ra-pane ra-pane-roll"},
      help, diceBox, seatBar(table, state, () => seatDuchy.draw(), words), seatDuchy.node, out);
    await check();
    return {node, rerun: async () => { seatDuchy.draw(); await check(); }};
  }

  async function paymentPane(ctx, table) {
    const {state, root, words} = ctx;
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    let cost = "recruit";
    const pay = {gold: 0, strength: 0, magic: 0};
    const has = {gold: 0, strength: 0, magic: 0};
    const costButtons = el("div", {class: "ra-modes ra-costs", role: "radiogroup", "aria-label": words("what_paid")});
    const card = el("select", {class: "ra-pay-card", "aria-label": words("card_paid")});
    const payBox = el("div", {class: "ra-pay"});
    const hasToggle = el("input", {type: "checkbox", class: "ra-has-toggle"});
    const hasBox = el("div", {class: "ra-pay ra-has", hidden: true});
    const domainsBox = el("details", {class: "ra-domains"});
    const go = el("button", {type: "button", class: "ra-go ra-pay-go"});
    const amount = (n, r) => words("amount", {n, resource: words(r)});

    function drawCosts() {
      costButtons.replaceChildren(...["recruit", "slay", "build"]
        .map((k) => el("button", {type: "button", class: "ra-cost", "data-cost": k, "aria-pressed": String(k === cost),
                                  onclick: () => { cost = k; pay.gold = pay.strength = pay.magic = 0; drawCosts(); drawCards(); drawPay(); check(); }},
                       words(`cost_${k}`))));
    }
    function drawCards() {
      const lang = state.lang;
      const was = card.value;
      if (cost === "recruit") {
        card.replaceChildren(...table.cards.stacks.flat().map((c) => el("option", {value: c.id},
          words("recruit_option", {name: table.name(c.name, lang), activation: c.activation.join("/"), cost: c.cost}))));
      } else if (cost === "slay") {
        const areas = [];
        for (const m of table.cards.monsters) if (!areas.includes(m.area)) areas.push(m.area);
        card.replaceChildren(...areas.map((a) => {
          const ms = table.cards.monsters.filter((m) => m.area === a);
          return el("optgroup", {label: table.name(ms[0].area_name, lang)}, ms.map((m) => el("option", {value: m.id},
            words(m.magic ? "slay_option_magic" : "slay_option", {name: table.name(m.name, lang), strength: m.strength, magic: m.magic}))));
        }));
      } else {
        card.replaceChildren(...table.cards.domains.map((d) => el("option", {value: d.id},
          words("build_option", {name: table.name(d.name, lang), cost: d.cost, roles: d.role_names.map((r) => table.name(r, lang)).join(", ")}))));
      }
      if ([...card.options].some((o) => o.value === was)) card.value = was;
    }
    function drawPay() {
      const first = cost === "slay" ? ["strength", "magic", "gold"] : ["gold", "magic", "strength"];
      payBox.replaceChildren(el("span", {class: "ra-slot-name"}, words("paid")), ...first.map((r) => el("label", {class: "ra-res ra-res-" + r},
        el("span", {}, words(r)), numberStepper(pay[r], (v) => { pay[r] = v; check(); }, words("paid_of", {resource: words(r)}), "ra-pay-" + r, words))));
      hasBox.replaceChildren(el("span", {class: "ra-slot-name"}, words("seat_has", {n: table.active})), ...first.map((r) => el("label", {class: "ra-res ra-res-" + r},
        el("span", {}, words(r)), numberStepper(has[r], (v) => { has[r] = v; check(); }, words("has_of", {resource: words(r)}), "ra-has-" + r, words))));
    }
    function drawDomains() {
      const seat = table.seats[table.active];
      domainsBox.replaceChildren(el("summary", {}, words("domains", {n: table.active, k: seat.domains.length})),
        el("div", {class: "ra-chips"}, table.cards.domains.map((d) => el("button", {type: "button", class: "ra-chip", "data-domain": d.id,
          "aria-pressed": String(seat.domains.includes(d.id)), onclick: () => {
            const i = seat.domains.indexOf(d.id);
            if (i >= 0) seat.domains.splice(i, 1); else seat.domains.push(d.id);
            drawDomains(); check();
          }}, table.name(d.name, state.lang)))));
    }
    async function check() {
      try {
        const args = {cost, card: card.value, pay: Object.fromEntries(Object.entries(pay).filter(([k, v]) => v !== 0 || k === "magic" || k === (cost === "slay" ? "strength" : "gold"))),
                      seats: table.json(), active: table.active, lang: state.lang};
        if (hasToggle.checked) args.has = {...has};
        await drawPayment(await ctx.call("payment", args));
      } catch (error) { showError(out, error, words); }
    }
    async function drawPayment(result) {
      if (!startAnswer(out, result, ["legal", "illegal"], words)) return;
      out.append(verdictBadge(result.status, words(result.status === "legal" ? "pay_legal" : "pay_illegal")));
      const listed = (amounts) => Object.entries(amounts).filter(([, n]) => n).map(([r, n]) => amount(n, r)).join(" + ");
      const d = result.detail;
      let why = "";
      if (result.cost === "recruit") why = d.ignores_plus ? words("why_ignores", {base: d.base}) : words("why_owned", {base: d.base, owned: d.owned});
      if (result.cost === "build" && !d.roles_met) why = words("why_roles");
      out.append(el("p", {class: "ra-message ra-price"}, words("price", {name: table.name(result.name, state.lang),
        price: listed(result.price) || "0", why, paid: listed(result.paid) || words("paid_nothing")})));
      if (result.message) out.append(el("p", {class: "ra-message"}, result.message));
      if (result.explanation.length) out.append(el("ul", {class: "ra-lines"}, result.explanation.map((line) => el("li", {}, line.trim()))));
      await drawRules(out, result.rules, state.lang, root, words);
    }
    card.addEventListener("change", check);
    hasToggle.addEventListener("change", () => { hasBox.hidden = !hasToggle.checked; check(); });
    go.addEventListener("click", check);
    table.listeners.push(() => { drawPay(); drawDomains(); check(); });
    const help = el("p", {class: "ra-help"});
    const hasText = el("span", {});
    function relabel() {
      help.textContent = words("payment_help");
      hasText.textContent = ` ${words("has_toggle")}`;
      go.textContent = words("pay_go");
      drawCosts(); drawCards(); drawPay(); drawDomains();
    }
    state.relabel.push(relabel);
    relabel();
    const node = el("div", {class: "ra-pane ra-pane-payment"}, help,
      costButtons, el("div", {class: "ra-row"}, card), payBox,
      el("label", {class: "ra-unknown-label"}, hasToggle, hasText), hasBox,
      domainsBox, el("div", {class: "ra-row"}, go), out);
    await check();
    return {node, rerun: async () => { drawCards(); drawDomains(); await check(); }};
  }

  definePanel({
    async panes(ctx) {
      const table = await valeriaTable(ctx);
      return [["roll", "tab_roll", () => rollPane(ctx, table)], ["payment", "tab_payment", () => paymentPane(ctx, table)]];
    },
    // the harvest's modules are ready before the first roll is entered (decision 0022)
    warm: [["harvest", {dice: [1, 1], seats: [{}, {}]}]],
  });
})();
