"""What lies on the table, in headless Chromium: FinanCity's face-up cards on the projector
with their numbers, costs and incomes, and Rut to Riches' card just drawn on the phones and
the projector with whose it is and what it costs, and a family's dream by its title."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx2

from moneyboard.games.monitics.content import load_content
from moneyboard.games.rut_to_riches.content import SQUARE_NAMES
from moneyboard.registry import get_game
from tests.server.process import ServerProcess
from tests.web.browser import expect, mover_of, my_turn, play_one, start_class
from tests.web.conftest import screenshot

#: A phone has drawn a newer step than the one formatted in.
NEWER = "document.querySelector('#seat').dataset.version !== '{}'"


def money(value: int) -> str:
    """Money as the pages write it in these games' currency."""
    return f"{'−' if value < 0 else ''}${abs(value):,}"


def public_view(server: ServerProcess, code: str) -> dict[str, Any]:
    return dict(httpx2.get(f"{server.base}/api/rooms/{code}/view", timeout=5).json()["view"])


def test_the_projector_shows_financitys_face_up_cards_with_their_figures(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "financity", ["Ada", "Bola"], seed=5)
    code, projector = room.code, room.projector
    projector.wait_for_selector("#table .card.on-table")

    view = public_view(server, code)
    assert view["investments_face_up"] and view["shopping_face_up"]
    for deck, label in [
        ("investments_face_up", "Investment cards face up"),
        ("shopping_face_up", "Shopping cards face up"),
    ]:
        group = projector.locator("#table .card-group", has_text=label)
        cards = group.locator(".card.on-table")
        assert cards.count() == len(view[deck])
        for i, (place, card) in enumerate(view[deck].items()):
            text = cards.nth(i).inner_text()
            # Numbered as on the buttons ("Buy investment card 2"), named, with the price.
            assert place == f"card {i + 1}" and f"Card {i + 1}: {card['name']}" in text, text
            assert f"Cost {money(card['cost'])}" in text, text
            if deck == "investments_face_up" and card["income"]:
                assert f"Income {money(card['income'])}" in text, text
    # A figure's value keeps its sign with its amount at any width: never "Expenses a year −"
    # at the end of one line and "$60" on the next, which reads as a cost, not a saving.
    broken = projector.evaluate(NEGATIVE_ON_ONE_LINE)
    assert broken == [], broken
    assert projector.errors == []


#: The widths (in px) at which a FinanCity card on the table with a negative figure (a
#: Washing Machine lowers expenses by $60 a year) shows "−$60" on more than one line.
NEGATIVE_ON_ONE_LINE = """async () => {
    const { tableBlock } = await import('/static/render.js');
    const card = { name: 'Washing Machine', cost: 450, wellbeing: 15, expenses: -60 };
    const box = document.createElement('div');
    document.body.append(box);
    const broken = [];
    for (let width = 120; width <= 420; width += 2) {
        box.style.width = `${width}px`;
        box.replaceChildren(tableBlock({ view: { shopping_face_up: { 'card 1': card } } }));
        const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walk.nextNode()) && !node.data.includes('−$60'));
        const range = document.createRange();
        const at = node.data.indexOf('−$60');
        range.setStart(node, at);
        range.setEnd(node, at + 4);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(width);
    }
    box.remove();
    return broken;
}"""


def test_a_card_drawn_in_rut_to_riches_lies_on_the_table_for_everyone(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "rut-to-riches", ["Chen", "Dee"], seed=2)
    code, learners, projector = room.code, room.phones, room.projector
    for page in learners:
        page.wait_for_selector("#seat[data-version]")

    # The learners play until a card is drawn (the rut's deal squares come every few turns).
    rng = random.Random(2)
    deadline = time.monotonic() + 90
    view = public_view(server, code)
    while not view["table"]:
        assert time.monotonic() < deadline, "no card was drawn in 90 s of play"
        for page in learners:
            play_one(page, rng)
        view = public_view(server, code)

    card, holder = view["table"]["card"], view["table"]["holder"]
    holder_name = view["seats"][holder]["name"]
    figures = [(k, card[k]) for k in ("cost", "deposit", "cashflow", "price") if card[k]]
    for page, selector in [(projector, "#table"), *((p, "#seat .table") for p in learners)]:
        # A page a step behind may still show a card drawn before this one.
        expect(page.locator(f"{selector} .card.on-table")).to_contain_text(card["title"])
        text = page.inner_text(selector)
        assert f"The card on the table ({holder_name})" in text, text
        assert card["title"] in text and card["text"] in text, text
        for _field, value in figures:
            assert money(value) in text, text
    # The family's figures name things as the game does: its dream by its title.
    dream = view["players"][holder]["dream"]
    title = get_game("rut-to-riches").state_class.catalogue.words()[dream]
    assert title in learners[holder].inner_text("#seat .family.yours"), title
    screenshot(learners[holder], "rut-to-riches-phone-table", full_page=True)
    for page in [projector, *learners]:
        assert page.errors == [], page.url


def test_a_phone_folds_a_full_table_away_until_the_learner_opens_it(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "monitics", ["Eve", "Femi"], seed=1)
    phone = room.phones[0]
    phone.wait_for_selector("#seat details.table")
    # The bank's assets and cards: folded at first, how many in the summary.
    view = public_view(server, room.code)
    count = len(view["bank_assets"]) + sum(1 for n in view["bank_cards"].values() if n)
    assert count > 6
    assert phone.locator("#seat details.table[open]").count() == 0
    assert f"On the table ({count})" in phone.inner_text("#seat details.table > summary")
    phone.click("#seat details.table > summary")
    phone.wait_for_selector("#seat details.table[open] .card.on-table")
    # Each asset with its kind, what the bank sells it for and what it is worth.
    first = view["bank_assets"][0]
    text = phone.locator("#seat details.table .card.on-table").first.inner_text()
    assert first["name"] in text and first["kind"].capitalize() in text, text
    assert f"Price {money(first['price'])} · Market value {money(first['market'])}" in text
    # It stays open through the next moves (the panel is drawn afresh on every update).
    version = phone.get_attribute("#seat", "data-version")
    assert play_one(mover_of(room.phones), random.Random(1))
    phone.wait_for_function(
        "v => document.querySelector('#seat').dataset.version !== v", arg=version
    )
    assert phone.locator("#seat details.table[open]").count() == 1
    # The projector never folds it.
    assert "Assets the bank sells" in room.projector.inner_text("#table")


def test_a_financity_family_reads_where_its_home_token_is_by_the_zones_name(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "financity", ["Ada", "Bola"], seed=5)
    phone = mover_of(room.phones)
    phone.click("#seat button:has-text('Place the home token on Zone 4: Extra Jobs')")
    # As the board draws it ("4 · Extra jobs"), not the bare board number.
    phone.wait_for_selector("#seat .where:has-text('Where you are: 4 · Extra jobs')")
    phone.wait_for_selector("text=puts the home token on Zone 4: Extra Jobs.")
    assert phone.errors == []


def test_a_rut_to_riches_family_reads_its_square_by_name(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "rut-to-riches", ["Ada", "Bola"], seed=5)
    for page in room.phones:
        page.wait_for_selector("#seat .where")
        view = public_view(server, room.code)
        me = view["players"][int(page.get_attribute("#seat", "data-seat") or 0)]
        assert me["circle"] == "rut"
        name = SQUARE_NAMES[me["square_kind"]]  # the rulebook's name: "1 · Pay Day"
        # Counted from 1, as the moves count squares (the view counts from 0).
        where = f"Where you are: {me['square'] + 1} · {name}"
        assert page.inner_text("#seat .where") == where
        assert page.errors == []


def test_a_monitics_player_reads_its_box_by_name(browser: Any, server: ServerProcess) -> None:
    """Where a player is reads "2 · Stock market" on the phone (not the board's title), and
    the family card's Box names it the same way on every device."""
    room = start_class(browser, server.base, "monitics", ["Ada", "Bola"], seed=5)
    rng = random.Random(3)
    deadline = time.monotonic() + 30
    moved: dict[str, Any] | None = None
    while moved is None and time.monotonic() < deadline:
        for phone in room.phones:
            if my_turn(phone):
                play_one(phone, rng)
        players = public_view(server, room.code)["players"]
        moved = next((p for p in players if p["position"] > 0), None)
    assert moved is not None, "nobody moved"
    content = load_content()
    name = content.boxes[moved["position"] - 1].words(content.bill)
    phone = next(
        p for p in room.phones if p.get_attribute("#seat", "data-seat") == str(moved["seat"])
    )
    phone.wait_for_function(
        "t => document.querySelector('#seat .where')?.innerText === t",
        arg=f"Where you are: {moved['position']} · {name}",
    )
    # The projector draws the move when its own connection brings it.
    expect(room.projector.locator(".family", has_text=moved["name"]).first).to_contain_text(name)
    assert phone.errors == [] and room.projector.errors == []


def test_a_financity_purchase_names_its_price_once(browser: Any, server: ServerProcess) -> None:
    """A card's button reads "Buy Technical Diploma ($800)": the price is in the label, so
    the page does not add "costs $800" after it."""
    room = start_class(browser, server.base, "financity", ["Ada", "Bola"], seed=5)
    rng = random.Random(4)
    cards = "#seat button[data-action^='buy_']:not([disabled]):has-text('($')"
    deadline = time.monotonic() + 120
    seen: list[str] = []
    while time.monotonic() < deadline and not seen:
        for phone in room.phones:
            # All at once: the buttons may be drawn again between a count and a read.
            seen += phone.locator(cards).all_inner_texts()
        movers = [p for p in room.phones if my_turn(p)]
        if seen or not movers:
            time.sleep(0.1)
            continue
        phone = rng.choice(movers)
        # Homes in the shopping zone, where cards are bought.
        shops = phone.locator("#seat button:has-text('Zone 7: Shopping'):not([disabled])")
        if shops.count():
            before = phone.get_attribute("#seat", "data-version")
            shops.first.click()
            phone.wait_for_function(f"() => {NEWER.format(before)}")
        elif not play_one(phone, rng):
            time.sleep(0.1)
    assert seen, "no card was offered to buy"
    for card in seen:
        price = card[card.rindex("(") + 1 : card.rindex(")")]
        assert card.count(price) == 1 and "costs" not in card, card
    # A price is only taken as named when the label shows that very figure: "$50" is not
    # in "$50,000" or "$50.5", so such a button still says what it costs.
    shown = room.phones[0].evaluate(
        """async () => {
            const { showsAmount } = await import('/static/seat.js');
            return [['Buy Trip ($600)', '$600'], ['Pay $50.', '$50'],
                    ['Buy a house for $50,000', '$50'], ['Pay $50.5', '$50'],
                    ['Repay a loan card', '$150']].map(([l, t]) => showsAmount(l, t));
        }"""
    )
    assert shown == [True, True, False, False, False]
    for page in room.phones:
        assert page.errors == []
