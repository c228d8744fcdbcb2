"""Simulation outcomes as tables (pandas), written as Parquet and CSV.

``games``: one row per game and seat (seating, seed, seat, bot, final money lines, the
highest debt at the end of a round, score, rank, winner, game length, loans taken,
bankruptcies and, in games that deal one, the seat's starting card by its name and by its
id). ``rounds``: one row per game, seat and round with the common metrics at the end of the
round. Seats count from 1, as the rule options and the pages count them. Money is in whole
units; a metric the game does not have (Monitics has no income nor wellbeing, Rut to Riches
no savings nor wellbeing) has no column, rather than a column of zeros that would read as
measured. ``cards``: one row per game and chance outcome drawn after set-up, by its name
and by its id, with whether it fell in the round the winner took the lead for good
(``deciding_round``) and the chance that it would have by its frequency alone
(``deciding_chance``, see :func:`~moneyboard.sim.play.chance_in_round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from moneyboard.debrief.timeline import SCORE_IS_SHARE
from moneyboard.registry import get_game
from moneyboard.sim.display import card_words, game_words
from moneyboard.sim.play import METRICS, GameOutcome
from moneyboard.terminal.render import SHOWN

#: The final metrics the per-game table keeps: all but ``score``, which the game's own
#: final score (the ``score`` column, as its result gives it) already holds.
FINAL_METRICS = tuple(m for m in METRICS if m != "score")
#: The column order of the per-game table.
GAME_COLUMNS = (
    "rules",
    "seating",
    "seed",
    "seat",
    "bot",
    *(f"final_{m}" for m in FINAL_METRICS),
    "peak_debt",
    "score",
    "rank",
    "winner",
    "decisions",
    "rounds",
    "loans",
    "bankruptcies",
)
#: The last two columns, in games that deal each seat a starting card at set-up (FinanciaLit's
#: family, FinanCity's home, Rut to Riches' job): the card by its name, as the game and the
#: report give it ("The Farmers"), for a person reading the table...
START_COLUMN = "start"
#: ... and by its deck and its id in the game's files (``"families: farmers"``), for a
#: program. A game that deals none (Monitics, where every seat starts with the same cash)
#: has neither column.
START_ID_COLUMN = "start_id"
_KEPT = [METRICS.index(m) for m in FINAL_METRICS]


def unused_metrics(game_id: str) -> frozenset[str]:
    """The common metrics ``game_id`` does not have (it fills them with 0), as the terminal
    leaves them out: Monitics' income and wellbeing, Rut to Riches' savings and wellbeing."""
    shown = SHOWN.get(game_id)
    return shown.unused_metrics if shown is not None else frozenset()


def _tidied(frame: pd.DataFrame, game_ids: set[str], columns: dict[str, str]) -> pd.DataFrame:
    """``frame`` as a reader wants it: the ``columns`` (column -> metric) of a metric no game
    in ``game_ids`` has left out, and every figure column of whole numbers (money, counts)
    written as whole numbers (``177``, not ``177.0``). A score that is a share of expenses
    (Rut to Riches) stays a fraction in every run, even one where each happens to be whole."""
    unused = frozenset.intersection(*(unused_metrics(g) for g in game_ids)) if game_ids else None
    if unused:
        frame = frame.drop(columns=[c for c, m in columns.items() if m in unused])
    share = bool(game_ids & SCORE_IS_SHARE)
    for column in frame.columns:
        values = frame[column]
        if values.dtype != float or (share and column == "score"):
            continue
        if bool(((values % 1) == 0).all()):
            frame[column] = values.astype("Int64")
    return frame


def games_table(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """One row per game and seat, in seed and seat order; the ``start`` and ``start_id``
    columns only when a seat was dealt a starting card."""
    words = {g: game_words(get_game(g)) for g in {o.job.game_id for o in outcomes}}
    rows = [
        (
            o.job.rules,
            ",".join(o.job.kinds),
            s.seed,
            s.seat + 1,
            s.bot,
            *(s.metrics[i] for i in _KEPT),
            s.peak_debt,
            s.score,
            s.rank,
            s.winner,
            s.decisions,
            s.rounds,
            s.loans,
            s.bankruptcies,
            card_words(s.start, words[o.job.game_id]) if s.start else "",
            s.start,
        )
        for o in outcomes
        for s in o.seats
    ]
    columns = [*GAME_COLUMNS, START_COLUMN, START_ID_COLUMN]
    frame = pd.DataFrame.from_records(rows, columns=columns)
    if not (frame[START_ID_COLUMN] != "").any():
        frame = frame.drop(columns=[START_COLUMN, START_ID_COLUMN])
    finals = {f"final_{m}": m for m in FINAL_METRICS}
    return _tidied(frame, set(words), finals)


def rounds_table(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """One row per game, seat (from 1) and round with the seat's metrics at the end of the
    round."""
    rows = [
        (o.job.rules, o.job.seed, seat + 1, o.job.kinds[seat], number, *values)
        for o in outcomes
        for number, seat, values in o.rounds
    ]
    columns = ["rules", "seed", "seat", "bot", "round", *METRICS]
    frame = pd.DataFrame.from_records(rows, columns=columns)
    return _tidied(frame, {o.job.game_id for o in outcomes}, {m: m for m in METRICS})


#: The columns of the cards table: ``card`` is the outcome as the game names it ("A big TV",
#: "die: 6"), for a person reading the table; ``card_id`` its stream and id in the game's
#: files (``"deck:expenses: ex_big_tv"``), for a program (two cards may share a name).
CARD_COLUMNS = ["rules", "seed", "card", "card_id", "drawn", "deciding_round", "deciding_chance"]


def cards_table(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """One row per game and chance outcome drawn after set-up, named as the game names it."""
    words = {g: game_words(get_game(g)) for g in {o.job.game_id for o in outcomes}}
    rows = [
        (o.job.rules, o.job.seed, card_words(card, words[o.job.game_id]), card, *rest)
        for o in outcomes
        for card, *rest in o.cards
    ]
    return pd.DataFrame.from_records(rows, columns=CARD_COLUMNS)


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
