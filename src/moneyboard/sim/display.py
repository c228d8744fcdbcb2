"""The simulation's tables as a trainer reads them: plain headers, counts as whole numbers,
rates as percentages, each interval explained in one line under its table.

The data files (CSV, Parquet) keep the machine names and full precision; this module only
turns those frames into text. Every table here fits an 80-column terminal for three or four
seats (a bot name of up to 11 characters, such as ``search:200``).
"""

from __future__ import annotations

import dataclasses
import html
import math

import pandas as pd
from rich import box
from rich.console import Console
from rich.table import Table

#: The plain header of each grouping column.
GROUP_HEADERS = {"bot": "Bot", "start": "Starting card"}
#: How sure an interval is, in words (a 95% interval misses the true value 1 time in 20).
SURE = "19 times in 20"


@dataclasses.dataclass(frozen=True)
class Shown:
    """One table ready to show: a title, text cells under plain headers, and a caption."""

    title: str
    #: Text cells; the column names are the headers.
    frame: pd.DataFrame
    #: A line or two under the table: what its interval means.
    caption: str
    #: Columns of words (left-aligned); the others are figures (right-aligned).
    words: tuple[str, ...] = ()


def count_text(value: float) -> str:
    """A count as a whole number; a shared tie keeps its fraction.

    >>> count_text(14.0), count_text(1200), count_text(3.5), count_text(4 / 3)
    ('14', '1,200', '3.5', '1.33')
    >>> count_text(1 / 3 + 1 / 3 + 1 / 3 + 12.999999999)  # thirds of shared places add up
    '14'
    """
    value = round(float(value), 2)
    if value.is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def percent_text(rate: float) -> str:
    """A rate from 0 to 1 as a percentage with one decimal.

    >>> percent_text(0.07), percent_text(1.0)
    ('7.0%', '100.0%')
    """
    return "-" if math.isnan(rate) else f"{100 * rate:.1f}%"


def rate_interval_text(low: float, high: float) -> str:
    """An interval of a rate, in percent.

    >>> rate_interval_text(0.0423, 0.1138)
    '4.2-11.4%'
    """
    if math.isnan(low) or math.isnan(high):
        return "-"
    return f"{100 * low:.1f}-{100 * high:.1f}%"


def points_text(difference: float) -> str:
    """A difference of two rates in percentage points, signed.

    >>> points_text(0.2104), points_text(-0.05), points_text(0.0)
    ('+21.0', '-5.0', '0.0')
    """
    if math.isnan(difference):
        return "-"
    text = f"{100 * difference:+.1f}"
    return "0.0" if text in {"+0.0", "-0.0"} else text


def number_text(value: float, signed: bool = False) -> str:
    """A figure (a score, a debt, a mean rank) with as many decimals as its size needs.

    >>> number_text(857.36), number_text(12345.6), number_text(1.37), number_text(0.01626)
    ('857', '12,346', '1.37', '0.016')
    >>> number_text(-3.5, signed=True), number_text(250.0, signed=True), number_text(0.0)
    ('-3.50', '+250', '0')
    """
    if math.isnan(value):
        return "-"
    if value == 0:
        return "0"
    sign = "+" if signed else ""
    size = abs(value)
    if size >= 100:
        return f"{value:{sign},.0f}"
    if size >= 1:
        return f"{value:{sign},.2f}"
    return f"{value:{sign}.3f}"


def rates_shown(
    rates: pd.DataFrame,
    by: str,
    title: str,
    *,
    counted: str = "wins",
    rate: str = "win_rate",
    headers: tuple[str, str] = ("Wins", "Win rate"),
) -> Shown:
    """A :func:`~moneyboard.sim.summary.win_rates` frame: ``counted`` and ``rate`` name its
    count and rate columns, ``headers`` how the table calls them."""
    count_header, rate_header = headers
    group = GROUP_HEADERS.get(by, by.replace("_", " ").capitalize())
    frame = pd.DataFrame(
        {
            group: [str(v) for v in rates[by]],
            "Seats": [count_text(v) for v in rates["seats"]],
            count_header: [count_text(v) for v in rates[counted]],
            rate_header: [percent_text(v) for v in rates[rate]],
            "95% interval": [
                rate_interval_text(lo, hi)
                for lo, hi in zip(rates["low"], rates["high"], strict=True)
            ],
            "Mean score": [number_text(v) for v in rates["mean_score"]],
            "Mean rank": [f"{v:.2f}" for v in rates["mean_rank"]],
        }
    )
    caption = f"95% interval (Wilson): the true rate lies in it {SURE}."
    return Shown(title, frame, caption, (group,))


def margins_shown(margins: pd.DataFrame) -> Shown:
    """A tournament's :func:`~moneyboard.sim.tournament.margins`, each pair once, the bot
    ahead first (the other row of the pair is the same with the signs turned)."""
    ahead = margins[
        (margins["margin"] > 0) | ((margins["margin"] == 0) & (margins["bot"] < margins["over"]))
    ]
    ahead = ahead.sort_values(["margin", "bot", "over"], ascending=[False, True, True])
    frame = pd.DataFrame(
        {
            "Bot": [str(v) for v in ahead["bot"]],
            "Ahead of": [str(v) for v in ahead["over"]],
            "Games": [count_text(v) for v in ahead["games"]],
            "Margin": [points_text(v) for v in ahead["margin"]],
            "95% interval": [
                f"{points_text(lo)} to {points_text(hi)}"
                for lo, hi in zip(ahead["low"], ahead["high"], strict=True)
            ],
            "Clear?": [
                clear_text(lo, p) for lo, p in zip(ahead["low"], ahead["p_sign"], strict=True)
            ],
        }
    )
    return Shown(
        "Margins: percentage points more first places than the other, in the same games",
        frame,
        f"95% interval (Newcombe): holds the true margin {SURE}.\n"
        "Clear: the interval is above 0 and an exact sign test agrees (p < 0.05).",
        ("Bot", "Ahead of", "Clear?"),
    )


def clear_text(low: float, p_sign: float) -> str:
    """Whether a margin is clear: its interval above 0 and the exact sign test below 0.05;
    "not yet" when only the interval says so (too few games for the exact test).

    >>> clear_text(0.02, 0.125), clear_text(0.3, 0.002), clear_text(-0.4, 0.6)
    ('not yet', 'yes', 'no')
    """
    if low <= 0:
        return "no"
    return "yes" if p_sign < 0.05 else "not yet"


def comparison_shown(comparison: pd.DataFrame) -> Shown:
    """A :func:`~moneyboard.sim.summary.compare` frame: win rates in percent, differences
    of rates in points, the other figures as numbers."""
    rows = []
    columns = ("figure", "A", "B", "B - A", "low", "high", "B vs A")
    for label, a, b, diff, low, high, verdict in zip(
        *(comparison[c] for c in columns), strict=True
    ):
        if str(label).startswith("win rate"):
            values = [percent_text(a), percent_text(b), points_text(diff)]
            interval = f"{points_text(low)} to {points_text(high)}"
        else:
            values = [number_text(a), number_text(b), number_text(diff, signed=True)]
            interval = f"{number_text(low, signed=True)} to {number_text(high, signed=True)}"
        word = {"higher": "higher", "lower": "lower"}.get(str(verdict).split(" ")[0], "unclear")
        rows.append([str(label), *values, interval, word])
    frame = pd.DataFrame(rows, columns=["Figure", "A", "B", "B - A", "95% interval", "B vs A"])
    return Shown(
        "Rule set B against A on the same seeds (rates in %, their differences in points)",
        frame,
        f"95% interval: holds the true B - A {SURE}; higher, lower: excludes 0.",
        ("Figure", "B vs A"),
    )


def deciding_shown(decided: pd.DataFrame) -> Shown:
    """A :func:`~moneyboard.sim.summary.deciding_cards` frame."""
    frame = pd.DataFrame(
        {
            "Card or event": [str(v) for v in decided["card"]],
            "Games drawn": [count_text(v) for v in decided["games_drawn"]],
            "In deciding round": [count_text(v) for v in decided["games_decided"]],
            "By chance": [f"{v:,.1f}" for v in decided["games_expected"]],
            "Times as often": [f"{v:.1f}x" for v in decided["times_expected"]],
            "p (Holm)": [f"{v:.2g}" for v in decided["p_holm"]],
        }
    )
    return Shown(
        "What decides games",
        frame,
        "By chance: the games its frequency alone would put it in the deciding round; "
        "shown when clearly above (Holm-corrected p < 0.05).",
        ("Card or event",),
    )


def rich_table(shown: Shown) -> Table:
    """``shown`` as a Rich table: figures right-aligned, two spaces between columns."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for column in shown.frame.columns:
        words = column in shown.words
        table.add_column(str(column), justify="left" if words else "right", no_wrap=not words)
    for row in shown.frame.itertuples(index=False):
        table.add_row(*(str(v) for v in row))
    return table


def print_shown(console: Console, shown: Shown) -> None:
    """Title, table and caption, each on its own lines."""
    console.print(shown.title, style="bold", highlight=False)
    console.print(rich_table(shown))
    console.print(shown.caption, style="dim", highlight=False)


def html_table(shown: Shown) -> str:
    """``shown`` as an HTML table followed by its caption (for the report)."""
    table = shown.frame.to_html(index=False, border=0, escape=True)
    return f"{table}<p class='caption'>{html.escape(shown.caption)}</p>"
