"""``moneyboard play``, ``replay``, ``rules`` and ``bench`` with Rut to Riches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.engine.errors import OptionsError
from moneyboard.engine.record import load_record, replay
from moneyboard.games.rut_to_riches import GAME

runner = CliRunner()


def test_play_then_replay(tmp_path: Path) -> None:
    record = tmp_path / "rut.json"
    variant = tmp_path / "short.toml"
    variant.write_text("turn_limit = 6\nauditor = true\naudit_every = 2\n", encoding="utf-8")
    seats = "bot:investor,bot:random,bot:saver"
    result = runner.invoke(
        app,
        [
            "play",
            "rut-to-riches",
            "--seats",
            seats,
            "--seed",
            "4",
            "--rules",
            str(variant),
            "--record",
            str(record),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Winner" in result.stdout or "winner" in result.stdout
    state = replay(load_record(record), GAME)
    assert state.terminal
    shown = runner.invoke(app, ["replay", str(record), "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["result"] == state.full_view()["result"]


def test_rules_lists_every_option() -> None:
    result = runner.invoke(app, ["rules", "rut-to-riches"])
    assert result.exit_code == 0, result.output
    for name in ("turn_limit", "manual_claims", "auditor", "decision_seconds", "dream_margin"):
        assert name in result.stdout


def test_a_bad_option_is_named() -> None:
    with pytest.raises(OptionsError, match="turn_limit"):
        GAME.options({"turn_limit": 0})
    with pytest.raises(OptionsError, match="unknown option 'rounds'"):
        GAME.options({"rounds": 3})


def test_bench_runs() -> None:
    result = runner.invoke(app, ["bench", "rut-to-riches", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    assert "decisions_per_s" in result.stdout
