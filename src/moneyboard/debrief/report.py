"""The debrief as one self-contained HTML page: no scripts, no files beside it.

The page has the summary, one chart per metric (inline SVG), the turning points, an optional
what-if, and the timeline as a table (the charts' numbers, for a screen reader or a
spreadsheet). Type is large and contrast high, for a projector.
"""

from __future__ import annotations

from html import escape

from moneyboard.debrief.charts import NARROW, number, when_shown
from moneyboard.debrief.debrief import (
    Debrief,
    charts_svg,
    is_share,
    nothing_clear,
    setback_sentence,
)
from moneyboard.debrief.timeline import Setback
from moneyboard.debrief.turning_points import badge
from moneyboard.debrief.what_if import WhatIf, how_played
from moneyboard.debrief.words import share_percent, times

STYLE = """
body { font-family: system-ui, sans-serif; font-size: 1.25rem; line-height: 1.5;
       color: #111; background: #fff; margin: 0 auto; max-width: 70rem; padding: 1rem 2rem; }
h1 { font-size: 2.2rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.7rem; margin-top: 2.5rem; border-bottom: 3px solid #0072B2; }
.charts { display: grid; gap: 1.5rem;
          grid-template-columns: repeat(auto-fit, minmax(min(28rem, 100%), 1fr)); }
.wide { overflow-x: auto; max-width: 100%; }
@media (max-width: 40rem) { body { padding: 0.5rem; font-size: 1.05rem; } }
.narrow-chart { display: none; }
@media (max-width: 40rem) { .wide-chart { display: none; } .narrow-chart { display: block; } }
figure { margin: 0; }
figure svg { width: 100%; height: auto; border: 1px solid #ccc; }
.points li { margin-bottom: 1rem; }
.good { border-left: 0.5rem solid #009E73; padding-left: 0.8rem; list-style: none; }
.costly { border-left: 0.5rem solid #D55E00; padding-left: 0.8rem; list-style: none; }
.tag { font-weight: bold; }
table { border-collapse: collapse; font-size: 1rem; }
th, td { border: 1px solid #999; padding: 0.2rem 0.6rem; text-align: right; }
th { background: #eef; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.4rem; }
.note { color: #333; font-size: 1rem; }
"""


def report_html(debrief: Debrief, what_ifs: list[WhatIf] | None = None) -> str:
    """The whole report page as HTML text."""
    title = f"Debrief: {debrief.title}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="note">Players: {escape(", ".join(debrief.seats))}.</p>',
        '<section aria-labelledby="summary"><h2 id="summary">Summary</h2><ul>',
        *(f"<li>{escape(line)}</li>" for line in debrief.summary),
        "</ul></section>",
        '<section aria-labelledby="charts"><h2 id="charts">Over time</h2>',
        '<div class="charts">',
    ]
    narrow = charts_svg(debrief, NARROW)  # shown instead on a phone (see STYLE)
    for metric, svg in charts_svg(debrief).items():
        parts.append(
            f'<figure aria-label="{escape(debrief.labels[metric])}">'
            f'<div class="wide-chart">{svg}</div>'
            f'<div class="narrow-chart">{narrow[metric]}</div></figure>'
        )
    parts += ["</div></section>", *_points(debrief)]
    for w in what_ifs or []:
        parts += _what_if(w)
    parts += [*_table(debrief), "</main>", "</body>", "</html>", ""]
    return "\n".join(parts)


def _points(debrief: Debrief) -> list[str]:
    out = [
        '<section aria-labelledby="points"><h2 id="points">The decisions that mattered</h2>',
        '<p class="note">Each choice is compared with the best other choice by playing the '
        "game on from that moment many times with new dice and cards (the other moves at "
        "random), then comparing how the player ended. Entry numbers say where a move is in "
        "the record, for a what-if.</p>",
    ]
    if not debrief.turning_points:
        said = nothing_clear(debrief.measured, debrief.decisions, debrief.moves)
        out.append(f"<p>{escape(said)}</p></section>")
        return out
    out.append('<ol class="points">')
    for p in debrief.turning_points:
        kind = "good" if p.good_call else "costly"
        out.append(
            f'<li class="{kind}"><span class="tag">{escape(badge(p))}</span> (entry {p.entry}): '
            f"{escape(p.sentence)}</li>"
        )
    out.append("</ol></section>")
    return out


def _cell(value: float) -> str:
    """A figure in a table: at most two decimals."""
    return number(round(value, 2))


def _who_and_how(w: WhatIf) -> str:
    """Each seat and how it played on, in words: "Ana at random, Saver as a saver bot"."""
    return ", ".join(
        f"{name} {how_played(kind)}" for name, kind in zip(w.actual_names, w.players, strict=True)
    )


def _what_if(w: WhatIf) -> list[str]:
    """A what-if's sentence and its table, each seat's score in the game's words (as the
    what-if writes it for the pages too)."""
    out = [
        f'<section aria-labelledby="what-if-{w.entry}">',
        f'<h2 id="what-if-{w.entry}">What if (entry {w.entry})</h2>',
        f"<p>{escape(w.sentence)}</p>",
        f'<div class="wide" tabindex="0" role="region" aria-label="What if, entry {w.entry}">',
        "<table>",
        f"<caption>Played on {times(w.games)}: {escape(_who_and_how(w))}</caption>",
        '<tr><th scope="col">Player</th><th scope="col">Real game: score</th>'
        '<th scope="col">Real choice: score (middle 80%)</th>'
        '<th scope="col">Alternative: score (middle 80%)</th>'
        '<th scope="col">Real choice: wins</th><th scope="col">Alternative: wins</th></tr>',
    ]
    for mine, other in zip(w.chosen_results, w.alternative_results, strict=True):
        out.append(
            f'<tr><th scope="row">{escape(mine.name)}</th>'
            f"<td>{escape(w.actual_texts[mine.seat])}</td>"
            f"<td>{escape(mine.score_text)}</td><td>{escape(other.score_text)}</td>"
            f"<td>{round(100 * mine.wins)}%</td><td>{round(100 * other.wins)}%</td></tr>"
        )
    out.append("</table></div></section>")
    return out


def _table(debrief: Debrief) -> list[str]:
    """The timeline as a table: a row per round and player, a column per metric; the start
    as "Start"; a player who left the game has a row saying so where their figures stop."""
    period = debrief.period
    out = [
        '<section aria-labelledby="numbers"><h2 id="numbers">The numbers</h2>',
        f"<details><summary>Every player's figures {when_shown(debrief.rounds(), period)}"
        "</summary>",
        '<div class="wide" tabindex="0" role="region" aria-label="Timeline">',
        "<table><caption>Timeline</caption><tr>",
        f'<th scope="col">{escape(period.capitalize())}</th><th scope="col">Player</th>',
        *(f'<th scope="col">{escape(debrief.labels[m])}</th>' for m in debrief.metrics),
        "</tr>",
    ]
    gone = [s for s in debrief.setbacks if s.left is not None]
    rows = debrief.timeline
    for i, row in enumerate(rows):
        cells = "".join(
            f"<td>{share_percent(row.values[m]) if is_share(debrief, m) else _cell(row.values[m])}"
            "</td>"
            for m in debrief.metrics
        )
        out.append(
            f"<tr><td>{'Start' if row.round == 0 else row.round}</td>"
            f'<th scope="row">{escape(debrief.seats[row.seat])}</th>{cells}</tr>'
        )
        last_of_round = i + 1 == len(rows) or rows[i + 1].round != row.round
        if last_of_round:  # who left in this round (or, at the very end, any not yet said)
            said = [s for s in gone if s.left == row.round or (i + 1 == len(rows))]
            gone = [s for s in gone if s not in said]
            out.extend(_gone_row(debrief, s) for s in said)
    out.append("</table></div></details></section>")
    return out


def _gone_row(debrief: Debrief, setback: Setback) -> str:
    """A table row saying that a player went bankrupt or left the game, in that round."""
    name = debrief.seats[setback.seat]
    said = setback_sentence(setback, name, debrief.period)
    return (
        f'<tr><td>{setback.left}</td><th scope="row">{escape(name)}</th>'
        f'<td colspan="{len(debrief.metrics)}">{escape(said)}</td></tr>'
    )
