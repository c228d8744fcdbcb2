"""Shared set-up: the adapters' tests run for every game in the registry.

Two small test games join the registry during each test here: the kernel's toy game and a
game that asks every seat at once, so the adapters are proven on both kinds of turn whatever
real games exist. Every test that takes ``game_id`` runs once per registered game.
"""

from __future__ import annotations

import pytest

from moneyboard import registry
from tests.engine import toygame
from tests.interop import pollgame

TEST_GAMES = (toygame.GAME, pollgame.GAME)


def all_game_ids() -> list[str]:
    """Every registered game id plus the test games (which the fixture below registers)."""
    return list(dict.fromkeys([*registry.game_ids(), *(g.id for g in TEST_GAMES)]))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", all_game_ids())


@pytest.fixture(autouse=True)
def _test_games_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test games for one test, and take them out again after it."""
    for game in TEST_GAMES:
        monkeypatch.setitem(registry._loaded, game.id, game)
