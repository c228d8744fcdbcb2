"""The same server on PostgreSQL: migrations, rooms, and rebuilding after a restart."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom


def test_rooms_live_in_postgresql_and_survive_a_restart(postgres_url: str) -> None:
    settings = Settings(db_url=postgres_url, bot_step=0.0, bot_pause=0.0, tick=0.05)
    with TestClient(create_app(settings)) as client:
        room = Classroom.open(client, "toy", learners=2, bots=1, options={"rounds": 10})
        room.play_random(random.Random(4), 8)
        before = room.trainer_view()
    with TestClient(create_app(settings)) as client:
        again = Classroom(client, room.code, room.trainer, room.tokens)
        after = again.trainer_view()
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]
        assert again.play_random(random.Random(5), 3) > 0
