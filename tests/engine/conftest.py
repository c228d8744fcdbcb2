"""Kernel tests run against the toy game, registered for the duration of the tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from moneyboard import registry
from moneyboard.engine.game import GameDef
from tests.engine.toygame import GAME


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[GameDef]:
    registry.register(GAME)
    yield GAME
