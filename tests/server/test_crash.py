"""Nothing lost: a server killed with SIGKILL at random points restarts with every room intact.

Learners play random legal actions in several rooms (bots move between them) while a timer
kills the server at a random moment, often in the middle of a request. After each restart
every acknowledged action must be in its room's record, in order (at most one more action
may be there: stored, but killed before its answer went out), and every room plays on.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx2
import pytest

from moneyboard.registry import get_game
from tests.server.classroom import playable_games, skip_if_game_is_broken
from tests.server.process import ServerProcess

CYCLES = 3
ROOMS = 3


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Room:
    """What the test knows of one room: tokens and the learners' acknowledged actions."""

    def __init__(self, code: str, trainer: str, tokens: dict[int, str]):
        self.code = code
        self.trainer = trainer
        self.tokens = tokens
        self.acked: list[tuple[int, dict[str, Any]]] = []
        self.finished = False


def open_room(http: httpx2.Client, game: str, seed: int) -> Room:
    players = get_game(game).min_players
    seats = [{"kind": "learner"}] * (players - 1) + [{"kind": "bot", "bot": "random"}]
    created = http.post("/api/rooms", json={"game": game, "seats": seats, "seed": seed})
    assert created.status_code == 201, created.text
    body = created.json()
    tokens = {}
    for i in range(players - 1):
        joined = http.post(f"/api/rooms/{body['code']}/join", json={"name": f"L{i}"}).json()
        tokens[joined["seat"]] = joined["token"]
    started = http.post(
        f"/api/rooms/{body['code']}/directives",
        json={"directive": {"type": "start"}},
        headers=auth(body["trainer_token"]),
    )
    assert started.status_code == 200, started.text
    return Room(body["code"], body["trainer_token"], tokens)


def play_one(http: httpx2.Client, room: Room, rng: random.Random) -> bool:
    """One random legal action by a learner of ``room``; True if the server acknowledged it."""
    view = http.get(f"/api/rooms/{room.code}/view", headers=auth(room.trainer)).json()
    if view["view"]["result"] is not None:
        room.finished = True
        return False
    movers = [s for s in view["view"]["to_move"] if s in room.tokens]
    if not movers:
        return False
    seat = movers[0]
    mine = http.get(f"/api/rooms/{room.code}/view", headers=auth(room.tokens[seat])).json()
    if not mine["legal"]:
        return False
    action = rng.choice(mine["legal"])["action"]
    r = http.post(
        f"/api/rooms/{room.code}/actions",
        json={"action": action, "version": mine["version"]},
        headers=auth(room.tokens[seat]),
    )
    if r.status_code == 200:
        room.acked.append((seat, action))
        return True
    assert r.status_code == 409, r.text  # a bot moved in between: stale, nothing changed
    return False


def learner_actions(http: httpx2.Client, room: Room) -> list[tuple[int, dict[str, Any]]]:
    r = http.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer))
    assert r.status_code == 200, r.text
    return [
        (m["seat"], m["action"])
        for m in r.json()["moves"]
        if "action" in m and m["seat"] in room.tokens
    ]


def crash_and_check(db_url: str, game: str, seed: int) -> None:
    rng = random.Random(seed)
    server = ServerProcess(db_url)
    server.start()
    rooms: list[Room] = []
    try:
        with httpx2.Client(base_url=server.base, timeout=10.0) as http:
            rooms = [open_room(http, game, seed * 100 + i) for i in range(ROOMS)]
        for _ in range(CYCLES):
            killer = threading.Timer(rng.uniform(0.3, 2.0), server.kill)
            killer.start()
            deadline = time.monotonic() + 10
            try:
                with httpx2.Client(base_url=server.base, timeout=5.0) as http:
                    while time.monotonic() < deadline:
                        play_one(http, rng.choice(rooms), rng)
            except httpx2.HTTPError:
                pass  # the server died under us: that request was not acknowledged
            killer.join()
            server.kill()
            server.start()
            with httpx2.Client(base_url=server.base, timeout=10.0) as http:
                for room in rooms:
                    stored = learner_actions(http, room)
                    assert stored[: len(room.acked)] == room.acked, room.code
                    assert len(stored) - len(room.acked) in (0, 1), room.code
                    room.acked = stored
        with httpx2.Client(base_url=server.base, timeout=10.0) as http:
            acted = 0
            for room in rooms:
                for _ in range(20):
                    if room.finished or play_one(http, room, rng):
                        acted += 1
                        break
            assert acted == len(rooms)  # every room plays on (or had finished)
    finally:
        server.kill()


GAMES = [g for g in playable_games() if g != "toy"]


@pytest.mark.parametrize("game", GAMES)
def test_sigkill_loses_nothing_on_sqlite(tmp_path: object, game: str) -> None:
    skip_if_game_is_broken(game)
    crash_and_check(f"sqlite:///{tmp_path}/rooms.db", game, seed=11)


@pytest.mark.parametrize("game", GAMES)
def test_sigkill_loses_nothing_on_postgresql(postgres_url: str, game: str) -> None:
    skip_if_game_is_broken(game)
    crash_and_check(postgres_url, game, seed=12)
