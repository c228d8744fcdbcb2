"""The trainer's controls as a class uses them: take back between pauses, after a call or a
forced die; a die forced with the wrong type; directives while paused; a timer set while a
learner decides; clear words (and the request's id) for a malformed message."""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from moneyboard.engine import Seat
from moneyboard.registry import get_game
from moneyboard.server.app import create_app
from moneyboard.server.main import ws_frame_limit
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom, auth
from tests.server.in_thread import uvicorn_in_a_thread


def record(room: Classroom) -> list[dict[str, Any]]:
    r = room.client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer))
    moves: list[dict[str, Any]] = r.json()["moves"]
    return moves


def play(room: Classroom, action: str = "keep") -> None:
    seat = room.mover()
    assert seat is not None
    assert room.act(seat, action, room.trainer_view()["version"]).status_code == 200


def test_pause_take_back_resume_then_take_back_again(
    client: TestClient, settings: Settings
) -> None:
    room = Classroom.open(client, "toy", learners=2)
    play(room)
    play(room)
    room.direct({"type": "pause"})
    room.direct({"type": "undo"})
    room.direct({"type": "resume"})
    play(room)
    room.direct({"type": "undo"})  # was refused: "The game is not paused."
    room.direct({"type": "resume"})
    room.direct({"type": "pause"})
    room.direct({"type": "undo"})
    view = room.trainer_view()
    with TestClient(create_app(settings)) as again:  # a restart rebuilds the same room
        rebuilt = Classroom(again, room.code, room.trainer, room.tokens).trainer_view()
    assert rebuilt["view"] == view["view"] and rebuilt["room"]["status"] == "paused"


def test_a_die_forced_after_a_move_stays_queued_when_it_is_taken_back(
    client: TestClient,
) -> None:
    room = Classroom.open(client, "toy", learners=2)
    play(room)  # the next seat's die is rolled
    room.direct({"type": "force", "stream": "die", "outcomes": [6]})
    room.direct({"type": "undo"})
    room.direct({"type": "resume"})
    play(room)  # the same seat's die again: the queued 6
    assert room.trainer_view()["view"]["roll"][1] == 6
    forces = [m for m in record(room) if "force" in m]
    assert len(forces) == 2  # given again after the undo, so the record replays it


def test_a_take_back_after_call_time_keeps_time_called(client: TestClient) -> None:
    room = Classroom.open(client, "rut-to-riches", learners=3)
    room.play_random(random.Random(2), 4)
    room.direct({"type": "call_time"})
    room.direct({"type": "undo"})
    again = room.direct({"type": "call_time"}, expect=409)
    assert "already been called" in again["error"]["message"]


@pytest.mark.parametrize("outcome", [6.0, True, [6], {"a": 1}])
def test_a_die_forced_with_the_wrong_type_is_refused_and_the_room_plays_on(
    client: TestClient, outcome: Any
) -> None:
    room = Classroom.open(client, "toy", learners=2)
    version = room.trainer_view()["version"]
    bad = room.direct({"type": "force", "stream": "die", "outcomes": [outcome]}, expect=409)
    message = bad["error"]["message"]
    assert f"{json.dumps(outcome)} is not one of the outcomes of die" in message
    assert "it can give 1, 2, 3, 4, 5, 6" in message
    assert room.trainer_view()["version"] == version
    play(room)


def test_the_trainer_may_queue_a_card_while_paused(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    room.direct({"type": "pause"})
    room.direct({"type": "force", "stream": "die", "outcomes": [5]})
    again = room.direct({"type": "pause"}, expect=409)
    assert again["error"]["message"] == "The game is already paused."
    bot = room.direct({"type": "skip"}, expect=409)
    assert "paused: resume it first" in bot["error"]["message"]


def test_take_back_says_plainly_how_many_moves_there_are(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    none = room.direct({"type": "undo"}, expect=409)
    assert none["error"]["message"] == "there is no move to take back yet"
    play(room)
    one = room.direct({"type": "undo", "count": 3}, expect=409)
    assert one["error"]["message"] == "only 1 move can be taken back"


def test_call_time_names_the_game_and_what_to_do(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    said = room.direct({"type": "call_time"}, expect=409)["error"]["message"]
    assert said == "Toy has no class period to call time on: to stop the game here, end it"


def test_a_timer_set_while_a_learner_decides_gives_them_the_full_time(
    client: TestClient,
) -> None:
    room = Classroom.open(client, "toy", learners=2)
    time.sleep(2.0)  # the learner has been deciding for two seconds
    version = room.trainer_view()["version"]
    set_at = time.monotonic()
    room.direct({"type": "timer", "seconds": 3})
    # Counted from the start of the turn, 1 second would be left: the full 3 are (less the
    # time this request took, a second at most on a loaded machine).
    [clock] = room.view()["clocks"]
    assert clock["left"] > 2.0
    time.sleep(max(0.0, set_at + 1.5 - time.monotonic()))  # past 1 s, well before 3 s
    assert room.trainer_view()["version"] == version + 1  # the timer, and no timeout yet


def test_a_bot_seat_goes_back_to_a_person_only_if_a_device_holds_it(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=1, bots=1)
    room.direct({"type": "pause"})  # the bot would play the game out meanwhile
    nobody = room.direct({"type": "seat", "seat": 1, "bot": None}, expect=409)
    assert "nobody has joined Random bot (seat 2) on a device" in nobody["error"]["message"]
    person = room.direct({"type": "seat", "seat": 0, "bot": None}, expect=409)
    assert "(seat 1) is already played by a person" in person["error"]["message"]
    room.direct({"type": "seat", "seat": 0, "bot": "random"})
    room.direct({"type": "seat", "seat": 0, "bot": None})  # its learner's phone holds it


def test_an_ended_room_says_so_in_every_view(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    assert room.view()["room"]["ended"] is None
    room.direct({"type": "end"})
    for token in (None, room.tokens[0], room.trainer):
        info = room.view(token)["room"]
        assert info["status"] == "ended"
        assert info["ended"] == "The trainer has ended the game."


@pytest.mark.parametrize(
    ("message", "said"),
    [
        (
            {"type": "directive", "id": "r1", "directive": {"type": "timer", "seconds": -5}},
            "seconds must be at least 0 (not -5)",
        ),
        (
            {"type": "directive", "id": 7, "directive": {"type": "undo", "count": 0}},
            "count must be at least 1 (not 0)",
        ),
        (
            {"type": "nope", "id": "r3"},
            "type must be one of 'action', 'vote', 'directive', 'ping' (not 'nope')",
        ),
        (
            {"type": "action", "id": "r4", "action": 123, "version": 1},
            "action must be an object of named fields or text (not 123)",
        ),
        (
            {"type": "action", "id": "r5", "action": "keep", "version": "1"},
            "version must be a whole number (not '1')",
        ),
    ],
)
def test_a_malformed_message_is_answered_in_words_with_its_id(
    client: TestClient, message: dict[str, Any], said: str
) -> None:
    room = Classroom.open(client, "toy", learners=2)
    token = room.trainer if message["type"] != "action" else room.tokens[0]
    version = room.trainer_view()["version"]
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json(message)
        error = ws.receive_json()
        assert error == {"type": "error", "code": "malformed", "message": said, "id": message["id"]}
    assert room.trainer_view()["version"] == version


@pytest.fixture
def live_server(settings: Settings) -> Iterator[int]:
    """The app under uvicorn, with the WebSocket limit ``moneyboard serve`` gives it."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    app = create_app(settings)
    with uvicorn_in_a_thread(app, listening, ws_max_size=ws_frame_limit(settings)) as port:
        yield port


def test_a_message_over_the_limit_gets_too_large_and_the_connection_stays(
    settings: Settings, live_server: int
) -> None:
    assert ws_frame_limit(settings) > settings.max_message_bytes
    base = f"http://127.0.0.1:{live_server}"
    made = httpx2.post(
        f"{base}/api/rooms", json={"game": "toy", "seats": [{"kind": "learner"}] * 2}
    )
    code = made.json()["code"]
    with connect(f"ws://127.0.0.1:{live_server}/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        ws.send(json.dumps({"type": "ping", "id": "x" * (settings.max_message_bytes + 10)}))
        answer = json.loads(ws.recv(timeout=10))
        assert answer["type"] == "error" and answer["code"] == "too_large"
        ws.send(json.dumps({"type": "ping", "id": "p"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"


def test_a_vote_for_a_choice_of_another_decision_says_so_once(client: TestClient) -> None:
    room = Classroom.open(client, "monitics", learners=2)
    mover = room.mover()
    assert mover is not None
    voter = 1 - mover
    r = client.post(
        f"/api/rooms/{room.code}/votes",
        json={"action": {"type": "accept"}, "version": room.trainer_view()["version"]},
        headers=auth(room.tokens[voter]),
    )
    assert r.status_code == 409
    said = r.json()["error"]["message"]
    assert said.endswith("does not answer the decision Learner 0 is asked now"), said
    assert "asking about" not in said and said.count("decision") == 1, said


def test_a_card_that_can_no_longer_come_up_is_refused_when_chosen(client: TestClient) -> None:
    """A FinanCity event already drawn is not offered, and choosing it is refused at once in
    words (not queued, then dropped at the draw); one left, once chosen, is not offered twice."""
    room = Classroom.open(client, "financity", learners=2)
    fresh = get_game("financity").new_state([Seat("A"), Seat("B")], 1)
    cards = [str(card) for card in fresh.stream_outcomes("deck:events") or ()]
    every = {card: fresh.catalogue.word(card) for card in cards}

    def events_left() -> list[str]:
        r = client.get(f"/api/rooms/{room.code}/chance", headers=auth(room.trainer))
        streams = {s["stream"]: s for s in r.json()["streams"]}
        return [o["outcome"] for o in streams["deck:events"]["outcomes"]]

    rng = random.Random(4)
    while len(events_left()) == len(every):
        assert room.play_random(rng, 5), "the first year's event was never drawn"
    offered = events_left()
    (gone,) = set(every) - set(offered)
    version = room.trainer_view()["version"]
    bad = room.direct({"type": "force", "stream": "deck:events", "outcomes": [gone]}, expect=409)
    assert bad["error"]["message"].startswith(f"{every[gone]} is no longer in the events deck")
    assert room.trainer_view()["version"] == version
    room.direct({"type": "force", "stream": "deck:events", "outcomes": [offered[0]]})
    twice = room.direct(
        {"type": "force", "stream": "deck:events", "outcomes": [offered[0]]}, expect=409
    )
    assert "already chosen as often as the events deck holds it" in twice["error"]["message"]
