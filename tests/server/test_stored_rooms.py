"""Rooms kept after their game: what counts against --max-rooms, what the server keeps in
memory, and rooms deleted from storage (``moneyboard rooms delete``) while it runs."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from moneyboard.cli import app as cli
from moneyboard.server.app import create_app
from moneyboard.server.manager import RoomManager
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, make_engine
from tests.server.classroom import Classroom, auth
from tests.server.test_websocket import hello, until

runner = CliRunner()
TWO_LEARNERS = {"game": "toy", "seats": [{"kind": "learner"}] * 2}


def manager_of(client: TestClient) -> RoomManager:
    found: RoomManager = client.app.state.manager  # type: ignore[attr-defined]
    return found


@contextmanager
def server(settings: Settings, check_every: float = 30.0) -> Iterator[TestClient]:
    """The app on ``settings``, looking for deleted rooms every ``check_every`` seconds."""
    app = create_app(settings)
    app.state.manager.check_every = check_every
    with TestClient(app) as client:
        yield client


def finished(client: TestClient) -> Classroom:
    """A room of two learners whose one-round game was played to its end."""
    room = Classroom.open(client, "toy", learners=2, options={"rounds": 1})
    room.play_random(random.Random(3), 50)
    assert room.trainer_view()["room"]["status"] == "finished"
    return room


def wait_for(done: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def test_ended_rooms_do_not_block_new_rooms(settings: Settings) -> None:
    with server(dataclasses.replace(settings, max_rooms=2)) as client:
        ended = Classroom.open(client, "toy", learners=2)
        ended.direct({"type": "end"})
        over = finished(client)
        # Both games are over: they keep their records, not their places.
        for _ in range(2):
            assert client.post("/api/rooms", json=TWO_LEARNERS).status_code == 201
        full = client.post("/api/rooms", json=TWO_LEARNERS)
        assert full.status_code == 429
        message = full.json()["error"]["message"]
        assert "2 rooms in play" in message and "until its game ends" in message
        for room in (ended, over):
            record = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer))
            assert record.status_code == 200
        assert manager_of(client).store.count_rooms() == 4


def test_an_ended_room_someone_has_open_still_counts(settings: Settings) -> None:
    with server(dataclasses.replace(settings, max_rooms=1)) as client:
        room = Classroom.open(client, "toy", learners=2)
        with client.websocket_connect(f"/ws/{room.code}") as projector:
            hello(projector, None)
            room.direct({"type": "end"})
            refused = client.post("/api/rooms", json=TWO_LEARNERS)
            assert refused.status_code == 429
        assert client.post("/api/rooms", json=TWO_LEARNERS).status_code == 201


def test_ended_rooms_are_let_go_and_rebuilt_when_opened(settings: Settings) -> None:
    with server(settings) as client:
        room = finished(client)
        manager = manager_of(client)
        assert room.code in manager.rooms
        assert client.post("/api/rooms", json=TWO_LEARNERS).status_code == 201
        assert room.code not in manager.rooms  # nobody had it open
        info = client.get(f"/api/rooms/{room.code}").json()
        assert info["status"] == "finished"
        assert room.code in manager.rooms


def test_a_restart_rebuilds_only_the_rooms_in_play(settings: Settings) -> None:
    with server(settings) as client:
        over = finished(client)
        playing = Classroom.open(client, "toy", learners=2)
        lobby = Classroom.open(client, "toy", learners=2, start=False)
    with server(settings) as client:
        held = manager_of(client).rooms
        assert set(held) == {playing.code, lobby.code}
        assert client.get(f"/api/rooms/{over.code}").json()["status"] == "finished"


def test_a_finished_game_taken_back_is_in_play_again(settings: Settings) -> None:
    with server(dataclasses.replace(settings, max_rooms=1)) as client:
        room = finished(client)
        room.direct({"type": "undo"})
        assert room.trainer_view()["room"]["status"] != "finished"
        store = manager_of(client).store
        assert store.count_in_play() == 1
        assert client.post("/api/rooms", json=TWO_LEARNERS).status_code == 429
        # Nor may whoever runs the server delete it as an ended room.
        url = settings.db_url
        result = runner.invoke(cli, ["rooms", "delete", room.code, "--yes", "--db", url])
        assert result.exit_code == 1 and "still in play" in result.output


def delete_from_outside(url: str, code: str, *, in_play: bool = False) -> None:
    """What ``moneyboard rooms delete CODE --yes`` does, from another process's view."""
    args = ["rooms", "delete", code, "--yes", "--db", url] + (["--in-play"] if in_play else [])
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output


def test_an_ended_room_deleted_while_the_server_runs(settings: Settings) -> None:
    with server(settings) as client:
        room = finished(client)
        with client.websocket_connect(f"/ws/{room.code}") as trainer:
            hello(trainer, room.trainer)
            delete_from_outside(settings.db_url, room.code)
            # The debrief, the pages and the API say so at once, and the console is told.
            for path in (f"/api/rooms/{room.code}", f"/api/rooms/{room.code}/debrief/public"):
                gone = client.get(path)
                assert gone.status_code == 404, path
                assert gone.json()["error"]["message"] == (
                    f"room {room.code} was deleted, with its game's record"
                )
            closed = until(trainer, "closed")
            assert closed["reason"] == "this room was deleted"
        assert room.code not in manager_of(client).rooms
        assert client.post("/api/rooms", json=TWO_LEARNERS).status_code == 201


def test_a_room_in_play_deleted_while_the_server_runs(settings: Settings) -> None:
    with server(settings, check_every=0.05) as client:
        lobby = Classroom.open(client, "toy", learners=2, start=False)
        bots = Classroom.open(client, "toy", learners=0, bots=2, options={"rounds": 20})
        with client.websocket_connect(f"/ws/{lobby.code}") as projector:
            hello(projector, None)
            delete_from_outside(settings.db_url, lobby.code, in_play=True)
            assert until(projector, "closed")["reason"] == "this room was deleted"
        # A room whose bots keep moving: their next move cannot be stored, and the room goes.
        delete_from_outside(settings.db_url, bots.code, in_play=True)
        manager = manager_of(client)
        wait_for(lambda: bots.code not in manager.rooms)
        assert client.get(f"/api/rooms/{bots.code}").status_code == 404
        # The server plays on.
        room = Classroom.open(client, "toy", learners=2)
        assert room.play_random(random.Random(1), 3) == 3


def test_a_room_deleted_on_postgres_is_dropped_by_a_server_told_of_it(
    settings: Settings, postgres_url: str
) -> None:
    shared = dataclasses.replace(settings, db_url=postgres_url, notify=True)
    with server(shared) as client:
        room = Classroom.open(client, "toy", learners=2)
        with client.websocket_connect(f"/ws/{room.code}") as projector:
            hello(projector, None)
            listed = runner.invoke(cli, ["rooms", "list", "--db", postgres_url])
            assert listed.exit_code == 0 and room.code in listed.output
            assert "in play" in listed.output
            delete_from_outside(postgres_url, room.code, in_play=True)
            # Told through the database at once (not after check_every's 30 seconds).
            assert until(projector, "closed")["reason"] == "this room was deleted"
        store = Store(make_engine(postgres_url))
        try:
            assert store.summaries() == []
        finally:
            store.close()
            store.engine.dispose()
