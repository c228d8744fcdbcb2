"""The debrief in real headless Chromium: a game played to its end, the trainer opens the
debrief from the console, sees the charts and the decisions that mattered, asks "what if"
and reads the answer; the projector's copy has no controls; a learner's key opens nothing;
axe-core finds no serious problem on either page."""

from __future__ import annotations

from typing import Any

from tests.server.process import ServerProcess
from tests.web.browser import (
    LAPTOP,
    PHONE,
    PROJECTOR,
    apply_seat,
    create_room,
    join,
    new_page,
    serious_violations,
)
from tests.web.conftest import screenshot


def test_the_trainer_debriefs_a_finished_game(browser: Any, server: ServerProcess) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(
        trainer, server.base, "financity", learners=1, bots=1, seed=5, options={"years": "3"}
    )
    learner = new_page(browser, PHONE)
    join(learner, server.base, code, "Ada")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    assert trainer.locator("#debrief-open").is_hidden()  # not before the game is over
    # The projector's copy opened early says when it will show, and looks again by itself.
    projector = new_page(browser, PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}/debrief")
    projector.wait_for_selector("#problem:has-text('when the game has ended')")
    assert projector.locator("#debrief").is_hidden()

    # Ada's seat goes to a bot, and the bots play the game to its end.
    # The other seat's bot may be moving meanwhile: the choice and its Apply go in one step.
    apply_seat(trainer.locator("#seats li", has_text="Ada"), "random")
    trainer.wait_for_selector("#turn .result", timeout=60000)
    trainer.click("#debrief-open a")
    trainer.wait_for_url(f"**/debrief/{code}")
    trainer.wait_for_selector("#debrief:not([hidden])", timeout=60000)

    charts = trainer.locator("#charts svg[role=img]")
    assert charts.count() >= 2
    assert trainer.locator("#summary li").count() >= 1
    points = trainer.locator("#turning-points li.turning-point")
    assert points.count() >= 1
    # The sentence names the better choice: no line under it says it again.
    assert not any("A better choice there" in text for text in points.all_inner_texts())
    assert serious_violations(trainer) == []

    # What if, by keyboard: from the first decision that mattered, another choice, replayed.
    points.first.locator("button").focus()
    trainer.keyboard.press("Enter")
    trainer.wait_for_selector("#alternative:not([disabled])")
    assert trainer.evaluate("document.activeElement.id") == "point"
    assert trainer.locator("#alternative option").count() >= 1
    trainer.keyboard.press("Tab")
    assert trainer.evaluate("document.activeElement.id") == "alternative"
    trainer.keyboard.press("Tab")
    assert trainer.evaluate("document.activeElement.id") == "games"
    trainer.keyboard.press("Control+A")
    trainer.keyboard.type("3")
    trainer.keyboard.press("Enter")
    answer = trainer.locator("#what-if-result .what-if-answer")
    answer.wait_for(timeout=60000)
    assert answer.locator(".what-if-sentence").inner_text().strip()
    assert answer.locator("tbody tr").count() == 2
    assert "played on 3 times" in answer.locator(".what-if-sentence").inner_text().lower()
    # Whether the difference is more than luck, in the turning points' words.
    told = answer.locator(".what-if-sentence").inner_text()
    assert any(w in told for w in ("clear of chance", "too close to call", "about the same as"))
    assert serious_violations(trainer) == []
    screenshot(trainer, "financity-debrief", full_page=True)

    # Any move of the game can be chosen too, by keyboard.
    trainer.focus("#point")
    trainer.select_option("#point", index=trainer.locator("#point option").count() - 1)
    trainer.wait_for_selector("#alternative:not([disabled]), #what-if-result .problem")

    # The projector's copy: the same charts and decisions, no what-if.
    projector.wait_for_selector("#debrief:not([hidden])", timeout=60000)
    assert projector.locator("#problem").inner_text() == ""
    assert projector.locator("#charts svg[role=img]").count() == charts.count()
    assert projector.locator("#what-if").count() == 0
    assert projector.locator("#turning-points button").count() == 0
    assert serious_violations(projector) == []
    assert projector.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
    screenshot(projector, "financity-debrief-projector")

    # On a phone the charts are the narrow ones: their smallest text is as large as the
    # page's small print (the wide charts' was about 7 px there), and nothing runs off.
    phone = new_page(browser, PHONE)
    phone.goto(f"{server.base}/projector/{code}/debrief")
    phone.wait_for_selector("#debrief:not([hidden])", timeout=60000)
    heights = phone.evaluate(
        "() => [...document.querySelectorAll('#charts svg text')]"
        ".map(t => t.getBoundingClientRect().height).filter(h => h > 0)"
    )
    assert heights and min(heights) >= 15, min(heights)
    assert phone.locator("#charts svg[role=img]").count() == charts.count()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious_violations(phone) == []
    assert phone.errors == []

    # A learner's key opens nothing: the page says so and shows no debrief.
    token = learner.evaluate("code => localStorage.getItem(`moneyboard.seat.${code}`)", code)
    assert token
    learner.goto(f"{server.base}/debrief/{code}#{token}")
    learner.wait_for_selector("#problem:has-text('Only the trainer')")
    assert learner.locator("#debrief").is_hidden()
    assert learner.locator("#what-if").is_hidden()
    assert learner.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for page in [trainer, projector]:
        assert page.errors == [], page.url
