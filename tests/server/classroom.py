"""A test's view of a classroom: a trainer and learners talking to the server's HTTP API."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard.registry import game_ids, get_game


def playable_games() -> list[str]:
    """Every game in the registry that can be started (the server runs them all)."""
    out = []
    for game_id in game_ids():
        try:
            get_game(game_id)
        except Exception:  # a game still being written elsewhere is not this suite's to test
            continue
        out.append(game_id)
    return out


def skip_if_game_is_broken(game_id: str) -> None:
    """Skip a game that cannot play a random game by itself, outside the server.

    A game being moved onto a new kernel may be broken for a while; that is its own suite's
    failure to report, and says nothing about the server.
    """
    from moneyboard.engine.state import Seat

    game = get_game(game_id)
    try:
        state = game.new_state([Seat(f"p{i}") for i in range(game.min_players)], 1)
        state.playout(random.Random(1))
    except Exception as exc:
        pytest.skip(f"{game_id} does not play by itself now: {exc}")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclasses.dataclass
class Classroom:
    """One room: its code, the trainer's token and each joined learner's token by seat."""

    client: TestClient
    code: str
    trainer: str
    tokens: dict[int, str]

    @classmethod
    def open(
        cls,
        client: TestClient,
        game: str,
        learners: int,
        bots: int = 0,
        *,
        seed: int = 1,
        start: bool = True,
        **extra: Any,
    ) -> Classroom:
        seats = [{"kind": "learner"}] * learners + [{"kind": "bot", "bot": "random"}] * bots
        r = client.post("/api/rooms", json={"game": game, "seats": seats, "seed": seed, **extra})
        assert r.status_code == 201, r.text
        body = r.json()
        room = cls(client, body["code"], body["trainer_token"], {})
        for i in range(learners):
            joined = client.post(f"/api/rooms/{room.code}/join", json={"name": f"Learner {i}"})
            assert joined.status_code == 201, joined.text
            room.tokens[joined.json()["seat"]] = joined.json()["token"]
        if start:
            room.direct({"type": "start"})
        return room

    def direct(self, directive: dict[str, Any], expect: int = 200) -> dict[str, Any]:
        r = self.client.post(
            f"/api/rooms/{self.code}/directives",
            json={"directive": directive},
            headers=auth(self.trainer),
        )
        assert r.status_code == expect, r.text
        data: dict[str, Any] = r.json()
        return data

    def view(self, token: str | None = None) -> dict[str, Any]:
        headers = auth(token) if token is not None else {}
        r = self.client.get(f"/api/rooms/{self.code}/view", headers=headers)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def trainer_view(self) -> dict[str, Any]:
        return self.view(self.trainer)

    def act(self, seat: int, action: Any, version: int) -> Any:
        return self.client.post(
            f"/api/rooms/{self.code}/actions",
            json={"action": action, "version": version},
            headers=auth(self.tokens[seat]),
        )

    def mover(self) -> int | None:
        """A learner's seat the game is waiting for, if any."""
        to_move = self.trainer_view()["view"]["to_move"]
        for seat in to_move:
            if seat in self.tokens:
                return int(seat)
        return None

    def play_random(self, rng: random.Random, moves: int) -> int:
        """Play up to ``moves`` random legal actions for the learners; returns how many."""
        done = 0
        for _ in range(moves):
            seat = self.mover()
            if seat is None:
                break
            view = self.view(self.tokens[seat])
            legal = view["legal"]
            if not legal:
                break
            choice = rng.choice(legal)["action"]
            r = self.act(seat, choice, view["version"])
            assert r.status_code == 200, r.text
            done += 1
        return done
