"""The WebSocket protocol: hello, updates as they happen, actions, votes, and bad messages."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    message: dict[str, Any] = ws.receive_json()
    return message


def until(ws: WebSocketTestSession, kind: str, limit: int = 20) -> dict[str, Any]:
    """The next message of type ``kind`` (updates before it are skipped)."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message came")


def test_everyone_hears_an_action_with_their_own_view(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    mover = room.mover()
    assert mover is not None
    with (
        client.websocket_connect(f"/ws/{room.code}") as a,
        client.websocket_connect(f"/ws/{room.code}") as b,
        client.websocket_connect(f"/ws/{room.code}") as public,
        client.websocket_connect(f"/ws/{room.code}") as trainer,
    ):
        welcome = hello(a, room.tokens[mover])
        assert welcome["type"] == "welcome" and welcome["you"] == mover
        assert hello(b, room.tokens[1 - mover])["you"] == 1 - mover
        assert hello(public, None)["role"] == "public"
        assert hello(trainer, room.trainer)["role"] == "trainer"
        version = welcome["version"]
        a.send_json({"type": "action", "action": "keep", "version": version, "id": "k1"})
        update = a.receive_json()
        assert update["type"] == "update" and update["version"] == version + 1
        assert update["ack"] == "k1"  # the answer rides on the update: no message of its own
        for ws, role in ((b, "seat"), (public, "public"), (trainer, "trainer")):
            heard = until(ws, "update")
            assert heard["role"] == role and heard["version"] >= version + 1
            assert "ack" not in heard
            keys = {e["key"] for e in heard["events"]}
            if role == "trainer":
                assert any(k.startswith("chance.") for k in keys) or not keys
            else:
                assert not any(k.startswith("chance.") for k in keys)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"type": "fly"}',
        '{"type": "action"}',
        '{"type": "action", "action": "keep", "version": -1}',
        '{"type": "action", "action": "keep", "version": "7"}',
        '{"type": "action", "action": "keep", "version": 1, "extra": true}',
        '{"type": "action", "action": {"type": "nope"}, "version": 1}',
        '{"type": "action", "action": {"kind": "keep"}, "version": 1}',
        '{"type": "vote", "action": "keep", "version": 1, "why": "' + "x" * 300 + '"}',
        '{"type": "directive", "directive": {"type": "pause"}}',
        "x" * 20_000,
        "",
    ],
)
def test_malformed_messages_get_an_error_and_change_nothing(client: TestClient, text: str) -> None:
    room = Classroom.open(client, "toy", learners=2)
    before = room.trainer_view()
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        hello(ws, room.tokens[0])
        ws.send_text(text)
        reply = ws.receive_json()
        assert reply["type"] in ("error", "refused"), reply
        assert reply["message"]
        ws.send_json({"type": "ping", "id": 1})
        assert until(ws, "pong")["version"] == before["version"]
    after = room.trainer_view()
    assert after["version"] == before["version"] and after["view"] == before["view"]


def test_binary_messages_are_read_as_text_or_refused(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        hello(ws, room.tokens[0])
        ws.send_bytes(b"\xff\xfe\x00")
        assert ws.receive_json()["type"] == "error"


def test_the_first_message_must_be_a_good_hello(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    other = Classroom.open(client, "toy", learners=2, seed=9)
    for first in ('{"type": "ping"}', "hello", json.dumps({"type": "hello", "token": "x" * 43})):
        with client.websocket_connect(f"/ws/{room.code}") as ws:
            ws.send_text(first)
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        reply = hello(ws, other.tokens[0])
        assert reply["type"] == "error" and reply["code"] == "forbidden"
    with client.websocket_connect("/ws/AAAAAA") as ws:
        assert hello(ws, None)["code"] == "not_found"


def test_roles_are_kept_apart_over_websockets(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    version = room.trainer_view()["version"]
    with client.websocket_connect(f"/ws/{room.code}") as public:
        hello(public, None)
        public.send_json({"type": "action", "action": "keep", "version": version})
        assert until(public, "refused")["code"] == "forbidden"
    with client.websocket_connect(f"/ws/{room.code}") as seat:
        hello(seat, room.tokens[0])
        seat.send_json({"type": "directive", "directive": {"type": "pause"}})
        assert until(seat, "refused")["code"] == "forbidden"
    with client.websocket_connect(f"/ws/{room.code}") as trainer:
        hello(trainer, room.trainer)
        trainer.send_json({"type": "directive", "directive": {"type": "pause"}, "id": 3})
        assert until(trainer, "ack")["id"] == 3
    assert room.trainer_view()["room"]["status"] == "paused"


def test_messages_per_connection_are_rate_limited(settings: Settings) -> None:
    strict = dataclasses.replace(settings, rate_per_second=1.0, rate_burst=3)
    with TestClient(create_app(strict)) as client:
        room = Classroom.open(client, "toy", learners=2)
        with client.websocket_connect(f"/ws/{room.code}") as ws:
            hello(ws, room.tokens[0])
            replies = []
            for i in range(6):
                ws.send_json({"type": "ping", "id": i})
                replies.append(ws.receive_json())
        kinds = [r["type"] for r in replies]
        assert kinds[:3] == ["pong"] * 3
        assert "error" in kinds[3:]
        assert any(r.get("code") == "rate_limited" for r in replies)


def test_a_moved_seat_closes_the_old_connection(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        hello(ws, room.tokens[0])
        client.post(
            f"/api/rooms/{room.code}/seats/0/device",
            headers={"Authorization": f"Bearer {room.trainer}"},
        )
        with pytest.raises(WebSocketDisconnect):
            for _ in range(5):
                ws.receive_json()


def test_a_class_vote_is_sealed_then_split_on_the_projector(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=3)
    mover = room.mover()
    assert mover is not None
    voters = [s for s in room.tokens if s != mover]
    version = room.trainer_view()["version"]
    with client.websocket_connect(f"/ws/{room.code}") as projector:
        hello(projector, None)
        for i, seat in enumerate(voters):
            r = client.post(
                f"/api/rooms/{room.code}/votes",
                json={"action": "gamble" if i else "keep", "version": version, "why": "risk"},
                headers={"Authorization": f"Bearer {room.tokens[seat]}"},
            )
            assert r.status_code == 200, r.text
            sealed = until(projector, "update")
            assert sealed["room"]["votes"] == i + 1
            assert "vote_result" not in sealed
        twice = client.post(
            f"/api/rooms/{room.code}/votes",
            json={"action": "keep", "version": version},
            headers={"Authorization": f"Bearer {room.tokens[voters[0]]}"},
        )
        assert twice.status_code == 409 and twice.json()["error"]["code"] == "voted"
        mine = client.post(
            f"/api/rooms/{room.code}/votes",
            json={"action": "keep", "version": version},
            headers={"Authorization": f"Bearer {room.tokens[mover]}"},
        )
        assert mine.status_code == 409
        assert room.act(mover, "keep", version).status_code == 200
        result = until(projector, "update")
        assert result["vote_result"]["split"] == {"Keep": 1, "Gamble": 1}
        assert result["vote_result"]["played"] == "Keep"
        assert result["room"]["votes"] == 0


def test_learners_not_deciding_are_shown_the_open_vote(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=3)
    mover = room.mover()
    assert mover is not None
    voter = next(s for s in room.tokens if s != mover)
    deciding = room.view(room.tokens[mover])
    assert deciding["vote"] is None
    with (
        client.websocket_connect(f"/ws/{room.code}") as seat,
        client.websocket_connect(f"/ws/{room.code}") as projector,
    ):
        welcome = hello(seat, room.tokens[voter])
        hello(projector, None)
        vote = welcome["vote"]
        assert vote["seat"] == mover and vote["name"] == f"Learner {mover}"
        assert isinstance(vote["prompt"], str) and f"Learner {mover}" in vote["prompt"]
        # The mover's own buttons that answer the decision: its "any time" loan is its own.
        answers = [c["action"] for c in deciding["legal"] if c["action"]["type"] != "borrow"]
        assert {"type": "borrow"} in [c["action"] for c in deciding["legal"]]
        assert [c["action"] for c in vote["choices"]] == answers
        assert all(isinstance(c["text"], str) and c["text"] for c in vote["choices"])
        # A choice goes back exactly as it came.
        r = client.post(
            f"/api/rooms/{room.code}/votes",
            json={"action": vote["choices"][0]["action"], "version": welcome["version"]},
            headers={"Authorization": f"Bearer {room.tokens[voter]}"},
        )
        assert r.status_code == 200, r.text
        sealed = until(seat, "update")
        assert sealed["voted"] is True and sealed["vote"] == vote
        played = vote["choices"][-1]["action"]
        assert room.act(mover, played, welcome["version"]).status_code == 200
        for _ in range(5):
            heard = until(projector, "update")
            if "vote_result" in heard:
                break
        assert heard["vote_result"]["split"] == {vote["choices"][0]["text"]: 1}
        assert heard["vote_result"]["played"] == vote["choices"][-1]["text"]
        assert "vote" not in heard  # the projector is shown the split, not the ballot
    room.direct({"type": "pause"})
    assert room.view(room.tokens[voter])["vote"] is None


def test_a_vote_over_a_websocket_is_answered_in_its_update(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=3)
    mover = room.mover()
    assert mover is not None
    voter, other = (s for s in room.tokens if s != mover)
    with (
        client.websocket_connect(f"/ws/{room.code}") as ws,
        client.websocket_connect(f"/ws/{room.code}") as onlooker,
    ):
        version = hello(ws, room.tokens[voter])["version"]
        hello(onlooker, room.tokens[other])
        ws.send_json({"type": "vote", "action": "keep", "version": version, "why": "safe", "id": 9})
        update = until(ws, "update")
        assert update["ack"] == 9 and update["voted"] is True
        assert "ack" not in until(onlooker, "update")
        ws.send_json({"type": "vote", "action": "keep", "version": version, "id": 10})
        again = until(ws, "refused")
        assert again["id"] == 10 and again["code"] == "voted"
