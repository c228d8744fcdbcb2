"""Schemathesis against the server's OpenAPI description: no request makes a server error.

Requests go to a real server process on loopback. Half of them are pointed at a real room
with a real trainer's or seat's token, so the checks reach past "no such room".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.server.process import ServerProcess

schema = schemathesis.openapi.from_dict(create_app(Settings(db_url="sqlite://")).openapi())


class Target:
    """A running server with one started room, its trainer's token and two seats' tokens."""

    def __init__(self, server: ServerProcess):
        self.server = server
        with httpx2.Client(base_url=server.base) as http:
            seats = [{"kind": "learner"}, {"kind": "learner"}, {"kind": "bot", "bot": "random"}]
            body = http.post("/api/rooms", json={"game": "financialit", "seats": seats}).json()
            self.code: str = body["code"]
            self.trainer: str = body["trainer_token"]
            self.seats = [
                http.post(f"/api/rooms/{self.code}/join", json={"name": n}).json()["token"]
                for n in ("Ana", "Ben")
            ]
            http.post(
                f"/api/rooms/{self.code}/directives",
                json={"directive": {"type": "start"}},
                headers={"Authorization": f"Bearer {self.trainer}"},
            )


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    db = Path(tmp_path_factory.mktemp("schemathesis")) / "rooms.db"
    server = ServerProcess(f"sqlite:///{db}")
    server.start()
    try:
        yield Target(server)
    finally:
        server.stop()


@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_request_makes_a_server_error(case: Any, target: Target) -> None:
    pick = len(repr(case.body)) + len(repr(case.path_parameters))
    if case.path_parameters and "code" in case.path_parameters and pick % 2 == 0:
        case.path_parameters["code"] = target.code
        tokens = [target.trainer, *target.seats]
        case.headers["authorization"] = f"Bearer {tokens[pick % 3]}"
    case.call_and_validate(
        base_url=target.server.base,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server started with a trainer's passcode: creating a room is refused without it."""
    db = Path(tmp_path_factory.mktemp("schemathesis-passcode")) / "rooms.db"
    server = ServerProcess(f"sqlite:///{db}", env={"MONEYBOARD_PASSCODE": "blue heron"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


@schema.include(path="/api/rooms", method="POST").parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_creating_a_room_without_the_passcode_is_refused_as_described(
    case: Any, guarded: ServerProcess
) -> None:
    response = case.call_and_validate(
        base_url=guarded.base,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )
    # Refused (403 without the passcode, 422 for a malformed body, 405 for another method):
    # no request schemathesis makes up creates a room.
    assert response.status_code != 201, response.text
