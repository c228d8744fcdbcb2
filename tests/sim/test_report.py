"""The HTML report: readable tables, starting cards only where dealt, what decides games."""

from __future__ import annotations

import pandas as pd

from moneyboard.registry import get_game
from moneyboard.sim.display import game_words
from moneyboard.sim.report import _rate_plot, render_report
from moneyboard.sim.summary import debt_by_round
from tests.sim.test_display import games
from tests.sim.test_summary import cards, die_faces


def tables(
    card_rows: list[tuple[int, str, bool, float]], start: list[tuple[str, str]] | None = None
) -> dict[str, pd.DataFrame]:
    """A report's tables: made-up games (with these starting cards, each by its name and its
    id), a round of debt per game, and these cards."""
    table = games()
    if start is not None:
        table = table.assign(start=[n for n, _ in start], start_id=[i for _, i in start])
    rounds = table[["rules", "seed", "seat", "bot"]].assign(round=1, debt=table["final_debt"])
    return {"games": table, "rounds": rounds, "cards": cards(card_rows)}


def test_a_die_drawn_in_every_game_at_its_share_is_said_to_decide_nothing() -> None:
    page = render_report("Toy: simulation", tables(die_faces(50)))
    assert "None of the 6 chance outcomes drawn fell there clearly more often" in page
    assert "die: 1" not in page
    assert "Starting cards" not in page  # the games table has no start column


def test_an_event_beyond_its_share_is_listed_with_what_chance_would_give() -> None:
    layoff = [(seed, "deck:events: layoff", True, 0.1) for seed in range(0, 50, 2)]
    page = render_report("Toy: simulation", tables([*die_faces(50), *layoff]))
    section = page[page.index("What decides games") :]
    assert "events: layoff" in section and "die: 1" not in section
    assert "deck:events" not in section  # the stream's id is not shown
    for header in ("Card or event", "In deciding round", "By chance", "Times as often"):
        assert f"<th>{header}</th>" in section
    assert "<td>2.5</td>" in section and "<td>10.0x</td>" in section  # 25 games, 2.5 expected
    assert "None of the" not in section


def test_starting_cards_get_their_own_table_where_dealt() -> None:
    names = ("The Farmers", "The Retirees", "The Newlyweds", "The Flatmates")
    families = [(name, f"families: {name[4:].lower()}") for name in names]
    page = render_report(
        "FinanciaLit: simulation",
        tables(die_faces(50), start=[families[i % 4] for i in range(len(games()))]),
    )
    section = page[page.index("Starting cards") : page.index("Scores and length")]
    assert "<th>Starting card</th>" in section and "The Farmers" in section
    assert "<th>Win rate</th>" in section and "<th>95% interval</th>" in section


def test_a_rate_plot_takes_bounds_that_rounding_left_beside_the_rate() -> None:
    # The bounds `simulate monitics --games 3` produced before wilson was clamped.
    rates = pd.DataFrame(
        {
            "bot": ["saver", "spender"],
            "win_rate": [0.0, 1.0],
            "low": [5.55e-17, 0.4],
            "high": [0.6, 1.0 - 1e-16],
        }
    )
    assert "<svg" in _rate_plot(rates, "bot", "Who wins")


def two_rule_sets() -> dict[str, pd.DataFrame]:
    """Tables of the same 50 seeds played under rule set A and, 40 decisions longer and
    with a layoff that decides games, under B."""
    a = tables(die_faces(50))
    layoff = [(seed, "deck:events: layoff", True, 0.1) for seed in range(0, 50, 2)]
    b = tables([*die_faces(50), *layoff])
    b["games"] = b["games"].assign(decisions=lambda g: g["decisions"] + 40)
    b["rounds"] = b["rounds"].assign(debt=lambda r: r["debt"] + 5000)
    return {
        name: pd.concat([a[name].assign(rules="A"), b[name].assign(rules="B")])
        for name in ("games", "rounds", "cards")
    }


def section(page: str, heading: str, following: str) -> str:
    return page[page.index(f"<h2>{heading}") : page.index(f"<h2>{following}")]


def test_scores_length_debt_and_what_decides_are_drawn_per_rule_set_never_pooled() -> None:
    page = render_report("Toy: simulation", two_rule_sets())
    scores = section(page, "Scores and length", "Debt over time")
    # Each rule set's games have their own outline and mean (174 and 214), none pooled (194).
    assert "rule set A: mean 174" in scores and "rule set B: mean 214" in scores
    assert "mean 194" not in scores
    assert scores.count("rule set A") >= 2 and scores.count("rule set B") >= 2  # both plots
    debt = section(page, "Debt over time", "What decides games")
    assert "rule set A" in debt and "rule set B" in debt
    deciding = page[page.index("<h2>What decides games") :]
    a, b = deciding.split("<h3>Rule set B</h3>")
    assert "<h3>Rule set A</h3>" in a and "None of the 6 chance outcomes" in a
    assert "events: layoff" in b and "events: layoff" not in a


def test_a_report_of_one_rule_set_is_not_labelled_with_rule_sets() -> None:
    page = render_report("Toy: simulation", tables(die_faces(50)))
    assert "rule set" not in page.lower()
    assert "games: mean 174" in page


def test_starting_cards_and_money_read_in_the_games_words() -> None:
    # Each card by the name the games table gives it, never by its id beside it.
    ids = ["dual_earners", "farmers", "single_parent", "retirees"]
    names = ["The Two-Job Family", "The Farmers", "The Single Parent", "The Retirees"]
    dealt = [(names[i % 4], f"families: {ids[i % 4]}") for i in range(200)]
    table = tables(die_faces(50), start=dealt)
    page = render_report(
        "FinanciaLit: simulation", table, words=game_words(get_game("financialit"))
    )
    starts = section(page, "Starting cards", "Scores and length")
    assert "The Two-Job Family" in starts and "The Single Parent" in starts
    assert "dual_earners" not in page and "families:" not in page
    assert "Score: Happiness." in starts
    assert "Happiness (score)" in section(page, "Scores and length", "Debt over time")
    assert "mean debt, units" in section(page, "Debt over time", "What decides games")


def test_win_rate_plots_are_in_percent_like_the_tables() -> None:
    rates = pd.DataFrame(
        {
            "bot": ["saver", "spender"],
            "win_rate": [0.25, 0.75],
            "low": [0.1, 0.6],
            "high": [0.4, 0.9],
        }
    )
    svg = _rate_plot(rates, "bot", "Who wins")
    assert ">100%<" in svg and ">40%<" in svg
    assert ">1.0<" not in svg and ">0.4<" not in svg


def rounds_of(lengths: list[int]) -> pd.DataFrame:
    """A rounds table of one seat per game, the games lasting these numbers of rounds, with
    a debt of 10 a round (the longest games ending deep in debt)."""
    rows = [
        ("default", seed, 1, "saver", number, 10.0 * number)
        for seed, length in enumerate(lengths)
        for number in range(1, length + 1)
    ]
    return pd.DataFrame(rows, columns=["rules", "seed", "seat", "bot", "round", "debt"])


def test_debt_over_time_stops_where_fewer_than_half_the_games_are_still_going() -> None:
    # Ten games: all last 8 rounds, five reach round 12, two go on to round 17.
    rounds = rounds_of([8, 8, 8, 8, 8, 12, 12, 12, 17, 17])
    assert list(debt_by_round(rounds).index) == list(range(1, 13))
    page = render_report("Toy: simulation", {**tables(die_faces(50)), "rounds": rounds})
    debt = section(page, "Debt over time", "What decides games")
    assert "drawn up to round 12, the last round at least half of the 10 games reached" in debt
    assert "went on to round 17" in debt
    short = render_report(
        "Toy: simulation", {**tables(die_faces(50)), "rounds": rounds_of([3] * 4)}
    )
    assert "at least half" not in short  # nothing left out, nothing to say


def test_the_page_declares_a_phone_viewport_and_boxes_its_tables() -> None:
    page = render_report("Toy: simulation", tables(die_faces(50)))
    assert "<meta name='viewport' content='width=device-width, initial-scale=1'>" in page
    assert page.count("<div class='table'><table") == page.count("<table")


def test_rut_to_riches_scores_are_plotted_and_tabled_as_percentages_of_expenses() -> None:
    from tests.sim.test_display import shares

    table = tables(die_faces(50))
    table["games"] = shares(table["games"])
    page = render_report(
        "Rut to Riches: simulation", table, words=game_words(get_game("rut-to-riches"))
    )
    scores = section(page, "Scores and length", "Debt over time")
    assert "Expenses covered by passive income" in scores
    assert ">40%<" in scores and ">0.40<" not in scores and ">0.4<" not in scores
    who = section(page, "Who wins", "Scores and length")
    assert "<td>32%</td>" in who and "<td>0.32</td>" not in who


def test_win_rates_under_a_and_b_are_one_chart_side_by_side_after_the_legend() -> None:
    # The two rule sets' win rates were two charts far apart, and A and B were said last.
    legend = ["Rule set A: the game's own rules.", "Rule set B: b.toml (rounds = 6)."]
    page = render_report("Toy: simulation", two_rule_sets(), legend=legend)
    assert page.index("Rule set B: b.toml") < page.index("Who wins")
    wins = section(page, "Who wins under each rule set", "Scores and length")
    assert wins.count("<svg") == 1  # one chart: A's bars beside B's
    assert "rule set A" in wins and "rule set B" in wins
    assert "<h3>Rule set A</h3>" in wins and "<h3>Rule set B</h3>" in wins
    assert "Who wins under rule set" not in page
