// Leaders' pane of the rulebook's Adjudicate panel: the board (docs/decisions/0017, 0025).
//
// Loaded by the generic panel (rules/web/static/adjudicator.js) for Leaders; it calls this game's panel
// functions (rules/leaders/panel.py: characters, tap_action, action, wins) and draws what they return.
// No rule is restated here; this file only turns taps into the arguments of those calls.
(function () {
  "use strict";

  const {definePanel, el, svg, verdictBadge, startAnswer, drawRecordVerdict, showError} = window.rulesAdjudicator;

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

  function boardPane(ctx) {
    const {state, root} = ctx;
    const characters = ctx.call("characters").characters;
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
      return ctx.call("tap_action", {seat: Number(toMove.value), piece: acting.cell, ability: ability.value,
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
        const result = ctx.call("action", {position: position(), action: a, lang: state.lang});
        drawRecordVerdict(out, result, state.lang, root);
      } catch (error) { showError(out, error); }
    }

    function wins() {
      try {
        const result = ctx.call("wins", {position: position(), lang: state.lang});
        if (!startAnswer(out, result, ["ok"])) return;
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

  definePanel({panes: (ctx) => [["board", "The board", () => boardPane(ctx)]]});
})();
