"""``moneyboard simulate`` and ``moneyboard tournament`` end to end on the toy game."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.sim.tables import GAME_COLUMNS, START_COLUMN, START_ID_COLUMN

runner = CliRunner()


def simulate(out: Path, *extra: str) -> str:
    args = ["simulate", "toy", "--games", "6", "--seats", "saver,random", "--out", str(out)]
    result = runner.invoke(app, [*args, *extra])
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_writes_tables_and_a_report(tmp_path: Path) -> None:
    output = simulate(tmp_path, "--jobs", "1")
    games = pd.read_parquet(tmp_path / "games.parquet")
    # The toy game deals no starting card: no empty column for one; no copy of the score.
    assert list(games.columns) == list(GAME_COLUMNS)
    assert START_COLUMN not in games and "final_score" not in games
    assert len(games) == 6 * 2
    assert sorted(set(games["seed"])) == list(range(6))
    assert games.groupby("seed")["winner"].sum().min() >= 1
    from_csv = pd.read_csv(tmp_path / "games.csv", keep_default_na=False)
    pd.testing.assert_frame_equal(games, from_csv, check_dtype=False)
    rounds = pd.read_parquet(tmp_path / "rounds.parquet")
    assert len(rounds) == 6 * 2 * 3  # three rounds by default
    report = (tmp_path / "report.html").read_text()
    for heading in ("Who wins", "Scores and length", "Debt over time", "What decides games"):
        assert heading in report
    assert report.count("<svg") >= 4
    assert "6 of 6 games" in output
    assert_readable(output, ["Bot", "Seats", "Wins", "Win rate", "95% interval", "Mean score"])


def assert_readable(output: str, headers: list[str]) -> None:
    """Tables a trainer can read at 80 columns: plain headers, nothing cut short, no
    counts with decimals, and a line saying what the interval is."""
    lines = output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in output
    assert ".000" not in output
    assert any(all(h in line for h in headers) for line in lines), output
    assert "95% interval (" in output


def test_simulate_gives_the_same_table_on_one_core_and_on_two(tmp_path: Path) -> None:
    simulate(tmp_path / "one", "--jobs", "1")
    simulate(tmp_path / "two", "--jobs", "2")
    for name in ("games.csv", "rounds.csv", "cards.csv"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_compare_runs_the_same_seeds_under_both_rule_sets(tmp_path: Path) -> None:
    short, long = tmp_path / "short.toml", tmp_path / "long.toml"
    short.write_text("[options]\nrounds = 2\n")
    long.write_text("[options]\nrounds = 6\n")
    output = simulate(
        tmp_path / "out", "--jobs", "1", "--rules", str(short), "--compare", str(long)
    )
    assert_readable(output, ["Figure", "A", "B", "B - A", "95% interval", "B vs A"])
    games = pd.read_parquet(tmp_path / "out" / "games.parquet")
    assert set(games["rules"]) == {"A", "B"}
    a, b = games[games["rules"] == "A"], games[games["rules"] == "B"]
    assert list(a["seed"]) == list(b["seed"])
    assert (a["rounds"] == 2).all() and (b["rounds"] == 6).all()
    compare = pd.read_csv(tmp_path / "out" / "compare.csv").set_index("figure")
    length = compare.loc["game length (decisions)"]
    assert length["B vs A"] == "higher (95% sure)"
    assert length["low"] > 0
    report = (tmp_path / "out" / "report.html").read_text()
    assert "Rule sets compared" in report
    # What A and B are, and each one's win rates on its own (pooled, they describe neither).
    flat = " ".join(output.split())
    assert "Rule set A: short.toml (rounds = 2: How many rounds the game lasts; default 3)." in flat
    assert "Rule set B: long.toml (rounds = 6: How many rounds the game lasts; default 3)." in flat
    assert "Win rate per bot under rule set A" in flat and "under rule set B" in flat
    assert "Who wins under each rule set" in report
    assert "<h3>Rule set A</h3>" in report and "<h3>Rule set B</h3>" in report
    assert "short.toml (rounds = 2: How many rounds" in report


def test_what_a_and_b_are_comes_before_any_table_about_them(tmp_path: Path) -> None:
    # The legend was the last line, after three tables, and named the option by its id only.
    short, long = tmp_path / "short.toml", tmp_path / "long.toml"
    short.write_text("[options]\nrounds = 2\n")
    long.write_text("[options]\nrounds = 6\n")
    output = simulate(
        tmp_path / "out", "--jobs", "1", "--rules", str(short), "--compare", str(long)
    )
    lines = output.splitlines()
    assert lines[0].startswith("Rule set A: short.toml (rounds = 2: How many rounds")
    assert lines[1].startswith("Rule set B: long.toml (rounds = 6: How many rounds")
    assert output.index("Rule set B: ") < output.index("Rule set B against A")
    report = (tmp_path / "out" / "report.html").read_text()
    legend = report.index("Rule set B: long.toml (rounds = 6: How many rounds")
    assert legend < report.index("Rule sets compared")


def test_seats_turn_from_game_to_game_and_a_seed_keeps_its_seating_under_both(
    tmp_path: Path,
) -> None:
    # The first bot given sat in seat 1 in every game: its win rate was its seat's too.
    short, long = tmp_path / "short.toml", tmp_path / "long.toml"
    short.write_text("[options]\nrounds = 2\n")
    long.write_text("[options]\nrounds = 6\n")
    output = simulate(
        tmp_path / "out", "--jobs", "1", "--rules", str(short), "--compare", str(long)
    )
    games = pd.read_csv(tmp_path / "out" / "games.csv")
    first = games[games["seat"] == 1]
    a, b = first[first["rules"] == "A"], first[first["rules"] == "B"]
    assert list(a["bot"]) == ["saver", "random"] * 3
    assert list(a["seating"]) == ["saver,random", "random,saver"] * 3
    assert list(a["seating"]) == list(b["seating"]) and list(a["seed"]) == list(b["seed"])
    assert "each bot moves first in 1 game in 2" in " ".join(output.split())


def test_mistakes_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    bad_rules = tmp_path / "bad.toml"
    bad_rules.write_text("[options]\nrounds = 99\n")
    cases = [
        (["--seats", "saver,genius"], "genius"),
        (["--seats", "saver"], "not 1"),
        (["--seats", "saver,random", "--rules", str(bad_rules)], "rounds"),
        (["--seats", "saver,random", "--rules", str(tmp_path / "missing.toml")], "missing"),
    ]
    for extra, words in cases:
        out = tmp_path / "out"
        result = runner.invoke(app, ["simulate", "toy", "--games", "2", "--out", str(out), *extra])
        assert result.exit_code == 1, result.output
        assert words in result.output
        assert "Traceback" not in result.output
        assert not out.exists()


def test_a_folder_the_results_cannot_go_to_is_refused_before_any_game(tmp_path: Path) -> None:
    """``--out`` naming a file, or a folder under a file, is one clear line, not a traceback
    after every game has been played."""
    a_file = tmp_path / "results.txt"
    a_file.write_text("kept")
    cases = [(a_file, "is a file, not a folder"), (a_file / "sub", "cannot write the results")]
    for out, words in cases:
        result = runner.invoke(app, ["simulate", "toy", "--games", "2", "--out", str(out)])
        assert result.exit_code == 1, result.output
        assert words in result.output
        assert "Traceback" not in result.output
        assert "games/s" not in result.output  # refused before the progress bar started
    assert a_file.read_text() == "kept"


def test_tournament_reports_win_rates_and_margins() -> None:
    args = ["tournament", "toy", "--seats", "search:30,random", "--games", "5", "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    # "10 games, seeds 0 to 4" left the reader to guess where the other five came from.
    said = "10 games: 2 seatings (orders of the bots at the table), each on seeds 0 to 4."
    assert said in " ".join(result.output.split())
    assert "Toy tournament: 10 of 10 games" in result.stderr
    assert "First place per bot" in result.output
    assert "Margins" in result.output
    assert "search:30" in result.output
    assert_readable(result.output, ["Bot", "Firsts", "First place", "95% interval"])
    assert_readable(result.output, ["Bot", "Ahead of", "Games", "Margin", "95% interval"])
    assert "Newcombe" in result.output


def test_simulate_keeps_each_games_record_to_replay_on_its_own(tmp_path: Path) -> None:
    from moneyboard.engine.record import load_record, replay
    from moneyboard.registry import get_game

    args = ["simulate", "financialit", "--games", "2", "--seats", "saver,spender,investor"]
    result = runner.invoke(
        app, [*args, "--seed", "5", "--jobs", "1", "--records", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    games = pd.read_csv(tmp_path / "games.csv")
    # FinanciaLit deals each seat a family at set-up: the start columns name it.
    assert list(games.columns) == [*GAME_COLUMNS, START_COLUMN, START_ID_COLUMN]
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == [
        "default-5.json",
        "default-6.json",
    ]
    for seed in (5, 6):
        state = replay(
            load_record(tmp_path / "records" / f"default-{seed}.json"), get_game("financialit")
        )
        assert state.result is not None
        rows = games[games["seed"] == seed].sort_values("seat")
        assert list(rows["score"]) == [float(s) for s in state.result.scores]
        assert set(rows["decisions"]) == {state.decisions_made}


@pytest.mark.parametrize(
    ("game", "deck", "name"),
    [
        ("financialit", "families", "The Two-Job Family"),
        ("financity", "homes", "Cabin by the Sea"),
        ("rut-to-riches", "job", "Police officer"),
    ],
)
def test_games_csv_names_each_starting_card_as_the_game_does_and_keeps_its_id(
    tmp_path: Path, game: str, deck: str, name: str
) -> None:
    args = ["simulate", game, "--games", "4", "--seats", "random*3", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    games = pd.read_csv(tmp_path / "games.csv")
    # The trainer's column: the card's name as the game and report.html give it.
    names = set(games[START_COLUMN])
    assert name in names, names
    assert not any(":" in n or "_" in n for n in names), names
    # The program's column: the deck and the card's id in the game's files.
    assert games[START_ID_COLUMN].str.startswith(f"{deck}: ").all()
    report = (tmp_path / "report.html").read_text()
    assert all(n in report for n in names)


def test_rut_to_riches_mean_score_reads_as_a_percentage_in_the_terminal(tmp_path: Path) -> None:
    args = ["simulate", "rut-to-riches", "--games", "2", "--seats", "saver,spender"]
    result = runner.invoke(app, [*args, "--jobs", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith("s")]
    assert [row[0] for row in rows] == ["saver", "spender"], result.stdout
    assert all(row[-2].endswith("%") for row in rows), result.stdout  # Mean score
    assert "Score: Expenses covered by passive income." in result.stdout


def test_simulate_writes_no_records_unless_asked(tmp_path: Path) -> None:
    simulate(tmp_path, "--jobs", "1")
    assert not (tmp_path / "records").exists()


def test_a_scheduler_without_dask_names_the_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Dask comes only with the optional 'cluster' extra, which ./play does not install.
    monkeypatch.setitem(sys.modules, "distributed", None)
    for command in (
        ["simulate", "toy", "--games", "2", "--out", str(tmp_path / "out")],
        ["tournament", "toy", "--seats", "saver,random", "--games", "1"],
    ):
        result = runner.invoke(app, [*command, "--scheduler", "tcp://127.0.0.1:9"])
        assert result.exit_code == 1
        assert result.output.count("\n") == 1, result.output
        assert 'pip install -e ".[cluster]"' in result.output
        assert "Traceback" not in result.output and not isinstance(
            result.exception, ModuleNotFoundError
        )
    assert not (tmp_path / "out").exists()


def test_progress_goes_to_stderr_in_plain_lines_when_it_is_not_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A long run piped to a file or a log still says how far it has got, on stderr, so
    # the tables on stdout stay clean.
    from moneyboard.sim import commands

    monkeypatch.setattr(commands, "PROGRESS_EVERY", 0.0)
    args = ["simulate", "toy", "--games", "4", "--seats", "saver,random", "--jobs", "1"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    # By the game's title, as the report's heading gives it, not by its id.
    assert "Toy: 0 of 4 games" in result.stderr
    assert "Toy: 4 of 4 games" in result.stderr
    assert "games" not in result.stdout.splitlines()[0]
    assert "━" not in result.output


def test_time_left_in_words() -> None:
    from moneyboard.sim.commands import duration_words

    assert duration_words(44.2) == "44 s"
    assert duration_words(760) == "13 min"
    assert duration_words(3900) == "1 h 5 min"


def test_a_variant_s_options_are_written_as_in_its_file_and_compare_csv_has_no_float_noise(
    tmp_path: Path,
) -> None:
    variant = tmp_path / "v2.toml"
    variant.write_text('[options]\nevent_order = ["fire", "flu"]\nrule_name = "short"\n')
    from moneyboard.sim.commands import rule_set_words

    overrides = {"event_order": ["fire", "flu"], "name": "short", "on": True, "none": None}
    assert rule_set_words("v2.toml", overrides) == (
        'v2.toml (event_order = ["fire", "flu"], name = "short", none = "none", on = true)'
    )
    short, long = tmp_path / "short.toml", tmp_path / "long.toml"
    short.write_text("[options]\nrounds = 2\n")
    long.write_text("[options]\nrounds = 6\n")
    simulate(tmp_path / "out", "--jobs", "1", "--rules", str(short), "--compare", str(long))
    written = pd.read_csv(tmp_path / "out" / "compare.csv", dtype=str)
    numbers = written[["A", "B", "B - A", "low", "high"]].to_numpy().ravel()
    assert max(len(n.lstrip("-")) for n in numbers) <= 12, numbers  # 0.15, not 0.1499999...


def test_a_tournament_gives_money_scores_in_the_game_s_currency() -> None:
    args = ["tournament", "monitics", "--seats", "random,saver", "--games", "1", "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if line.startswith("random "))
    assert "$" in row, result.stdout


def test_a_tournament_of_one_kind_of_bot_is_refused_in_a_line() -> None:
    result = runner.invoke(app, ["tournament", "toy", "--seats", "random,random", "--games", "1"])
    assert result.exit_code == 1
    assert result.output == (
        "moneyboard: a tournament compares bots: give at least two different kinds, "
        "e.g. --seats saver,spender\n"
    )


def test_fixed_seats_keep_the_order_given_and_the_report_says_so(tmp_path: Path) -> None:
    # Seats always turned: a fixed line-up, or "does seat 1 win more?" with one bot in
    # every seat, could not be asked.
    output = " ".join(simulate(tmp_path, "--jobs", "1", "--fixed-seats").split())
    games = pd.read_csv(tmp_path / "games.csv")
    assert set(games["seating"]) == {"saver,random"}
    assert list(games.loc[games["seat"] == 1, "bot"]) == ["saver"] * 6
    said = "Seats fixed: in every game saver sits in seat 1, random in seat 2;"
    assert said in output
    assert "Win rate per seat (seat 1 is the first listed)" in output
    assert "1 (saver)" in output and "2 (random)" in output
    report = " ".join((tmp_path / "report.html").read_text().split())
    assert said in report and "<td>1 (saver)</td>" in report


def test_the_report_gives_a_win_rate_per_seat_counted_from_one(tmp_path: Path) -> None:
    # With the same bot in every seat, the table per bot had one row and said nothing of seats.
    args = ["simulate", "toy", "--games", "6", "--seats", "saver*2", "--out", str(tmp_path)]
    result = runner.invoke(app, [*args, "--jobs", "1"])
    assert result.exit_code == 0, result.output
    report = (tmp_path / "report.html").read_text()
    assert "Win rate per seat (seat 1 is the first listed)" in report
    assert "<td>1 (saver)</td>" in report and "<td>2 (saver)</td>" in report
    assert "<td>0" not in report.split("Win rate per seat")[1].split("</table>")[0]
    # Seats that turned name no bot: each held both.
    mixed = tmp_path / "mixed"
    simulate(mixed, "--jobs", "1")
    seats = (mixed / "report.html").read_text().split("Win rate per seat")[1]
    assert "<td>1</td>" in seats.split("</table>")[0]
