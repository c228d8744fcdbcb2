"""The HTML report: readable tables, starting cards only where dealt, what decides games."""

from __future__ import annotations

import pandas as pd

from moneyboard.sim.report import _rate_plot, render_report
from tests.sim.test_display import games
from tests.sim.test_summary import cards, die_faces


def tables(
    card_rows: list[tuple[int, str, bool, float]], start: list[str] | None = None
) -> dict[str, pd.DataFrame]:
    """A report's tables: made-up games (with these starting cards), a round of debt per
    game, and these cards."""
    table = games() if start is None else games().assign(start=start)
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
    assert "deck:events: layoff" in section and "die: 1" not in section
    for header in ("Card or event", "In deciding round", "By chance", "Times as often"):
        assert f"<th>{header}</th>" in section
    assert "<td>2.5</td>" in section and "<td>10.0x</td>" in section  # 25 games, 2.5 expected
    assert "None of the" not in section


def test_starting_cards_get_their_own_table_where_dealt() -> None:
    families = [f"families: {name}" for name in ("farmers", "retirees", "newlyweds", "flatmates")]
    page = render_report(
        "FinanciaLit: simulation",
        tables(die_faces(50), start=[families[i % 4] for i in range(len(games()))]),
    )
    section = page[page.index("Starting cards") : page.index("Scores and length")]
    assert "<th>Starting card</th>" in section and "families: farmers" in section
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
