"""``moneyboard replay``, ``rules`` and ``bench``."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from moneyboard import registry
from moneyboard.cli import app
from moneyboard.engine.options import describe_options
from moneyboard.engine.record import load_record
from moneyboard.registry import replay_record

runner = CliRunner()


def all_games() -> list[str]:
    return list(dict.fromkeys(["toy", *registry.game_ids()]))


@pytest.fixture
def toy_record(tmp_path: Path) -> Path:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "bot:saver,bot:random,bot:investor", "--seed", "9"]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    return record


def test_replay_json_is_byte_identical_and_is_the_full_view(toy_record: Path) -> None:
    first = runner.invoke(app, ["replay", str(toy_record), "--json"])
    second = runner.invoke(app, ["replay", str(toy_record), "--json"])
    assert first.exit_code == 0
    assert first.stdout_bytes == second.stdout_bytes
    state = replay_record(load_record(toy_record))
    assert first.stdout == json.dumps(state.full_view(), sort_keys=True) + "\n"


def test_replay_prints_the_final_state_readably(toy_record: Path) -> None:
    result = runner.invoke(app, ["replay", str(toy_record)])
    assert result.exit_code == 0
    assert "Families" in result.stdout
    assert "Winner:" in result.stdout or "No winner - " in result.stdout
    assert "seed 9" in result.stdout


def test_replay_of_an_unfinished_game_says_who_is_waiting(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "Ana,Ben", "--seed", "2", "--record", str(record)]
    runner.invoke(app, args, input="q\n")
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 0
    assert "The game is not over; waiting for Ana." in result.stdout


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "is not valid JSON"),
        ('{"game": "toy"}', "field 'seats'"),
        (
            '{"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], '
            '"moves": [{"seat": 1, "action": {"type": "keep"}}]}',
            "entry 1 of the record does not replay",
        ),
        ('{"game": "chess", "seats": [{"name": "A"}]}', "unknown game 'chess'"),
    ],
)
def test_malformed_records_are_one_clear_line(tmp_path: Path, content: str, expected: str) -> None:
    record = tmp_path / "bad.json"
    record.write_text(content)
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0]


def test_missing_record_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.json")])
    assert result.exit_code == 1
    assert "cannot read record" in result.stderr


@pytest.mark.parametrize("game_id", all_games())
def test_rules_json_lists_every_option(game_id: str) -> None:
    result = runner.invoke(app, ["rules", game_id, "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    game = registry.get_game(game_id)
    assert doc["game"] == game_id
    rows = describe_options(game.options_model, game.state_class.automations)
    assert doc["options"] == json.loads(json.dumps(rows, default=str))
    assert all(row["meaning"] for row in doc["options"])


@pytest.mark.parametrize("game_id", all_games())
def test_rules_table_names_every_option(game_id: str) -> None:
    result = runner.invoke(app, ["rules", game_id])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.stdout.split())
    for row in describe_options(registry.get_game(game_id).options_model):
        assert row["name"] in flat


def test_rules_lists_the_words_and_ids_to_write_without_python_types() -> None:
    result = runner.invoke(app, ["rules", "financialit"])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.stdout.split())
    assert "income_draw: one of: each, one_for_all, none; default each" in flat
    assert 'goods_max: a whole number from 0 to 50, or "none"; default none' in flat
    assert "Ids: breakdown, burglary," in flat  # the Event cards event_counts may name
    for jargon in ("tuple", "dict", "Literal", "int | None", "null", "``"):
        assert jargon not in flat
    assert "manual_claims" not in flat  # FinanciaLit has nothing to claim
    monitics = " ".join(runner.invoke(app, ["rules", "monitics"]).stdout.split())
    # One paragraph, not the source's lines:
    assert "claim themselves (habits_reward, ownership_reward, business_grant); one" in monitics
    assert "asset_market: one of: box_kind, any_asset_box, any_time; default box_kind" in monitics
    assert "Ids: business_grant, habits_reward, ownership_reward" in monitics


def test_rules_of_an_unknown_game() -> None:
    result = runner.invoke(app, ["rules", "monopoly"])
    assert result.exit_code == 1
    assert "unknown game 'monopoly'" in result.stderr


@pytest.mark.parametrize("game_id", [*all_games(), "all"])
def test_bench_json_reports_rates(game_id: str) -> None:
    result = runner.invoke(app, ["bench", game_id, "--seconds", "0.02", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    expected = all_games() if game_id == "all" else [game_id]
    assert sorted(doc) == sorted(expected)
    for row in doc.values():
        assert row["games"] >= 1
        assert row["decisions_per_s"] > 0 and row["games_per_s"] > 0
        assert row["decisions_per_game"] == pytest.approx(row["decisions"] / row["games"], 0.01)


def test_bench_table() -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.02", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.stdout


def test_bench_refuses_a_player_count_the_game_does_not_allow() -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.02", "--players", "9"])
    assert result.exit_code == 1
    assert "2 to 4 players, not 9" in result.stderr


def test_the_commands_are_the_design_s_and_each_documents_itself() -> None:
    result = runner.invoke(app, ["--help"])
    commands = ("play", "replay", "rules", "bench", "simulate", "tournament", "serve")
    assert all(c in result.stdout for c in commands)
    for name in commands:
        helped = runner.invoke(app, [name, "--help"])
        assert helped.exit_code == 0 and "Usage:" in helped.stdout


@pytest.mark.parametrize(
    "command",
    [["replay"], ["debrief"], ["play", "toy", "--resume"]],
    ids=["replay", "debrief", "resume"],
)
def test_a_record_that_is_not_text_is_one_clear_line(tmp_path: Path, command: list[str]) -> None:
    record = tmp_path / "binary.json"
    record.write_bytes(b"\x00\xff\xfe")
    result = runner.invoke(app, [*command, str(record)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a text file" in lines[0], result.output
    assert "Traceback" not in result.output


def test_version_says_which_moneyboard_this_is() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"moneyboard {metadata.version('moneyboard')}"


def test_bench_search_and_parallel_figures_are_sentences() -> None:
    args = ["bench", "toy", "--seconds", "0.05", "--players", "2", "--search", "--parallel", "8"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "toy, search bot: " in words and "CPU seconds a decision of 1,000 simulations" in words
    assert "toy, 8 random games on one worker and on 2: " in words
    for key in ("_per_s", "cpu_seconds", "efficiency 0", "budget "):
        assert key not in words


def test_an_efficiency_above_one_is_explained_as_a_disturbed_measurement() -> None:
    from moneyboard.bench import ParallelBenchResult, SearchBenchResult

    fine = ParallelBenchResult("financialit", 2, 60, 100.0, 180.0).words()
    assert fine == (
        "60 random games on one worker and on 2: 100.0 games a second on one, 180.0 on 2; "
        "each worker did 90% of what one worker alone did"
    )
    odd = ParallelBenchResult("financialit", 2, 60, 33.97, 126.34).words()
    assert odd.endswith(
        "each worker did 186% of what one worker alone did: more than all of it, so the "
        "one-worker run was slowed by other work on this machine; measure again when it is "
        "quiet, or with more games"
    )
    search = SearchBenchResult("financialit", 4, 1000, 4, 4000, 1.333, 1.318).words()
    assert search == (
        "search bot: 0.33 CPU seconds a decision of 1,000 simulations (3,035 simulations a "
        "CPU-second, 4 decisions timed; 3,001 a second of wall clock)"
    )


COMMANDS = ("play", "replay", "rules", "bench", "simulate", "tournament", "debrief", "serve")


@pytest.mark.parametrize(
    "command",
    [[], *([name] for name in COMMANDS)],
    ids=lambda c: c[0] if c else "moneyboard",
)
def test_help_shows_no_bool_type_for_flags_and_names_arguments_in_capitals(
    command: list[str],
) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.stdout
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert "{" not in usage and not any(c.islower() for c in usage.split("[OPTIONS]")[1])
    assert "--help" in result.stdout
