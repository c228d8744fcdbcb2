"""Every test here may use the toy game by id (registered for the test only), and ``started``
in place of ``moneyboard serve``'s server."""

from __future__ import annotations

import pytest

from moneyboard import registry
from moneyboard.server import main as server_main
from moneyboard.server.settings import Settings
from tests.engine.toygame import GAME


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._loaded, GAME.id, GAME)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Settings]:
    """The settings each ``serve`` would have started a server with (none is started; a
    passcode in the environment running the tests is not passed on)."""
    seen: list[Settings] = []

    def fake_serve(host: str, port: int, settings: Settings, *, quiet: bool = False) -> None:
        seen.append(settings)

    monkeypatch.setattr(server_main, "serve", fake_serve)
    monkeypatch.delenv("MONEYBOARD_PASSCODE", raising=False)
    return seen
