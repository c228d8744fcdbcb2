"""``moneyboard serve --help`` in an ordinary terminal of 80 columns: nothing a trainer needs
is cut short with "…" (the database URLs, the address example)."""

from __future__ import annotations

from typer.testing import CliRunner

from moneyboard.cli import app

runner = CliRunner()


def test_serve_help_fits_80_columns_with_every_url_whole() -> None:
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in result.stdout, result.stdout
    for whole in (
        "sqlite:///moneyboard-rooms.db",
        "postgresql://user@host/name",
        "http://10.0.0.5:8000",
        "--public-url",
        "--db",
    ):
        assert whole in result.stdout, whole
