"""``moneyboard serve --passcode`` and ``MONEYBOARD_PASSCODE``: the passcode reaches the
server's settings, an empty or over-long one is refused, the help and the start-up say it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.server import main as server_main
from moneyboard.server.main import welcome_lines
from moneyboard.server.settings import Settings
from tests.server.postgres import free_port

runner = CliRunner()


def test_no_passcode_unless_given(started: list[Settings]) -> None:
    assert runner.invoke(app, ["serve"]).exit_code == 0
    # An environment variable set to nothing is no passcode (as if it were not set).
    assert runner.invoke(app, ["serve"], env={"MONEYBOARD_PASSCODE": ""}).exit_code == 0
    assert [s.passcode for s in started] == [None, None]


def test_the_passcode_comes_from_the_option_or_the_environment(started: list[Settings]) -> None:
    assert runner.invoke(app, ["serve", "--passcode", " blue heron "]).exit_code == 0
    assert runner.invoke(app, ["serve"], env={"MONEYBOARD_PASSCODE": "red kite"}).exit_code == 0
    # Given both ways, the option is the one meant.
    both = runner.invoke(app, ["serve", "--passcode", "owl"], env={"MONEYBOARD_PASSCODE": "x"})
    assert both.exit_code == 0
    assert [s.passcode for s in started] == ["blue heron", "red kite", "owl"]


def test_an_empty_or_overlong_passcode_is_refused_in_one_line(started: list[Settings]) -> None:
    empty = runner.invoke(app, ["serve", "--passcode", "  "])
    assert empty.exit_code == 1
    assert empty.output == (
        "moneyboard: --passcode (or MONEYBOARD_PASSCODE): the passcode is empty: give a word "
        "the trainer will type, or none at all\n"
    )
    long = runner.invoke(app, ["serve"], env={"MONEYBOARD_PASSCODE": "p" * 201})
    assert long.exit_code == 1
    assert "201 characters; it may have at most 200" in long.output
    assert "p" * 201 not in long.output
    assert started == []


def test_the_help_names_the_option_and_its_environment_variable() -> None:
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "--passcode" in result.stdout
    # Both in the option's column (cut over lines there) and whole in the example below.
    assert "read -rs MONEYBOARD_PASSCODE && export MONEYBOARD_PASSCODE" in result.stdout


def test_the_start_up_says_whether_a_room_needs_the_passcode() -> None:
    asked = welcome_lines("0.0.0.0", 8000, "http://192.168.1.23:8000", passcode=True)
    free = welcome_lines("0.0.0.0", 8000, "http://192.168.1.23:8000", passcode=False)
    assert "only with the passcode" in asked[-1]
    assert "anyone" in free[-1] and "--passcode" in free[-1]
    assert asked[:-1] == free[:-1]


@pytest.mark.parametrize(("env", "said"), [("red kite", "only with the passcode"), ("", "anyone")])
def test_serve_prints_whether_a_room_needs_the_passcode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: str, said: str
) -> None:
    ran: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(app))
    monkeypatch.setattr(server_main, "tune_gc", lambda: None)
    db = f"sqlite:///{tmp_path / 'rooms.db'}"
    args = ["serve", "--host", "127.0.0.1", "--port", str(free_port()), "--db", db, "--quiet"]
    result = runner.invoke(app, args, env={"MONEYBOARD_PASSCODE": env})
    assert result.exit_code == 0, result.output
    assert len(ran) == 1
    assert said in result.stdout.splitlines()[-1]
    assert "red kite" not in result.stdout
