"""The bench's search and all-cores figures (the random-playout bench is tested with the CLI)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from moneyboard import registry
from moneyboard.bench import ParallelBenchResult, bench_parallel, bench_search
from moneyboard.cli import app
from tests.engine.toygame import GAME


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._loaded, GAME.id, GAME)


def test_search_bench_counts_the_default_budget() -> None:
    result = bench_search(GAME, seconds=0.2, players=2)
    assert result.decisions >= 1
    assert result.simulations == 1_000 * result.decisions
    assert result.simulations_per_s == pytest.approx(result.simulations / result.seconds)


def test_parallel_bench_plays_the_games_twice_and_measures_efficiency() -> None:
    result = bench_parallel(GAME, games=20, workers=2, players=2)
    assert result.workers == 2 and result.games == 20
    assert result.one_worker_games_per_s > 0 and result.all_workers_games_per_s > 0
    assert result.efficiency == pytest.approx(
        result.all_workers_games_per_s / (2 * result.one_worker_games_per_s)
    )


def test_efficiency_is_throughput_per_worker_against_one_worker() -> None:
    assert ParallelBenchResult("g", 4, 10, 10.0, 36.0).efficiency == pytest.approx(0.9)


def test_bench_command_adds_the_figures_asked_for() -> None:
    args = ["bench", "toy", "--seconds", "0.1", "--search", "--parallel", "8", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)["toy"]
    assert doc["search"]["budget"] == 1_000
    assert doc["parallel"]["games"] == 8
    assert doc["decisions_per_s"] > 0
