"""A study's summary as a table, as CSV and as a plot (issue 21 §2)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from rules.kernel.study import Interval, Summary


def _pct(interval: Interval) -> str:
    if interval.share is None:
        return "-"
    return f"{100 * interval.share:.1f}% [{100 * interval.low:.1f}, {100 * interval.high:.1f}]"


def table(summary: Summary) -> str:
    """The text ``rules study`` prints: variant and policies, wins per seat with 95% Wilson
    intervals, the first seat's share of decisive games, lengths and what decided the games."""
    s = summary
    lines = [f"{s.games} games of {s.game}, variant {json.dumps(s.variant)}, policies {','.join(s.policies)}, "
             f"seed {s.seed}",
             *(["variants dealt: " + ", ".join(f"{json.dumps(v['variant'])} {v['games']}" for v in s.variants)]
               if len(s.variants) > 1 else []),
             "seat  wins  share of finished games [95% Wilson]"]
    lines += [f"{seat:>4}  {w:>4}  {_pct(share)}" for seat, (w, share) in enumerate(zip(s.wins, s.win_shares))]
    automata = "".join(f", won by {name}: {n}" for name, n in s.automata)
    lines.append(f"ties {s.ties}, no winner {s.no_winner}{automata}, unfinished {s.unfinished}")
    lines.append(f"first seat wins {s.first_seat.k} of {s.decisive} decisive games: {_pct(s.first_seat)}")
    if s.lengths:
        L = s.lengths
        lines.append(f"length in actions: min {L['min']}, quartiles {L['p25']} / {L['median']} / {L['p75']}, "
                     f"max {L['max']}, mean {L['mean']}")
    lines.append("decided by:")
    lines += [f"  {n:>6}  {rules}" for rules, n in s.decided_by]
    return "\n".join(lines) + "\n"


#: the CSV's columns: one row per (section, key)
CSV_COLUMNS = ("section", "key", "value", "share", "low", "high")


def to_csv(summary: Summary) -> str:
    """One row per figure: the study's parameters, each seat's wins with its interval, the
    first seat's share, the outcome counts, the length distribution and each "decided by" count."""
    s = summary
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    parameters: tuple[tuple[str, object], ...] = (("game", s.game), ("variant", json.dumps(s.variant)),
                                                  ("policies", ",".join(s.policies)), ("seed", s.seed),
                                                  ("games", s.games))
    for key, value in parameters:
        writer.writerow(("study", key, value, "", "", ""))
    for seat, (wins, share) in enumerate(zip(s.wins, s.win_shares)):
        writer.writerow(("wins", f"seat {seat}", wins, share.share, share.low, share.high))
    writer.writerow(("first_seat", "decisive", s.first_seat.k, s.first_seat.share, s.first_seat.low,
                     s.first_seat.high))
    counts = (("decisive", s.decisive), ("ties", s.ties), ("no_winner", s.no_winner), ("unfinished", s.unfinished),
              *s.automata)
    for key, n in counts:
        writer.writerow(("outcomes", key, n, "", "", ""))
    for key, length in s.lengths.items():
        writer.writerow(("length", key, length, "", "", ""))
    for rules, n in s.decided_by:
        writer.writerow(("decided_by", rules, n, "", "", ""))
    return out.getvalue()


def plot(summaries: list[Summary], path: str | Path, seats: bool = True) -> None:
    """Each seat's win share with its 95% interval (unless ``seats`` is false), and the first
    seat's share of decisive games, one group per summary, as an SVG (or any format
    matplotlib infers from ``path``). Needs the optional ``[plot]`` extra."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'tabletop-rules[plot]'") from None
    labels, shares, lows, highs, colours = [], [], [], [], []
    for s in summaries:
        named = [(f"seat {seat}", share) for seat, share in enumerate(s.win_shares) if seats]
        named.append(("first seat", s.first_seat))
        for name, interval in named:
            labels.append(f"{s.game}\n{','.join(s.policies)}\n{name}")
            colours.append("#dd8452" if name == "first seat" else "#4c72b0")
            value = interval.share or 0.0
            shares.append(value)
            lows.append(value - interval.low)
            highs.append(interval.high - value)
    figure, axes = plt.subplots(figsize=(max(4.0, 1.2 * len(labels)), 3.8))
    axes.bar(range(len(labels)), shares, yerr=[lows, highs], capsize=4, color=colours)
    axes.set_xticks(range(len(labels)), labels, fontsize=7)
    axes.set_ylim(0, 1)
    axes.set_ylabel("share (95% Wilson interval)")
    axes.axhline(0.5, color="grey", linewidth=0.5)
    figure.tight_layout()
    figure.savefig(path, metadata={"Date": None} if str(path).endswith(".svg") else None)
    plt.close(figure)
