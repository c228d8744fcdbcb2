"""A restart with a bot or a clock on move: the rebuilt room carries on by itself.

After a restart nobody acts in a room whose next step is a bot's, so the server itself must
schedule that bot (and keep checking that room's clocks), or the class waits forever.
"""

from __future__ import annotations

import dataclasses
import random
import time

import pytest
from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom, playable_games, skip_if_game_is_broken


def bot_on_move(room: Classroom) -> bool:
    view = room.trainer_view()
    return room.mover() is None and bool(view["view"]["to_move"])


def wait_for_version(room: Classroom, above: int, seconds: float = 20.0) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        version = int(room.trainer_view()["version"])
        if version > above:
            return version
        time.sleep(0.05)
    raise AssertionError(f"the room stayed at step {above} for {seconds} s after the restart")


@pytest.mark.parametrize("game", playable_games())
def test_a_bot_on_move_at_a_restart_moves_after_it(settings: Settings, game: str) -> None:
    skip_if_game_is_broken(game)
    rng = random.Random(3)
    # The first server's bots never get to move: the restart comes with the bot on move.
    slow = dataclasses.replace(settings, bot_step=3600.0)
    with TestClient(create_app(slow)) as client:
        room = Classroom.open(client, game, learners=3, bots=1, seed=3)
        for _ in range(400):
            if bot_on_move(room):
                break
            room.play_random(rng, 1)
        else:
            pytest.skip(f"{game}: the bot was never on move in 400 learners' moves")
        version = int(room.trainer_view()["version"])
    with TestClient(create_app(settings)) as client:
        room = dataclasses.replace(room, client=client)
        wait_for_version(room, version)
