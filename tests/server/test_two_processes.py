"""Two server processes, one PostgreSQL database: a learner on each hears the other's moves.

Updates fan out through LISTEN/NOTIFY; the database's unique (room, step) key makes sure
two processes can never both accept a move for the same step.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.process import ServerProcess

#: Seconds a request may take: generous, since these tests run on busy machines too.
TIMEOUT = 30.0


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def next_update(ws: ClientConnection, version: int, seconds: float = 30.0) -> dict[str, Any]:
    """The first update at ``version`` or later (earlier ones are skipped)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message: dict[str, Any] = json.loads(ws.recv(timeout=deadline - time.monotonic()))
        if message["type"] in ("update", "welcome") and message["version"] >= version:
            return message
    raise AssertionError(f"no update at version {version} came")


@pytest.fixture
def two_servers(postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    first = ServerProcess(postgres_url, "--notify")
    second = ServerProcess(postgres_url, "--notify")
    first.start()
    second.start()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_a_learner_on_each_process_plays_the_same_room(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    with (
        httpx2.Client(base_url=a.base, timeout=TIMEOUT) as http_a,
        httpx2.Client(base_url=b.base, timeout=TIMEOUT) as http_b,
    ):
        seats = [{"kind": "learner"}, {"kind": "learner"}, {"kind": "learner"}]
        created = http_a.post("/api/rooms", json={"game": "financialit", "seats": seats}).json()
        code, trainer = created["code"], created["trainer_token"]
        tokens = {}
        for http, name in ((http_a, "Ana"), (http_b, "Ben"), (http_b, "Cy")):
            joined = http.post(f"/api/rooms/{code}/join", json={"name": name}).json()
            tokens[joined["seat"]] = (http, joined["token"])
        started = http_b.post(
            f"/api/rooms/{code}/directives",
            json={"directive": {"type": "start"}},
            headers=auth(trainer),
        )
        assert started.status_code == 200, started.text
        with (
            connect(f"ws://127.0.0.1:{a.port}/ws/{code}") as on_a,
            connect(f"ws://127.0.0.1:{b.port}/ws/{code}") as on_b,
        ):
            on_a.send(json.dumps({"type": "hello", "token": tokens[0][1]}))
            on_b.send(json.dumps({"type": "hello", "token": tokens[1][1]}))
            welcome_a = next_update(on_a, 0)
            welcome_b = next_update(on_b, 0)
            assert welcome_a["version"] == welcome_b["version"] == 1
            assert welcome_a["room"]["seats"][1]["name"] == "Ben"
            heard = 0
            for _ in range(12):
                view = http_a.get(f"/api/rooms/{code}/view", headers=auth(trainer)).json()
                seat = view["view"]["to_move"][0]
                http, token = tokens[seat]
                mine = http.get(f"/api/rooms/{code}/view", headers=auth(token)).json()
                action = mine["legal"][0]["action"]
                r = http.post(
                    f"/api/rooms/{code}/actions",
                    json={"action": action, "version": mine["version"]},
                    headers=auth(token),
                )
                assert r.status_code == 200, r.text
                version = r.json()["version"]
                # Both learners hear it, whichever process took the move.
                assert next_update(on_a, version)["version"] >= version
                assert next_update(on_b, version)["version"] >= version
                heard += 1
            assert heard == 12


def test_two_processes_never_both_accept_the_same_step(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    with (
        httpx2.Client(base_url=a.base, timeout=TIMEOUT) as http_a,
        httpx2.Client(base_url=b.base, timeout=TIMEOUT) as http_b,
    ):
        seats = [{"kind": "team"}] * 3
        created = http_a.post("/api/rooms", json={"game": "financialit", "seats": seats}).json()
        code, trainer = created["code"], created["trainer_token"]
        # Each family is a team with one learner's phone on each process.
        on_a, on_b = {}, {}
        for seat in range(3):
            on_a[seat] = http_a.post(
                f"/api/rooms/{code}/join", json={"name": f"A{seat}", "seat": seat}
            ).json()["token"]
            on_b[seat] = http_b.post(
                f"/api/rooms/{code}/join", json={"name": f"B{seat}", "seat": seat}
            ).json()["token"]
        started = http_a.post(
            f"/api/rooms/{code}/directives",
            json={"directive": {"type": "start"}},
            headers=auth(trainer),
        )
        assert started.status_code == 200, started.text
        # Process B may not have heard of the start yet: it reads it from the database.
        seat = http_b.get(f"/api/rooms/{code}/view", headers=auth(trainer)).json()["view"][
            "to_move"
        ][0]
        view = http_a.get(f"/api/rooms/{code}/view", headers=auth(on_a[seat])).json()
        action = view["legal"][0]["action"]
        body = {"action": action, "version": view["version"]}
        with ThreadPoolExecutor(2) as pool:
            first_future = pool.submit(
                http_a.post, f"/api/rooms/{code}/actions", json=body, headers=auth(on_a[seat])
            )
            second_future = pool.submit(
                http_b.post, f"/api/rooms/{code}/actions", json=body, headers=auth(on_b[seat])
            )
            first, second = first_future.result(), second_future.result()
        codes = sorted([first.status_code, second.status_code])
        assert codes == [200, 409], (first.text, second.text)
