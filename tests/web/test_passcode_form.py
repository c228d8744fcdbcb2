"""The create-room page of a server started with a passcode: it asks for the passcode, says so
plainly when none or a wrong one is typed (and creates nothing), and the tab remembers the
right one; a server without one asks nothing, and learners joining never see it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from moneyboard.server.storage import Store, make_engine
from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, PHONE, new_page, serious_violations

PASSCODE = "blue heron 42"


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[ServerProcess]:
    """A classroom server given its passcode in the environment, as the docs advise."""
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'rooms.db'}", env={"MONEYBOARD_PASSCODE": PASSCODE}
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def stored(server: ServerProcess) -> int:
    """How many rooms the server's database holds."""
    engine = make_engine(server.db_url)
    try:
        return len(Store(engine).all_rooms())
    finally:
        engine.dispose()


def submit(page: Any) -> str:
    """Create the room; what the page says if it refuses (empty when the console opened)."""
    page.click("#create button[type=submit]")
    page.wait_for_function(
        "document.getElementById('problem').textContent !== '' || location.pathname !== '/trainer'"
    )
    return "" if "/trainer/" in page.url else str(page.inner_text("#problem"))


def test_the_form_asks_for_the_passcode_and_the_tab_remembers_it(
    browser: Any, guarded: ServerProcess
) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{guarded.base}/trainer")
    assert page.is_visible("#passcode")
    assert page.get_attribute("#passcode", "type") == "password"
    assert serious_violations(page) == []
    # Nothing typed: the page says what to do, and no room is made.
    said = submit(page)
    assert said == (
        "Type the trainer's passcode: this server creates rooms only with the passcode it "
        "was started with."
    )
    assert page.evaluate("document.activeElement.id") == "passcode"
    # A wrong one: said plainly, nothing made.
    page.fill("#passcode", "blue heron")
    said = submit(page)
    assert said.startswith("That is not the passcode this server was started with")
    assert said.endswith("no room was created.")
    assert stored(guarded) == 0
    # The right one: the console opens.
    page.fill("#passcode", PASSCODE)
    assert submit(page) == ""
    page.wait_for_selector("#console:not([hidden])")
    assert stored(guarded) == 1
    # Back on the form in the same tab, it is filled in already: another room, no typing.
    page.goto(f"{guarded.base}/trainer")
    assert page.input_value("#passcode") == PASSCODE
    assert submit(page) == ""
    assert stored(guarded) == 2
    # Another device (a browser of its own) remembers nothing.
    other = new_page(browser, LAPTOP)
    other.goto(f"{guarded.base}/trainer")
    assert other.input_value("#passcode") == ""
    assert page.errors == [] and other.errors == []


def test_a_wrong_passcode_is_forgotten(browser: Any, guarded: ServerProcess) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{guarded.base}/trainer")
    page.fill("#passcode", PASSCODE)
    assert submit(page) == ""
    page.goto(f"{guarded.base}/trainer")
    page.fill("#passcode", "not it")
    assert submit(page).startswith("That is not the passcode")
    page.reload()
    assert page.input_value("#passcode") == ""
    assert stored(guarded) == 1


def test_learners_joining_never_see_a_passcode(browser: Any, guarded: ServerProcess) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{guarded.base}/trainer")
    page.fill("#passcode", PASSCODE)
    assert submit(page) == ""
    code = page.url.rsplit("/", 1)[1]
    phone = new_page(browser, PHONE)
    phone.goto(f"{guarded.base}/play")
    assert "passcode" not in phone.content().lower()
    phone.fill("#code", code)
    phone.fill("#name", "Ana")
    phone.click("#join button[type=submit]")
    phone.wait_for_url(f"**/play/{code}#*")
    assert "passcode" not in phone.inner_text("body").lower()
    assert phone.errors == []


def test_a_server_without_a_passcode_asks_for_none(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{server.base}/trainer")
    assert not page.is_visible("#passcode")
    assert submit(page) == ""
    assert stored(server) == 1
    assert page.errors == []
