"""The authored content loads, meets the issue's minimums, and bad content is refused clearly."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from moneyboard.games.rut_to_riches.content import (
    SQUARE_NAMES,
    ContentError,
    SquareKind,
    build_content,
    content,
)
from moneyboard.games.rut_to_riches.sheet import Holding
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.web.art import game_art
from tests.games.rut_to_riches.helpers import start

BAD_CARD = """
[[card]]
id = "bad"
deck = "real_estate"
kind = "property"
title = "Bad"
text = "Deposit above cost"
cost = 1000
deposit = 2000
"""


def test_minimum_content() -> None:
    c = content()
    assert len(c.jobs) >= 12
    assert len(c.dreams) >= 6
    assert len(c.opportunities) >= 40
    decks = {o.deck for o in c.opportunities.values()}
    assert {"real_estate", "shares", "personal"} <= decks
    kinds = {o.kind for o in c.opportunities.values()}
    assert {"price", "split", "reverse_split", "bankrupt", "property", "anyway"} <= kinds
    assert len(c.forces) >= 20
    assert len(c.expenses) >= 20
    assert len(c.advice) >= 12


def test_jobs_run_from_low_to_high_salary_with_every_expense_line() -> None:
    salaries = [j.salary for j in content().jobs.values()]
    assert salaries == sorted(salaries)
    assert salaries[0] < 2000
    assert salaries[-1] > 10000
    assert all(j.taxes and j.home_payment and j.general for j in content().jobs.values())
    assert any(j.education_payment for j in content().jobs.values())


def test_real_estate_has_cost_deposit_mortgage_and_cash_flow() -> None:
    """Every property is bought with a deposit and carries a mortgage for the rest; only
    properties that earn rent (a cash flow) are tagged as rentals (vacant land is not)."""
    for card in content().opportunities.values():
        if card.deck != "real_estate":
            continue
        holding = Holding(card)
        assert 0 < card.deposit < card.cost, card.id
        assert holding.mortgage == card.cost - card.deposit > 0, card.id
        assert holding.cashflow == card.cashflow, card.id
        assert ("rental" in card.tags) == (card.cashflow != 0), card.id
    assert "rental" not in content().opportunities["re_land"].tags


def test_every_business_is_tagged_as_one_and_every_asset_has_a_buyer_tag() -> None:
    """Market Forces that act on "business" reach every business and AnyWay card alike."""
    c = content()
    offer_tags = {m.tag for m in c.forces.values() if m.kind == "offer"}
    for card in c.opportunities.values():
        if card.kind in ("business", "anyway"):
            assert "business" in card.tags, card.id
        if card.kind in ("property", "business", "anyway"):
            assert card.tags and card.tags[0] not in ("business", "rental"), card.id
    assert {"condo", "house", "land", "bakery", "mall", "tower"} <= offer_tags


def test_splits_reverse_splits_and_bankruptcies_hit_companies_that_pay_dividends() -> None:
    """So the rulebook's dividend rules (kept on a split, erased otherwise) come up in play."""
    cards = content().opportunities.values()
    paying = {c.symbol for c in cards if c.kind == "price" and c.dividend > 0}
    for kind in ("split", "reverse_split", "bankrupt"):
        hit = {c.symbol for c in cards if c.kind == kind}
        assert hit and hit <= paying, kind


def test_a_market_forces_card_for_every_holder_says_so_on_its_face() -> None:
    """The rulebook: a Market Forces card touches only the player whose turn it is, unless
    the card says otherwise; so a card the game puts to every holder must say so (R17)."""
    for card in content().forces.values():
        if card.scope == "all":
            assert "every" in card.text.lower(), card.id
        elif card.kind != "none":
            assert " you" in card.text, card.id


def test_every_asset_risk_and_expense_line_a_card_names_has_words() -> None:
    """Market Forces, Mentor Advice and Expenses cards name assets, risks and expense lines
    by id; each has the words a learner reads ("an apartment block", not "block")."""
    words = RutState.catalogue.words()
    c = content()
    named = [("owns", m.tag) for m in c.forces.values() if m.tag]
    named += [("owns", a.tag) for a in c.advice.values() if a.tag]
    named += [("income_from", a.tag) for a in c.advice.values() if a.tag]
    named += [("expense_line", a.line) for a in c.advice.values() if a.line]
    named += [("expense_line", line) for line in ("taxes", "part_time_taxes")]
    named += [("risk", e.tag) for e in c.expenses.values() if e.tag]
    assert not [f"{field}={value}" for field, value in named if f"{field}={value}" not in words]


def test_insurance_covers_only_what_it_names() -> None:
    """Each tag an Expenses card carries is a risk the insurance or advice cards name, and
    only the player's own mishaps carry one (wear and tear and a relative's bills do not)."""
    c = content()
    tagged = {e.id: e.tag for e in c.expenses.values() if e.tag}
    assert tagged == {
        "ex_dentist": "medical",
        "ex_hospital": "medical",
        "ex_car_repair": "accident",
        "ex_burglary": "theft",
        "ex_downsized": "downsizing",
        "ex_legal": "lawsuit",
    }
    covers = {t for o in c.opportunities.values() for t in o.immunities}
    covers |= {t for a in c.advice.values() for t in a.immunities}
    assert set(tagged.values()) == covers


def test_a_bad_card_is_refused_naming_file_card_and_field() -> None:
    with pytest.raises(ContentError, match=r"opportunities.toml card #1: .*deposit"):
        build_content({"opportunities.toml": BAD_CARD})


def test_broken_toml_is_refused() -> None:
    with pytest.raises(ContentError, match=r"dreams\.toml does not load"):
        build_content({"dreams.toml": "[[dream]\nid ="})


def test_a_board_square_in_the_wrong_track_is_refused() -> None:
    board = 'rut = [{kind = "payday_deal"}]\ninner = []'
    with pytest.raises(ContentError, match=r"board\.toml"):
        build_content({"board.toml": board})


def test_duplicate_ids_are_refused() -> None:
    dreams = '[[dream]]\nid = "a"\nname = "A"\ntext = "a"\n' * 2
    with pytest.raises(ContentError, match="duplicate dream ids: a"):
        build_content({"dreams.toml": dreams})


def test_every_kind_of_square_has_the_rulebooks_name_where_a_player_stands() -> None:
    """The phone's "Where you are: 0 · Pay Day" and the family cards read the square's kind
    through the art's ``place``: each kind is named, as the ``square_kind`` field only."""
    assert set(SQUARE_NAMES) == set(get_args(SquareKind))
    words = RutState.catalogue
    assert words.word("payday", "square_kind") == "Pay Day"
    assert words.word("payday_deal", "square_kind") == "Pay Day + Choose A Deal"
    assert words.word("payday") == "payday"  # elsewhere the identifier keeps its own word
    art = game_art("rut-to-riches")
    assert art["place"] == "square_kind"
    state = start()
    family = state.view(None)["players"][0]
    assert family["square_kind"] == "payday"
    shown = {f["path"]: f for f in art["figures"]}
    for path in ("score_sheet.income.passive", "active_income", "cash_sheet.total_expenses"):
        value: Any = family
        for part in path.split("."):
            value = value[part]
        assert isinstance(value, int) and shown[path].get("money"), path
    p = state.players[0]
    assert family["active_income"] == p.active
    assert family["score_sheet"]["income"]["passive"] == p.passive
    assert family["cash_sheet"]["total_expenses"] == p.expenses
