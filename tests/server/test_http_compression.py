"""Pages and scripts go out gzip-compressed to a browser that asks; small answers do not."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_a_script_is_compressed_for_a_browser_that_asks(client: TestClient) -> None:
    plain = client.get("/static/render.js", headers={"Accept-Encoding": "identity"})
    packed = client.get("/static/render.js", headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.text == plain.text  # the client unpacks it: the same script
    assert packed.num_bytes_downloaded < plain.num_bytes_downloaded / 2


def test_a_small_answer_goes_out_as_it_is(client: TestClient) -> None:
    bots = client.get("/api/bots", headers={"Accept-Encoding": "gzip"})
    assert bots.status_code == 200 and len(bots.content) < 1024
    assert "content-encoding" not in bots.headers
