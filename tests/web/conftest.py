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
#: Set to 1 to (re)write the screenshots in docs/screenshots/; left unset, tests take none.
SCREENSHOTS_WANTED = os.environ.get("MONEYBOARD_SCREENSHOTS", "") not in ("", "0")


def screenshot(page: Any, name: str, *, full_page: bool = False) -> None:
    """Save ``page`` as ``docs/screenshots/<name>.png`` (the whole page when ``full_page``),
    only when ``MONEYBOARD_SCREENSHOTS`` is set, so an ordinary test run leaves the checkout
    as it found it."""
    if not SCREENSHOTS_WANTED:
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


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
