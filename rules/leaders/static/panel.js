// Leaders' pane of the rulebook's Adjudicate panel: the board (docs/decisions/0017, 0025).
//
// Loaded by the generic panel (rules/web/static/adjudicator.js) for Leaders; it calls this game's panel
// functions (rules/leaders/panel.py: characters, tap_action, action, wins) in the engine's worker and
// draws what they return. No rule is restated here; this file only turns taps into the arguments of
// those calls. Its words are the game's panel labels (static/panel.toml) in the reader's language, and
// "Is it legal?" sits under the board, beside the verdict it draws (decision 0032).
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

  // A piece's name on the board: up to two lines, each squeezed to the piece's width when it is long
  // (the board is ~330 px wide on a phone: a name must stay whole and readable, not cut to 3 letters).
  function pieceLabel(name, x, y) {
    const words = name.split(/\s+/);
    const lines = words.length > 1 && name.length > 8 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "),
                                                          words.slice(Math.ceil(words.length / 2)).join(" ")] : [name];
    const width = SIZE * 1.5;
    return lines.map((line, i) => {
      const attrs = {x, y: y + 3.2 + (i - (lines.length - 1) / 2) * 8.4, class: "ra-piece-label", text: line};
      if (line.length * 4.6 > width) Object.assign(attrs, {textLength: String(width), lengthAdjust: "spacingAndGlyphs"});
      return svg("text", attrs);
    });
  }

  async function boardPane(ctx) {
    const {state, root, words} = ctx;
    const characters = (await ctx.call("characters")).characters;
    const nameOf = (key) => { const c = characters.find((x) => x.key === key); return c ? (c.name[state.lang] || c.name.en) : key; };
    let pieces = START.map((p) => ({...p}));
    let mode = "act";
    let acting = null;
    let taps = [];
    const out = el("div", {class: "ra-result", "aria-live": "polite"});
    const owners = [el("option", {value: "0"}), el("option", {value: "1"})];
    const owner = el("select", {class: "ra-owner"}, owners);
    const characterOptions = characters.map((c) => el("option", {value: c.key}));
    const character = el("select", {class: "ra-character"}, characterOptions);
    const movers = [el("option", {value: "0"}), el("option", {value: "1"})];
    const toMove = el("select", {class: "ra-to-move"}, movers);
    const ability = el("select", {class: "ra-ability", "aria-label": "What the acting piece does"});
    const pull = el("input", {type: "checkbox", class: "ra-pull"});
    const pullText = el("span", {});
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
      const was = ability.value;
      ability.replaceChildren(el("option", {value: "move"}, words("move")));
      const known = acting && characters.find((c) => c.key === acting.character);
      if (known && known.klass === "active") {
        ability.append(el("option", {value: acting.character}, words("ability", {name: nameOf(acting.character)})));
      }
      if ([...ability.options].some((o) => o.value === was)) ability.value = was;
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

    async function action() {
      if (!acting) return null;
      return (await ctx.call("tap_action", {seat: Number(toMove.value), piece: acting.cell, ability: ability.value,
                                            cells: taps, pull: pull.checked})).action;
    }

    async function draw() {
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
                            "aria-label": words("cell", {q: cell[0], r: cell[1]}) +
                                          (p ? `: ${words("piece_of", {name: nameOf(p.character), n: p.owner})}` : ""),
                            onclick: () => tap(cell),
                            onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tap(cell); } }},
          svg("polygon", {points: corners.join(" ")}),
          svg("text", {x: x, y: y + SIZE * (p ? 0.84 : 0.2), class: "ra-coord" + (p ? " ra-coord-small" : ""),
                       text: `${cell[0]},${cell[1]}`}));
        if (p) {
          g.append(svg("rect", {x: x - SIZE * 0.8, y: y - SIZE * 0.58, width: SIZE * 1.6, height: SIZE * 1.06, rx: SIZE * 0.3,
                                class: `ra-piece ra-seat${p.owner}`}),
                   ...pieceLabel(nameOf(p.character), x, y - SIZE * 0.05));
        }
        if (tapIndex[key(cell)]) g.append(svg("text", {x: x + SIZE * 0.45, y: y - SIZE * 0.45, class: "ra-tap-no", text: tapIndex[key(cell)].join(",")}));
        board.append(g);
      }
      legend.replaceChildren(...[0, 1].map((seat) => el("p", {class: `ra-legend-seat${seat}`},
        words("legend_seat", {n: seat}), pieces.filter((p) => p.owner === seat)
          .map((p) => `${nameOf(p.character)} ${p.cell[0]},${p.cell[1]}`).join(" · ") || "—")));
      for (const b of modeButtons.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
      placeRow.hidden = mode !== "place";
      actRow.hidden = mode !== "act";
      judgeRow.hidden = mode !== "act";
      const a = await action();
      actionView.textContent = a ? JSON.stringify(a) : (mode === "act" ? words("tap_hint") : "");
    }

    async function judge() {
      const a = await action();
      if (!a) {
        out.replaceChildren(el("p", {class: "ra-help"}, words("tap_first")));
        return;
      }
      try {
        const result = await ctx.call("action", {position: position(), action: a, lang: state.lang});
        await drawRecordVerdict(out, result, state.lang, root, words);
      } catch (error) { showError(out, error, words); }
    }

    async function wins() {
      try {
        const result = await ctx.call("wins", {position: position(), lang: state.lang});
        if (!startAnswer(out, result, ["ok"], words)) return;
        const answer = result.json;
        const headline = answer.status === "win" ? words("win_yes", {n: answer.length})
          : answer.status === "no-win" ? words("win_no") : words("win_unknown", {n: answer.depth_completed});
        out.append(verdictBadge(answer.status === "win" ? "legal" : "illegal", headline),
          el("pre", {class: "ra-text"}, result.text));
      } catch (error) { showError(out, error, words); }
    }

    const modes = [["place", "mode_place"], ["act", "mode_act"]].map(([m, key]) => [key, el("button", {
      type: "button", class: "ra-mode", "data-mode": m, onclick: () => { mode = m; acting = null; taps = []; draw(); }})]);
    modeButtons.append(...modes.map(([, button]) => button));
    const emptyBoard = el("button", {type: "button", class: "ra-clear-board", onclick: () => { pieces = []; acting = null; taps = []; draw(); }});
    const placeRow = el("div", {class: "ra-row"}, owner, character, emptyBoard);
    const undo = el("button", {type: "button", class: "ra-undo", onclick: () => { taps.pop(); draw(); }});
    const actRow = el("div", {class: "ra-row"}, ability, el("label", {class: "ra-pull-label"}, pull, pullText), undo);
    const judgeButton = el("button", {type: "button", class: "ra-go ra-judge", onclick: judge});
    const winsButton = el("button", {type: "button", class: "ra-wins", onclick: wins});
    const actionLine = el("span", {});
    // under the board: the action as tapped, the question and its answer, all within a thumb's reach
    const judgeRow = el("div", {class: "ra-row ra-judge-row"}, el("p", {class: "ra-action-line"}, actionLine, actionView), judgeButton);
    const help = el("p", {class: "ra-help"});
    function relabel() {
      help.textContent = words("board_help");
      owners.forEach((o, i) => { o.textContent = words(`owner_${i}`); });
      movers.forEach((o, i) => { o.textContent = words(`to_move_${i}`); });
      characterOptions.forEach((o) => { o.textContent = nameOf(o.value); });
      owner.setAttribute("aria-label", words("owner"));
      character.setAttribute("aria-label", words("character"));
      for (const [key, button] of modes) button.textContent = words(key);
      emptyBoard.textContent = words("empty");
      pullText.textContent = ` ${words("pull", {name: nameOf("claw-launcher")})}`;
      undo.textContent = words("undo");
      judgeButton.textContent = words("judge");
      winsButton.textContent = words("wins");
      actionLine.textContent = words("action");
      abilities();
    }
    state.relabel.push(relabel);
    relabel();
    ability.addEventListener("change", draw);
    pull.addEventListener("change", draw);
    toMove.addEventListener("change", draw);
    const node = el("div", {class: "ra-pane ra-pane-board"}, help,
      el("div", {class: "ra-row"}, modeButtons, toMove, winsButton),
      placeRow, actRow, el("div", {class: "ra-board-wrap"}, board), legend, judgeRow, out);
    await draw();
    return {node, rerun: async () => { await draw(); if (out.childNodes.length) await judge(); }};
  }

  definePanel({panes: (ctx) => [["board", "tab_board", () => boardPane(ctx)]]});
})();
