"""A test's hands in the browser: the trainer creating a room through the form, learners
joining from their own contexts, a learner playing its seat by clicking, and axe-core."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx2

from moneyboard.registry import get_game
from moneyboard.web.art import game_art

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1280, "height": 900}

#: A short game of each kind, through its rule options, so a whole game fits in a test.
SHORT = {
    "financialit": {"rounds": "1"},
    "financity": {"years": "1"},
    "rut-to-riches": {"turn_limit": "2"},
    "monitics": {},
}


class HeldUpdates:
    """A page's WebSocket with what the server sends held back while ``holding`` (a slow
    network, two phones tapping at once); refusals still arrive. :meth:`release` sends what
    was held, in order. Attach it before the page opens its connection."""

    def __init__(self, page: Any, *, holding: bool = False) -> None:
        self.holding = holding
        self.held: list[Any] = []
        self._route: Any = None
        page.route_web_socket(re.compile(r"/ws/"), self._connect)

    def _connect(self, ws: Any) -> None:
        self._route = ws
        server_side = ws.connect_to_server()

        def from_server(message: Any) -> None:
            if self.holding and json.loads(message)["type"] != "refused":
                self.held.append(message)
            else:
                ws.send(message)

        server_side.on_message(from_server)
        ws.on_message(server_side.send)

    def release(self) -> None:
        """Stop holding and deliver what was held."""
        self.holding = False
        held, self.held = self.held, []
        for message in held:
            self._route.send(message)


def started_room(base: str, game: str, names: list[str], seed: int = 4) -> str:
    """A room of learners with these names, all joined over HTTP and started; its code."""
    seats = [{"kind": "learner"}] * len(names)
    created = httpx2.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": seed})
    room = created.raise_for_status().json()
    for name in names:
        httpx2.post(f"{base}/api/rooms/{room['code']}/join", json={"name": name}).raise_for_status()
    httpx2.post(
        f"{base}/api/rooms/{room['code']}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {room['trainer_token']}"},
    ).raise_for_status()
    return str(room["code"])


def new_page(browser: Any, viewport: dict[str, int]) -> Any:
    """A page in a context of its own (its own storage: another device)."""
    page = browser.new_context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def create_room(
    page: Any,
    base: str,
    game: str,
    *,
    learners: int,
    bots: int,
    seed: int,
    options: dict[str, str] | None = None,
) -> str:
    """Fill the trainer's form (game, rule options: short ones unless given, seats, seed);
    the console opens."""
    page.goto(f"{base}/trainer")
    page.select_option("#game", game)
    options = SHORT.get(game, {}) if options is None else options
    if options:
        page.click("fieldset.options:not([hidden]) summary")
    for name, value in options.items():
        page.fill(f"#opt-{game}-{name}", value)
    while page.locator("#seats li").count() < learners + bots:
        page.click("#add-seat")
    while page.locator("#seats li").count() > learners + bots:
        page.locator("#seats li .remove-seat").last.click()
    for i in range(learners, learners + bots):
        page.locator("#seats li .seat-kind").nth(i).select_option("bot:random")
    page.fill("#seed", str(seed))
    page.click("#create button[type=submit]")
    page.wait_for_url("**/trainer/*")
    page.wait_for_selector("#console:not([hidden])")
    return str(page.url.rsplit("/", 1)[1])


def join(page: Any, base: str, code: str, name: str) -> None:
    """A learner types the code and a name on the join page and lands on their phone page."""
    page.goto(f"{base}/play")
    page.fill("#code", code.lower())
    page.fill("#name", name)
    page.click("#join button[type=submit]")
    page.wait_for_url(f"**/play/{code}#*")
    page.wait_for_selector("#seat[data-version]")


@dataclasses.dataclass
class Class:
    """A class in the browser: the trainer's console, the learners' phones and the projector."""

    code: str
    trainer: Any
    phones: list[Any]
    projector: Any


def start_class(
    browser: Any, base: str, game: str, names: list[str], *, bots: int = 0, seed: int
) -> Class:
    """The trainer creates a room, each learner joins from a phone of their own, the projector
    opens, and the trainer starts the game."""
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, base, game, learners=len(names), bots=bots, seed=seed)
    phones = [new_page(browser, PHONE) for _ in names]
    for phone, name in zip(phones, names, strict=True):
        join(phone, base, code, name)
    projector = new_page(browser, PROJECTOR)
    projector.goto(f"{base}/projector/{code}")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    return Class(code, trainer, phones, projector)


def my_turn(page: Any) -> bool:
    return bool(page.locator("#seat .family.yours.moving").count())


def play_one(page: Any, rng: random.Random) -> bool:
    """Click one of the seat's legal actions at random; ``False`` if it has none now."""
    buttons = page.locator("#seat button[data-action]:not([disabled])")
    count = buttons.count()
    if not count:
        return False
    before = page.get_attribute("#seat", "data-version")
    try:
        buttons.nth(rng.randrange(count)).click(timeout=2000)
        page.wait_for_function(
            "v => document.querySelector('#seat').dataset.version !== v"
            " || document.querySelector('#seat .problem')",
            arg=before,
            timeout=15000,
        )
    except Exception:  # the view moved on under the click (a bot, a timeout): look again
        return False
    return True


def mover_of(pages: list[Any], seconds: float = 30.0) -> Any:
    """The first of ``pages`` whose family is to move, once one shows it: each page draws a
    step when its own connection brings it, so right after a start or a move some may not
    have it yet."""
    deadline = time.monotonic() + seconds
    while True:
        for page in pages:
            if my_turn(page):
                return page
        assert time.monotonic() < deadline, f"no page showed a family to move in {seconds} s"
        time.sleep(0.05)


def expect(locator: Any) -> Any:
    """Playwright's assertions, which look again until they hold (or time out); imported here,
    as the ``browser`` fixture imports Playwright only when a browser test runs."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def apply_seat(row: Any, bot: str) -> None:
    """On the console, choose who plays the seat of ``row`` (a bot's kind, or "" for a person)
    and press its Apply, in one step of the page: the console draws its list of seats afresh
    on every update (a bot's move), and one drawn between the choice and the press would put
    the old choice back before it is sent."""
    row.locator("select").evaluate(
        """(select, value) => {
            select.value = value;
            if (select.value !== value) throw new Error(`no choice ${value} for this seat`);
            select.dispatchEvent(new Event("change", { bubbles: true }));
            const buttons = [...select.parentElement.querySelectorAll("button")];
            buttons.find((button) => button.textContent === "Apply").click();
        }""",
        bot,
    )


def finished(page: Any) -> bool:
    return bool(page.locator("#seat .result").count())


def play(learners: list[Any], rng: random.Random, moves: int | None, seconds: float) -> int:
    """The learners play their seats by clicking until the game ends (or ``moves`` moves)."""
    made = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if finished(learners[0]):
            return made
        if moves is not None and made >= moves:
            return made
        movers = [p for p in learners if my_turn(p)]
        if movers and play_one(rng.choice(movers), rng):
            made += 1
        else:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end in {seconds} s ({made} moves made)")


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    out = []
    for violation in result["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            targets = [", ".join(map(str, n["target"])) for n in violation["nodes"][:3]]
            what = f"{violation['id']} ({violation['impact']}): {violation['help']}"
            out.append(f"{what} at {targets}")
    return out


def human(identifier: str) -> str:
    """An identifier as the pages word it ("city_break" -> "City break")."""
    words = identifier.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def on_the_table(game: str, view: dict[str, Any]) -> list[str]:
    """What the pages draw on the table for ``view``: each place's label with the name of
    the first thing there (a count: the place's own name), as the art and the game word them."""
    words = get_game(game).state_class.catalogue.words()
    shown: list[str] = []
    for spec in game_art(game)["table"]:
        value: Any = view
        for key in spec["path"].split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if not value:
            continue
        shown.append(spec["label"])
        if isinstance(value, list):
            item = next(v for v in value if v)
        elif "name" in value or "title" in value:
            item = value
        else:
            place, item = next((k, v) for k, v in value.items() if v)
            if isinstance(item, int):
                shown.append(spec.get("places", {}).get(place, human(place)))
                continue
        if isinstance(item, dict):
            shown.append(item.get("name") or item["title"])
        else:
            shown.append(words.get(item) or human(item))
    return shown


def table_drawn(page: Any, selector: str, base: str, code: str, game: str) -> list[str]:
    """Wait until ``page`` draws on the table (``selector``) what the room's public view holds
    (the view may move on under a bot's move: look again); what it drew."""
    deadline = time.monotonic() + 30
    while True:
        view = httpx2.get(f"{base}/api/rooms/{code}/view", timeout=5).json()["view"]
        expected = on_the_table(game, view)
        folded = page.locator(f"{selector} details.table:not([open]) > summary")
        if folded.count():  # a phone folds a full table away: open it, as a learner would
            folded.click()
        text = page.inner_text(selector) if page.locator(selector).count() else ""
        missing = [name for name in expected if name not in text]
        if not missing:
            return expected
        assert time.monotonic() < deadline, f"not drawn on the table: {missing} in {text!r}"
        time.sleep(0.2)


def held_by_name(game: str, view: dict[str, Any]) -> list[str]:
    """The names of the cards the families hold by identifier (FinanciaLit's "tv"), as the
    pages should show them ("Flat-screen TV")."""
    words = get_game(game).state_class.catalogue.words()
    art = game_art(game)
    names: list[str] = []
    for family in view.get(art["families"], []):
        for path in art["cards"]:
            held: Any = family
            for key in path.split("."):
                held = held.get(key) if isinstance(held, dict) else None
            for card in held if isinstance(held, list) else []:
                if isinstance(card, str) and card in words:
                    names.append(words[card])
    return names


def held_drawn(page: Any, base: str, code: str, game: str) -> None:
    """Wait until ``page`` shows every card the families hold by its name (the view may move
    on under a bot's move: look again)."""
    deadline = time.monotonic() + 30
    while True:
        view = httpx2.get(f"{base}/api/rooms/{code}/view", timeout=5).json()["view"]
        shown = page.inner_text("#families")
        missing = [name for name in held_by_name(game, view) if name not in shown]
        if not missing:
            return
        assert time.monotonic() < deadline, f"not shown by name: {missing}"
        time.sleep(0.2)
