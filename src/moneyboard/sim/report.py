"""The HTML report of a simulation: plots (Matplotlib, inline SVG) and tables in one file.

One self-contained page a trainer or designer can open anywhere: win rate per bot and per
starting card with 95% intervals, score distributions, game length, debt over the rounds,
the chance outcomes that most often fell in the deciding round, and, for two rule sets, the
differences side by side.
"""

from __future__ import annotations

import html
import io
from collections.abc import Mapping
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, never a window

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from moneyboard.sim.display import comparison_shown, deciding_shown, html_table, rates_shown
from moneyboard.sim.summary import (
    GAME_KEY,
    debt_by_round,
    deciding_cards,
    outcomes_tested,
    win_rates,
)
from moneyboard.sim.tables import START_COLUMN

#: Report plots are this size in inches (a readable width on a laptop or projector).
FIGSIZE = (7.0, 3.4)


def _svg(figure: Figure) -> str:
    """A figure as inline SVG (with no XML header), closed afterwards."""
    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _rate_plot(rates: pd.DataFrame, by: str, title: str) -> str:
    """Horizontal bars of win rate with 95% interval whiskers."""
    height = max(FIGSIZE[1], 0.35 * len(rates) + 1.0)
    figure, axes = plt.subplots(figsize=(FIGSIZE[0], height))
    labels = [str(x) for x in rates[by]]
    rate = rates["win_rate"].to_numpy()
    # Whiskers never negative, whatever rounding did to the bounds (matplotlib refuses them).
    errors = [
        np.maximum(0.0, rate - rates["low"].to_numpy()),
        np.maximum(0.0, rates["high"].to_numpy() - rate),
    ]
    axes.barh(labels, rate, xerr=errors, color="#4c78a8", capsize=3)
    axes.set_xlabel("win rate (ties shared), with 95% interval")
    axes.set_xlim(0, 1)
    axes.set_title(title)
    axes.invert_yaxis()
    return _svg(figure)


def _score_plot(games: pd.DataFrame) -> str:
    figure, axes = plt.subplots(figsize=FIGSIZE)
    bots = sorted(games["bot"].unique())
    axes.boxplot([games.loc[games["bot"] == b, "score"] for b in bots], tick_labels=bots)
    axes.set_ylabel("final score")
    axes.set_title("Score distribution per bot")
    return _svg(figure)


def _length_plot(games: pd.DataFrame) -> str:
    figure, axes = plt.subplots(figsize=FIGSIZE)
    lengths = games.drop_duplicates(list(GAME_KEY))["decisions"]
    axes.hist(lengths, bins=min(30, max(5, len(lengths) // 5)), color="#72b7b2")
    axes.set_xlabel("decisions in the game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return _svg(figure)


def _debt_plot(rounds: pd.DataFrame) -> str:
    figure, axes = plt.subplots(figsize=FIGSIZE)
    debt = debt_by_round(rounds)
    for bot in debt.columns:
        axes.plot(debt.index, debt[bot], marker=".", label=str(bot))
    axes.set_xlabel("round")
    axes.set_ylabel("mean debt at the end of the round")
    axes.set_title("Debt over time")
    axes.legend(fontsize="small")
    return _svg(figure)


def _cards_plot(cards: pd.DataFrame) -> str:
    """Per outcome, the games in which it fell in the deciding round (bar) against those
    its frequency alone would give (tick)."""
    figure, axes = plt.subplots(figsize=(FIGSIZE[0], max(FIGSIZE[1], 0.3 * len(cards) + 1)))
    labels = [str(c) for c in cards["card"]]
    axes.barh(labels, cards["games_decided"], color="#f58518", label="fell in the round")
    axes.scatter(
        cards["games_expected"], labels, marker="|", s=200, color="black", label="by chance"
    )
    axes.set_xlabel("games in which it fell in the round the winner took the lead for good")
    axes.set_title("Events and cards that decide games")
    axes.legend(fontsize="small")
    axes.invert_yaxis()
    return _svg(figure)


def _deciding_section(cards: pd.DataFrame) -> list[str]:
    """What decides games: the outcomes clearly over their share, or why none is listed."""
    decided = deciding_cards(cards)
    tested = outcomes_tested(cards)
    parts = [
        "<p>A card or event counts for a game when it was drawn in the round in which the "
        "eventual winner took the lead for good. Listed: those that fell there clearly more "
        "often than their frequency alone would have them (an outcome drawn many times in "
        "every game, such as a die's face, falls there in most games whatever it does).</p>"
    ]
    if not decided.empty:
        return [*parts, _cards_plot(decided), html_table(deciding_shown(decided))]
    if tested == 0:
        return [*parts, "<p>No cards were drawn in a game that somebody won.</p>"]
    return [
        *parts,
        f"<p>None of the {tested} chance outcomes drawn fell there clearly more often than "
        "its frequency alone explains (every outcome's counts are in cards.csv).</p>",
    ]


def by_rule_set(games: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    """The games of each rule set compared (A, then B), or all of them unnamed when only one
    set was played: a win rate pooled over two rule sets describes neither."""
    names = sorted(set(games["rules"])) if "rules" in games else []
    if len(names) < 2:
        return [("", games)]
    return [(str(name), games[games["rules"] == name]) for name in names]


def render_report(
    title: str,
    tables: Mapping[str, pd.DataFrame],
    comparison: pd.DataFrame | None = None,
    notes: str = "",
) -> str:
    """The whole page as HTML text."""
    games, rounds, cards = tables["games"], tables["rounds"], tables["cards"]
    n_games = len(games.drop_duplicates(list(GAME_KEY)))
    parts = [f"<h1>{html.escape(title)}</h1>"]
    if notes:
        parts.append(f"<p>{html.escape(notes)}</p>")
    if comparison is not None:
        parts += [
            "<h2>Rule sets compared on the same seeds (B - A, 95% interval)</h2>",
            html_table(comparison_shown(comparison)),
        ]
    if n_games:
        for name, these in by_rule_set(games):
            suffix = f" under rule set {name}" if name else ""
            by_bot = win_rates(these, "bot")
            parts += [
                f"<h2>Who wins{suffix}</h2>",
                _rate_plot(by_bot, "bot", f"Win rate per bot{suffix}"),
                html_table(rates_shown(by_bot, "bot", f"Win rate per bot{suffix} (ties shared)")),
            ]
            if START_COLUMN in these:
                by_start = win_rates(these[these[START_COLUMN] != ""], START_COLUMN)
                title = f"Win rate per starting card{suffix}"
                parts += [
                    f"<h2>Starting cards{suffix}</h2>",
                    _rate_plot(by_start, START_COLUMN, title),
                    html_table(rates_shown(by_start, START_COLUMN, title)),
                ]
        parts += [
            "<h2>Scores and length</h2>",
            _score_plot(games),
            _length_plot(games),
            "<h2>Debt over time</h2>",
            _debt_plot(rounds) if not rounds.empty else "<p>No rounds recorded.</p>",
            "<h2>What decides games</h2>",
            *_deciding_section(cards),
        ]
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{padding:.2em .6em;"
        "border-bottom:1px solid #ddd;text-align:right}svg{max-width:100%;height:auto}"
    )
    body = "\n".join(parts)
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
        f"</title><style>{style}</style></head><body>{body}</body></html>"
    )


def write_report(
    path: Path,
    title: str,
    tables: Mapping[str, pd.DataFrame],
    comparison: pd.DataFrame | None = None,
    notes: str = "",
) -> None:
    """Render the report (see :func:`render_report`) into ``path``."""
    path.write_text(render_report(title, tables, comparison, notes), encoding="utf-8")
