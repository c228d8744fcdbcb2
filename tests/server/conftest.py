"""Fixtures: a server app on a fresh SQLite database, and the toy game in the registry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from moneyboard import registry
from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from tests.engine.toygame import GAME
from tests.server.postgres import PostgresCluster


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._loaded, GAME.id, GAME)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Bots move at once and clocks are checked often, so tests run fast."""
    return Settings(
        db_url=f"sqlite:///{tmp_path / 'rooms.db'}",
        bot_step=0.0,
        bot_pause=0.0,
        tick=0.02,
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One PostgreSQL cluster per test process, on loopback, gone afterwards."""
    try:
        cluster = PostgresCluster()
    except FileNotFoundError as exc:
        pytest.skip(f"PostgreSQL is not installed ({exc}); ./run-tests installs it as root")
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """A fresh database in the test cluster."""
    return postgres_cluster.new_database()
