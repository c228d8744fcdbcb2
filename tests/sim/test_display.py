"""The terminal tables: plain headers, whole counts, percentages, a caption, 80 columns."""

from __future__ import annotations

from typing import Any

import pandas as pd
from rich.console import Console

from moneyboard.sim.display import (
    Shown,
    comparison_shown,
    margins_shown,
    print_shown,
    rates_shown,
)
from moneyboard.sim.summary import compare, first_shares, win_rates
from moneyboard.sim.tournament import margins

#: Four seats with the longest names a trainer is likely to type.
BOTS = ("search:200", "search:50ms", "risk-taker", "investor")


def games(seeds: int = 50) -> pd.DataFrame:
    """A made-up games table: four seats a game, first place going round, a few ties."""
    rows = []
    for seed in range(seeds):
        first = seed % 5 % 4  # seat 0 is first twice as often as the others
        shared = seed % 7 == 0
        for seat, bot in enumerate(BOTS):
            top = seat == first or (shared and seat == (first + 1) % 4)
            rows.append(
                {
                    "rules": "default",
                    "seating": ",".join(BOTS),
                    "seed": seed,
                    "seat": seat,
                    "bot": bot,
                    "final_cash": 100.0 * seat,
                    "final_debt": 1000.0 * (seed % 3),
                    "score": 12_000.0 + 997.0 * seat + seed,
                    "rank": 1 if top else 2 + seat,
                    "winner": top,
                    "decisions": 150 + seed,
                    "loans": seed % 2,
                    "bankruptcies": 0,
                }
            )
    return pd.DataFrame(rows)


def records(frame: pd.DataFrame, *key: str) -> dict[str, dict[str, Any]]:
    """A frame's rows as dictionaries, by the values of the ``key`` columns."""
    rows = [{str(k): v for k, v in row.items()} for row in frame.to_dict("records")]
    return {" / ".join(str(row[k]) for k in key): row for row in rows}


def shown_lines(shown: Shown) -> list[str]:
    console = Console(width=80, record=True, color_system=None)
    print_shown(console, shown)
    return console.export_text().splitlines()


def assert_readable(shown: Shown) -> list[str]:
    lines = shown_lines(shown)
    assert max(len(line) for line in lines) <= 80
    assert not any("…" in line for line in lines)  # no cell or header cut short
    caption = shown.caption.splitlines()
    assert lines[0] == shown.title
    assert lines[-len(caption) :] == caption
    for column in shown.frame.columns:
        assert column in lines[1]
    for cell in shown.frame.to_numpy().ravel():
        assert any(str(cell) in line for line in lines[2 : -len(caption)])
    return lines


def test_win_rates_read_as_counts_and_percentages() -> None:
    table = games()
    shown = rates_shown(win_rates(table, "bot"), "bot", "Win rate per bot")
    assert list(shown.frame.columns) == [
        "Bot",
        "Seats",
        "Wins",
        "Win rate",
        "95% interval",
        "Mean score",
        "Mean rank",
    ]
    rates = records(win_rates(table, "bot"), "bot")
    for row in records(shown.frame, "Bot").values():
        rate = rates[row["Bot"]]
        assert row["Seats"] == "50"
        assert float(row["Wins"]) == rate["wins"]
        assert row["Win rate"] == f"{100 * rate['win_rate']:.1f}%"
        low, high = row["95% interval"].removesuffix("%").split("-")
        assert float(low) <= float(row["Win rate"].removesuffix("%")) <= float(high)
    assert "Wilson" in shown.caption and "95%" in shown.caption
    assert_readable(shown)


def test_a_tournaments_first_places_fit_with_long_bot_names() -> None:
    rates = win_rates(games(), "bot", first_shares(games()))
    rates = rates.rename(columns={"wins": "firsts", "win_rate": "first_place"})
    shown = rates_shown(
        rates,
        "bot",
        "First place per bot: a win, or the best score when nobody won (ties shared)",
        counted="firsts",
        rate="first_place",
        headers=("Firsts", "First place"),
    )
    lines = assert_readable(shown)
    assert all(any(line.startswith(f"{bot} ") for line in lines) for bot in BOTS)


def test_counts_are_whole_and_shared_ties_keep_their_fraction() -> None:
    rates = win_rates(games(), "bot", first_shares(games()))
    shown = rates_shown(rates, "bot", "First place", counted="wins")
    for text, value in zip(shown.frame["Wins"], rates["wins"], strict=True):
        assert "." not in text if float(value).is_integer() else text == f"{value:g}"
    assert any("." in text for text in shown.frame["Wins"])  # the shared first places


def test_margins_show_each_pair_once_with_the_bot_ahead_first() -> None:
    result = margins(games())
    shown = margins_shown(result)
    assert len(shown.frame) == len(result) // 2 == 6
    pairs = {frozenset(p) for p in zip(shown.frame["Bot"], shown.frame["Ahead of"], strict=True)}
    assert len(pairs) == 6
    signs = records(result, "bot", "over")
    for key, row in records(shown.frame, "Bot", "Ahead of").items():
        assert not row["Margin"].startswith("-")
        low, high = row["95% interval"].split(" to ")
        assert float(low) <= float(row["Margin"]) <= float(high)
        sure = float(low) > 0 and signs[key]["p_sign"] < 0.05
        assert row["Clear?"] == ("yes" if sure else "no" if float(low) <= 0 else "not yet")
    assert "Newcombe" in shown.caption
    assert_readable(shown)


def test_a_comparison_of_rule_sets_fits_and_says_which_way() -> None:
    a = games().assign(rules="A")
    b = games().assign(rules="B", decisions=lambda g: g["decisions"] + 40)
    shown = comparison_shown(compare(a, b))
    rows = records(shown.frame, "Figure")
    assert rows["game length (decisions)"]["B - A"] == "+40.00"
    assert rows["game length (decisions)"]["B vs A"] == "higher"
    assert {row["B vs A"] for row in rows.values()} <= {"higher", "lower", "unclear"}
    assert rows["win rate: investor"]["A"].endswith("%")
    assert_readable(shown)
