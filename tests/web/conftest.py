"""Fixtures for the browser tests: a real server process, and Debian's Chromium driven by
Playwright (headless), with axe-core injected from the copy vendored beside these tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (Debian's package; ./run-tests installs it)."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: ./run-tests installs Debian's chromium as root")
    with playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A classroom server on loopback with its own SQLite file; bots move at once."""
    process = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}")
    process.start()
    try:
        yield process
    finally:
        process.stop()
