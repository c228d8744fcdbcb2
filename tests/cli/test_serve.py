"""``moneyboard serve``'s options reach the server's settings (the server itself is not run)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.server import main as server_main
from moneyboard.server.settings import Settings

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Settings]:
    """The settings each ``serve`` would have started a server with."""
    seen: list[Settings] = []

    def fake_serve(host: str, port: int, settings: Settings, *, quiet: bool = False) -> None:
        seen.append(settings)

    monkeypatch.setattr(server_main, "serve", fake_serve)
    return seen


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
