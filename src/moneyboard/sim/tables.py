"""Simulation outcomes as tables (pandas), written as Parquet and CSV.

``games``: one row per game and seat (seed, seat, bot, final money lines, score, rank,
winner, game length, loans taken, bankruptcies, starting card). ``rounds``: one row per
game, seat and round with the common metrics at the end of the round. ``cards``: one row per
game and chance outcome drawn after set-up, with whether it fell in the round the winner
took the lead for good.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from moneyboard.sim.play import METRICS, GameOutcome

#: The column order of the per-game table.
GAME_COLUMNS = (
    "rules",
    "seating",
    "seed",
    "seat",
    "bot",
    *(f"final_{m}" for m in METRICS),
    "score",
    "rank",
    "winner",
    "decisions",
    "rounds",
    "loans",
    "bankruptcies",
    "start",
)


def games_table(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """One row per game and seat, in seed and seat order."""
    rows = [
        (
            o.job.rules,
            ",".join(o.job.kinds),
            s.seed,
            s.seat,
            s.bot,
            *s.metrics,
            s.score,
            s.rank,
            s.winner,
            s.decisions,
            s.rounds,
            s.loans,
            s.bankruptcies,
            s.start,
        )
        for o in outcomes
        for s in o.seats
    ]
    return pd.DataFrame.from_records(rows, columns=list(GAME_COLUMNS))


def rounds_table(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """One row per game, seat and round with the seat's metrics at the end of the round."""
    rows = [
        (o.job.rules, o.job.seed, seat, o.job.kinds[seat], number, *values)
        for o in outcomes
        for number, seat, values in o.rounds
    ]
    columns = ["rules", "seed", "seat", "bot", "round", *METRICS]
    return pd.DataFrame.from_records(rows, columns=columns)


def cards_table(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """One row per game and chance outcome drawn after set-up."""
    rows = [
        (o.job.rules, o.job.seed, card, drawn, deciding)
        for o in outcomes
        for card, drawn, deciding in o.cards
    ]
    return pd.DataFrame.from_records(
        rows, columns=["rules", "seed", "card", "drawn", "deciding_round"]
    )


def write_tables(outcomes: Sequence[GameOutcome], out: Path) -> dict[str, pd.DataFrame]:
    """Write every table to ``out`` as ``NAME.parquet`` and ``NAME.csv``; returns them."""
    out.mkdir(parents=True, exist_ok=True)
    tables = {
        "games": games_table(outcomes),
        "rounds": rounds_table(outcomes),
        "cards": cards_table(outcomes),
    }
    for name, frame in tables.items():
        frame.to_parquet(out / f"{name}.parquet", index=False)
        frame.to_csv(out / f"{name}.csv", index=False)
    return tables
