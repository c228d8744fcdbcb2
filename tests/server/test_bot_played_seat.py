"""A seat the trainer gave to a bot is offered nothing to do: its phone gets no legal
actions, no refused ones and no prompt (the page says a bot plays it), over the WebSocket
and over HTTP, on turn or not (an action a seat may take at any time included)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.classroom import Classroom


def test_a_seat_played_by_a_bot_is_offered_no_actions(client: TestClient) -> None:
    room = Classroom.open(client, "financialit", learners=2, bots=1)
    mover = room.mover()
    assert mover is not None
    assert room.view(room.tokens[mover])["legal"], "a person's seat on turn has buttons"
    room.direct({"type": "seat", "seat": mover, "bot": "saver"})
    room.direct({"type": "pause"})  # the room holds still while it is looked at

    seen = room.view(room.tokens[mover])
    assert seen["legal"] == [] and seen["refused"] == [] and "prompt" not in seen
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        ws.send_json({"type": "hello", "token": room.tokens[mover]})
        welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    assert welcome["legal"] == [] and welcome["refused"] == [] and "prompt" not in welcome
    assert welcome["room"]["seats"][mover]["bot"] == "saver"

    room.direct({"type": "resume"})
    later = room.view(room.tokens[mover])
    assert later["legal"] == [] and later["refused"] == [] and "prompt" not in later
