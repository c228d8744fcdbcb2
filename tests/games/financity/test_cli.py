"""``moneyboard play``, ``replay``, ``rules`` and ``bench`` with FinanCity."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.engine.record import load_record, replay
from moneyboard.games.financity import GAME, FinanCityState

runner = CliRunner()


def test_a_person_and_bots_play_to_the_end_and_the_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "financity.json"
    variant = tmp_path / "class.toml"
    variant.write_text('years = 3\nmanual_claims = ["wellbeing_bonus"]\n', encoding="utf-8")
    seats = "Ana,bot:saver,bot:random"
    result = runner.invoke(
        app,
        [
            "play",
            "financity",
            "--seats",
            seats,
            "--seed",
            "2",
            "--rules",
            str(variant),
            "--record",
            str(record),
        ],
        # The first move, or "Done" once the first is used up (a move keeps its number).
        input="1\ndone\n" * 1000,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Ana: where does your home token go this year?" in out
    assert "Unforeseen Event" in out
    state = replay(load_record(record), GAME)
    assert isinstance(state, FinanCityState)
    assert state.terminal and state.year == 3
    assert any(m.kind == "action" and m.seat == 0 for m in state.moves)
    shown = runner.invoke(app, ["replay", str(record), "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["result"] == state.full_view()["result"]


def test_bots_play_a_full_game() -> None:
    seats = "bot:saver,bot:investor,bot:spender,bot:random"
    result = runner.invoke(app, ["play", "financity", "--seats", seats, "--seed", "1"])
    assert result.exit_code == 0, result.output


def test_rules_lists_every_option() -> None:
    result = runner.invoke(app, ["rules", "financity", "--json"])
    assert result.exit_code == 0, result.output
    names = {row["name"] for row in json.loads(result.stdout)["options"]}
    for name in ("years", "manual_claims", "event_loans", "champion_formula", "loan_band"):
        assert name in names


def test_bench_runs() -> None:
    result = runner.invoke(app, ["bench", "financity", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    assert "decisions_per_s" in result.stdout


def test_rules_say_which_number_is_which_seat_for_the_first_player() -> None:
    """Trainers count seats from 1, and so does the option: 1 is Seat 1 and the default. Its
    old name, counted from 0, is not listed (it is only read, for old records and files)."""
    result = runner.invoke(app, ["rules", "financity", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["name"]: r for r in json.loads(result.stdout)["options"]}
    row = rows["first_seat"]
    text = " ".join(str(v) for v in row.values())
    assert "1 for Seat 1" in text and "2 for Seat 2" in text
    assert row["default"] == 1 and row["accepts"] == "a whole number from 1 to 6"
    assert "0-based" not in text and "0 for" not in text
    assert "first_player" not in rows
