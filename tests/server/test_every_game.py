"""Each of the trainer's controls, and a class vote, on every game in the registry."""

from __future__ import annotations

import dataclasses
import time

import pytest
from fastapi.testclient import TestClient

from moneyboard.registry import get_game
from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom, auth, playable_games, skip_if_game_is_broken

GAMES = ["toy", *playable_games()]


def wait_for_version(room: Classroom, above: int, seconds: float = 30.0) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        version = int(room.trainer_view()["version"])
        if version > above:
            return version
        time.sleep(0.02)
    raise AssertionError(f"the room stayed at version {above}")


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_timer_moves_for_a_slow_learner(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    room = Classroom.open(client, game, learners=get_game(game).min_players)
    version = room.trainer_view()["version"]
    room.direct({"type": "timer", "seconds": 0.05})
    after = wait_for_version(room, version + 1)
    room.direct({"type": "timer", "seconds": 0})
    record = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer)).json()
    assert any("timeout" in move for move in record["moves"]), after


@pytest.mark.parametrize("game", GAMES)
def test_force_checks_the_stream_on_every_game(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    room = Classroom.open(client, game, learners=get_game(game).min_players)
    version = room.trainer_view()["version"]
    refused = room.direct({"type": "force", "stream": "no-such-stream", "outcomes": [1]}, 409)
    assert "no-such-stream" in refused["error"]["message"]
    assert room.trainer_view()["version"] == version


@pytest.mark.parametrize("game", GAMES)
def test_bots_skip_and_end_on_every_game(settings: Settings, game: str) -> None:
    skip_if_game_is_broken(game)
    paced = dataclasses.replace(settings, bot_step=30.0, bot_pause=0.0)
    with TestClient(create_app(paced)) as client:
        definition = get_game(game)
        room = Classroom.open(client, game, learners=0, bots=definition.min_players)
        version = room.trainer_view()["version"]
        for step in range(1, 4):
            # The skip is answered once the bot starts thinking (in a worker thread): its
            # move comes a moment later, and only that one (the next bot waits 30 s).
            room.direct({"type": "skip"})
            assert wait_for_version(room, version + step - 1) == version + step
        room.direct({"type": "end"})
        assert room.trainer_view()["room"]["status"] == "ended"
        no_bot = room.direct({"type": "skip"}, 409)
        assert no_bot["error"]["code"] == "no_bot"


@pytest.mark.parametrize("game", GAMES)
def test_a_class_vote_on_every_game(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    room = Classroom.open(client, game, learners=get_game(game).min_players)
    # Where every seat decides at once (a choice of dream, a sealed plan), nobody is left to
    # vote: play those decisions first, each seat its first legal move.
    for _ in range(50):
        view = room.trainer_view()
        movers = view["view"]["to_move"]
        voters = [s for s in room.tokens if s not in movers]
        if movers and voters:
            break
        for seat in movers:
            first = room.view(room.tokens[seat])
            assert room.act(seat, first["legal"][0]["action"], first["version"]).status_code == 200
    assert movers and voters, "no decision with seats left to vote in 50 steps"
    choices = room.view(room.tokens[movers[0]])["legal"]
    r = client.post(
        f"/api/rooms/{room.code}/votes",
        json={"action": choices[0]["action"], "version": view["version"], "why": "because"},
        headers=auth(room.tokens[voters[0]]),
    )
    assert r.status_code == 200, r.text
    assert room.view()["room"]["votes"] == 1
    played = room.act(movers[0], choices[-1]["action"], view["version"])
    assert played.status_code == 200, played.text
    assert room.view()["room"]["votes"] == 0
