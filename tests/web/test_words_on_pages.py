"""What the classroom's pages say, in real headless Chromium: the end of a game in words (the
winners by name, why, each family's score by name, in the currency when the score is money),
the decision asked in the game's own sentence (never its internal kind), a refused amount
told beside its button with the number typed kept, the class vote's last result kept until
the class votes on the next decision, the console's "1 vote", a name of spaces
refused on the join pages in plain words, and a take-back marked on a phone's list of what
happened and the projector's, as on the console's, with the resume told after it."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx2
import pytest

from moneyboard.debrief.words import share_percent
from moneyboard.registry import game_ids, get_game
from moneyboard.web.pages import score_words
from tests.server.process import ServerProcess
from tests.web.browser import (
    LAPTOP,
    PHONE,
    create_room,
    mover_of,
    my_turn,
    new_page,
    play,
    play_one,
    serious_violations,
    start_class,
)

NAMES = ["Ana", "Ben"]
#: Where a page's list marks a take-back, as the console's log always has.
TAKEN_BACK = "— Taken back here: the lines below may tell of moves that no longer count —"
#: Waits until a phone has drawn a newer step than ``v``.
NEW_VERSION = "v => document.querySelector('#seat').dataset.version !== v"
#: What the pages used to show: the raw result, a decision's kind in brackets.
RAW = re.compile(
    r"Key:|Params|Scores:|Reason:|\((plan|savings|invest|cover|dream|deal|turn|roll)\)"
)


def public_view(base: str, code: str) -> dict[str, Any]:
    view: dict[str, Any] = httpx2.get(f"{base}/api/rooms/{code}/view", timeout=5).json()["view"]
    return view


def score_text(game: str, value: float) -> str:
    """A final score as the pages should show it: money in the game's currency, a share of
    expenses as the debrief's percentage, else the number (two decimals at most)."""
    if score_words(game)["share"]:
        return share_percent(value)
    if score_words(game)["money"]:
        before, after = get_game(game).state_class.currency
        return f"{'−' if value < 0 else ''}{before}{abs(value):,.0f}{after}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


@pytest.mark.parametrize("game", game_ids())
def test_the_end_and_the_decision_asked_read_as_words(
    browser: Any, server: ServerProcess, game: str
) -> None:
    room = start_class(browser, server.base, game, NAMES, bots=1, seed=3)
    code, trainer, phones, projector = room.code, room.trainer, room.phones, room.projector
    for phone in phones:
        phone.wait_for_selector("#seat .family.yours")

    # The decision asked, as the game words it: the projector reads the sentence the
    # family asked reads above its buttons (its `prompt`), never the decision's kind.
    prompt = mover_of(phones).inner_text("#seat .actions .prompt")
    sentence = prompt.split(":", 1)[-1].strip()
    deadline = time.monotonic() + 30
    while sentence not in projector.inner_text("#turn .turn") and time.monotonic() < deadline:
        time.sleep(0.1)
    # Checked at the end, so that the result below is checked whatever these say.
    turns = [projector.inner_text("#turn .turn"), trainer.inner_text("#turn .turn")]
    turns += [phone.inner_text("#seat .turn") for phone in phones]

    play(phones, random.Random(7), moves=None, seconds=240)
    result = public_view(server.base, code)["result"]
    seats = [s["name"] for s in public_view(server.base, code)["seats"]]
    winners = [seats[s] for s in result["winners"]]
    for page, where in [(projector, "#turn .result"), (trainer, "#turn .result")] + [
        (phone, "#seat .result") for phone in phones
    ]:
        page.wait_for_selector(where)
        text = page.inner_text(where)
        assert not RAW.search(text), text
        said = page.inner_text(f"{where} .winners")
        if winners:
            assert said.startswith(f"Winner{'s' if len(winners) > 1 else ''}: "), said
            assert all(name in said for name in winners), said
        else:
            assert said == "No winner this time."
        # Why, in the game's own words, never its key.
        reason = page.inner_text(f"{where} .reason")
        assert reason.endswith((".", "!")) and result["reason"]["key"] not in reason, reason
        assert "{" not in reason, reason  # every figure the sentence names is filled in
        assert score_words(game)["label"] in text
        for name, value in zip(seats, result["scores"], strict=True):
            assert f"{name}: {score_text(game, value)}" in text, (name, value, text)
    assert serious_violations(phones[0]) == []
    assert sentence in turns[0], turns
    assert not any(RAW.search(line) for line in turns), turns
    for page in [trainer, projector, *phones]:
        assert page.errors == [], page.url


def test_a_refused_amount_is_told_beside_its_button_and_the_number_stays(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "financity", NAMES, seed=3)
    phones = room.phones
    rng = random.Random(1)
    # Play until a family is asked to save (an amount to type in steps of $100).
    deadline = time.monotonic() + 60
    saving = None
    while saving is None:
        assert time.monotonic() < deadline, "no family was asked to save"
        for phone in phones:
            row = phone.locator("#seat .actions li.amount:has(label:has-text('savings'))")
            if my_turn(phone) and row.count():
                saving = (phone, row.first)
                break
        else:
            movers = [p for p in phones if my_turn(p)]
            if not (movers and play_one(rng.choice(movers), rng)):
                time.sleep(0.05)
    phone, row = saving
    # Far down the page, as a learner scrolls to it.
    row.scroll_into_view_if_needed()
    row.locator("input").fill("250")
    row.locator("button").click()
    problem = row.locator(".problem")
    problem.wait_for()
    assert "multiple" in problem.inner_text() and "100" in problem.inner_text()
    assert problem.get_attribute("role") == "alert"
    # What was typed stays, to be corrected, and the message is where the learner looks.
    assert row.locator("input").input_value() == "250"
    assert row.locator("input").get_attribute("aria-invalid") == "true"
    box = problem.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert phone.locator("#seat .problem").count() == 1
    assert serious_violations(phone) == []
    # Corrected, it is taken, and the next offer starts from the smallest amount again.
    row.locator("input").fill(row.locator("input").get_attribute("min") or "")
    version = phone.get_attribute("#seat", "data-version")
    row.locator("button").click()
    phone.wait_for_function(NEW_VERSION, arg=version)
    assert phone.locator("#seat .problem").count() == 0
    assert phone.errors == []


#: Updates a page's ``LastVote`` is given in turn (as the server sends them: a vote closed,
#: a bot's move, a person asked, a vote on that decision), with what it keeps after each.
LAST_VOTE_STEPS = """async () => {
    const { LastVote } = await import('/static/render.js');
    const seats = [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Bot', bot: 'random' }];
    let version = 0;
    const step = (to_move, more = {}) => ({ version: ++version,
        room: { status: 'playing', votes: 0, seats }, view: { to_move }, ...more });
    const result = { seat: 0, split: { Done: 1 }, played: 'Done', reasons: [] };
    const kept = new LastVote();
    const steps = [
        step([2], { vote_result: result }),  // Ana decided; the bot moves next
        step([1]),                            // Ben, a person, is asked: no vote yet
        step([1], { room: { status: 'paused', votes: 0, seats } }),
        step([1], { room: { status: 'playing', votes: 1, seats } }),  // Ana votes on it
        step([0], { vote_result: result }),
        step([1], { change: 'undo' }),
        step([0], { vote_result: result }),
        step([], { view: { to_move: [], result: { winners: [0] } } }),
    ];
    return steps.map((u) => { kept.receive(u); return kept.result ? kept.decider : null; });
}"""

#: A vote's result, then moves with no vote: how many of them it stays up for.
MOVES_AFTER_A_VOTE = """async () => {
    const { LastVote, VOTE_SHOWN_FOR } = await import('/static/render.js');
    const seats = [{ name: 'Ana' }, { name: 'Ben' }];
    const room = { status: 'playing', votes: 0, seats };
    const result = { seat: 0, split: { Done: 1 }, played: 'Done', reasons: [] };
    const kept = new LastVote();
    kept.receive({ room, view: { to_move: [1] }, vote_result: result, change: 'action' });
    const shown = [];
    for (let i = 0; i < VOTE_SHOWN_FOR + 1; i++) {
        kept.receive({ room, view: { to_move: [i % 2] }, change: i === 2 ? 'pause' : 'action' });
        shown.push(kept.result !== null);
    }
    return [VOTE_SHOWN_FOR, shown];
}"""


def test_the_last_vote_stays_until_the_next_is_voted_on_and_one_vote_is_one(
    browser: Any, server: ServerProcess
) -> None:
    """The split of a class vote and what the family chose stay on every page after the
    family's move, even once a person decides again (a bot may have moved straight after);
    they go when the class votes on the next decision."""
    room = start_class(browser, server.base, "monitics", NAMES, seed=1)
    trainer, phones, projector = room.trainer, room.phones, room.projector
    for phone in phones:
        phone.wait_for_selector("#seat .family.yours")
    mover = next(phone for phone in phones if my_turn(phone))
    voter = next(phone for phone in phones if phone is not mover)
    voter.locator("#seat .class-vote button[data-vote]").first.click()
    voter.wait_for_selector("#seat .vote-sent")
    # The console counts one vote as one.
    trainer.wait_for_selector("#turn:has-text('· 1 vote')")
    status = trainer.inner_text("#turn")  # checked at the end

    version = mover.get_attribute("#seat", "data-version")
    mover.locator("#seat button[data-action]:not([disabled])").first.click()
    mover.wait_for_function(NEW_VERSION, arg=version)
    for page, where in [(projector, "#vote"), (trainer, "#vote"), (voter, "#seat")]:
        page.wait_for_selector(f"{where} .vote-played")

    # The game moves on to a person's next decision: the result stays up.
    rng = random.Random(2)
    version = voter.get_attribute("#seat", "data-version")
    assert play_one(mover_of(phones), rng)
    voter.wait_for_function(NEW_VERSION, arg=version)
    assert voter.locator("#seat .vote-played").count() == 1
    # Someone votes on that decision: its count replaces the last result everywhere.
    asked = mover_of(phones)
    other = next(phone for phone in phones if phone is not asked)
    other.locator("#seat .class-vote button[data-vote]").first.click()
    for page, where in [(projector, "#vote"), (trainer, "#vote"), (voter, "#seat")]:
        page.wait_for_selector(f"{where} .vote-played", state="detached")
        page.wait_for_selector(f"{where}:has-text('1 voted so far')")
    assert "· 1 vote" in status and "1 votes" not in status, status
    # Step by step, as the projector, the console and the phones keep it: through a bot's
    # move, a person asked and a pause; gone on a vote, a take-back, the end of the game.
    kept = projector.evaluate(LAST_VOTE_STEPS)
    assert kept == ["Ana", "Ana", "Ana", None, "Ana", None, "Ana", None], kept
    # With no vote after it, a result goes after a few moves (a pause is no move).
    moves, shown = projector.evaluate(MOVES_AFTER_A_VOTE)
    assert shown == [True] * moves + [False], shown
    for page in [trainer, projector, *phones]:
        assert page.errors == [], page.url


@pytest.mark.parametrize("where", ["join", "room"])
def test_a_name_of_spaces_is_refused_in_plain_words(
    browser: Any, server: ServerProcess, where: str
) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "financity", learners=2, bots=0, seed=1)
    seats = httpx2.get(f"{server.base}/api/rooms/{code}", timeout=5).json()["seats"]
    phone = new_page(browser, PHONE)
    if where == "join":
        phone.goto(f"{server.base}/play")
        phone.fill("#code", code)
    else:
        phone.goto(f"{server.base}/play/{code}")
    phone.fill("#name", "   ")
    phone.click("button[type=submit]")
    phone.wait_for_selector("#problem:has-text('Type your name (the class sees it).')")
    assert "String should" not in phone.inner_text("#problem")
    assert phone.get_attribute("#name", "aria-invalid") == "true"
    assert phone.evaluate("document.activeElement.id") == "name"
    # Nothing reached the server: both seats are still free.
    assert httpx2.get(f"{server.base}/api/rooms/{code}", timeout=5).json()["seats"] == seats
    taken = phone.evaluate("code => localStorage.getItem(`moneyboard.seat.${code}`)", code)
    assert taken is None
    # The server's own check of a name, should it come back, reads plainly too.
    said = phone.evaluate(
        "async () => (await import('/static/live.js')).joinProblem('name must not be empty')"
    )
    assert said == "Type your name (the class sees it)."
    phone.fill("#name", "  Dee ")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"**/play/{code}#*")
    phone.wait_for_selector("#seat[data-version]")
    assert phone.errors == []


def test_a_take_back_keeps_the_phones_and_the_projectors_lists_marked(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "financity", NAMES, seed=5)
    trainer, phones, projector = room.trainer, room.phones, room.projector
    rng = random.Random(4)
    watched = phones[0]
    lines = watched.locator("#seat .events li")
    deadline = time.monotonic() + 60
    made = 0
    while made < 2 or lines.count() < 2:
        assert time.monotonic() < deadline, "nothing happened to the family in a minute"
        movers = [p for p in phones if my_turn(p)]
        if movers and play_one(rng.choice(movers), rng):
            made += 1
        else:
            time.sleep(0.05)
    before = lines.all_inner_texts()
    projector.wait_for_selector("#events li")
    feed = projector.locator("#events li").all_inner_texts()

    trainer.fill("#undo-count", "1")
    trainer.click("[data-directive=undo]")
    watched.wait_for_selector("#seat .events li:has-text('took back')")
    after = lines.all_inner_texts()
    # The family's lines stay, below the take-back and a mark like the console's: a take-back
    # is a routine correction, not a reason to lose what happened to the family.
    assert "took back" in after[0] and after[1] == TAKEN_BACK, (before, after)
    assert after[2:] == before[: len(after) - 2], (before, after)
    projector.wait_for_selector(f"#events li:has-text('{TAKEN_BACK}')")
    marked = projector.locator("#events li").all_inner_texts()
    # (The newest line, the take-back's, is held large above the list.)
    assert marked[0] == TAKEN_BACK and marked[2:] == feed[: len(marked) - 2], (feed, marked)
    trainer.wait_for_selector(f"#events li:has-text('{TAKEN_BACK}')")
    # Once the trainer resumes, the phone says so: "the game is paused" is no longer the
    # newest line while the learner has buttons again.
    trainer.click("[data-directive=resume]")
    watched.wait_for_selector("#seat .events li:first-child:has-text('The game goes on.')")
    # A reload (a dead battery, a new phone) keeps what happened to the family: the welcome
    # brings the game's last events, told once each.
    kept = lines.all_inner_texts()
    watched.reload()
    watched.wait_for_selector("#seat .events li")
    told = lines.all_inner_texts()
    # (Not the lines of the move taken back, nor the trainer's announcements: the game's
    # events as they stand now.)
    assert len(told) >= 3 and told[-1] == kept[-1], (kept, told)
    assert told[0] == "The game goes on." and len(told) == len(set(told)), (kept, told)
    for page in [watched, projector, trainer]:
        assert page.errors == [], page.url
