"""Rooms over HTTP: creating, joining, starting and playing, on every game in the registry."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from moneyboard.registry import get_game
from moneyboard.server.settings import Settings
from tests.server.classroom import Classroom, auth, playable_games, skip_if_game_is_broken

GAMES = ["toy", *playable_games()]


@pytest.mark.parametrize("game", GAMES)
def test_a_room_plays_every_game(client: TestClient, game: str) -> None:
    skip_if_game_is_broken(game)
    players = get_game(game).min_players
    room = Classroom.open(client, game, learners=players - 1, bots=1)
    assert room.trainer_view()["room"]["status"] == "running"
    played = room.play_random(random.Random(5), 25)
    assert played > 0
    view = room.trainer_view()
    assert view["version"] >= played + 1  # the start, then every move
    assert view["room"]["seats"][0]["name"] == "Learner 0"


def test_join_codes_are_short_and_typed_loosely(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2, start=False)
    assert len(room.code) == 6
    spaced = f" {room.code[:3].lower()}-{room.code[3:].lower()} "
    r = client.get(f"/api/rooms/{spaced}")
    assert r.status_code == 200
    assert r.json()["code"] == room.code


def test_room_information_shows_each_name_as_learners_join(client: TestClient) -> None:
    created = client.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "learner"}] * 2})
    code = created.json()["code"]
    assert [s["name"] for s in created.json()["room"]["seats"]] == ["Seat 1", "Seat 2"]
    client.get(f"/api/rooms/{code}")  # read (and kept) before anyone joins
    for name, seat in (("Ana", 0), ("Ben", 1)):
        assert client.post(f"/api/rooms/{code}/join", json={"name": name}).json()["seat"] == seat
        shown = client.get(f"/api/rooms/{code}").json()["seats"][seat]["name"]
        assert shown == name


def test_bots_of_one_kind_are_told_apart_by_their_seat(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "learner"}]
    seats += [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "saver"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats}).json()
    names = [s["name"] for s in created["room"]["seats"]]
    assert names == ["Random bot 1", "Seat 2", "Random bot 3", "Saver bot"]
    room = Classroom(client, created["code"], created["trainer_token"], {})
    room.direct({"type": "start", "fill_bot": "saver"})
    started = [s["name"] for s in room.trainer_view()["room"]["seats"]]
    assert started == ["Random bot 1", "Saver bot 2", "Random bot 3", "Saver bot"]
    # A name the trainer gave is kept, whatever the other seats.
    seats = [{"kind": "bot", "bot": "random", "name": "Rita"}, {"kind": "bot", "bot": "random"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats}).json()
    assert [s["name"] for s in created["room"]["seats"]] == ["Rita", "Random bot"]


def test_a_refused_action_says_why_and_changes_nothing(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    seat = room.mover()
    assert seat is not None
    other = 1 - seat
    before = room.trainer_view()
    r = room.act(other, "keep", before["version"])
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "illegal"
    assert "turn" in r.json()["error"]["message"]
    after = room.trainer_view()
    assert after["version"] == before["version"]
    assert after["view"] == before["view"]


def test_an_action_on_a_stale_view_is_refused(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    seat = room.mover()
    assert seat is not None
    version = room.view(room.tokens[seat])["version"]
    assert room.act(seat, "keep", version).status_code == 200
    # A double tap: the same action on the same (now old) view.
    again = room.act(seat, "keep", version)
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "stale"
    # Said to a learner: what they chose, no step numbers, which mean nothing to them.
    said = again.json()["error"]["message"]
    assert said == "You have already chosen: Keep"


def _until_several_are_asked(room: Classroom, rng: random.Random) -> list[int]:
    """Play random moves until two or more learners are asked at once (FinanCity's savings)."""
    for _ in range(400):
        asked = [s for s in room.trainer_view()["view"]["to_move"] if s in room.tokens]
        if len(asked) >= 2:
            return asked
        assert room.play_random(rng, 1) == 1
    raise AssertionError("no decision asked of several seats at once")


def test_answers_to_a_decision_asked_of_every_seat_at_once_do_not_go_stale(
    client: TestClient,
) -> None:
    room = Classroom.open(client, "financity", learners=3)
    first, second = _until_several_are_asked(room, random.Random(4))[:2]
    seen = {seat: room.view(room.tokens[seat]) for seat in (first, second)}
    assert seen[first]["version"] == seen[second]["version"]
    answer = seen[first]["legal"][0]["action"]
    assert room.act(first, answer, seen[first]["version"]).status_code == 200
    # The second family chose on the view from before the first one's answer: it stands.
    late = room.act(second, seen[second]["legal"][0]["action"], seen[second]["version"])
    assert late.status_code == 200, late.text
    # The first family's double tap is still stale: its own answer moved it on.
    again = room.act(first, answer, seen[first]["version"])
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale"


def test_a_trainer_step_makes_every_open_answer_stale(client: TestClient) -> None:
    room = Classroom.open(client, "financity", learners=3)
    seat = _until_several_are_asked(room, random.Random(4))[0]
    seen = room.view(room.tokens[seat])
    room.direct({"type": "pause"})
    room.direct({"type": "resume"})
    r = room.act(seat, seen["legal"][0]["action"], seen["version"])
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"


def test_a_malformed_action_names_what_is_wrong(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    seat = room.mover()
    assert seat is not None
    version = room.view(room.tokens[seat])["version"]
    r = room.act(seat, {"type": "fly"}, version)
    assert r.status_code == 400
    assert "fly" in r.json()["error"]["message"]
    assert room.trainer_view()["version"] == version


@pytest.mark.parametrize(
    ("path", "body", "said"),
    [
        ("join", {"name": ""}, "name must not be empty"),
        ("join", {"name": "x" * 41}, "name must have at most 40 characters"),
        ("join", {"name": 5}, "name must be text (not 5)"),
        ("rooms", {"game": "toy", "seats": "two"}, "seats must be a list (not 'two')"),
        ("rooms", {"gam": "toy"}, "game is missing; seats is missing; 'gam' is not a field"),
        (
            "rooms",
            {"game": "toy", "seats": [{"kind": "learner"}, {"kind": "learnr"}]},
            "seat 2's kind must be 'learner', 'team' or 'bot' (not 'learnr')",
        ),
    ],
)
def test_a_request_not_as_described_is_refused_in_plain_words(
    client: TestClient, path: str, body: dict[str, object], said: str
) -> None:
    room = Classroom.open(client, "toy", learners=2, start=False)
    url = f"/api/rooms/{room.code}/join" if path == "join" else "/api/rooms"
    r = client.post(url, json=body)
    assert r.status_code == 422
    message = r.json()["error"]["message"]
    assert message.startswith(said)
    assert "should" not in message and "Field" not in message  # not pydantic's wording
    assert [s["kind"] for s in client.get(f"/api/rooms/{room.code}").json()["seats"]] == [
        "learner",
        "learner",
    ]


def test_seats_views_and_legal_actions(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2)
    seat = room.mover()
    assert seat is not None
    mine = room.view(room.tokens[seat])
    assert mine["role"] == "seat" and mine["you"] == seat
    assert {a["action"]["type"] for a in mine["legal"]} >= {"keep", "gamble"}
    public = room.view()
    assert public["role"] == "public" and "legal" not in public
    full = room.trainer_view()
    assert full["role"] == "trainer" and "seed" in full["view"]


def test_variant_file_and_options_are_checked(client: TestClient) -> None:
    seats = [{"kind": "learner"}, {"kind": "learner"}]
    ok = client.post(
        "/api/rooms", json={"game": "toy", "seats": seats, "variant": "[options]\nrounds = 1\n"}
    )
    assert ok.status_code == 201
    bad = client.post("/api/rooms", json={"game": "toy", "seats": seats, "options": {"rounds": 99}})
    assert bad.status_code == 400 and "rounds" in bad.json()["error"]["message"]
    unknown = client.post("/api/rooms", json={"game": "chess", "seats": seats})
    assert unknown.status_code == 400 and "chess" in unknown.json()["error"]["message"]
    broken = client.post("/api/rooms", json={"game": "toy", "seats": seats, "variant": "rounds ="})
    assert broken.status_code == 400 and "TOML" in broken.json()["error"]["message"]
    too_few = client.post("/api/rooms", json={"game": "financialit", "seats": seats[:1]})
    assert too_few.status_code == 400 and "seats" in too_few.json()["error"]["message"]


def test_joining_fills_learner_seats_then_refuses(client: TestClient) -> None:
    room = Classroom.open(client, "toy", learners=2, start=False)
    full = client.post(f"/api/rooms/{room.code}/join", json={"name": "Late"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "full"
    blank = client.post(f"/api/rooms/{room.code}/join", json={"name": "   "})
    assert blank.status_code == 400
    nowhere = client.post("/api/rooms/AAAAAA/join", json={"name": "Ana"})
    assert nowhere.status_code == 404


def test_a_team_shares_one_seat(client: TestClient) -> None:
    seats = [{"kind": "team", "name": "Blue"}, {"kind": "learner"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 2}).json()
    code = created["code"]
    first = client.post(f"/api/rooms/{code}/join", json={"name": "Ana", "seat": 0}).json()
    second = client.post(f"/api/rooms/{code}/join", json={"name": "Ben", "seat": 0}).json()
    solo = client.post(f"/api/rooms/{code}/join", json={"name": "Cy"}).json()
    assert first["seat"] == second["seat"] == 0 and solo["seat"] == 1
    r = client.post(
        f"/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers=auth(created["trainer_token"]),
    )
    assert r.status_code == 200
    for token in (first["token"], second["token"]):
        view = client.get(f"/api/rooms/{code}/view", headers=auth(token)).json()
        assert view["you"] == 0 and view["room"]["seats"][0]["name"] == "Blue"


def test_start_waits_for_learners_unless_bots_fill_in(client: TestClient) -> None:
    seats = [{"kind": "learner"}, {"kind": "learner"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats}).json()
    room = Classroom(client, created["code"], created["trainer_token"], {})
    refused = room.direct({"type": "start"}, expect=409)
    assert refused["error"]["code"] == "seats_empty"
    room.direct({"type": "start", "fill_bot": "random"})
    assert room.trainer_view()["room"]["seats"][0]["bot"] == "random"


def test_bot_seats_take_a_search_budget_and_a_bad_kind_is_named(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": " Search:20 "}, {"kind": "learner"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats})
    assert created.status_code == 201
    bad = client.post(
        "/api/rooms",
        json={"game": "toy", "seats": [{"kind": "learner"}, {"kind": "bot", "bot": "search:x"}]},
    )
    message = bad.json()["error"]["message"]
    assert bad.status_code == 400 and message.startswith("seat 2: ") and "search:x" in message
    room = Classroom(client, created.json()["code"], created.json()["trainer_token"], {})
    room.direct({"type": "start", "fill_bot": "search:10ms"})
    seats_now = room.trainer_view()["room"]["seats"]
    assert [s["bot"] for s in seats_now] == ["search:20", "search:10ms"]
    assert room.direct({"type": "seat", "seat": 1, "bot": "sulker"}, expect=400)


def test_rooms_per_server_are_limited(tmp_path: object, settings: Settings) -> None:
    import dataclasses

    from moneyboard.server.app import create_app

    small = dataclasses.replace(settings, max_rooms=2)
    with TestClient(create_app(small)) as client:
        for _ in range(2):
            Classroom.open(client, "toy", learners=2, start=False)
        r = client.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "learner"}] * 2})
        assert r.status_code == 429
        assert "2 rooms in play" in r.json()["error"]["message"]
        assert "end a game you no longer need" in r.json()["error"]["message"]


def test_large_bodies_are_refused(client: TestClient) -> None:
    # Bigger than any room's rules need: a variant's 12,000 characters are refused by their
    # own limit first (tests/server/test_room_variants.py).
    big = {"game": "toy", "seats": [{"kind": "learner"}] * 2, "options": {"x": "#" * 100_000}}
    r = client.post("/api/rooms", json=big)
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "too_large"


def test_the_record_replays_to_the_same_game(client: TestClient) -> None:
    from moneyboard.engine.record import GameRecord, replay

    room = Classroom.open(client, "toy", learners=2)
    room.play_random(random.Random(2), 6)
    r = client.get(f"/api/rooms/{room.code}/record", headers=auth(room.trainer))
    assert r.status_code == 200, r.text
    state = replay(GameRecord.model_validate(r.json()), get_game("toy"))
    full = room.trainer_view()["view"]
    assert state.full_view()["balances"] == full["balances"]
