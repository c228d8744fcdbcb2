"""A team's seat has one class vote: a teammate voting second is told the team has voted,
not that they have (they have not); a vote cast before a pause still counts after it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.classroom import auth


def test_a_teammate_voting_second_is_told_the_team_has_voted(client: TestClient) -> None:
    seats = [{"kind": "learner"}, {"kind": "team", "name": "Blue"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 3}).json()
    code, trainer = created["code"], created["trainer_token"]
    tokens = {}
    for name, seat in (("Ana", 0), ("Ben", 1), ("Cy", 1)):
        joined = client.post(f"/api/rooms/{code}/join", json={"name": name, "seat": seat})
        tokens[name] = joined.json()["token"]
    directive = {"directive": {"type": "start"}}
    client.post(f"/api/rooms/{code}/directives", json=directive, headers=auth(trainer))
    update = client.get(f"/api/rooms/{code}/view", headers=auth(tokens["Ben"])).json()
    vote = update["vote"]
    assert vote is not None and vote["seat"] == 0  # Ana decides; the team Blue may vote
    body = {"action": vote["choices"][0]["action"], "version": update["version"]}
    first = client.post(f"/api/rooms/{code}/votes", json=body, headers=auth(tokens["Ben"]))
    assert first.status_code < 300
    second = client.post(f"/api/rooms/{code}/votes", json=body, headers=auth(tokens["Cy"]))
    assert second.status_code == 409
    message = second.json()["error"]["message"]
    assert message.startswith("your team has already voted on this decision"), message
    assert client.get(f"/api/rooms/{code}").json()["votes"] == 1  # counted once


def test_a_vote_cast_before_a_pause_still_counts_after_it(client: TestClient) -> None:
    seats = [{"kind": "learner"}, {"kind": "team", "name": "Blue"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 3}).json()
    code, trainer = created["code"], created["trainer_token"]
    tokens = {}
    for name, seat in (("Ana", 0), ("Ben", 1)):
        joined = client.post(f"/api/rooms/{code}/join", json={"name": name, "seat": seat})
        tokens[name] = joined.json()["token"]
    for directive in ({"type": "start"}, {"type": "timer", "seconds": 0}):
        client.post(
            f"/api/rooms/{code}/directives", json={"directive": directive}, headers=auth(trainer)
        ).raise_for_status()
    update = client.get(f"/api/rooms/{code}/view", headers=auth(tokens["Ben"])).json()
    choice = update["vote"]["choices"][0]
    body = {"action": choice["action"], "version": update["version"], "why": "safer"}
    voted = client.post(f"/api/rooms/{code}/votes", json=body, headers=auth(tokens["Ben"]))
    assert voted.is_success
    for directive in ({"type": "pause"}, {"type": "resume"}):
        client.post(
            f"/api/rooms/{code}/directives", json={"directive": directive}, headers=auth(trainer)
        ).raise_for_status()
    again = client.get(f"/api/rooms/{code}/view", headers=auth(tokens["Ben"])).json()
    assert again["voted"] is True and again["room"]["votes"] == 1  # the vote was kept
    body["version"] = again["version"]
    twice = client.post(f"/api/rooms/{code}/votes", json=body, headers=auth(tokens["Ben"]))
    assert twice.status_code == 409  # nor can it be cast a second time


def test_a_teammate_choosing_at_the_same_moment_is_told_who_chose_and_what(
    client: TestClient,
) -> None:
    seats = [{"kind": "team", "name": "Blue"}, {"kind": "learner"}]
    created = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 3}).json()
    code, trainer = created["code"], created["trainer_token"]
    tokens = {}
    for name, seat in (("Cleo", 0), ("Dev", 0), ("Ana", 1)):
        joined = client.post(f"/api/rooms/{code}/join", json={"name": name, "seat": seat})
        tokens[name] = joined.json()["token"]
    directive = {"directive": {"type": "start"}}
    client.post(f"/api/rooms/{code}/directives", json=directive, headers=auth(trainer))
    update = client.get(f"/api/rooms/{code}/view", headers=auth(tokens["Cleo"])).json()
    assert update["view"]["to_move"] == [0]
    keep, gamble = (
        next(e for e in update["legal"] if e["action"]["type"] == kind)
        for kind in ("keep", "gamble")
    )
    # Both phones of the team tap on the same view: Cleo's move is taken first.
    for name, entry, status in (("Cleo", keep, 200), ("Dev", gamble, 409)):
        body = {"action": entry["action"], "version": update["version"]}
        reply = client.post(f"/api/rooms/{code}/actions", json=body, headers=auth(tokens[name]))
        assert reply.status_code == status, reply.text
    assert reply.json()["error"] == {
        "code": "stale",
        "message": f"Cleo (your team) has already chosen: {keep['text']}",
    }
