"""``moneyboard debrief``: the summary and turning points in the terminal, the HTML report."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from moneyboard.cli import app
from tests.debrief.conftest import rigged_record

runner = CliRunner()


@pytest.fixture
def toy_record(tmp_path: Path) -> Path:
    record = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "bot:saver,bot:random,bot:investor", "--seed", "4"]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    return record


class _Tags(HTMLParser):
    """Counts the tags of a page and keeps whether any loads a script or a file."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.external.append(value)


def test_debrief_prints_the_summary_and_writes_a_self_contained_report(
    toy_record: Path, tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    args = ["debrief", str(toy_record), "--out", str(out), "--budget", "0.3"]
    result = runner.invoke(app, [*args, "--what-if", "2", "keep", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert "Debrief: Toy" in result.output
    assert "The decisions that mattered" in result.output
    assert "What if (entry 2)" in result.output
    assert f"Report with charts: {out}" in result.output.replace("\n", "")
    page = out.read_text(encoding="utf-8")
    tags = _Tags()
    tags.feed(page)
    assert tags.external == []  # nothing to fetch: one file says it all
    assert "script" not in tags.tags
    # The toy game's cash (its score and net worth repeat it), wide and for a phone.
    assert tags.tags["svg"] == 2
    assert page.count('class="narrow-chart"') == 1 and "@media (max-width: 40rem)" in page
    assert 'role="img"' in page and "<desc" in page
    assert "What if (entry 2)" in page
    # The same record and seed give the same page.
    again = runner.invoke(app, [*args, "--what-if", "2", "keep", "--games", "3"])
    assert again.exit_code == 0
    assert out.read_text(encoding="utf-8") == page


def test_the_report_goes_beside_the_record_by_default_and_json_is_for_machines(
    toy_record: Path,
) -> None:
    result = runner.invoke(app, ["debrief", str(toy_record), "--budget", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "toy" and data["what_if"] == []
    assert {"seats", "metrics", "timeline", "turning_points", "summary"} <= set(data)
    assert (toy_record.parent / "game-debrief.html").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--what-if", "1", "fly"], "'fly' was not on offer to "),
        (["--what-if", "abc", "keep"], "ENTRY is the number of a record entry"),
        (["--what-if", "99", "keep"], "entry 99 is not in the record"),
        (["--out", "/nonexistent-dir/report.html"], "cannot write the report"),
        (["--what-if", "1", "keep", "--bots", "genius"], "unknown bot kind 'genius'"),
    ],
)
def test_mistakes_give_one_line_and_no_traceback(
    toy_record: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["debrief", str(toy_record), "--budget", "0.1", *args])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moneyboard: ")
    assert message in lines[0]
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_broken_record_file_is_named(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "moneyboard-record", "game": "toy"', encoding="utf-8")
    result = runner.invoke(app, ["debrief", str(broken)])
    assert result.exit_code == 1
    assert f"moneyboard: {broken} is not valid JSON" in result.output
    missing = runner.invoke(app, ["debrief", str(tmp_path / "none.json")])
    assert missing.exit_code == 1
    assert "cannot read record" in missing.output


def test_the_same_record_and_seed_give_the_same_debrief_in_any_process(tmp_path: Path) -> None:
    record = tmp_path / "monitics.json"
    made = runner.invoke(
        app,
        [
            "play",
            "monitics",
            "--seats",
            "bot:random,bot:saver",
            "--seed",
            "2",
            "--record",
            str(record),
        ],
    )
    assert made.exit_code == 0, made.output
    outputs = []
    for hash_seed in ("1", "2"):  # string hashing differs between the two processes
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                "from moneyboard.cli import main; main()",
                "debrief",
                str(record),
                "--json",
                "--budget",
                "0.3",
                "--out",
                str(tmp_path / "r.html"),
            ],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["game"] == "monitics"


def test_the_hint_to_look_closer_is_a_whole_command_to_copy_and_run(tmp_path: Path) -> None:
    """Each turning point's hint is the whole what-if command, the record's name quoted for
    the shell and on one line however long, so a trainer can copy it and run it."""
    record = tmp_path / "week 3" / "Ana's game.json"
    record.parent.mkdir()
    record.write_text(rigged_record().to_json(), encoding="utf-8")
    report = ["--out", str(tmp_path / "r.html")]
    result = runner.invoke(app, ["debrief", str(record), "--budget", "0.3", *report])
    assert result.exit_code == 0, result.output
    hints = [line for line in result.output.splitlines() if "to look closer:" in line]
    assert hints, result.output
    words = shlex.split(hints[0].partition("to look closer: ")[2])
    assert words[:3] == ["moneyboard", "debrief", str(record)]
    assert words[3] == "--what-if" and "--bots" in words
    ran = runner.invoke(app, [*words[1:], "--games", "2", "--budget", "0", *report])
    assert ran.exit_code == 0, ran.output
    assert f"What if (entry {words[4]})" in ran.output
