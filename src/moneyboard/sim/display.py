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
import textwrap
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import pandas as pd
from rich import box
from rich.console import Console
from rich.table import Table

from moneyboard.debrief.timeline import SCORE_IS_NET_WORTH, SCORE_IS_SHARE, debrief_label
from moneyboard.debrief.words import percentage_points, says_something, share_percent
from moneyboard.engine.game import GameDef
from moneyboard.sim.summary import SAME_EVERYWHERE

#: The plain header of each grouping column.
GROUP_HEADERS = {"bot": "Bot", "start": "Starting card", "seat": "Seat"}
#: How sure an interval is, in words (a 95% interval misses the true value 1 time in 20).
SURE = "19 times in 20"


def _plain_word(value: str) -> str:
    """An identifier as words when no game names it (``dual_earners`` -> ``dual earners``)."""
    return value.replace("_", " ")


@dataclasses.dataclass(frozen=True)
class GameWords:
    """How a report writes one game's figures: its money in its currency, its score by its
    name, its rounds by its word for them and its cards by their names. The defaults fit a
    game that names none of them."""

    #: Text before and after an amount of money (``("$", "")``, ``("", " units")``).
    currency: tuple[str, str] = ("", "")
    #: What the score measures, as a label ("Happiness (score)").
    score: str = "Score"
    #: The score is an amount of money (Monitics' net worth): written in the currency.
    score_is_money: bool = False
    #: The score is a share of expenses (Rut to Riches' passive income over expenses):
    #: written as a percentage, as the debrief writes it, and its differences in points.
    score_is_share: bool = False
    #: What the game calls a round ("round"; FinanCity's are years).
    period: str = "round"
    #: An identifier (a card, a deck) in the game's words.
    word: Callable[[str], str] = _plain_word


def game_words(game: GameDef) -> GameWords:
    """The words of ``game``: its state class's currency, period and catalogue, and the
    score's label the debrief's tables give it (a share of expenses by what its percentages
    say)."""
    state_class = game.state_class
    return GameWords(
        currency=state_class.currency,
        score=debrief_label(game.id, "score"),
        score_is_money=game.id in SCORE_IS_NET_WORTH,
        score_is_share=game.id in SCORE_IS_SHARE,
        period=state_class.period,
        word=state_class.catalogue.word,
    )


def card_words(card: str, words: GameWords) -> str:
    """A chance outcome as the tables store it (``"stream: outcome"``) in the game's words:
    the card's own name where the game gives one, else its stream and face (``die: 6``).

    >>> card_words("families: dual_earners", GameWords(word={"dual_earners": "Two Jobs"}.get))
    'Two Jobs'
    >>> card_words("die: 6", GameWords()), card_words("deck:events: price_rise", GameWords())
    ('die: 6', 'events: price rise')
    """
    stream, _, outcome = card.rpartition(": ")
    named = words.word(outcome) or outcome
    if named != _plain_word(outcome) or not stream:
        return named
    return f"{words.word(stream.rpartition(':')[2]) or stream}: {named}"


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


def share_points_text(difference: float) -> str:
    """A difference in a share of expenses in percentage points, signed, rounded as the
    debrief rounds it (:func:`~moneyboard.debrief.words.percentage_points`).

    >>> share_points_text(0.043), share_points_text(-0.25), share_points_text(0.0004)
    ('+4.3', '-25', '0')
    """
    if math.isnan(difference):
        return "-"
    figure = percentage_points(difference)
    if not says_something(figure):
        return "0"
    return f"{'+' if difference > 0 else '-'}{figure}"


def share_shown(share: float) -> float:
    """A share of expenses as :func:`~moneyboard.debrief.words.share_percent` shows it
    (0.4425 shows as 44%, so 0.44), for a difference of the figures a reader sees.

    >>> share_shown(0.4425), share_shown(0.0437)
    (0.44, 0.044)
    """
    return round(float(percentage_points(share).replace(",", "")) / 100, 4)


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
    words: GameWords | None = None,
    no_winner: tuple[int, int] = (0, 0),
) -> Shown:
    """A :func:`~moneyboard.sim.summary.win_rates` frame: ``counted`` and ``rate`` name its
    count and rate columns, ``headers`` how the table calls them. Mean scores share one
    precision (:func:`decimals_for`), in the game's currency where the score is money, as
    a percentage where it is a share of expenses. ``no_winner``: the games nobody won and
    all the games, said under the table when there are any (the rates then add up to less
    than 100%)."""
    words = words or GameWords()
    count_header, rate_header = headers
    group = GROUP_HEADERS.get(by, by.replace("_", " ").capitalize())
    places = row_decimals(list(rates["mean_score"]))
    scores = [fixed_text(v, places) for v in rates["mean_score"]]
    rank_places = row_decimals(list(rates["mean_rank"]))
    if words.score_is_money:
        scores = [money_figure(text, words.currency) for text in scores]
    elif words.score_is_share:
        scores = [share_percent(v) for v in rates["mean_score"]]
    frame = pd.DataFrame(
        {
            group: [str(v) for v in rates[by]],
            # A seat is taken once a game: its count is of games.
            "Games" if by == "seat" else "Seats": [count_text(v) for v in rates["seats"]],
            count_header: [count_text(v) for v in rates[counted]],
            rate_header: [percent_text(v) for v in rates[rate]],
            "95% interval": [
                rate_interval_text(lo, hi)
                for lo, hi in zip(rates["low"], rates["high"], strict=True)
            ],
            "Mean score": scores,
            "Mean rank": [fixed_text(v, rank_places) for v in rates["mean_rank"]],
        }
    )
    caption = f"95% interval (Wilson): the true rate lies in it {SURE}."
    nobody, games = no_winner
    if nobody:
        caption += (
            f"\n{count_text(nobody)} of {count_text(games)} games had no winner: the win rates "
            f"add up to {percent_text(1 - nobody / games)}, not 100%."
        )
    if words.score != "Score":
        # "Score (champion score less loans)" says what the score is after the word itself;
        # "Happiness (score)" is the score's name and, after "Score:", says it twice.
        meaning = words.score.removesuffix(" (score)")
        if meaning.startswith("Score (") and meaning.endswith(")"):
            meaning = meaning[len("Score (") : -1]
        caption += f"\nScore: {meaning}."
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


#: The kind of each figure of :func:`~moneyboard.sim.summary.compare` other than the win
#: rates: money is written in the game's currency, the score by its name.
FIGURE_KINDS = {
    "games with no winner": "rate",
    "mean score": "score",
    "peak debt": "money",
    "final debt": "money",
    "final cash": "money",
    "loans taken": "count",
    "bankruptcies": "count",
    "rounds played": "count",
    "game length (decisions)": "count",
}
#: Labels of figures counted per seat, so a reader does not take them for a game's total.
PER_SEAT_LABELS = {"loans taken": "loans per seat", "bankruptcies": "bankruptcies per seat"}


def decimals_for(*values: float) -> int:
    """Decimals that give the largest of ``values`` three significant digits (from none,
    for 100 and over, to two, for anything under 10): one row of a comparison is written
    at one precision, so its figures line up and its difference is theirs.

    >>> decimals_for(6.42, 5.31), decimals_for(14.99, 11.96), decimals_for(180.2, 216.0)
    (2, 1, 0)
    >>> decimals_for(0.519, 0.311), decimals_for(0.0, 0.0)
    (2, 0)
    """
    size = max((abs(v) for v in values if not math.isnan(v)), default=0.0)
    if size == 0:
        return 0
    return max(0, min(2, 2 - math.floor(math.log10(size))))


def is_whole(value: float) -> bool:
    """Whether a figure is a whole number (a count, or a mean of counts that never varied).

    >>> is_whole(3.0), is_whole(-0.0), is_whole(2.5), is_whole(float("nan"))
    (True, True, False, False)
    """
    return not math.isnan(value) and abs(value - round(value)) < 1e-9


def row_decimals(figures: Sequence[float], bounds: Sequence[float] = ()) -> int:
    """Decimals for figures shown together (a row of a comparison, a column of means), with
    the ``bounds`` of their interval: none when every one is a whole number, as for a count
    that is the same in every game (8 rounds, not 8.00; no bankruptcy: 0, not 0.00), else
    those :func:`decimals_for` gives the ``figures``.

    >>> row_decimals([8.0, 8.0], [0.0, 0.0]), row_decimals([6.0, 7.025], [0.25, 1.8])
    (0, 2)
    >>> row_decimals([1.0, 2.0, 3.0]), row_decimals([1.0, 2.5])
    (0, 2)
    """
    if all(is_whole(v) for v in (*figures, *bounds) if not math.isnan(v)):
        return 0
    return decimals_for(*figures)


def fixed_text(value: float, decimals: int, signed: bool = False) -> str:
    """A figure at a fixed number of decimals, with thousands separated; 0 never signed.

    >>> fixed_text(35.8, 0, signed=True), fixed_text(-0.004, 2, signed=True), fixed_text(1e4, 1)
    ('+36', '0.00', '10,000.0')
    """
    if math.isnan(value):
        return "-"
    text = f"{value:{'+' if signed else ''},.{decimals}f}"
    return text[1:] if text.lstrip("+-").strip("0.,") == "" and text[0] in "+-" else text


def money_figure(text: str, currency: tuple[str, str]) -> str:
    """A figure's text in the game's currency, the sign before the symbol.

    >>> money_figure("-3.0", ("", " units")), money_figure("+72", ("$", ""))
    ('-3.0 units', '+$72')
    """
    before, after = currency
    sign = text[0] if text[:1] in ("+", "-") else ""
    return f"{sign}{before}{text.removeprefix(sign)}{after}"


#: Under a comparison whose score is a share of expenses: what its short label means.
SHARE_NOTE = (
    "Expenses covered: the share of expenses that passive income pays (the game's score), "
    "in percent; its differences in percentage points."
)


def figure_label(label: str, words: GameWords) -> str:
    """A comparison figure's label for the reader: the score by the game's name for it,
    money named by a currency written after the number (whose figures then go bare, so
    the table fits 80 columns), a game's length by what it counts, a share of expenses in
    words short enough for a line (:data:`SHARE_NOTE` says the rest under the table).

    >>> units = GameWords(currency=("", " units"), score="Happiness (score)")
    >>> figure_label("mean score", units), figure_label("final cash", units)
    ('mean happiness (score)', 'final cash (units)')
    >>> dollars = GameWords(currency=("$", ""))
    >>> figure_label("final cash", dollars), figure_label("bankruptcies", units)
    ('final cash', 'bankruptcies per seat')
    >>> figure_label("rounds played", GameWords(period="year"))
    'years played'
    """
    kind = FIGURE_KINDS.get(label)
    if label == "mean score" and words.score_is_share:
        label = "mean expenses covered"
    elif label == "mean score" and words.score != "Score":
        label = f"mean {words.score[:1].lower()}{words.score[1:]}"
    elif label == "game length (decisions)":
        label = "decisions per game"
    elif label == "rounds played":
        label = f"{words.period}s played"
    label = PER_SEAT_LABELS.get(label, label)
    money = kind == "money" or (kind == "score" and words.score_is_money)
    if money and words.currency[1].strip():
        label += f" ({words.currency[1].strip()})"
    return label


def comparison_shown(comparison: pd.DataFrame, words: GameWords | None = None) -> Shown:
    """A :func:`~moneyboard.sim.summary.compare` frame: win rates and a score that is a
    share of expenses in percent and their differences in percentage points, money in the
    game's currency, each row at one precision (:func:`decimals_for`) with B - A the
    difference of the figures shown; a figure that is the same under both rule sets in
    every game says so."""
    words = words or GameWords()
    rows = []
    columns = ("figure", "A", "B", "low", "high", "B vs A")
    tested = 0
    for label, a, b, low, high, verdict in zip(*(comparison[c] for c in columns), strict=True):
        if str(label).startswith("win rate") or FIGURE_KINDS.get(str(label)) == "rate":
            a_shown, b_shown = round(100 * a, 1), round(100 * b, 1)
            values = [f"{a_shown:.1f}%", f"{b_shown:.1f}%"]
            values.append(points_text((b_shown - a_shown) / 100))
            interval = f"{points_text(low)} to {points_text(high)}"
        elif FIGURE_KINDS.get(str(label)) == "score" and words.score_is_share:
            values = [share_percent(a), share_percent(b)]
            values.append(share_points_text(share_shown(b) - share_shown(a)))
            interval = f"{share_points_text(low)} to {share_points_text(high)}"
        else:
            kind = FIGURE_KINDS.get(str(label), "count")
            money = kind == "money" or (kind == "score" and words.score_is_money)
            # Money in whole units, as the games write it ($56, not $55.8).
            places = 0 if money else row_decimals([a, b], [low, high])
            a_shown, b_shown = round(a, places), round(b, places)
            texts = [
                fixed_text(a_shown, places),
                fixed_text(b_shown, places),
                fixed_text(b_shown - a_shown, places, signed=True),
                fixed_text(low, places, signed=True),
                fixed_text(high, places, signed=True),
            ]
            if money:  # a symbol before each figure; a unit after (" units") in the label
                texts = [money_figure(t, (words.currency[0], "")) for t in texts]
            values = texts[:3]
            interval = f"{texts[3]} to {texts[4]}"
        if str(verdict) == SAME_EVERYWHERE:
            word = "no difference"
            interval = "-"  # nothing to estimate: the same in every game
        else:
            tested += 1
            word = {"higher": "higher", "lower": "lower"}.get(str(verdict).split(" ")[0], "unclear")
        rows.append([figure_label(str(label), words), *values, interval, word])
    frame = pd.DataFrame(rows, columns=["Figure", "A", "B", "B - A", "95% interval", "B vs A"])
    notes = [
        f"95% interval: holds the true B - A {SURE}. Higher, lower: the interval excludes 0. "
        "No difference: the same under both rule sets in every game.",
        "Money, loans and bankruptcies: the mean per seat (money at the game's end; the peak "
        f"debt: the most a seat owed at the end of a {words.period}); "
        f"{words.period}s and decisions: per game.",
    ]
    reading = comparison_reading(comparison, words)
    if reading:
        notes.insert(0, reading)
    if words.score_is_share:
        notes.append(SHARE_NOTE)
    if tested > 1:
        notes.append(
            f"{tested} figures are tested at once, each at 95% with no correction for testing "
            "many: if the change did nothing, each would still be called higher or lower 1 "
            f"time in 20, so one of the {tested} may be by chance. Trust most a figure whose "
            "interval is well clear of 0."
        )
    return Shown(
        "Rule set B against A on the same seeds (rates in %, differences in points)",
        frame,
        "\n".join(line for note in notes for line in textwrap.wrap(note, 80)),
        ("Figure", "B vs A"),
    )


def comparison_reading(comparison: pd.DataFrame, words: GameWords | None = None) -> str:
    """One line for the trainer when rule set B makes games shorter (95% sure: fewer rounds
    played, else fewer decisions, as when more seats go bankrupt and leave) or leaves more
    of them without a winner: its figures at the end are then those of shorter games, and
    its win rates add up to less. ``""`` when none of these is the case."""
    words = words or GameWords()
    rows = {str(row["figure"]): row for row in comparison.to_dict("records")}

    def lower(figure: str) -> tuple[str, str] | None:
        """B's and A's figures, as the table writes them, when B's is surely lower."""
        row = rows.get(figure)
        if row is None or not str(row["B vs A"]).startswith("lower"):
            return None
        places = _places(row)
        return fixed_text(float(row["B"]), places), fixed_text(float(row["A"]), places)

    said = []
    if played := lower("rounds played"):
        said.append(
            f"rule set B ends games early, after {played[0]} {words.period}s on average "
            f"against {played[1]} under A, so its figures at the end are those of shorter games"
        )
    elif decided := lower("game length (decisions)"):
        said.append(
            f"rule set B's games are shorter, {decided[0]} decisions per game against "
            f"{decided[1]} under A"
        )
        bankrupt = rows.get("bankruptcies")
        if bankrupt is not None and str(bankrupt["B vs A"]).startswith("higher"):
            places = _places(bankrupt)
            said[-1] += (
                f", with more bankruptcies ({fixed_text(float(bankrupt['B']), places)} per seat "
                f"against {fixed_text(float(bankrupt['A']), places)})"
            )
    nobody = rows.get("games with no winner")
    if nobody is not None and str(nobody["B vs A"]).startswith("higher"):
        a, b = float(nobody["A"]), float(nobody["B"])
        said.append(
            f"{percent_text(b)} of the games under B had no winner ({percent_text(a)} under "
            f"A), so B's win rates add up to {percent_text(1 - b)}"
        )
    if not said:
        return ""
    return f"Reading: {'; '.join(said)}."


def _places(row: Mapping[Hashable, Any]) -> int:
    """Decimals of a comparison's row as its table writes them (:func:`row_decimals`)."""
    return row_decimals([float(row["A"]), float(row["B"])], [float(row["low"]), float(row["high"])])


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
    """``shown`` as an HTML table followed by its caption (for the report), the table in a
    box of its own that scrolls sideways when a phone is too narrow for it."""
    table = shown.frame.to_html(index=False, border=0, escape=True)
    return f"<div class='table'>{table}</div><p class='caption'>{html.escape(shown.caption)}</p>"
