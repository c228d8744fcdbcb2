"""A bot thinks in a worker thread, on a copy of the game: other rooms are served meanwhile,
and a bot whose room moved on while it thought looks again before it moves."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard.bots import registry
from moneyboard.bots.base import Choice
from moneyboard.bots.random_bot import RandomBot
from moneyboard.engine.state import GameState
from tests.server.classroom import Classroom, auth


class Gate:
    """A bot kind whose every choice waits until the test opens the gate."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.thinking = threading.Event()
        self.calls = 0

    def bot(self, rng: random.Random) -> Any:
        gate = self

        class HeldBot:
            kind = "held"

            def choose(self, state: GameState, seat: int) -> Choice:
                gate.calls += 1
                gate.thinking.set()
                gate.open.wait(30)
                return RandomBot(rng).choose(state, seat)

        return HeldBot()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    held = Gate()
    monkeypatch.setitem(registry._FACTORIES, "held", held.bot)
    monkeypatch.setitem(registry._SUMMARIES, "held", "waits for the test")
    return held


def wait_for(check: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.02)


def room_with_a_held_bot(client: TestClient) -> Classroom:
    """A toy room whose seat 0 (the first to decide) is a held bot, seat 1 a learner."""
    seats = [{"kind": "bot", "bot": "held"}, {"kind": "learner"}]
    r = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 5})
    assert r.status_code == 201, r.text
    body = r.json()
    room = Classroom(client, body["code"], body["trainer_token"], {})
    joined = client.post(f"/api/rooms/{room.code}/join", json={"name": "Ana"}).json()
    room.tokens[joined["seat"]] = joined["token"]
    room.direct({"type": "start"})
    return room


def test_other_rooms_play_on_while_a_bot_thinks(client: TestClient, gate: Gate) -> None:
    held = room_with_a_held_bot(client)
    assert gate.thinking.wait(10)
    thinking_at = held.trainer_view()["version"]
    other = Classroom.open(client, "toy", learners=2)
    assert other.play_random(random.Random(2), 3) == 3
    assert not gate.open.is_set() and held.trainer_view()["version"] == thinking_at
    gate.open.set()
    wait_for(lambda: held.trainer_view()["version"] > thinking_at)
    assert gate.calls == 1


def test_a_bot_looks_again_when_its_room_moved_on_while_it_thought(
    client: TestClient, gate: Gate
) -> None:
    held = room_with_a_held_bot(client)
    assert gate.thinking.wait(10)
    version = held.trainer_view()["version"]
    borrowed = client.post(
        f"/api/rooms/{held.code}/actions",
        json={"action": "borrow", "version": version},
        headers=auth(held.tokens[1]),
    )
    assert borrowed.status_code == 200, borrowed.text
    gate.open.set()
    # The first choice was made on the game before the loan: dropped, and chosen again.
    wait_for(lambda: held.trainer_view()["version"] >= version + 2)
    assert gate.calls == 2
    assert held.trainer_view()["version"] == version + 2


def test_a_bot_that_fails_pauses_its_room(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    class BrokenBot:
        kind = "broken"

        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

        def choose(self, state: GameState, seat: int) -> Choice:
            raise RuntimeError("this bot cannot play")

    monkeypatch.setitem(registry._FACTORIES, "broken", BrokenBot)
    seats = [{"kind": "bot", "bot": "broken"}, {"kind": "learner"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 5}).json()
    room = Classroom(client, created["code"], created["trainer_token"], {})
    joined = client.post(f"/api/rooms/{room.code}/join", json={"name": "Ana"}).json()
    room.tokens[joined["seat"]] = joined["token"]
    room.direct({"type": "start"})
    wait_for(lambda: room.trainer_view()["room"]["status"] == "paused")
    # The trainer can hand the seat to a working bot and play on.
    room.direct({"type": "seat", "seat": 0, "bot": "random"})
    paused_at = room.trainer_view()["version"]
    room.direct({"type": "resume"})
    wait_for(lambda: room.trainer_view()["view"]["to_move"] == [1])  # the bot has moved
    assert room.trainer_view()["version"] == paused_at + 2  # the resume, the bot's move


@pytest.mark.parametrize("game", ["financialit", "financity", "rut-to-riches", "monitics"])
def test_bots_asked_at_once_all_answer_whatever_the_turn_order(
    client: TestClient, game: str
) -> None:
    # A room of bots plays to the end in every game. Seed 11 asks several bots at once with
    # seat 1 first (FinanCity's savings, Rut to Riches' shares): the pacer and the room must
    # pick the same bot, or none ever moves.
    seats = [{"kind": "bot", "bot": k} for k in ("saver", "spender", "investor", "random")]
    r = client.post("/api/rooms", json={"game": game, "seats": seats, "seed": 11})
    assert r.status_code == 201, r.text
    room = Classroom(client, r.json()["code"], r.json()["trainer_token"], {})
    room.direct({"type": "start"})
    wait_for(lambda: room.trainer_view()["room"]["status"] == "finished", seconds=60)
