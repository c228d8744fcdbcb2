"""``moneyboard rooms``: whoever runs the server lists and deletes its stored rooms."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.server import admin
from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom

runner = CliRunner()


@pytest.fixture
def rooms(tmp_path: Path) -> dict[str, str]:
    """A database (its URL under ``"db"``) with a lobby, a game in play, a game the trainer
    ended and one played to its end, each under its status."""
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    with TestClient(create_app(Settings(db_url=url, bot_step=0.0, bot_pause=0.0))) as client:
        lobby = Classroom.open(client, "toy", learners=1, bots=1, start=False)
        playing = Classroom.open(client, "toy", learners=2)
        playing.play_random(random.Random(1), 2)
        ended = Classroom.open(client, "toy", learners=2)
        ended.direct({"type": "end"})
        over = Classroom.open(client, "toy", learners=2, options={"rounds": 1})
        over.play_random(random.Random(3), 50)
    return {
        "db": url,
        "lobby": lobby.code,
        "playing": playing.code,
        "ended": ended.code,
        "over": over.code,
    }


def listed(db: str) -> dict[str, dict[str, object]]:
    result = runner.invoke(app, ["rooms", "list", "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    return {room["code"]: room for room in json.loads(result.output)}


def test_the_list_shows_each_room_and_nothing_secret(rooms: dict[str, str]) -> None:
    found = listed(rooms["db"])
    assert {code: room["status"] for code, room in found.items()} == {
        rooms["lobby"]: "lobby",
        rooms["playing"]: "in play",
        rooms["ended"]: "ended",
        rooms["over"]: "ended",
    }
    playing = found[rooms["playing"]]
    assert (playing["moves"], playing["seats"], playing["joined"]) == (2, 2, 2)
    assert found[rooms["lobby"]]["joined"] == 1 and found[rooms["lobby"]]["last_entry"] is None
    table = runner.invoke(app, ["rooms", "list", "--db", rooms["db"]])
    assert table.exit_code == 0
    assert "Toy" in table.output and "in play" in table.output
    assert "4 rooms: 2 not ended" in " ".join(table.output.split())
    assert "Learner" not in table.output and "token" not in table.output.lower()


def test_ended_rooms_are_deleted_by_code_after_asking(rooms: dict[str, str]) -> None:
    db, code = rooms["db"], rooms["ended"]
    kept = runner.invoke(app, ["rooms", "delete", code.lower(), "--db", db], input="n\n")
    assert kept.exit_code == 1 and "nothing was deleted" in kept.output
    unanswered = runner.invoke(app, ["rooms", "delete", code, "--db", db], input="")
    assert unanswered.exit_code == 1 and "nothing was deleted" in unanswered.output
    assert code in listed(db)
    done = runner.invoke(app, ["rooms", "delete", code.lower(), "--db", db], input="y\n")
    assert done.exit_code == 0 and "Deleted 1 room." in done.output
    assert set(listed(db)) == {rooms["lobby"], rooms["playing"], rooms["over"]}


def test_rooms_in_play_are_deleted_only_when_asked_for(rooms: dict[str, str]) -> None:
    db = rooms["db"]
    both = [rooms["ended"], rooms["lobby"]]
    refused = runner.invoke(app, ["rooms", "delete", *both, "--yes", "--db", db])
    assert refused.exit_code == 1
    assert f"{rooms['lobby']} is still in play" in refused.output
    assert "--in-play" in refused.output
    assert len(listed(db)) == 4  # not even the ended one
    done = runner.invoke(app, ["rooms", "delete", *both, "--in-play", "--yes", "--db", db])
    assert done.exit_code == 0 and "Deleted 2 rooms." in done.output
    assert set(listed(db)) == {rooms["playing"], rooms["over"]}


def test_an_unknown_code_deletes_nothing(rooms: dict[str, str]) -> None:
    db = rooms["db"]
    result = runner.invoke(app, ["rooms", "delete", rooms["ended"], "QQQQQQ", "--yes", "--db", db])
    assert result.exit_code == 1
    assert "no room has the code QQQQQQ" in result.output
    assert "Traceback" not in result.output
    assert len(listed(db)) == 4


def test_rooms_ended_some_days_ago(rooms: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    db = rooms["db"]
    none = runner.invoke(app, ["rooms", "delete", "--ended-before", "1", "--yes", "--db", db])
    assert none.exit_code == 0 and "nothing to delete" in none.output
    later = admin.now() + 2 * admin.DAY
    monkeypatch.setattr(admin, "now", lambda: later)
    done = runner.invoke(app, ["rooms", "delete", "--ended-before", "1", "--yes", "--db", db])
    assert done.exit_code == 0 and "Deleted 2 rooms." in done.output
    assert set(listed(db)) == {rooms["lobby"], rooms["playing"]}  # in play: kept


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["list", "--db", "nonsense"], "is not a database URL"),
        (["list", "--db", "mysql://u@host/db"], "SQLite or PostgreSQL only"),
        (["list", "--db", "sqlite:///no/such/rooms.db"], "there is no database file"),
        (["delete", "--yes"], "give the codes of the rooms to delete, or --ended-before"),
        (["delete", "ABCDEF", "--ended-before", "3"], "not both"),
        (["delete", "--ended-before", "-1"], "--ended-before"),
    ],
)
def test_bad_input_is_one_clear_line(args: list[str], said: str) -> None:
    result = runner.invoke(app, ["rooms", *args])
    assert result.exit_code != 0
    assert said in result.output
    assert isinstance(result.exception, SystemExit)  # an exit with a message, no traceback


def test_a_database_no_server_has_used(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    sqlite3.connect(other).close()
    result = runner.invoke(app, ["rooms", "list", "--db", f"sqlite:///{other}"])
    assert result.exit_code == 1 and "holds no moneyboard rooms" in result.output
    empty = tmp_path / "empty.db"
    with TestClient(create_app(Settings(db_url=f"sqlite:///{empty}"))):
        pass
    result = runner.invoke(app, ["rooms", "list", "--db", f"sqlite:///{empty}"])
    assert result.exit_code == 0 and "No rooms are stored." in result.output
