"""Every test here may use the toy game by id (registered for the test only)."""

from __future__ import annotations

import pytest

from moneyboard import registry
from tests.engine.toygame import GAME


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._loaded, GAME.id, GAME)
