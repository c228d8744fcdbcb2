"""Storage: rooms rebuilt on start (SQLite and PostgreSQL alike); databases it cannot open."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom, auth


def play_then_restart(url: str) -> None:
    settings = Settings(db_url=url, bot_step=0.0, bot_pause=0.0, tick=0.05)
    with TestClient(create_app(settings)) as client:
        room = Classroom.open(client, "toy", learners=2, bots=1, options={"rounds": 10})
        room.play_random(random.Random(4), 8)
        room.direct({"type": "timer", "seconds": 600})
        room.direct({"type": "pause"})
        before = room.trainer_view()
        record = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer)).json()
    with TestClient(create_app(settings)) as client:
        again = Classroom(client, room.code, room.trainer, room.tokens)
        after = again.trainer_view()
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]
        assert after["room"] == before["room"]
        rebuilt = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer))
        assert rebuilt.json() == record
        again.direct({"type": "resume"})
        assert again.play_random(random.Random(5), 3) > 0


def test_rooms_are_rebuilt_from_sqlite(tmp_path: Path) -> None:
    play_then_restart(f"sqlite:///{tmp_path / 'rooms.db'}")


def test_rooms_are_rebuilt_from_postgresql(postgres_url: str) -> None:
    play_then_restart(postgres_url)


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("sqlite:////nonexistent-dir/rooms.db", "cannot open the database"),
        ("postgresql://nobody:secret@127.0.0.1:1/none", "cannot open the database"),
        ("not a url", "is not a database URL"),
    ],
)
def test_serve_names_a_database_it_cannot_open(url: str, said: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moneyboard.server", "--host", "127.0.0.1", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], done.stderr
    assert "secret" not in done.stderr and "Traceback" not in done.stderr
