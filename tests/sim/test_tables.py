"""The tables a trainer or an analyst opens: seats from 1, money in whole units, and no
column for a metric the game does not have."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from moneyboard.sim.play import GameJob, play_game
from moneyboard.sim.tables import unused_metrics, write_tables

KINDS = ("saver", "spender", "investor")


def written(game: str, out: Path) -> dict[str, pd.DataFrame]:
    """Two games of ``game`` written to ``out``; the tables as read back from the CSV."""
    outcomes = [
        play_game(GameJob(game, KINDS, seed, (("rounds", 3),) if game == "toy" else ()))
        for seed in (0, 1)
    ]
    write_tables(outcomes, out)
    return {name: pd.read_csv(out / f"{name}.csv") for name in ("games", "rounds")}


@pytest.mark.parametrize(
    ("game", "missing"),
    [("monitics", {"income", "wellbeing"}), ("rut-to-riches", {"savings", "wellbeing"})],
)
def test_a_metric_the_game_does_not_have_has_no_column(
    tmp_path: Path, game: str, missing: set[str]
) -> None:
    # Monitics' games.csv had final_wellbeing 0.0 in every row, as if measured.
    assert unused_metrics(game) == missing
    tables = written(game, tmp_path)
    for metric in missing:
        assert f"final_{metric}" not in tables["games"]
        assert metric not in tables["rounds"]
        assert metric not in pd.read_parquet(tmp_path / "rounds.parquet")
    assert "final_cash" in tables["games"] and "cash" in tables["rounds"]


def test_financity_keeps_every_metric(tmp_path: Path) -> None:
    tables = written("financity", tmp_path)
    assert {"final_savings", "final_income", "final_wellbeing"} <= set(tables["games"])


@pytest.mark.parametrize("game", ["financialit", "financity", "rut-to-riches", "monitics"])
def test_money_is_written_in_whole_units_and_seats_count_from_one(
    tmp_path: Path, game: str
) -> None:
    # games.csv wrote 177.0 and 0.0; a seat was 0, 1, 2 where the rules say seat 1, 2, 3.
    tables = written(game, tmp_path)
    money = ("cash", "savings", "debt", "assets", "income")
    for name, prefix in (("games", "final_"), ("rounds", "")):
        text = pd.read_csv(tmp_path / f"{name}.csv", dtype=str)
        columns = [f"{prefix}{m}" for m in money if f"{prefix}{m}" in text]
        columns += ["peak_debt"] if name == "games" else []
        assert len(columns) >= 4, columns
        assert not text[columns].map(lambda v: "." in v).any(axis=None), name
    for name, frame in tables.items():
        assert sorted(set(frame["seat"])) == [1, 2, 3], name
    parquet = pd.read_parquet(tmp_path / "games.parquet")
    assert pd.api.types.is_integer_dtype(parquet["final_cash"])
    assert pd.api.types.is_integer_dtype(parquet["peak_debt"])
    assert list(parquet["seat"]) == list(tables["games"]["seat"])


def test_rut_to_riches_score_stays_a_ratio(tmp_path: Path) -> None:
    # Its score is passive income over expenses: a fraction, kept as one in every run.
    written("rut-to-riches", tmp_path)
    games = pd.read_parquet(tmp_path / "games.parquet")
    assert pd.api.types.is_float_dtype(games["score"])
    assert pd.api.types.is_integer_dtype(games["final_debt"])


def test_cards_are_named_as_the_game_names_them_and_kept_by_id(tmp_path: Path) -> None:
    # A trainer reads "Dentist", not "deck:expenses: ex_dentist"; a program joins on the id.
    written("rut-to-riches", tmp_path)
    cards = pd.read_csv(tmp_path / "cards.csv")
    assert list(cards.columns[:4]) == ["rules", "seed", "card", "card_id"]
    drawn = cards[cards["card_id"].str.startswith("deck:")]
    assert not drawn.empty
    assert not drawn["card"].str.contains(r"deck:|_").any(), drawn["card"].unique()
    assert (drawn["card"] != drawn["card_id"]).all()
