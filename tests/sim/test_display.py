"""The terminal tables: plain headers, whole counts, percentages, a caption, 80 columns."""

from __future__ import annotations

from typing import Any

import pandas as pd
from rich.console import Console

from moneyboard.sim.display import (
    GameWords,
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
        first = seed % 5 % 4  # the first seat is first twice as often as the others
        shared = seed % 7 == 0
        for seat, bot in enumerate(BOTS):
            top = seat == first or (shared and seat == (first + 1) % 4)
            rows.append(
                {
                    "rules": "default",
                    "seating": ",".join(BOTS),
                    "seed": seed,
                    "seat": seat + 1,
                    "bot": bot,
                    "final_cash": 100.0 * seat,
                    "final_debt": 1000.0 * (seed % 3),
                    "peak_debt": 1500.0 * (seed % 3),
                    "score": 12_000.0 + 997.0 * seat + seed,
                    "rank": 1 if top else 2 + seat,
                    "winner": top,
                    "decisions": 150 + seed,
                    "rounds": 10 + seed % 3,
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
    assert rows["decisions per game"]["B - A"] == "+40"
    assert rows["decisions per game"]["B vs A"] == "higher"
    assert {row["B vs A"] for row in rows.values()} <= {
        "higher",
        "lower",
        "unclear",
        "no difference",
    }
    assert rows["win rate: investor"]["A"].endswith("%")
    assert_readable(shown)


def test_a_difference_the_interval_cannot_tell_is_worded_as_in_compare_csv() -> None:
    a = games().assign(rules="A")
    b = games().assign(rules="B", final_cash=lambda g: g["final_cash"] + g["seed"] % 3 - 1)
    comparison = compare(a, b).set_index("figure")
    shown = records(comparison_shown(comparison.reset_index()).frame, "Figure")
    assert comparison.loc["final cash", "B vs A"] == shown["final cash"]["B vs A"] == "unclear"


def test_a_figure_the_same_in_every_game_has_no_difference_not_an_unclear_one() -> None:
    # No bankruptcy and the same debts under both rule sets: nothing to be unsure about.
    a = games().assign(rules="A")
    b = games().assign(rules="B", final_cash=lambda g: g["final_cash"] + 5 * (g["seed"] % 3))
    shown = comparison_shown(compare(a, b))
    rows = records(shown.frame, "Figure")
    for figure in ("bankruptcies per seat", "final debt"):
        assert rows[figure]["B vs A"] == "no difference"
        assert rows[figure]["B - A"] == "0"
        assert rows[figure]["95% interval"] == "-"  # nothing to estimate
    assert rows["final cash"]["B vs A"] == "higher"
    assert "No difference: the same under both rule sets in every game." in " ".join(
        shown.caption.splitlines()
    )
    assert_readable(shown)


def decimals(text: str) -> int:
    """How many decimals a figure's text shows (``"-3.9 units"``: 1)."""
    number = text.strip("+-$% units")
    return len(number.split(".")[1]) if "." in number else 0


def test_each_row_keeps_one_precision_and_its_difference_is_that_of_the_figures_shown() -> None:
    a = games().assign(rules="A")
    b = games().assign(
        rules="B",
        decisions=lambda g: g["decisions"] + 35.8,
        loans=lambda g: g["loans"] * 0.6,
        score=lambda g: g["score"] / 2000 - 0.853,
    )
    # A quarter of a win moves from one bot to another: 17.25% against 17.75% is shown
    # as 17.2% and 17.8%, so B - A must read +0.6, not +0.5.
    b.loc[(b["seed"] == 0) & (b["seat"] == 4), "winner"] = True
    shown = comparison_shown(compare(a, b))
    for row in records(shown.frame, "Figure").values():
        if row["B vs A"] == "no difference":  # no interval to show
            continue
        low, high = row["95% interval"].split(" to ")
        places = {decimals(row[c]) for c in ("A", "B", "B - A")} | {decimals(low), decimals(high)}
        assert len(places) == 1, row
        figure_a, figure_b = (float(row[c].strip("+%").replace(",", "")) for c in "AB")
        assert float(row["B - A"].replace(",", "")) == round(figure_b - figure_a, places.pop())
    rows = records(shown.frame, "Figure")
    assert rows["decisions per game"]["B - A"] == "+36"
    assert rows["mean score"]["A"] == "13,520" and rows["mean score"]["B"] == "6"
    assert_readable(shown)


def test_money_and_the_score_read_in_the_games_currency_and_by_its_name() -> None:
    a = games().assign(rules="A")
    b = games().assign(rules="B", final_cash=lambda g: g["final_cash"] + 72.34)
    dollars = GameWords(currency=("$", ""), score="Net worth (score)", score_is_money=True)
    rows = records(comparison_shown(compare(a, b), dollars).frame, "Figure")
    assert rows["final cash"]["A"] == "$150" and rows["final cash"]["B - A"] == "+$72"
    assert rows["final cash"]["95% interval"] == "+$72 to +$72"
    assert rows["mean net worth (score)"]["A"].startswith("$13,")
    units = GameWords(currency=("", " units"), score="Happiness (score)")
    rows = records(comparison_shown(compare(a, b), units).frame, "Figure")
    assert rows["final cash (units)"]["B"] == "222"
    assert rows["final cash (units)"]["95% interval"] == "+72 to +72"
    assert not rows["mean happiness (score)"]["A"].endswith("units")
    shown = rates_shown(win_rates(a, "bot"), "bot", "Win rate per bot", words=dollars)
    assert all(text.startswith("$") for text in shown.frame["Mean score"])
    # "Score: Net worth (score)." said "score" twice.
    assert "Score: Net worth." in shown.caption
    # FinanCity's score is named "Score (champion score less loans)": said once, not twice.
    named = GameWords(score="Score (champion score less loans)")
    shown = rates_shown(win_rates(a, "bot"), "bot", "Win rate per bot", words=named)
    assert "Score: champion score less loans." in shown.caption


def test_testing_many_figures_at_once_is_said_plainly() -> None:
    a = games().assign(rules="A")
    # In every other game, each seat's win under A goes to the next seat under B.
    moved = [
        bool(a.at[i - seat + 1 + (seat - 2) % 4, "winner"]) if seed % 2 else bool(a.at[i, "winner"])
        for i, (seed, seat) in enumerate(zip(a["seed"], a["seat"], strict=True))
    ]
    b = games().assign(rules="B", decisions=lambda g: g["decisions"] + 40, winner=moved)
    shown = comparison_shown(compare(a, b))
    tested = sum(verdict != "no difference" for verdict in shown.frame["B vs A"])
    caption = " ".join(shown.caption.splitlines())
    assert f"{tested} figures are tested at once" in caption
    assert "no correction for testing many" in caption and "by chance" in caption
    assert_readable(shown)


def shares(games_table: pd.DataFrame, more: float = 0.0) -> pd.DataFrame:
    """The games with Rut to Riches' score: passive income over expenses, from 0.3 to 0.50
    (and ``more`` under a second rule set)."""
    return games_table.assign(
        score=0.25 + 0.05 * games_table["seat"] + 0.001 * games_table["seed"] + more
    )


def test_rut_to_riches_score_reads_as_a_percentage_of_expenses_and_differs_in_points() -> None:
    from moneyboard.registry import get_game
    from moneyboard.sim.display import game_words

    rut = game_words(get_game("rut-to-riches"))
    a = shares(games()).assign(rules="A")
    b = shares(games(), more=0.043).assign(rules="B")
    shown = rates_shown(win_rates(a, "bot"), "bot", "Win rate per bot", words=rut)
    # Seat 1's mean is 0.3245: a learner reads 32% of expenses covered, never 0.32.
    assert records(shown.frame, "Bot")["search:200"]["Mean score"] == "32%"
    assert all(text.endswith("%") for text in shown.frame["Mean score"])
    assert "Score: Expenses covered by passive income." in shown.caption
    assert_readable(shown)
    compared = comparison_shown(compare(a, b), rut)
    row = records(compared.frame, "Figure")["mean expenses covered"]
    # 0.3995 and 0.4425 read 40% and 44%; B - A is that of the figures shown, in points,
    # and the interval is in points too (+4.3: under 10 points, one decimal, as the debrief).
    assert (row["A"], row["B"], row["B - A"]) == ("40%", "44%", "+4")
    assert row["95% interval"] == "+4.3 to +4.3"
    assert "0.4" not in " ".join(row.values())
    assert "passive income pays" in compared.caption
    assert_readable(compared)


def ended_early(games_table: pd.DataFrame) -> pd.DataFrame:
    """The games cut short as Rut to Riches' games were under a dearer overdraft: every
    other game ends after 4 rounds with every seat out (no winner)."""
    early = games_table["seed"] % 2 == 0
    return games_table.assign(
        rounds=games_table["rounds"].where(~early, 4),
        winner=games_table["winner"] & ~early,
        bankruptcies=early.astype(int),
    )


def test_games_nobody_won_and_rounds_played_are_counted_and_read_in_one_line() -> None:
    # 25 of 60 games had no winner under B, and no row said so; nor that games ended early.
    a = games().assign(rules="A")
    b = ended_early(games()).assign(rules="B")
    shown = comparison_shown(compare(a, b))
    rows = records(shown.frame, "Figure")
    nobody = rows["games with no winner"]
    assert (nobody["A"], nobody["B"], nobody["B - A"]) == ("0.0%", "50.0%", "+50.0")
    assert nobody["B vs A"] == "higher" and nobody["95% interval"] == "+29.5 to +63.4"
    played = rows["rounds played"]
    assert (played["A"], played["B"], played["B vs A"]) == ("11.0", "7.5", "lower")
    assert rows["bankruptcies per seat"]["B"] == "0.50"
    caption = " ".join(shown.caption.splitlines())
    assert caption.startswith(
        "Reading: rule set B ends games early, after 7.5 rounds on average against 11.0 under "
        "A, so its figures at the end are those of shorter games; 50.0% of the games under B "
        "had no winner (0.0% under A), so B's win rates add up to 50.0%."
    )
    assert "the mean per seat" in caption and "rounds and decisions: per game" in caption
    assert_readable(shown)
    # No reading when the change does not end games early.
    same = comparison_shown(compare(a, games().assign(rules="B")))
    assert "Reading" not in same.caption


def test_a_win_rate_table_says_how_many_games_nobody_won() -> None:
    table = ended_early(games())
    shown = rates_shown(win_rates(table, "bot"), "bot", "Win rate per bot", no_winner=(25, 50))
    assert "25 of 50 games had no winner: the win rates add up to 50.0%, not 100%." in (
        shown.caption
    )
    assert "no winner" not in rates_shown(win_rates(games(), "bot"), "bot", "Win rate").caption
    assert_readable(shown)


def test_debt_that_every_game_settles_at_its_end_gives_way_to_the_peak_debt() -> None:
    # FinanciaLit settles every loan at the end: "final debt 0 0 0 no difference" said
    # nothing, while the debt during the game rose under B.
    a = games().assign(rules="A", final_debt=0.0)
    b = games().assign(rules="B", final_debt=0.0, peak_debt=lambda g: g["peak_debt"] + 85.4)
    rows = records(comparison_shown(compare(a, b)).frame, "Figure")
    assert "final debt" not in rows
    assert rows["peak debt"]["B - A"] == "+85" and rows["peak debt"]["B vs A"] == "higher"


def test_money_reads_in_whole_units_as_the_games_write_it() -> None:
    # Monitics showed "final debt $55.8".
    a = games().assign(rules="A", final_debt=lambda g: 55.8 + 0 * g["seed"])
    b = games().assign(rules="B", final_debt=lambda g: 60.3 + (g["seed"] % 2))
    dollars = GameWords(currency=("$", ""))
    row = records(comparison_shown(compare(a, b), dollars).frame, "Figure")["final debt"]
    assert (row["A"], row["B"], row["B - A"]) == ("$56", "$61", "+$5")
    assert row["95% interval"] == "+$5 to +$5"


def test_games_as_long_in_rounds_but_shorter_in_decisions_are_read_too() -> None:
    # Rut to Riches under a dearer overdraft: seats go bankrupt and leave, the others play on
    # to the turn limit, and the decisions per game halve.
    a = games().assign(rules="A")
    b = games().assign(rules="B", decisions=lambda g: g["decisions"] // 2, bankruptcies=1)
    caption = " ".join(comparison_shown(compare(a, b)).caption.splitlines())
    assert caption.startswith(
        "Reading: rule set B's games are shorter, 87 decisions per game against 174 under A, "
        "with more bankruptcies (1 per seat against 0)."
    )


def test_a_count_the_same_in_every_game_reads_as_a_whole_number() -> None:
    # "rounds played 8.00 8.00 0.00" and "1.00 per seat against 0.00" for counts that never
    # varied; a mean that does vary keeps its decimals.
    a = games().assign(rules="A", rounds=8, bankruptcies=0, loans=6)
    b = games().assign(rules="B", rounds=8, bankruptcies=1, loans=lambda g: 6 + g["seed"] % 3)
    shown = comparison_shown(compare(a, b))
    rows = records(shown.frame, "Figure")
    played = rows["rounds played"]
    assert (played["A"], played["B"], played["B - A"], played["95% interval"]) == (
        "8",
        "8",
        "0",
        "-",
    )
    broke = rows["bankruptcies per seat"]
    assert (broke["A"], broke["B"], broke["B - A"], broke["95% interval"]) == (
        "0",
        "1",
        "+1",
        "+1 to +1",
    )
    loans = rows["loans per seat"]
    assert (loans["A"], loans["B"], loans["B - A"]) == ("6.00", "6.98", "+0.98")
    assert_readable(shown)
    # A bot that always comes first, another always second: ranks 1 and 2, not 1.00, 2.00.
    duel = games(10)[lambda g: g["seat"] <= 2].assign(
        rank=lambda g: g["seat"], winner=lambda g: g["seat"] == 1, score=lambda g: 6 - g["seat"]
    )
    table = rates_shown(win_rates(duel, "bot"), "bot", "Win rate per bot").frame
    assert list(table["Mean rank"]) == ["1", "2"] and list(table["Mean score"]) == ["5", "4"]
    ranks = rates_shown(win_rates(games(), "bot"), "bot", "Win rate").frame["Mean rank"]
    assert all(len(text.split(".")[1]) == 2 for text in ranks)
