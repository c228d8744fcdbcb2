"""The trainer's ``force`` takes a deck and its cards by the names the console and the
refusals use ("Events deck", "fire disaster", any case), as well as by their identifiers;
the room stores and replays the identifiers. What it refuses, it never lists as allowed."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom, auth


def queued(room: Classroom) -> dict[str, Any]:
    forced: dict[str, Any] = room.trainer_view()["view"]["forced"]
    return forced


def started(client: TestClient) -> Classroom:
    """A FinanciaLit room waiting for its one learner (the bots move after them)."""
    return Classroom.open(client, "financialit", learners=1, bots=2)


def test_a_deck_and_a_card_are_taken_by_their_names_in_any_case(client: TestClient) -> None:
    room = started(client)
    room.direct({"type": "force", "stream": "Events deck", "outcomes": ["Fire Disaster"]})
    room.direct({"type": "force", "stream": "events DECK", "outcomes": [" flu season "]})
    room.direct({"type": "force", "stream": "deck:events", "outcomes": ["burglary"]})
    assert queued(room)["deck:events"] == ["fire", "flu", "burglary"]
    moves = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer)).json()
    forces = [(m["force"], m["outcomes"]) for m in moves["moves"] if "force" in m]
    assert forces == [("deck:events", [card]) for card in ("fire", "flu", "burglary")]


def test_a_number_typed_as_text_is_the_number_it_names(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    room.direct({"type": "force", "stream": "Die", "outcomes": ["6", 5]})
    assert queued(room)["die"] == [6, 5]
    bad = room.direct({"type": "force", "stream": "die", "outcomes": [6.0]}, expect=409)
    assert "6.0 is not one of the outcomes of die" in bad["error"]["message"]


def test_a_refusal_never_lists_as_allowed_the_name_it_refused(client: TestClient) -> None:
    room = started(client)
    typo = {"type": "force", "stream": "deck:events", "outcomes": ["Fire Disastr"]}
    card = room.direct(typo, expect=409)["error"]["message"]
    assert card.startswith('"Fire Disastr" is not one of the outcomes of events deck')
    assert "Fire Disaster" in card  # listed, and taken as listed (above)
    no_deck = {"type": "force", "stream": "Events dek", "outcomes": ["fire"]}
    deck = room.direct(no_deck, expect=409)["error"]["message"]
    assert "no cards or dice called 'Events dek'; it has: events deck, luxury deck" in deck


def test_names_are_stored_as_identifiers_so_a_restart_replays_them(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        room = started(client)
        room.direct({"type": "force", "stream": "LUXURY deck", "outcomes": ["a puppy"]})
        before = queued(room)
    with TestClient(create_app(settings)) as again:
        rebuilt = Classroom(again, room.code, room.trainer, room.tokens)
        assert queued(rebuilt) == before == {**before, "deck:luxury": ["puppy"]}


def test_a_directives_ack_says_the_force_as_it_was_queued(client: TestClient) -> None:
    room = started(client)
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        ws.send_json({"type": "hello", "token": room.trainer})
        assert ws.receive_json()["type"] == "welcome"
        force = {"type": "force", "stream": "Events deck", "outcomes": ["Fire Disaster"]}
        ws.send_json({"type": "directive", "directive": force, "id": 7})
        answers = [ws.receive_json(), ws.receive_json()]
    (ack,) = [a for a in answers if a["type"] == "ack"]
    assert ack["id"] == 7
    assert ack["directive"] == {"type": "force", "stream": "deck:events", "outcomes": ["fire"]}
