"""A page's own assets (its style sheet and scripts) are linked by path on this server,
never by an address built from the Host header the browser (or anyone) sent."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings

#: Every ``src`` and ``href`` of a page.
LINKS = re.compile(r"""\b(?:src|href)=["']([^"']*)["']""")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'rooms.db'}", bot_step=0.0, bot_pause=0.0)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_no_page_links_its_assets_through_the_host_it_was_asked_for(client: TestClient) -> None:
    seats = [{"kind": "learner"}, {"kind": "bot", "bot": "saver"}, {"kind": "bot", "bot": "saver"}]
    made = client.post("/api/rooms", json={"game": "financialit", "seats": seats, "seed": 1})
    code = made.json()["code"]
    pages = ["/", "/trainer", "/play", f"/trainer/{code}", f"/play/{code}"]
    pages += [f"/projector/{code}", f"/hotseat/{code}", f"/debrief/{code}"]
    scripts = 0
    for page in pages:
        answer = client.get(page, headers={"Host": "evil.example"})
        assert answer.status_code == 200, page
        links = LINKS.findall(answer.text)
        assert not [link for link in links if "evil.example" in link], page
        assert "/static/style.css" in links, page
        scripts += sum(link.startswith("/static/") and link.endswith(".js") for link in links)
    assert scripts >= len(pages) - 1  # every page but the home page has its script
