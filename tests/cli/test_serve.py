"""``moneyboard serve``: its options reach the server's settings, and its start-up checks."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.server import main as server_main
from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings

runner = CliRunner()


def test_the_rate_limit_is_the_class_default_unless_told(started: list[Settings]) -> None:
    assert runner.invoke(app, ["serve"]).exit_code == 0
    assert runner.invoke(app, ["serve", "--rate", "100"]).exit_code == 0
    default, raised = started
    assert (default.rate_per_second, default.rate_burst) == (20.0, 40)
    assert (raised.rate_per_second, raised.rate_burst) == (100.0, 200)


def test_a_rate_below_one_message_a_second_is_refused(started: list[Settings]) -> None:
    result = runner.invoke(app, ["serve", "--rate", "0"])
    assert result.exit_code != 0
    assert "--rate" in result.output
    assert started == []


def test_the_learners_address_may_be_given_and_must_be_one(started: list[Settings]) -> None:
    assert runner.invoke(app, ["serve"]).exit_code == 0
    assert runner.invoke(app, ["serve", "--public-url", "http://10.0.0.5:8000/"]).exit_code == 0
    found, given = started
    assert found.learners_url is None  # found at start-up from the machine's address
    assert given.learners_url == "http://10.0.0.5:8000"
    wrong = runner.invoke(app, ["serve", "--public-url", "10.0.0.5"])
    assert wrong.exit_code == 1 and "--public-url" in wrong.output
    assert len(started) == 2


def test_compression_is_off_unless_asked_for(started: list[Settings]) -> None:
    assert runner.invoke(app, ["serve"]).exit_code == 0
    assert runner.invoke(app, ["serve", "--compress"]).exit_code == 0
    assert [s.compress for s in started] == [False, True]


def serve_briefly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], port: int, db: str = ""
) -> tuple[int, str, str]:
    """Start the real ``serve`` (it must stop at its start-up checks): exit status, out, err."""
    settings = Settings(db_url=db or f"sqlite:///{tmp_path / 'rooms.db'}")
    with pytest.raises(SystemExit) as stopped:
        server_main.serve("127.0.0.1", port, settings, quiet=True)
    out, err = capsys.readouterr()
    return int(str(stopped.value.code)), out, err


def test_a_port_in_use_is_one_line_and_no_welcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        code, out, err = serve_briefly(tmp_path, capsys, port)
    assert code == 1
    assert "classroom is open" not in out and "http://" not in out
    assert err == f"moneyboard: port {port} is already in use (another moneyboard serve?); " + (
        f"stop it, or give another port, e.g. --port {port + 1}\n"
    )


def test_a_database_moneyboard_cannot_keep_rooms_in_names_the_two_it_can(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = serve_briefly(tmp_path, capsys, 8000, db="mysql://x")
    assert code == 1 and out == ""
    assert err == (
        "moneyboard: moneyboard keeps its rooms in SQLite or PostgreSQL only, not mysql://x "
        "(--db sqlite:///FILE or --db postgresql://user@host/name)\n"
    )


def test_the_rooms_rebuilt_at_start_are_counted_in_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'rooms.db'}", bot_step=0.0)
    seats = [{"kind": "bot", "bot": "saver"}, {"kind": "learner"}]
    with TestClient(create_app(settings)) as client:
        created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 1})
        assert created.status_code == 201, created.text
    caplog.clear()
    with caplog.at_level(logging.INFO), TestClient(create_app(settings)):
        pass
    assert "rebuilt 1 room from storage" in caplog.messages
