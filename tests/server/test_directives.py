"""The trainer's controls over HTTP: each on the toy game, the generic ones on every game."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard import registry
from moneyboard.engine.game import GameDef
from moneyboard.registry import get_game
from tests.engine.toygame import ToyOptions, ToyState
from tests.server.classroom import Classroom, auth, playable_games, skip_if_game_is_broken

GAMES = ["toy", *playable_games()]


def wait_for(check: object, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(check) and check():
            return
        time.sleep(0.02)
    raise AssertionError("the server did not get there in time")


@pytest.mark.parametrize("game", GAMES)
def test_pause_resume_undo_on_every_game(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    players = get_game(game).min_players
    room = Classroom.open(client, game, learners=players)
    room.play_random(random.Random(3), 3)
    before = room.trainer_view()
    seat = room.mover()
    assert seat is not None
    legal = room.view(room.tokens[seat])["legal"]
    assert room.act(seat, legal[0]["action"], before["version"]).status_code == 200
    room.direct({"type": "undo"})
    undone = room.trainer_view()
    assert undone["room"]["status"] == "paused"
    assert undone["view"]["balances"] == before["view"]["balances"]
    assert undone["view"]["to_move"] == before["view"]["to_move"]
    refused = room.act(seat, legal[0]["action"], undone["version"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "paused"
    room.direct({"type": "resume"})
    resumed = room.trainer_view()
    assert room.act(seat, legal[0]["action"], resumed["version"]).status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_replaces_an_absent_learner_on_every_game(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    players = get_game(game).min_players
    room = Classroom.open(client, game, learners=players)
    seat = room.mover()
    assert seat is not None
    version = room.trainer_view()["version"]
    room.direct({"type": "seat", "seat": seat, "bot": "random"})
    wait_for(lambda: room.trainer_view()["version"] > version + 1)
    seats = room.trainer_view()["room"]["seats"]
    assert seats[seat]["bot"] == "random"
    # The learner's token no longer plays the seat while the bot has it.
    room.direct({"type": "pause"})
    refused = room.act(seat, "keep", room.trainer_view()["version"])
    assert refused.status_code == 409


def test_turn_timer_plays_the_default_and_says_so(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    seat = room.mover()
    version = room.trainer_view()["version"]
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "welcome"
        room.direct({"type": "timer", "seconds": 0.1})
        said: list[str] = []
        for _ in range(10):
            message = ws.receive_json()
            said.extend(message.get("announcements", []))
            said.extend(event["text"] for event in message.get("events", []))
            if message.get("change") == "timeout":
                break
        # Told once, by the game's own event, with the move in the button's words.
        told = [line for line in said if "Time is up" in line]
        assert len(told) == 1 and "the game chose '" in told[0], said
    view = room.trainer_view()
    assert view["version"] >= version + 2
    assert seat not in view["view"]["to_move"] or view["version"] > version + 2


def test_timer_zero_turns_timers_off(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    room.direct({"type": "timer", "seconds": 0})
    version = room.trainer_view()["version"]
    time.sleep(0.2)
    assert room.trainer_view()["version"] == version
    bad = room.direct({"type": "timer", "seconds": -1}, expect=422)
    assert "seconds" in bad["error"]["message"]


def test_a_pause_stops_the_turn_timer(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    room.direct({"type": "timer", "seconds": 1.5})
    room.direct({"type": "pause"})
    version = room.trainer_view()["version"]
    time.sleep(2.0)  # longer than the timer, but paused: nothing may happen
    assert room.trainer_view()["version"] == version
    room.direct({"type": "resume"})
    resumed = room.trainer_view()["version"]
    assert resumed == version + 1  # the resume, and no timeout at once
    wait_for(lambda: room.trainer_view()["version"] > resumed)  # then the clock runs out


def test_everyone_hears_how_long_the_seat_asked_has_left_while_its_clock_runs(
    client: TestClient,
) -> None:
    room = Classroom.open(client, "toy", learners=2)
    seat = room.mover()
    assert seat is not None

    def clocks(token: str | None = None) -> list[dict[str, Any]]:
        return list(room.view(token).get("clocks", []))

    assert clocks(room.tokens[seat]) == []  # no timer yet
    room.direct({"type": "timer", "seconds": 30})
    for token in [room.tokens[seat], room.tokens[1 - seat], None]:  # the projector too
        [clock] = clocks(token)
        assert clock["seat"] == seat and 25 < clock["left"] <= 30
    room.direct({"type": "pause"})
    assert clocks() == []  # a pause stops the clock
    room.direct({"type": "resume"})
    assert 0 < clocks()[0]["left"] <= 30
    room.direct({"type": "timer", "seconds": 0})
    assert clocks() == []


def test_force_deals_a_chosen_outcome_or_names_the_mistake(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    wrong = room.direct({"type": "force", "stream": "die", "outcomes": [9]}, expect=409)
    assert "9" in wrong["error"]["message"]
    nowhere = room.direct({"type": "force", "stream": "moon", "outcomes": [1]}, expect=409)
    assert "moon" in nowhere["error"]["message"]
    room.direct({"type": "force", "stream": "die", "outcomes": [6, 6, 6, 6]})
    room.play_random(random.Random(1), 4)
    log = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer)).json()
    assert {"force": "die", "outcomes": [6, 6, 6, 6]} in log["moves"]


@pytest.mark.parametrize("game", GAMES)
def test_the_trainer_sees_every_stream_to_stack_with_its_outcomes_in_words(
    client: TestClient, game: str
) -> None:
    skip_if_game_is_broken(game)
    room = Classroom.open(client, game, learners=get_game(game).min_players, start=False)

    def chance(token: str | None, expect: int = 200) -> dict[str, Any]:
        headers = auth(token) if token is not None else {}
        r = client.get(f"/api/rooms/{room.code}/chance", headers=headers)
        assert r.status_code == expect, r.text
        data: dict[str, Any] = r.json()
        return data

    assert chance(room.trainer) == {"streams": []}  # stacked before play in a variant file
    room.direct({"type": "start"})
    streams = chance(room.trainer)["streams"]
    assert streams
    for stream in streams:
        assert stream["text"] and ":" not in stream["text"].replace(": ", " "), stream
        assert stream["outcomes"]
        for outcome in stream["outcomes"]:
            assert outcome["text"] and "_" not in outcome["text"], outcome
        # Every stream listed can be stacked with what it lists.
        room.direct(
            {
                "type": "force",
                "stream": stream["stream"],
                "outcomes": [stream["outcomes"][0]["outcome"]],
            }
        )
    # A learner, a stranger and a wrong key never see what the deck holds.
    assert chance(next(iter(room.tokens.values())), 403)["error"]["code"]
    assert chance(None, 403)["error"]["code"]
    assert chance("not-a-token", 403)["error"]["code"]


def test_financialit_names_its_cards_and_stacks_each_familys_income_card(
    client: TestClient,
) -> None:
    room = Classroom.open(client, "financialit", learners=3)
    r = client.get(f"/api/rooms/{room.code}/chance", headers=auth(room.trainer))
    streams = {s["stream"]: s for s in r.json()["streams"]}
    events = {o["outcome"]: o["text"] for o in streams["deck:events"]["outcomes"]}
    assert events["fire"] == "Fire Disaster"
    # Each family draws its own Income Modifier (the default rule), named by its family.
    assert streams["income:1"]["text"] == "income (Learner 1)" and "income" not in streams


@pytest.mark.parametrize("game", GAMES)
def test_call_time_ends_the_period_or_says_the_game_has_none(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    room = Classroom.open(client, game, learners=get_game(game).min_players)
    version = room.trainer_view()["version"]
    r = client.post(
        f"/api/rooms/{room.code}/directives",
        json={"directive": {"type": "call_time"}},
        headers=auth(room.trainer),
    )
    if r.status_code == 409:
        assert "period" in r.json()["error"]["message"]
        assert room.trainer_view()["version"] == version
        return
    assert r.status_code == 200, r.text
    assert room.trainer_view()["version"] == version + 1
    again = room.direct({"type": "call_time"}, expect=409)
    assert "time" in again["error"]["message"].lower()


def test_skip_moves_a_waiting_bot_now(client: TestClient, settings: object) -> None:
    import dataclasses

    from moneyboard.server.app import create_app
    from moneyboard.server.settings import Settings

    assert isinstance(settings, Settings)
    slow = dataclasses.replace(settings, bot_step=30.0)
    with TestClient(create_app(slow)) as slow_client:
        room = Classroom.open(slow_client, "toy", learners=0, bots=2)
        version = room.trainer_view()["version"]
        # The skip is answered once the bot starts thinking (in a worker thread): its move
        # comes a moment later, and only that one (the next bot waits 30 s).
        for step in (1, 2):
            room.direct({"type": "skip"})
            wait_for(lambda at=version + step: room.trainer_view()["version"] >= at)
            assert room.trainer_view()["version"] == version + step


def test_end_then_delete_removes_everything(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    room.direct({"type": "end"})
    seat = 0
    refused = room.act(seat, "keep", room.trainer_view()["version"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "ended"
    r = client.delete(f"/api/rooms/{room.code}", headers=auth(room.trainer))
    assert r.status_code == 204
    assert client.get(f"/api/rooms/{room.code}").status_code == 404
    gone = client.get(f"/api/rooms/{room.code}/view", headers=auth(room.tokens[0]))
    assert gone.status_code == 404
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    assert store.count_rooms() == 0


class TimedTurnState(ToyState):
    """The toy game with turns a fifth of a second long."""

    game_id = "toy-timed"

    def step_turn(self, seat: int) -> None:
        self.begin_turn(seat)
        super().step_turn(seat)

    def turn_time_limit(self) -> float | None:
        return 0.2


TIMED = GameDef("toy-timed", "Timed toy", 2, 4, ToyOptions, TimedTurnState)


def test_a_turn_time_limit_plays_the_rest_of_the_turn(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._loaded, TIMED.id, TIMED)
    room = Classroom.open(client, TIMED.id, learners=2)
    version = room.trainer_view()["version"]
    wait_for(lambda: room.trainer_view()["version"] > version + 1)
    record = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer)).json()
    assert any("timeout" in move for move in record["moves"])
    room.direct({"type": "timer", "seconds": 0})  # trainer's "no timers" stops turn limits too
    settled = room.trainer_view()["version"]
    time.sleep(0.4)
    assert room.trainer_view()["version"] == settled


def test_each_control_is_told_once_in_the_feed(client: TestClient) -> None:
    """A pause, a resume and a bot taking a seat each reach the feed as one sentence (the
    game's event); the server added a second one for each."""
    room = Classroom.open(client, "toy", learners=2)
    with client.websocket_connect(f"/ws/{room.code}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "welcome"
        lines: list[str] = []
        for directive in (
            {"type": "pause"},
            {"type": "resume"},
            {"type": "seat", "seat": 1, "bot": "saver"},
        ):
            room.direct(directive)
            message = ws.receive_json()
            lines += message.get("announcements", [])
            lines += [event["text"] for event in message.get("events", [])]
    assert lines == [
        "The trainer paused the game.",
        "The game goes on.",
        "A saver bot now plays Learner 1's seat.",
    ]


def test_an_investment_s_returns_say_what_each_number_means(client: TestClient) -> None:
    room = Classroom.open(client, "financialit", learners=3)
    r = client.get(f"/api/rooms/{room.code}/chance", headers=auth(room.trainer))
    streams = {s["stream"]: s for s in r.json()["streams"]}
    returns = [s for name, s in streams.items() if name.startswith("returns:")]
    assert returns
    for stream in returns:
        card = stream["text"].split(": ", 1)[1]
        for outcome in stream["outcomes"]:
            assert outcome["text"] == str(outcome["outcome"])
            meaning = outcome["meaning"]
            said = f"How '{card}' did: {outcome['outcome']} units for a full term."
            assert meaning == said, meaning
    # A card is named by its name already: nothing more to say.
    assert all(o["meaning"] is None for o in streams["deck:events"]["outcomes"])
