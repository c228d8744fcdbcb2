"""Every HTTP refusal has one body, written the same way: a body over the size limit is
refused with the bytes every other error has, not in a style of its own."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient


def compact(body: object) -> bytes:
    """JSON as every other answer of the server is written: no spaces."""
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def test_a_body_over_the_limit_is_refused_in_the_same_encoding_as_every_other_error(
    client: TestClient,
) -> None:
    other = client.get("/api/rooms/ZZZZZZ/view")
    assert other.status_code == 404 and other.content == compact(other.json())

    huge = client.post(
        "/api/rooms", content=b"x" * 200_000, headers={"content-type": "application/json"}
    )
    assert huge.status_code == 413
    assert huge.headers["content-type"] == other.headers["content-type"]
    assert huge.content == compact(huge.json())
    assert huge.json() == {
        "error": {"code": "too_large", "message": "a request's body is limited to 96 KiB"}
    }
