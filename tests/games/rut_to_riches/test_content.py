"""The authored content loads, meets the issue's minimums, and bad content is refused clearly."""

from __future__ import annotations

import pytest

from moneyboard.games.rut_to_riches.content import ContentError, build_content, content

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
    for card in content().opportunities.values():
        if card.deck == "real_estate":
            assert 0 < card.deposit < card.cost


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
