"""``moneyboard play``: all-bot games, people at the keyboard, records, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from moneyboard import registry
from moneyboard.cli import app
from moneyboard.engine.record import load_record, record_of
from moneyboard.engine.state import Seat
from moneyboard.registry import replay_record

runner = CliRunner()


def real_games() -> list[str]:
    return [g for g in registry.game_ids() if g != "toy"]


def test_all_bot_game_runs_to_the_end_and_prints_the_result(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    seats = "bot:saver,bot:random,bot:spender,bot:investor"
    result = runner.invoke(
        app, ["play", "toy", "--seats", seats, "--seed", "7", "--record", str(record)]
    )
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.stdout or "No winner - " in result.stdout
    assert "Saver: " in result.stdout
    state = replay_record(load_record(record))
    assert state.terminal
    assert state.seed == 7
    assert [s.bot for s in state.seats] == ["saver", "random", "spender", "investor"]


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    outputs = []
    for name in ("a.json", "b.json"):
        args = ["play", "toy", "--seats", "bot:saver,bot:random", "--seed", "3"]
        result = runner.invoke(app, [*args, "--record", str(tmp_path / name)])
        assert result.exit_code == 0
        outputs.append(result.stdout.replace(name, ""))
    assert outputs[0] == outputs[1]
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()


def test_a_person_plays_by_stdin_and_bad_input_reprompts(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = ["", "hello", "9", "?", "why 1", "why gamble", *["1"] * 10]
    result = runner.invoke(
        app,
        ["play", "toy", "--seats", "Ana,bot:random", "--seed", "1", "--record", str(record)],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Please type a move number" in out
    assert "'hello' is not one of the moves here" in out
    assert "There is no move 9" in out
    assert "'Keep' is allowed now." in out
    assert "Ana decides: roll" in out
    assert "1. Keep" in out and "2. Gamble" in out
    assert "Winner:" in out or "No winner - " in out
    state = replay_record(load_record(record))
    assert state.terminal
    ana_moves = [m for m in state.moves if m.kind == "action" and m.seat == 0]
    assert {str(m.action) for m in ana_moves} == {"keep"}


def test_default_seats_are_a_person_and_three_bots(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seed", "5", "--record", str(record)]
    result = runner.invoke(app, args, input="1\n" * 10)
    assert result.exit_code == 0, result.output
    seats = json.loads(record.read_text())["seats"]
    assert seats[0] == {"name": "Player 1", "bot": None}  # "You starts the year" read wrong
    assert [s["bot"] for s in seats[1:]] == ["saver", "spender", "investor"]


def test_why_explains_a_refused_move() -> None:
    # Seat 0 starts with 1 unit, seat 1 with none: gambling costs 1, so Ben cannot gamble.
    rules = ["--seed", "0", "--seats", "Ana,Ben"]
    answers = ["1", "why gamble", "gamble", "?", "quit"]
    result = runner.invoke(app, ["play", "toy", *rules], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "'Gamble' is not allowed: toy.cannot_afford (fee=1)" in result.stdout
    assert "Not allowed now:" in result.stdout
    assert "3. Gamble: toy.cannot_afford" in result.stdout
    assert "Ben stopped the game." in result.stdout


def test_quit_keeps_the_record_of_the_game_so_far(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "Ana,Ben", "--seed", "2", "--record", str(record)]
    result = runner.invoke(app, args, input="1\nq\n")
    assert result.exit_code == 0
    state = replay_record(load_record(record))
    assert not state.terminal
    assert len([m for m in state.moves if m.kind == "action"]) == 1


def test_input_ending_early_is_one_clear_error() -> None:
    result = runner.invoke(app, ["play", "toy", "--seats", "Ana,Ben", "--seed", "2"], input="1\n")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "moneyboard: input ended while Ben still had to decide"
    ]


def test_rules_file_changes_the_game(tmp_path: Path) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text("rounds = 1\n")
    record = tmp_path / "game.json"
    args = ["--seats", "bot:random,bot:random", "--seed", "4", "--rules", str(rules)]
    result = runner.invoke(app, ["play", "toy", *args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text())
    assert data["options"] == {"rounds": 1}
    assert replay_record(load_record(record)).full_view()["round"] == 1


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--seats", "Ana,,Ben"], "bad seats"),
        (["play", "toy", "--seats", "Ana,bot:genius"], "unknown bot kind 'genius'"),
        (["play", "toy", "--seats", "Ana,Ana"], "used twice"),
        (["play", "toy", "--seats", "Ana"], "2 to 4 players, not 1"),
        (["play", "toy", "--rules", "missing.toml"], "cannot read rules file"),
    ],
)
def test_person_errors_are_one_line_on_stderr(args: list[str], expected: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert expected in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rounds = 0\n", "option 'rounds'"),
        ("speed = 3\n", "unknown option 'speed' ('moneyboard rules GAME' lists every option)"),
        ("rounds = [\n", "not valid TOML"),
    ],
)
def test_bad_rules_files_are_named(tmp_path: Path, text: str, expected: str) -> None:
    rules = tmp_path / "variant.toml"
    rules.write_text(text)
    result = runner.invoke(app, ["play", "toy", "--seats", "bot:random,Ana", "--rules", str(rules)])
    assert result.exit_code == 1
    assert expected in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_unwritable_record_is_a_clear_error(tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "game.json"
    args = ["play", "toy", "--seats", "bot:random,bot:random", "--record", str(target)]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "cannot write record" in result.stderr


@pytest.mark.parametrize("game_id", real_games())
def test_real_games_play_to_the_end_with_random_bots(game_id: str, tmp_path: Path) -> None:
    game = registry.get_game(game_id)
    seats = ",".join(["bot:random"] * game.min_players)
    record = tmp_path / "game.json"
    args = ["play", game_id, "--seats", seats, "--seed", "1", "--record", str(record)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.stdout or "No winner - " in result.stdout
    assert replay_record(load_record(record)).terminal


def test_seats_asked_at_once_are_asked_in_seat_order(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.interop.pollgame import GAME as POLL

    monkeypatch.setitem(registry._loaded, POLL.id, POLL)
    args = ["play", "poll", "--seats", "Ana,bot:random,Cy", "--seed", "1"]
    result = runner.invoke(app, args, input="3\n1\n2\n2\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    prompts = [line.split(",")[0] for line in out.splitlines() if "your move" in line]
    assert prompts == ["Ana", "Cy", "Ana", "Cy"]
    assert out.index("Random: Bid") < out.index("Cy, your move")
    assert "Winner:" in out or "No winner - " in out


def test_a_saved_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "Ana,Ben", "--seed", "2", "--record", str(record)]
    first = runner.invoke(app, args, input="1\n2\nq\n")
    assert first.exit_code == 0, first.output
    stopped = load_record(record)
    assert len(stopped.moves) == 2
    resumed = runner.invoke(app, ["play", "--resume", str(record)], input="1\n" * 20)
    assert resumed.exit_code == 0, resumed.output
    assert "Winner:" in resumed.stdout or "No winner - " in resumed.stdout
    finished = load_record(record)
    assert finished.moves[:2] == stopped.moves and len(finished.moves) > 2
    assert replay_record(finished).terminal
    # The same game played in one go, with the same answers, ends the same.
    whole = tmp_path / "whole.json"
    args[-1] = str(whole)
    again = runner.invoke(app, args, input="1\n2\n" + "1\n" * 20)
    assert again.exit_code == 0
    assert replay_record(load_record(whole)).full_view() == replay_record(finished).full_view()


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "--resume", "missing.json"], "cannot read record"),
        (["play", "--resume", "game.json", "--seed", "3"], "takes no other options"),
        (["play", "rut-to-riches", "--resume", "game.json"], "is a game of toy"),
        (["play"], "name the game to play"),
    ],
)
def test_resume_errors_are_one_line(tmp_path: Path, args: list[str], expected: str) -> None:
    record = tmp_path / "game.json"
    made = runner.invoke(
        app,
        ["play", "toy", "--seats", "Ana,Ben", "--seed", "2", "--record", str(record)],
        input="q\n",
    )
    assert made.exit_code == 0
    args = [str(record) if a == "game.json" else a for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert expected in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_rules_file_that_is_not_text_is_one_clear_line(tmp_path: Path) -> None:
    rules = tmp_path / "variant.toml"
    rules.write_bytes(b"rounds = \xff\xfe\n")
    result = runner.invoke(app, ["play", "toy", "--seats", "bot:random,Ana", "--rules", str(rules)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"moneyboard: rules file {rules} is not a text file (a rules file is TOML or JSON in UTF-8)"
    ]


def test_a_rules_file_turns_an_option_back_to_none_with_the_word(tmp_path: Path) -> None:
    rules = tmp_path / "no_clock.toml"
    rules.write_text('[options]\nturn_seconds = "None"\n')
    record = tmp_path / "game.json"
    args = ["play", "monitics", "--seats", "bot:saver,bot:spender", "--seed", "1"]
    result = runner.invoke(app, [*args, "--rules", str(rules), "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert load_record(record).options.get("turn_seconds") is None


def test_a_folder_given_as_the_record_is_refused_as_a_folder(tmp_path: Path) -> None:
    args = ["play", "toy", "--seats", "bot:saver,bot:random", "--record", str(tmp_path)]
    refused = runner.invoke(app, [*args, "--seed", "1", "--overwrite"])
    assert refused.exit_code == 1
    assert refused.stderr.strip().splitlines() == [
        f"moneyboard: {tmp_path} is a folder: give --record a file's name, e.g. "
        f"{tmp_path / 'game.json'}"
    ]


def test_an_existing_record_is_not_overwritten_without_asking(tmp_path: Path) -> None:
    record = tmp_path / "class.json"
    args = ["play", "toy", "--seats", "bot:saver,bot:random", "--record", str(record)]
    assert runner.invoke(app, [*args, "--seed", "1"]).exit_code == 0
    before = record.read_text()
    refused = runner.invoke(app, [*args, "--seed", "2"])
    assert refused.exit_code == 1
    assert refused.stderr.strip().splitlines() == [
        f"moneyboard: {record} already holds a game record: carry that game on with "
        f"--resume {record}, record to another file, or add --overwrite to replace it"
    ]
    assert record.read_text() == before  # the previous class's game is kept
    replaced = runner.invoke(app, [*args, "--seed", "2", "--overwrite"])
    assert replaced.exit_code == 0, replaced.output
    assert load_record(record).seed == 2


@pytest.mark.parametrize("text", ["", "# nothing changed yet\n", "[options]\n", "{}"])
@pytest.mark.parametrize("command", ["play", "simulate --rules", "simulate --compare"])
def test_a_rules_file_that_changes_nothing_is_refused_as_the_server_does(
    tmp_path: Path, text: str, command: str
) -> None:
    # An empty file is more likely a mistake (the wrong file, not saved yet) than a wish to
    # play the game's own rules, which leaving --rules out does.
    rules = tmp_path / ("variant.json" if text == "{}" else "variant.toml")
    rules.write_text(text)
    name, *option = command.split()
    args = ["play", "toy", "--seats", "bot:random,bot:random", "--rules", str(rules)]
    if name == "simulate":
        args = ["simulate", "toy", "--games", "1", "--out", str(tmp_path / "out")]
        args += [option[0], str(rules)]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr == (
        f"moneyboard: rules file {rules} is empty: it changes no rule option. Give a file "
        f"that sets at least one option, or leave {option[0] if option else '--rules'} out "
        "to play the game's own rules\n"
    )


def test_input_ending_early_says_where_the_game_was_saved(tmp_path: Path) -> None:
    record = tmp_path / "eof.json"
    args = ["play", "toy", "--seats", "Ana,Ben", "--seed", "2", "--record", str(record)]
    result = runner.invoke(app, args, input="1\n")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"moneyboard: input ended while Ben still had to decide; the game so far is saved in "
        f"{record}: carry on with 'moneyboard play --resume {record}'"
    ]
    assert not replay_record(load_record(record)).terminal


def test_quit_says_how_to_carry_the_game_on(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "Ana,Ben", "--seed", "2", "--record", str(record)]
    result = runner.invoke(app, args, input="1\nq\n")
    assert result.exit_code == 0
    assert f"Game record saved in {record}: carry on with 'moneyboard play --resume {record}'." in (
        " ".join(result.stdout.split())
    )
    unrecorded = runner.invoke(app, args[:-2], input="1\nq\n")
    assert "The game was not recorded: to stop a game and carry it on later, play it with " in (
        " ".join(unrecorded.stdout.split())
    )


def test_game_over_points_to_the_debrief(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "bot:saver,bot:random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    debrief = f"'moneyboard debrief {record}' shows the debrief."
    assert f"Game record saved in {record}: {debrief}" in text


def test_resume_says_where_the_game_is_picked_up_and_sums_up_the_past(tmp_path: Path) -> None:
    """A resumed game told its whole story again (about 150 lines in a FinanciaLit game)
    with no word that it was resumed."""
    game = registry.get_game("financialit")
    state = game.new_state([Seat("Ana"), Seat("Saver", "saver"), Seat("Ben")], 4)
    rng = random.Random(4)
    while len(state.moves) < 60 or state.to_move()[:1] != (0,):
        if state.is_chance():
            state.resolve_chance()
            continue
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = tmp_path / "game.json"
    record.write_text(record_of(state).to_json())
    result = runner.invoke(app, ["play", "--resume", str(record)], input="q\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    before_prompt = out.split("Ana, your move")[0]
    view = state.view(None)
    played = len(state.moves)
    assert f"Resumed at round {view['round']} of {view['rounds']}, after {played} moves." in out
    assert f"'moneyboard replay {record}' tells the whole game so far." in " ".join(out.split())
    assert before_prompt.count("\n    - ") <= 8 < len(state.log)
