"""No one let in: wrong, stale, other seats' and other rooms' tokens are refused everywhere."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from moneyboard.server.tokens import token_hash
from tests.server.classroom import Classroom, auth

DIRECTIVE = {"directive": {"type": "pause"}}


@pytest.fixture
def rooms(client: TestClient) -> tuple[Classroom, Classroom]:
    return (
        Classroom.open(client, "toy", learners=2, seed=1),
        Classroom.open(client, "toy", learners=2, seed=2),
    )


def bad_tokens(room: Classroom, other: Classroom) -> dict[str, str]:
    return {
        "made up": "x" * 43,
        "other room's seat": other.tokens[0],
        "other room's trainer": other.trainer,
        "trainer hash": token_hash(room.trainer),
    }


def test_wrong_tokens_reach_nothing(client: TestClient, rooms: tuple[Classroom, Classroom]) -> None:
    room, other = rooms
    version = room.trainer_view()["version"]
    for what, token in bad_tokens(room, other).items():
        h = auth(token)
        view = client.get(f"/api/rooms/{room.code}/view", headers=h)
        assert view.status_code == 403, what
        act = client.post(
            f"/api/rooms/{room.code}/actions",
            json={"action": "keep", "version": version},
            headers=h,
        )
        assert act.status_code == 403, what
        direct = client.post(f"/api/rooms/{room.code}/directives", json=DIRECTIVE, headers=h)
        assert direct.status_code == 403, what
        record = client.get(f"/api/rooms/{room.code}/record", headers=h)
        assert record.status_code == 403, what
        delete = client.delete(f"/api/rooms/{room.code}", headers=h)
        assert delete.status_code == 403, what
    malformed = client.get(f"/api/rooms/{room.code}/view", headers={"Authorization": "Basic x"})
    assert malformed.status_code == 403
    assert room.trainer_view()["version"] == version


def test_seats_cannot_reach_the_trainers_controls(
    client: TestClient, rooms: tuple[Classroom, Classroom]
) -> None:
    room, _ = rooms
    for seat, token in room.tokens.items():
        h = auth(token)
        r = client.post(f"/api/rooms/{room.code}/directives", json=DIRECTIVE, headers=h)
        assert r.status_code == 403, seat
        assert "trainer" in r.json()["error"]["message"]
        assert client.get(f"/api/rooms/{room.code}/record", headers=h).status_code == 403
        assert client.post(f"/api/rooms/{room.code}/seats/0/device", headers=h).status_code == 403
        assert client.delete(f"/api/rooms/{room.code}", headers=h).status_code == 403
    without = client.post(f"/api/rooms/{room.code}/directives", json=DIRECTIVE)
    assert without.status_code == 403


def test_nobody_acts_for_another_seat(
    client: TestClient, rooms: tuple[Classroom, Classroom]
) -> None:
    room, _ = rooms
    mover = room.mover()
    assert mover is not None
    waiting = 1 - mover
    version = room.trainer_view()["version"]
    # The waiting seat's token always plays the waiting seat: it is not that seat's turn.
    r = room.act(waiting, "keep", version)
    assert r.status_code == 409
    assert room.trainer_view()["version"] == version
    # The trainer's token is not a seat's.
    r = client.post(
        f"/api/rooms/{room.code}/actions",
        json={"action": "keep", "version": version},
        headers=auth(room.trainer),
    )
    assert r.status_code == 403
    # No token at all.
    r = client.post(f"/api/rooms/{room.code}/actions", json={"action": "keep", "version": version})
    assert r.status_code == 403


def test_a_moved_seat_leaves_the_old_device_out(
    client: TestClient, rooms: tuple[Classroom, Classroom]
) -> None:
    room, _ = rooms
    old = room.tokens[0]
    moved = client.post(f"/api/rooms/{room.code}/seats/0/device", headers=auth(room.trainer))
    assert moved.status_code == 200
    new = moved.json()["token"]
    assert moved.json()["rejoin"].endswith(new)
    assert client.get(f"/api/rooms/{room.code}/view", headers=auth(old)).status_code == 403
    view = client.get(f"/api/rooms/{room.code}/view", headers=auth(new))
    assert view.status_code == 200 and view.json()["you"] == 0
    nowhere = client.post(f"/api/rooms/{room.code}/seats/9/device", headers=auth(room.trainer))
    assert nowhere.status_code == 400


def test_a_rejoin_link_gives_the_seat_back(
    client: TestClient, rooms: tuple[Classroom, Classroom]
) -> None:
    room, _ = rooms
    # A refresh or a new tab: the same token from the rejoin link is the same seat.
    for _ in range(2):
        view = client.get(f"/api/rooms/{room.code}/view", headers=auth(room.tokens[1]))
        assert view.json()["you"] == 1


def test_a_seat_sees_only_what_the_game_shows_that_seat(client: TestClient) -> None:
    room = Classroom.open(client, "financialit", learners=3)
    full = room.trainer_view()["view"]
    for seat, token in room.tokens.items():
        mine = room.view(token)
        assert mine["you"] == seat
        assert {**mine["view"], **mine["mine"]}.get("you") == seat
        # The trainer's full view has the seed, the decks' order and the ledger; seats do not.
        for secret in ("seed", "balances", "prepared", "forced"):
            assert secret in full
            assert secret not in mine["view"]
        # Cards still face down are counted, never listed.
        assert all(isinstance(n, int) for n in mine["view"]["decks"].values())


def test_tokens_are_long_random_and_stored_only_as_hashes(
    client: TestClient, rooms: tuple[Classroom, Classroom]
) -> None:
    room, other = rooms
    tokens = [room.trainer, other.trainer, *room.tokens.values(), *other.tokens.values()]
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 40 for t in tokens)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    stored = store.room_by_code(room.code)
    assert stored.trainer_hash == token_hash(room.trainer)
    assert all(t.token_hash != t.name for t in store.tokens(stored.id))
    assert room.trainer not in repr(stored)
