"""Seats in words count from 1 ("seat 1" is the first seat) in every message of the API,
while a request numbers them from 0; a message about a seat number that names no seat says
both, so a trainer who sent ``"seat": 3`` is not left to wonder why it reads "seat 4"."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.classroom import Classroom, auth

#: How every such message explains the numbering of a room of three seats.
RULE = 'a request numbers seats from 0 ("seat": 0 is seat 1, 2 is seat 3)'


def refusal(answer: Any) -> str:
    message: str = answer.json()["error"]["message"]
    return message


@pytest.mark.parametrize(
    ("seat", "said"),
    [
        (3, f"there is no seat 4 in this room: it has seats 1 to 3; {RULE}"),
        (11, f"there is no seat 12 in this room: it has seats 1 to 3; {RULE}"),
        (
            12,
            "there is no seat 13: a room has at most 12 seats; a request numbers seats from 0"
            ' ("seat": 0 is seat 1, 11 is seat 12)',
        ),
        (-1, '-1 names no seat: a request numbers seats from 0 ("seat": 0 is seat 1)'),
    ],
)
def test_a_seat_number_that_names_no_seat_says_how_seats_are_counted(
    client: TestClient, seat: int, said: str
) -> None:
    room = Classroom.open(client, "financialit", learners=1, bots=2, start=False)
    joined = client.post(f"/api/rooms/{room.code}/join", json={"name": "Bo", "seat": seat})
    assert refusal(joined) == said
    room.direct({"type": "start"})
    directive = {"type": "seat", "seat": seat, "bot": "saver"}
    answer = client.post(
        f"/api/rooms/{room.code}/directives",
        json={"directive": directive},
        headers=auth(room.trainer),
    )
    assert refusal(answer) == said
    if seat <= 12:  # a path's number has no schema bound: the room's own check says it
        moved = client.post(
            f"/api/rooms/{room.code}/seats/{seat}/device", headers=auth(room.trainer)
        )
        assert refusal(moved) == (
            said if seat < 12 else f"there is no seat 13 in this room: it has seats 1 to 3; {RULE}"
        )


def test_a_seat_that_exists_is_named_from_1_in_every_message(client: TestClient) -> None:
    room = Classroom.open(client, "financialit", learners=1, bots=2, start=False)
    taken = client.post(f"/api/rooms/{room.code}/join", json={"name": "Bo", "seat": 0})
    assert refusal(taken) == "seat 1 is taken"
    bot = client.post(f"/api/rooms/{room.code}/join", json={"name": "Bo", "seat": 2})
    assert refusal(bot) == "seat 3 is played by a bot"
    room.direct({"type": "start"})
    person = room.direct({"type": "seat", "seat": 0, "bot": None}, expect=409)
    assert person["error"]["message"] == "Learner 0 (seat 1) is already played by a person"
