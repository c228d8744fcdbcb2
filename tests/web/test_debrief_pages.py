"""The debrief's routes without a browser: who may read it and when, the decisions listed for
"what if", alternatives and a what-if replay, clear refusals, and the slow work kept off the
server's event loop."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from moneyboard.web import debrief_pages
from tests.server.classroom import Classroom, auth


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'rooms.db'}", bot_step=0.0, bot_pause=0.0, tick=0.02
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def finish(room: Classroom, seconds: float = 60.0) -> None:
    """Hand every learner's seat to a bot and wait until the bots have ended the game."""
    for seat in room.tokens:
        room.direct({"type": "seat", "seat": seat, "bot": "random"})
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if room.trainer_view()["room"]["status"] == "finished":
            return
        time.sleep(0.05)
    raise AssertionError(f"the bots did not finish the game in {seconds} s")


def get(room: Classroom, path: str, token: str | None, status: int = 200) -> Any:
    headers = auth(token) if token is not None else {}
    reply = room.client.get(f"/api/rooms/{room.code}/debrief{path}", headers=headers)
    assert reply.status_code == status, reply.text
    return reply.json()


@pytest.fixture
def room(client: TestClient) -> Classroom:
    return Classroom.open(client, "financity", learners=1, bots=1, options={"years": 1})


def test_the_debrief_opens_only_when_the_game_is_over_and_only_for_the_trainer(
    room: Classroom,
) -> None:
    learner = room.tokens[0]
    early = get(room, "", room.trainer, 409)
    assert early["error"]["code"] == "not_over"
    assert "when the game has ended" in early["error"]["message"]
    assert get(room, "/public", None, 409)["error"]["code"] == "not_over"
    assert get(room, "", learner, 403)["error"]["code"] == "forbidden"

    finish(room)
    data = get(room, "", room.trainer)
    debrief = data["debrief"]
    assert debrief["game"] == "financity"
    assert debrief["seats"] == [s["name"] for s in room.trainer_view()["room"]["seats"]]
    assert data["charts"] and all("<svg" in svg for svg in data["charts"].values())
    # FinanCity is played in years: the pages' list and the charts' axis say "Year".
    assert debrief["period"] == "year"
    assert all(">Year</text>" in svg for svg in data["charts"].values())
    record = room.client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer))
    moves = record.json()["moves"]
    assert data["decisions"], "a whole game has moves to ask 'what if' about"
    for decision in data["decisions"]:
        move = moves[decision["entry"]]
        assert move.get("seat", move.get("timeout")) == decision["seat"]
        assert decision["name"] == debrief["seats"][decision["seat"]]
        # In the game's words ("Take a loan: …", "Done (pass)"), never an id ("end_turn").
        assert not re.search(r"\b[a-z]+_[a-z0-9_]+\b", decision["text"]), decision
        assert decision["text"][:1].isupper() or decision["text"] == "ran out of time"
    # The learner cannot read it, nor can someone with no token: the projector has its own.
    assert get(room, "", learner, 403)["error"]["code"] == "forbidden"
    assert get(room, "", None, 403)["error"]["code"] == "forbidden"
    public = get(room, "/public", None)
    assert public["debrief"] == debrief and public["charts"] == data["charts"]
    assert "decisions" not in public
    for path in ["/alternatives?entry=0"]:
        assert get(room, path, learner, 403)["error"]["code"] == "forbidden"


def test_alternatives_and_a_what_if_replay(room: Classroom) -> None:
    finish(room)
    data = get(room, "", room.trainer)
    entry = next(
        d["entry"]
        for d in data["decisions"]
        if get(room, f"/alternatives?entry={d['entry']}", room.trainer)
    )
    choices = get(room, f"/alternatives?entry={entry}", room.trainer)
    assert all({"action", "text"} <= set(c) for c in choices)
    reply = room.client.post(
        f"/api/rooms/{room.code}/debrief/what-if",
        json={"entry": entry, "action": choices[0]["action"], "games": 2},
        headers=auth(room.trainer),
    )
    assert reply.status_code == 200, reply.text
    result = reply.json()
    assert isinstance(result["sentence"], str) and result["sentence"]

    # A person's mistakes: refused with words that say what was wrong.
    beyond = len(
        room.client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer)).json()[
            "moves"
        ]
    )
    missing = get(room, f"/alternatives?entry={beyond}", room.trainer, 400)
    assert str(beyond) in missing["error"]["message"]
    too_many = room.client.post(
        f"/api/rooms/{room.code}/debrief/what-if",
        json={"entry": entry, "action": choices[0]["action"], "games": 5000},
        headers=auth(room.trainer),
    )
    assert too_many.status_code == 422 and "games" in too_many.json()["error"]["message"]
    learner = room.client.post(
        f"/api/rooms/{room.code}/debrief/what-if",
        json={"entry": entry, "action": choices[0]["action"]},
        headers=auth(room.tokens[0]),
    )
    assert learner.status_code == 403


def test_what_if_runs_off_the_event_loop(room: Classroom, monkeypatch: pytest.MonkeyPatch) -> None:
    finish(room)
    seen: list[bool] = []

    class Answer:
        def to_json(self) -> dict[str, Any]:
            return {"sentence": "stand-in"}

    def slow_what_if(*args: Any, **kwargs: Any) -> Answer:
        try:
            asyncio.get_running_loop()
            seen.append(True)
        except RuntimeError:
            seen.append(False)
        return Answer()

    monkeypatch.setattr(debrief_pages, "what_if", slow_what_if)
    reply = room.client.post(
        f"/api/rooms/{room.code}/debrief/what-if",
        json={"entry": 0, "action": {"type": "x"}},
        headers=auth(room.trainer),
    )
    assert reply.status_code == 200, reply.text
    assert seen == [False]  # called in a worker thread, where no event loop runs


def test_the_debrief_pages_answer(room: Classroom) -> None:
    for path in [
        f"/debrief/{room.code}",
        f"/projector/{room.code}/debrief",
        f"/debrief/{room.code.lower()}",
    ]:
        page = room.client.get(path)
        assert page.status_code == 200, path
        assert 'id="debrief"' in page.text
    assert 'id="what-if"' in room.client.get(f"/debrief/{room.code}").text
    assert 'id="what-if"' not in room.client.get(f"/projector/{room.code}/debrief").text
    # A deleted or unknown room: said as the learner's page says it, heading and all.
    for path in ["/debrief/NOPE99", "/projector/NOPE99/debrief"]:
        missing = room.client.get(path)
        assert missing.status_code == 404, path
        assert "<h1>No such room</h1>" in missing.text, path
        assert "There is no room with the code NOPE99." in missing.text, path
        assert "<h1></h1>" not in missing.text


def test_a_game_the_trainer_ended_early_has_a_debrief_too(client: TestClient) -> None:
    room = Classroom.open(client, "financity", learners=1, bots=1, options={"years": 3})
    rng = random.Random(3)
    assert room.play_random(rng, 2) == 2
    assert room.trainer_view()["room"]["status"] == "running"
    room.direct({"type": "end"})
    data = get(room, "", room.trainer)
    assert data["debrief"]["finished"] is False
    assert data["charts"] and data["decisions"]
    assert get(room, "/public", None)["debrief"] == data["debrief"]


def counted_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The debriefs built from now on, each as its record's number of moves."""
    from moneyboard.debrief import build_debrief as real

    built: list[int] = []

    def counting(record: Any, *args: Any, **kwargs: Any) -> Any:
        built.append(len(record.moves))
        return real(record, *args, **kwargs)

    monkeypatch.setattr(debrief_pages, "build_debrief", counting)
    return built


def test_a_game_that_ends_under_its_trainers_eyes_has_its_debrief_built_at_once(
    room: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A long game's debrief takes seconds to build: the trainer waited for it at the end of
    # the class. Now it is built as the game ends while the console is open.
    built = counted_builds(monkeypatch)
    with room.client.websocket_connect(f"/ws/{room.code}") as console:
        console.send_json({"type": "hello", "token": room.trainer})
        assert console.receive_json()["role"] == "trainer"
        finish(room)
        deadline = time.monotonic() + 60
        while not built and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(built) == 1
    data = get(room, "", room.trainer)
    assert data["debrief"]["summary"] and built == [built[0]]  # served as built ahead


def test_a_game_nobody_watches_is_debriefed_only_when_asked(
    room: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = counted_builds(monkeypatch)
    finish(room)
    time.sleep(0.5)
    assert built == []
    get(room, "/public", None)
    get(room, "", room.trainer)
    assert len(built) == 1
