"""The trainer's passcode (``moneyboard serve --passcode``): with one set, only a request that
carries it creates a room; without one, rooms are created as they always were."""

from __future__ import annotations

import dataclasses
import logging
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.passcode import matches
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, make_engine

PASSCODE = "blue heron 42"
ROOM = {"game": "toy", "seats": [{"kind": "learner"}, {"kind": "learner"}], "seed": 1}


@pytest.fixture
def guarded(settings: Settings) -> Iterator[TestClient]:
    """A server started with a passcode."""
    with TestClient(create_app(dataclasses.replace(settings, passcode=PASSCODE))) as client:
        yield client


def stored(settings: Settings) -> list[str]:
    """The codes of every room in the database."""
    engine = make_engine(settings.db_url)
    try:
        return [room.code for room in Store(engine).all_rooms()]
    finally:
        engine.dispose()


def test_without_a_passcode_anyone_creates_a_room_as_before(
    client: TestClient, settings: Settings
) -> None:
    plain = client.post("/api/rooms", json=ROOM)
    assert plain.status_code == 201, plain.text
    # A passcode sent to a server that asks for none is not in the way.
    given = client.post("/api/rooms", json={**ROOM, "passcode": "anything"})
    assert given.status_code == 201, given.text
    assert sorted(stored(settings)) == sorted([plain.json()["code"], given.json()["code"]])


def refusal(reply: Any) -> tuple[int, str, str]:
    body = reply.json()
    assert set(body) == {"error"}
    return reply.status_code, body["error"]["code"], body["error"]["message"]


def test_with_a_passcode_none_given_is_refused_and_nothing_stored(
    guarded: TestClient, settings: Settings
) -> None:
    for body in (ROOM, {**ROOM, "passcode": ""}, {**ROOM, "passcode": "   "}):
        status, code, message = refusal(guarded.post("/api/rooms", json=body))
        assert (status, code) == (403, "passcode_needed")
        assert message == (
            "this server creates a room only with the trainer's passcode, the one it was "
            'started with: give it as "passcode"'
        )
    assert stored(settings) == []
    assert guarded.app.state.manager.rooms == {}  # type: ignore[attr-defined]


def test_with_a_passcode_a_wrong_one_is_refused_and_nothing_stored(
    guarded: TestClient, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="moneyboard.server"):
        for wrong in ("blue heron", "Blue heron 42", "blue heron 42!", "x" * 200):
            status, code, message = refusal(
                guarded.post("/api/rooms", json={**ROOM, "passcode": wrong})
            )
            assert (status, code) == (403, "wrong_passcode"), wrong
            assert message == (
                "that is not the passcode this server was started with "
                "(--passcode or MONEYBOARD_PASSCODE); no room was created"
            )
    assert stored(settings) == []
    # Whoever runs the server sees the tries in its log, never what was typed.
    assert len([m for m in caplog.messages if "wrong passcode" in m]) == 4
    assert not any("blue heron" in m for m in caplog.messages)


def test_a_wrong_passcode_learns_nothing_of_the_room_asked_for(guarded: TestClient) -> None:
    # An unknown game, too many seats or a bad option would each be a 400 of their own:
    # without the passcode, the answer is the passcode's, whatever else is wrong.
    for body in (
        {**ROOM, "game": "no-such-game"},
        {**ROOM, "seats": [{"kind": "learner"}] * 12},
        {**ROOM, "options_written": {"no_such_option": "1"}},
    ):
        assert refusal(guarded.post("/api/rooms", json=body))[:2] == (403, "passcode_needed")
        wrong = guarded.post("/api/rooms", json={**body, "passcode": "guess"})
        assert refusal(wrong)[:2] == (403, "wrong_passcode")


def test_with_a_passcode_the_right_one_creates_the_room(
    guarded: TestClient, settings: Settings
) -> None:
    created = guarded.post("/api/rooms", json={**ROOM, "passcode": PASSCODE})
    assert created.status_code == 201, created.text
    assert set(created.json()) == {"code", "trainer_token", "room"}
    # Spaces around it (a phone's keyboard adds one) do not make it wrong.
    spaced = guarded.post("/api/rooms", json={**ROOM, "passcode": f" {PASSCODE} "})
    assert spaced.status_code == 201, spaced.text
    assert sorted(stored(settings)) == sorted([created.json()["code"], spaced.json()["code"]])
    # Everything after creating the room is as before: joining needs no passcode.
    code = created.json()["code"]
    joined = guarded.post(f"/api/rooms/{code}/join", json={"name": "Ana"})
    assert joined.status_code == 201, joined.text
    assert guarded.get(f"/api/rooms/{code}").status_code == 200


def test_a_passcode_is_never_in_an_answer_or_the_settings_shown(
    guarded: TestClient, settings: Settings
) -> None:
    created = guarded.post("/api/rooms", json={**ROOM, "passcode": PASSCODE})
    assert PASSCODE not in created.text
    code = created.json()["code"]
    token = created.json()["trainer_token"]
    view = guarded.get(f"/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"})
    assert view.status_code == 200 and PASSCODE not in view.text
    engine = make_engine(settings.db_url)
    try:
        assert PASSCODE not in repr(Store(engine).all_rooms())
    finally:
        engine.dispose()
    assert PASSCODE not in repr(dataclasses.replace(settings, passcode=PASSCODE))


def test_a_passcode_too_long_is_refused_in_words_without_echoing_it(
    guarded: TestClient,
) -> None:
    long = "p" * 201
    status, code, message = refusal(guarded.post("/api/rooms", json={**ROOM, "passcode": long}))
    assert (status, code) == (422, "invalid")
    assert "passcode" in message and "200" in message
    assert long not in message


def test_passcodes_compare_whole_and_in_one_unicode_form() -> None:
    assert matches("café", unicodedata.normalize("NFD", "café"))
    assert matches("blue heron", " blue heron\n")
    assert not matches("blue heron", "blue heron 2")
    assert not matches("blue heron", "blue")
    assert not matches("blue heron", "")
    assert not matches("Blue", "blue")  # letters' case counts


def test_the_trainers_page_asks_for_the_passcode_only_when_the_server_does(
    client: TestClient, guarded: TestClient
) -> None:
    asked = guarded.get("/trainer").text
    assert 'id="passcode"' in asked
    assert 'data-passcode="needed"' in asked
    assert PASSCODE not in asked
    plain = client.get("/trainer").text
    assert 'data-passcode="none"' in plain
    # Learners joining with a code never see it.
    for page in ("/play", "/"):
        assert "passcode" not in guarded.get(page).text.lower(), page


def test_the_openapi_description_declares_the_passcode(guarded: TestClient) -> None:
    schema = guarded.get("/openapi.json").json()
    field = schema["components"]["schemas"]["CreateRoom"]["properties"]["passcode"]
    assert "passcode" in field["description"]
    assert field["anyOf"][0]["maxLength"] == 200
    refusals = schema["paths"]["/api/rooms"]["post"]["responses"]
    assert "403" in refusals
