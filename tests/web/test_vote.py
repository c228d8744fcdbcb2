"""The class vote in real headless Chromium: learners whose family is not deciding see the
deciding family's choices on their phones and vote, one with a reason typed while another's
vote arrives (by keyboard), and see "vote sent"; once the family has moved, the projector
and the trainer show the split, what was done and the reason."""

from __future__ import annotations

import random
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PHONE, PROJECTOR, my_turn, serious_violations, start_class
from tests.web.conftest import screenshot


def seat_update(base: str, code: str, page: Any) -> dict[str, Any]:
    """What the server sends the learner on ``page`` now (its token from the page's storage)."""
    token = page.evaluate("code => localStorage.getItem(`moneyboard.seat.${code}`)", code)
    reply = httpx2.get(
        f"{base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"}
    )
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def test_a_learner_not_on_turn_votes_and_the_projector_shows_the_split(
    browser: Any, server: ServerProcess
) -> None:
    names = ["Anna", "Bilal", "Chioma"]
    room = start_class(browser, server.base, "monitics", names, seed=1)
    code, trainer, phones, projector = room.code, room.trainer, room.phones, room.projector
    for phone in phones:
        phone.wait_for_selector("#seat .family.yours")
    movers = [i for i, phone in enumerate(phones) if my_turn(phone)]
    assert len(movers) == 1
    mover, mover_name = phones[movers[0]], names[movers[0]]
    others = [i for i in range(len(phones)) if i != movers[0]]
    voter, voter_name, other = phones[others[0]], names[others[0]], phones[others[1]]
    vote = seat_update(server.base, code, voter)["vote"]
    assert vote is not None and vote["seat"] == movers[0]
    assert seat_update(server.base, code, mover)["vote"] is None  # the decider gets none

    # The voter's phone: the deciding family's choices, a button each, and a "why".
    box = voter.locator("#seat .class-vote")
    box.wait_for()
    heading = box.locator("h2").inner_text()
    assert mover_name in heading and vote["prompt"].split(":")[-1].strip() in heading
    assert "What would you do, and why?" in box.inner_text()
    choices = box.locator("button[data-vote]")
    assert choices.count() == len(vote["choices"]) >= 1
    assert voter.locator("#seat button[data-action]").count() == 0
    assert serious_violations(voter) == []
    assert voter.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert mover.locator("#seat .class-vote").count() == 0  # the decider plays, not votes
    # A choice that costs money says so, as the deciding family's own button does (unless
    # its label names the price already).
    labels = voter.evaluate(
        """async () => {
            const { SeatPanel } = await import('/static/seat.js');
            const panel = new SeatPanel(document.createElement('div'), { send: null, vote: null });
            panel.update = {};
            return [
                { action: { type: "buy_insurance" }, text: "Buy insurance", cost: 30 },
                { action: { type: "buy_card" }, text: "Buy the card ($40)", cost: 40 },
                { action: { type: "roll" }, text: "Roll the die" },
            ].map((choice, i) => panel.voteChoice(choice, i).textContent);
        }"""
    )
    assert labels == ["Buy insurance costs $30", "Buy the card ($40)", "Roll the die"]

    # The voter types a reason; meanwhile another learner votes, and the update that brings
    # leaves the reason being typed where it was, with the focus in it.
    voter.fill("#vote-why", "it costs nothing")
    voter.focus("#vote-why")
    other.locator("#seat .class-vote button[data-vote]").first.click()
    other.wait_for_selector("#seat .vote-sent")
    voter.wait_for_selector("#seat:has-text('1 voted so far')")
    assert voter.input_value("#vote-why") == "it costs nothing"
    assert voter.evaluate("document.activeElement.id") == "vote-why"
    voter.keyboard.type(" to find out")

    # By keyboard: Tab from the reason to the first choice, Enter.
    voter.keyboard.press("Tab")
    chosen = voter.evaluate("document.activeElement.dataset.text")
    assert voter.evaluate("document.activeElement.hasAttribute('data-vote')")
    screenshot(voter, "monitics-phone-vote")
    voter.keyboard.press("Enter")
    voter.wait_for_selector("#seat .vote-sent:has-text('Vote sent')")
    assert box.locator("button[data-vote]").count() == 0
    projector.wait_for_selector("#vote:has-text('2 voted so far')")
    trainer.wait_for_selector("#vote:has-text('2 voted so far')")

    # The decider moves: the split appears on the projector with what the family did.
    version = mover.get_attribute("#seat", "data-version")
    mover.locator("#seat button[data-action]:not([disabled])").first.click()
    mover.wait_for_function(
        "v => document.querySelector('#seat').dataset.version !== v", arg=version
    )
    split = projector.locator("#vote .votes li")
    split.first.wait_for()
    text = projector.inner_text("#vote")
    assert f"The class vote on {mover_name}'s decision" in text
    assert "2 votes (100%)" in text
    assert f"{mover_name}'s family chose:" in text
    assert "“it costs nothing to find out”" in text
    assert f"{chosen.replace('_', ' ').lower()}: 2 votes" in text.lower()
    for name in names:
        assert name == mover_name or name not in text  # the reasons go up without names
    trainer.wait_for_selector("#vote .vote-reasons:has-text('it costs nothing to find out')")
    assert voter_name in trainer.inner_text("#vote .vote-reasons")  # the trainer sees who
    assert serious_violations(projector) == []
    screenshot(projector, "monitics-projector-vote")
    assert projector.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
    # The voter's phone has its vote box back only for the next decision, not this one.
    voter.wait_for_selector("#seat .vote-sent", state="detached")
    for page in [trainer, projector, *phones]:
        assert page.errors == [], page.url


def test_a_learner_votes_for_an_amount_as_the_decider_would_choose_it(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "rut-to-riches", ["Anna", "Bilal", "Chioma"], seed=1)
    code, trainer, phones, projector = room.code, room.trainer, room.phones, room.projector
    tokens = [
        phone.evaluate("code => localStorage.getItem(`moneyboard.seat.${code}`)", code)
        for phone in phones
    ]

    def play(token: str, action: dict[str, Any], version: int) -> None:
        reply = httpx2.post(
            f"{server.base}/api/rooms/{code}/actions",
            json={"action": action, "version": version},
            headers={"Authorization": f"Bearer {token}"},
        )
        reply.raise_for_status()

    # Play through the API until a learner not deciding is offered a loan in the vote.
    rng = random.Random(3)
    for _ in range(200):
        views = [seat_update(server.base, code, phone) for phone in phones]
        offered = [
            i
            for i, view in enumerate(views)
            if view["vote"] and "borrow" in [c["action"]["type"] for c in view["vote"]["choices"]]
        ]
        if offered:
            break
        mover = next(i for i, view in enumerate(views) if view["you"] in view["view"]["to_move"])
        play(tokens[mover], rng.choice(views[mover]["legal"])["action"], views[mover]["version"])
    else:
        raise AssertionError("no vote offering a loan in 200 moves")
    voter, view = phones[offered[0]], views[offered[0]]
    voter.wait_for_selector(f"#seat[data-version='{view['version']}']")

    # One choice with an amount to type, as the deciding family's own loan button has.
    loan = voter.locator("#seat .class-vote li.amount:has(button[data-vote=borrow])")
    assert loan.count() == 1
    assert voter.locator("#seat .class-vote button[data-vote=borrow]").count() == 1
    loan.locator("input").fill("300")
    screenshot(voter, "rut-to-riches-phone-vote-amount")
    assert serious_violations(voter) == []
    assert voter.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    loan.locator("button").click()
    voter.wait_for_selector("#seat .vote-sent:has-text('Vote sent')")

    # The decider borrows another amount with its own amount row; the projector's split
    # names the amount voted for, and what the family did.
    decider = phones[view["vote"]["seat"]]
    decider.wait_for_selector(f"#seat[data-version='{view['version']}']")
    # The family deciding reads the same sentence the class votes on, above its buttons.
    assert decider.inner_text("#seat .actions .prompt") == view["vote"]["prompt"]
    own = decider.locator("#seat .actions li.amount:has(button[data-action=borrow])")
    own.locator("input").fill("400")
    own.locator("button").click()
    projector.wait_for_selector("#vote .votes li")
    split = projector.inner_text("#vote")
    assert "Borrow from the bank ($300): 1 vote (100%)" in split
    assert "chose: Borrow from the bank ($400)" in split
    for page in [trainer, projector, *phones]:
        assert page.errors == [], page.url
