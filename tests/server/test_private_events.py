"""Events with an audience: a card dealt face down is told to its seat (and the trainer) only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard import registry
from moneyboard.engine import GameDef
from moneyboard.engine.messages import private_event
from tests.engine.toygame import ToyOptions, ToyState
from tests.server.classroom import Classroom
from tests.server.test_websocket import hello, until


class SecretToyState(ToyState):
    """The toy game, with a gamble's second roll dealt face down: only the gambler sees it."""

    game_id = "secret-toy"

    def step_reroll(self, seat: int, value: int) -> None:
        self.event("toy.rerolled", seat=seat)
        self.log.append(private_event((seat,), "toy.secret_roll", seat=seat, value=value))
        super().step_reroll(seat, value)


SECRET = GameDef("secret-toy", "Secret toy", 2, 4, ToyOptions, SecretToyState, "hidden rolls")


@pytest.fixture(autouse=True)
def secret_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._loaded, SECRET.id, SECRET)


def keys(update: dict[str, Any]) -> list[str]:
    return [e["key"] for e in update["events"]]


def test_a_private_event_reaches_its_seat_and_the_trainer_only(client: TestClient) -> None:
    room = Classroom.open(client, "secret-toy", learners=3, options={"gamble_fee": 0})
    mover = room.mover()
    assert mover is not None
    other = next(s for s in room.tokens if s != mover)
    with (
        client.websocket_connect(f"/ws/{room.code}") as gambler,
        client.websocket_connect(f"/ws/{room.code}") as neighbour,
        client.websocket_connect(f"/ws/{room.code}") as projector,
        client.websocket_connect(f"/ws/{room.code}") as trainer,
    ):
        version = hello(gambler, room.tokens[mover])["version"]
        hello(neighbour, room.tokens[other])
        hello(projector, None)
        hello(trainer, room.trainer)
        gambler.send_json({"type": "action", "action": "gamble", "version": version})
        heard = {
            "gambler": until(gambler, "update"),
            "neighbour": until(neighbour, "update"),
            "projector": until(projector, "update"),
            "trainer": until(trainer, "update"),
        }
    for who, update in heard.items():
        assert "toy.rerolled" in keys(update), who
    secret = [e for e in heard["gambler"]["events"] if e["key"] == "toy.secret_roll"]
    assert len(secret) == 1 and secret[0]["audience"] == [mover]
    assert secret[0]["params"] == {"seat": mover, "value": secret[0]["params"]["value"]}
    assert "toy.secret_roll" in keys(heard["trainer"])
    for who in ("neighbour", "projector"):
        assert "toy.secret_roll" not in keys(heard[who]), who
        assert "secret_roll" not in json.dumps(heard[who]), who
    # The seats that may not see it share one message with the projector's events.
    assert heard["neighbour"]["events"] == heard["projector"]["events"]


def test_a_page_that_connects_again_is_told_what_happened_as_it_may_see_it(
    client: TestClient,
) -> None:
    """A reloaded page (or a new phone) starts its list of what happened from its welcome:
    the game's last events, each listener's own as an update would have told them."""
    room = Classroom.open(client, "secret-toy", learners=3, options={"gamble_fee": 0})
    mover = room.mover()
    assert mover is not None
    other = next(s for s in room.tokens if s != mover)
    with client.websocket_connect(f"/ws/{room.code}") as gambler:
        version = hello(gambler, room.tokens[mover])["version"]
        gambler.send_json({"type": "action", "action": "gamble", "version": version})
        until(gambler, "update")
    welcomes = {}
    for who, token in [
        ("gambler", room.tokens[mover]),
        ("neighbour", room.tokens[other]),
        ("projector", None),
        ("trainer", room.trainer),
    ]:
        with client.websocket_connect(f"/ws/{room.code}") as ws:
            welcomes[who] = hello(ws, token)
    for who, welcome in welcomes.items():
        assert "toy.rerolled" in keys(welcome), who
    assert "toy.secret_roll" in keys(welcomes["gambler"])
    assert "toy.secret_roll" in keys(welcomes["trainer"])
    for who in ("neighbour", "projector"):
        assert "secret_roll" not in json.dumps(welcomes[who]), who
        assert not any(k.startswith("chance.") for k in keys(welcomes[who])), who
