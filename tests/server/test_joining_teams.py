"""Joining without naming a seat: learners' own seats first, then teams, evenly; names keep
no control or bidi characters."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.classroom import auth


def _room(client: TestClient, seats: list[dict[str, str]]) -> tuple[str, str]:
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 3}).json()
    return created["code"], created["trainer_token"]


def test_learners_fill_their_own_seats_then_the_teams_evenly(client: TestClient) -> None:
    code, trainer = _room(
        client, [{"kind": "learner"}, {"kind": "team", "name": "Blue"}, {"kind": "team"}]
    )
    names = ["Ana", "Ben", "Cy", "Dee", "Eli"]
    seats = [client.post(f"/api/rooms/{code}/join", json={"name": n}).json()["seat"] for n in names]
    assert seats == [0, 1, 2, 1, 2]
    shown = [s["name"] for s in client.get(f"/api/rooms/{code}").json()["seats"]]
    assert shown == ["Ana", "Blue", "Team 3"]
    started = client.post(
        f"/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers=auth(trainer),
    )
    assert started.status_code == 200


def test_a_room_without_teams_is_still_full_when_its_seats_are_taken(client: TestClient) -> None:
    code, _ = _room(client, [{"kind": "learner"}, {"kind": "learner"}])
    for name in ("Ana", "Ben"):
        assert client.post(f"/api/rooms/{code}/join", json={"name": name}).status_code == 201
    full = client.post(f"/api/rooms/{code}/join", json={"name": "Cy"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "full"


def test_start_names_the_seats_nobody_has_joined(client: TestClient) -> None:
    code, trainer = _room(client, [{"kind": "learner"}, {"kind": "team", "name": "Blue"}])
    client.post(f"/api/rooms/{code}/join", json={"name": "Ana", "seat": 0})
    r = client.post(
        f"/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers=auth(trainer),
    )
    assert r.status_code == 409
    assert r.json()["error"]["message"].startswith("nobody has joined Blue yet")


def test_control_and_bidi_characters_are_dropped_from_names(client: TestClient) -> None:
    code, _ = _room(client, [{"kind": "learner"}, {"kind": "learner"}, {"kind": "learner"}])
    flipped = client.post(f"/api/rooms/{code}/join", json={"name": "\u202eevil\x07 one"})
    assert flipped.status_code == 201
    family = client.post(f"/api/rooms/{code}/join", json={"name": "A\u200db"})
    assert family.status_code == 201
    shown = [s["name"] for s in client.get(f"/api/rooms/{code}").json()["seats"]]
    assert shown[:2] == ["evil one", "A\u200db"]  # the joiner of an emoji sequence stays
    nothing = client.post(f"/api/rooms/{code}/join", json={"name": "\x00\u202e\u2066"})
    assert nothing.status_code == 400
    assert "please give a name" in nothing.json()["error"]["message"]
    assert client.get(f"/api/rooms/{code}").json()["seats"][2]["name"] == "Seat 3"


def test_a_named_seat_is_counted_from_one_in_refusals(client: TestClient) -> None:
    code, _ = _room(client, [{"kind": "learner"}, {"kind": "learner"}])
    client.post(f"/api/rooms/{code}/join", json={"name": "Ana", "seat": 1})
    taken = client.post(f"/api/rooms/{code}/join", json={"name": "Ben", "seat": 1})
    assert taken.json()["error"]["message"] == "seat 2 is taken"
