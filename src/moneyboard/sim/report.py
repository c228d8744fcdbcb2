"""The HTML report of a simulation: plots (Matplotlib, inline SVG) and tables in one file.

One self-contained page a trainer or designer can open anywhere, on a laptop or a phone: win
rate per bot and per starting card with 95% intervals, score distributions, game length,
debt over the rounds, the chance outcomes that most often fell in the deciding round, and,
for two rule sets, the differences side by side. With two rule sets every figure is drawn
for each of them (labelled A and B), never for their games pooled: a figure pooled over
two rule sets describes neither.
"""

from __future__ import annotations

import functools
import html
import io
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, ParamSpec

import matplotlib

matplotlib.use("Agg")  # files only, never a window

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter

from moneyboard.debrief.words import share_percent
from moneyboard.sim.display import (
    GameWords,
    comparison_shown,
    deciding_shown,
    html_table,
    rates_shown,
)
from moneyboard.sim.summary import (
    GAME_KEY,
    debt_by_round,
    deciding_cards,
    no_winner_games,
    outcomes_tested,
    seat_rates,
    win_rates,
)
from moneyboard.sim.tables import START_COLUMN

#: Report plots are this size in inches: on a 390-pixel phone the page shows them at about
#: three quarters of their size, so their 11-point type stays readable there, and a laptop
#: shows them larger.
FIGSIZE = (5.0, 3.2)
#: Matplotlib settings for every plot: text kept as text (selectable, and sized by the
#: browser like the page's), type large enough for a phone, the same ids on every run.
PLOT_STYLE: dict[Any, Any] = {"svg.fonttype": "none", "font.size": 11, "svg.hashsalt": "moneyboard"}
#: Legends' type, a little smaller than the rest (10 pixels on a phone, at the least).
LEGEND_SIZE = 10
#: Each rule set's colour (boxes, bars) and line style (lines), so A and B differ without
#: colour too.
SET_COLOURS = {"A": "#4c78a8", "B": "#f58518"}
SET_LINES: dict[str, Literal["-", "--"]] = {"A": "-", "B": "--"}
#: Bots' colours on the debt plot (Okabe-Ito: told apart with colour blindness).
BOT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
#: The longest line of a plot's title (longer ones wrap).
TITLE_CHARS = 36
#: Debt over time is drawn while at least this share of a rule set's games were going.
KEEP_ROUNDS = 0.5

P = ParamSpec("P")

#: The games (or rounds, or cards) of each rule set: ``(name, frame)``, the name "" when
#: only one set was played.
Sets = list[tuple[str, pd.DataFrame]]


def _styled(plot: Callable[P, str]) -> Callable[P, str]:
    """A plot function drawn with :data:`PLOT_STYLE`, whoever calls it."""

    @functools.wraps(plot)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> str:
        with plt.rc_context(PLOT_STYLE):
            return plot(*args, **kwargs)

    return drawn


def _svg(figure: Figure) -> str:
    """A figure as inline SVG (with no XML header), closed afterwards."""
    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _title(axes: Axes, title: str) -> None:
    """A plot's title, over two lines when it is longer than a phone's plot is wide."""
    axes.set_title("\n".join(textwrap.wrap(title, TITLE_CHARS)))


def _colour(name: str) -> str:
    return SET_COLOURS.get(name, SET_COLOURS["A"])


def _set_label(name: str) -> str:
    return f"rule set {name}" if name else ""


def _money_unit(words: GameWords) -> str:
    """The currency in a label: ``$`` or ``units``."""
    return (words.currency[0] or words.currency[1]).strip()


@_styled
def _rate_plot(rates: pd.DataFrame, by: str, title: str) -> str:
    """Horizontal bars of win rate in percent (as the tables give it) with 95% interval
    whiskers."""
    height = max(FIGSIZE[1], 0.35 * len(rates) + 1.2)
    figure, axes = plt.subplots(figsize=(FIGSIZE[0], height))
    labels = [str(x) for x in rates[by]]
    rate = 100 * rates["win_rate"].to_numpy()
    # Whiskers never negative, whatever rounding did to the bounds (matplotlib refuses them).
    errors = [
        np.maximum(0.0, rate - 100 * rates["low"].to_numpy()),
        np.maximum(0.0, 100 * rates["high"].to_numpy() - rate),
    ]
    axes.barh(labels, rate, xerr=errors, color=SET_COLOURS["A"], capsize=3)
    axes.set_xlabel("win rate (ties shared), 95% interval")
    axes.set_xlim(0, 100)
    axes.xaxis.set_major_formatter(PercentFormatter(100, decimals=0))
    _title(axes, title)
    axes.invert_yaxis()
    return _svg(figure)


@_styled
def _rates_side_by_side(sets: Sets) -> str:
    """Win rate per bot under each rule set in one chart: a pair of bars per bot (A, then
    B, told apart by colour and hatching), each with its 95% interval, so a change in who
    wins is read at a glance."""
    rates = [(name, win_rates(games, "bot").set_index("bot")) for name, games in sets]
    bots = sorted({str(b) for _, r in rates for b in r.index})
    height = max(FIGSIZE[1], 0.6 * len(bots) + 1.4)
    figure, axes = plt.subplots(figsize=(FIGSIZE[0], height))
    bar = 0.8 / len(rates)
    for j, (name, found) in enumerate(rates):
        frame = found.reindex(bots)
        rate = 100 * frame["win_rate"].fillna(0.0).to_numpy()
        errors = [
            np.maximum(0.0, rate - 100 * frame["low"].fillna(0.0).to_numpy()),
            np.maximum(0.0, 100 * frame["high"].fillna(0.0).to_numpy() - rate),
        ]
        positions = [i + (j - (len(rates) - 1) / 2) * bar for i in range(len(bots))]
        axes.barh(
            positions,
            rate,
            height=bar * 0.9,
            xerr=errors,
            color=_colour(name),
            hatch="//" if j else None,
            capsize=3,
            label=_set_label(name),
        )
    axes.set_yticks(range(len(bots)), bots)
    axes.set_xlabel("win rate (ties shared), 95% interval")
    axes.set_xlim(0, 100)
    axes.xaxis.set_major_formatter(PercentFormatter(100, decimals=0))
    _title(axes, "Win rate per bot under each rule set")
    axes.invert_yaxis()
    axes.legend(fontsize=LEGEND_SIZE)
    return _svg(figure)


def _legend_of_sets(names: list[str], line: bool) -> list[Patch | Line2D]:
    """Legend entries telling rule sets apart (boxes by colour, lines by style)."""
    if line:
        return [
            Line2D([], [], color="black", linestyle=SET_LINES.get(n, "-"), label=_set_label(n))
            for n in names
        ]
    return [Patch(facecolor=_colour(n), label=_set_label(n)) for n in names]


@_styled
def _score_plot(sets: Sets, words: GameWords) -> str:
    """Final scores per bot: one box per bot and rule set, A and B side by side; a score that
    is a share of expenses in percent, as the debrief writes it."""
    figure, axes = plt.subplots(figsize=FIGSIZE)
    bots = sorted({str(b) for _, games in sets for b in games["bot"].unique()})
    width = 0.8 / len(sets)
    for j, (name, games) in enumerate(sets):
        positions = [i + (j - (len(sets) - 1) / 2) * width for i in range(len(bots))]
        boxes = axes.boxplot(
            [games.loc[games["bot"] == b, "score"] for b in bots],
            positions=positions,
            widths=width * 0.85,
            patch_artist=True,
            manage_ticks=False,
            medianprops={"color": "black"},
            flierprops={"markersize": 3},
        )
        for box in boxes["boxes"]:
            box.set_facecolor(_colour(name))
    axes.set_xticks(range(len(bots)), bots)
    unit = f", {_money_unit(words)}" if words.score_is_money and _money_unit(words) else ""
    axes.set_ylabel(f"{words.score}{unit}")
    if words.score_is_share:  # no share is below 0: a tick there, in the margin, goes bare
        axes.yaxis.set_major_formatter(
            FuncFormatter(lambda v, _: share_percent(v) if v >= 0 else "")
        )
    _title(axes, "Final score per bot")
    if len(sets) > 1:
        axes.legend(handles=_legend_of_sets([n for n, _ in sets], line=False), fontsize=LEGEND_SIZE)
    return _svg(figure)


@_styled
def _length_plot(sets: Sets) -> str:
    """How many decisions the games took: one outline per rule set, on the same bins,
    each labelled with its mean."""
    figure, axes = plt.subplots(figsize=FIGSIZE)
    lengths = [(name, games.drop_duplicates(list(GAME_KEY))["decisions"]) for name, games in sets]
    every = pd.concat([values for _, values in lengths])
    count = min(30, max(5, len(every) // (5 * len(sets))))
    bins = [float(edge) for edge in np.histogram_bin_edges(every, bins=count)]
    for name, values in lengths:
        label = f"{_set_label(name) or 'games'}: mean {values.mean():,.0f}"
        axes.hist(
            values,
            bins=bins,
            histtype="step" if len(sets) > 1 else "stepfilled",
            linestyle=SET_LINES.get(name, "-"),
            linewidth=1.8,
            color=_colour(name),
            label=label,
        )
    axes.set_xlabel("decisions in the game")
    axes.set_ylabel("games")
    _title(axes, "Game length")
    axes.legend(fontsize=LEGEND_SIZE)
    return _svg(figure)


@_styled
def _debt_plot(sets: Sets, words: GameWords) -> str:
    """Mean debt per bot at the end of each round (``debt_by_round``): a colour per bot,
    a line style per rule set."""
    figure, axes = plt.subplots(figsize=(FIGSIZE[0], FIGSIZE[1] + 0.6))
    bots = sorted({str(b) for _, rounds in sets for b in rounds["bot"].unique()})
    for name, rounds in sets:
        debt = debt_by_round(rounds, KEEP_ROUNDS)
        for i, bot in enumerate(bots):
            if bot in debt:
                axes.plot(
                    debt.index,
                    debt[bot],
                    marker=".",
                    color=BOT_COLOURS[i % len(BOT_COLOURS)],
                    linestyle=SET_LINES.get(name, "-"),
                )
    handles: list[Patch | Line2D] = [
        Line2D([], [], color=BOT_COLOURS[i % len(BOT_COLOURS)], label=bot)
        for i, bot in enumerate(bots)
    ]
    if len(sets) > 1:
        handles += _legend_of_sets([n for n, _ in sets], line=True)
    unit = f", {_money_unit(words)}" if _money_unit(words) else ""
    axes.set_xlabel(words.period)
    axes.set_ylabel(f"mean debt{unit}")
    _title(axes, f"Debt at the end of each {words.period}")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.legend(handles=handles, fontsize=LEGEND_SIZE, ncols=2)
    return _svg(figure)


def _debt_note(sets: Sets, period: str) -> str:
    """Where the debt plot stops for each rule set, when it stops before the last round."""
    notes = []
    for name, rounds in sets:
        last_shown = debt_by_round(rounds, KEEP_ROUNDS).index.max()
        last = rounds["round"].max()
        if last_shown < last:
            games = len(rounds[["rules", "seed"]].drop_duplicates())
            whose = f"Rule set {name}: " if name else ""
            notes.append(
                f"{whose}drawn up to {period} {last_shown}, the last {period} at least half of "
                f"the {games:,} games reached (the longest went on to {period} {last}); past "
                "it, a mean of the few games still going would say little."
            )
    return "".join(f"<p>{html.escape(note)}</p>" for note in notes)


@_styled
def _cards_plot(cards: pd.DataFrame, title: str) -> str:
    """Per outcome, the games in which it fell in the deciding round (bar) against those
    its frequency alone would give (tick)."""
    figure, axes = plt.subplots(figsize=(FIGSIZE[0], max(FIGSIZE[1], 0.35 * len(cards) + 1.4)))
    labels = [str(c) for c in cards["card"]]
    axes.barh(labels, cards["games_decided"], color="#f58518", label="fell in the round")
    axes.scatter(
        cards["games_expected"], labels, marker="|", s=200, color="black", label="by chance"
    )
    axes.set_xlabel("games it fell in the deciding round")
    _title(axes, title)
    axes.legend(fontsize=LEGEND_SIZE)
    axes.invert_yaxis()
    return _svg(figure)


def _deciding_section(sets: Sets) -> list[str]:
    """What decides games, per rule set: the outcomes clearly over their share, or why none
    is listed."""
    parts = [
        "<p>A card or event counts for a game when it was drawn in the round in which the "
        "eventual winner took the lead for good. Listed: those that fell there clearly more "
        "often than their frequency alone would have them (an outcome drawn many times in "
        "every game, such as a die's face, falls there in most games whatever it does).</p>"
    ]
    for name, cards in sets:
        suffix = f" under rule set {name}" if name else ""
        if len(sets) > 1:
            parts.append(f"<h3>Rule set {html.escape(name)}</h3>")
        decided = deciding_cards(cards)
        tested = outcomes_tested(cards)
        if not decided.empty:
            parts += [
                _cards_plot(decided, f"Events and cards that decide games{suffix}"),
                html_table(deciding_shown(decided)),
            ]
        elif tested == 0:
            parts.append("<p>No cards were drawn in a game that somebody won.</p>")
        else:
            parts.append(
                f"<p>None of the {tested} chance outcomes drawn fell there clearly more often "
                "than its frequency alone explains (every outcome's counts are in cards.csv).</p>"
            )
    return parts


def by_rule_set(games: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    """The games of each rule set compared (A, then B), or all of them unnamed when only one
    set was played: a win rate pooled over two rule sets describes neither. Works as well
    on the rounds and cards tables (each has the ``rules`` column)."""
    names = sorted(set(games["rules"])) if "rules" in games else []
    if len(names) < 2:
        return [("", games)]
    return [(str(name), games[games["rules"] == name]) for name in names]


#: The page's style: tables too wide for a phone scroll in their own box, plots take the
#: width they have (up to about their drawn size, a little more on a laptop).
STYLE = (
    "body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
    "p,li{overflow-wrap:anywhere}"
    ".table{overflow-x:auto;max-width:100%}"
    "table{border-collapse:collapse;margin:1em 0}td,th{padding:.2em .6em;"
    "border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}"
    "td:first-child,th:first-child{text-align:left;white-space:normal;min-width:6em}"
    "svg{display:block;width:100%;max-width:42em;height:auto}"
    "@media (max-width:40em){body{padding:.5em}table{font-size:.9em}td,th{padding:.2em .3em}}"
)


def render_report(
    title: str,
    tables: Mapping[str, pd.DataFrame],
    comparison: pd.DataFrame | None = None,
    notes: str = "",
    *,
    words: GameWords | None = None,
    legend: Sequence[str] = (),
) -> str:
    """The whole page as HTML text; ``words``: how the game names its money, score, rounds
    and cards (plain words by default); ``legend``: what each rule set is, a line each,
    shown first (before any figure about them)."""
    words = words or GameWords()
    games, rounds, cards = tables["games"], tables["rounds"], tables["cards"]
    n_games = len(games.drop_duplicates(list(GAME_KEY)))
    parts = [f"<h1>{html.escape(title)}</h1>"]
    if legend:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in legend)
        parts.append(f"<ul class='legend'>{items}</ul>")
    if notes:
        parts.append(f"<p>{html.escape(notes)}</p>")
    if comparison is not None:
        parts += [
            "<h2>Rule sets compared on the same seeds (B - A, 95% interval)</h2>",
            html_table(comparison_shown(comparison, words)),
        ]
    if n_games:
        parts += _rule_set_sections(games, words)
        parts += [
            "<h2>Scores and length</h2>",
            _score_plot(by_rule_set(games), words),
            _length_plot(by_rule_set(games)),
            "<h2>Debt over time</h2>",
        ]
        if rounds.empty:
            parts.append("<p>No rounds recorded.</p>")
        else:
            parts += [
                _debt_plot(by_rule_set(rounds), words),
                _debt_note(by_rule_set(rounds), words.period),
            ]
        parts += ["<h2>What decides games</h2>", *_deciding_section(by_rule_set(cards))]
    body = "\n".join(parts)
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>"
    )


def _rule_set_sections(games: pd.DataFrame, words: GameWords) -> list[str]:
    """Who wins, per bot and per starting card (by the card's name, as the games table gives
    it), for each rule set."""
    parts = []
    sets = by_rule_set(games)
    if len(sets) > 1:  # one chart of A beside B, then each rule set's table
        parts += ["<h2>Who wins under each rule set</h2>", _rates_side_by_side(sets)]
    for name, these in sets:
        suffix = f" under rule set {name}" if name else ""
        by_bot = win_rates(these, "bot")
        bot_title = f"Win rate per bot{suffix} (ties shared)"
        shown = rates_shown(by_bot, "bot", bot_title, words=words, no_winner=no_winner_games(these))
        # Per seat too: whether a seat helps, which the bots' table cannot say when one bot
        # sits in every seat, or when the seats are fixed.
        seat_title = f"Win rate per seat{suffix} (seat 1 is the first listed)"
        level = "h4" if len(sets) > 1 else "h3"
        by_seat = [
            f"<{level}>{html.escape(seat_title)}</{level}>",
            html_table(rates_shown(seat_rates(these), "seat", seat_title, words=words)),
        ]
        if len(sets) > 1:
            parts += [f"<h3>Rule set {html.escape(name)}</h3>", html_table(shown), *by_seat]
            continue
        parts += [
            "<h2>Who wins</h2>",
            _rate_plot(by_bot, "bot", "Win rate per bot"),
            html_table(shown),
            *by_seat,
        ]
        if START_COLUMN in these:
            by_start = win_rates(these[these[START_COLUMN] != ""], START_COLUMN)
            start_title = f"Win rate per starting card{suffix}"
            parts += [
                f"<h2>Starting cards{suffix}</h2>",
                _rate_plot(by_start, START_COLUMN, start_title),
                html_table(rates_shown(by_start, START_COLUMN, start_title, words=words)),
            ]
    return parts


def write_report(
    path: Path,
    title: str,
    tables: Mapping[str, pd.DataFrame],
    comparison: pd.DataFrame | None = None,
    notes: str = "",
    *,
    words: GameWords | None = None,
    legend: Sequence[str] = (),
) -> None:
    """Render the report (see :func:`render_report`) into ``path``."""
    page = render_report(title, tables, comparison, notes, words=words, legend=legend)
    path.write_text(page, encoding="utf-8")
