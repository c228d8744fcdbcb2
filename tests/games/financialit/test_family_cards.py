"""The sets of Family cards: a named choice (``family_cards``), the same families in each,
and a set once shipped never changed, since records do not hold the cards."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_options
from moneyboard.games.financialit.content import FAMILY_CARDS, FILES, load_content, parse_content
from moneyboard.games.financialit.options import FinanciaLitOptions
from tests.games.financialit.driver import start

CONTENT = load_content()


def files() -> dict[str, dict[str, Any]]:
    """The shipped content files, parsed, for a test to spoil one."""
    data = resources.files("moneyboard.games.financialit").joinpath("data")
    return {name: tomllib.loads(data.joinpath(name).read_text(encoding="utf-8")) for name in FILES}


def test_the_second_set_differs_from_the_first_only_in_the_figures_rulings_names() -> None:
    # RULINGS.md, "Content balance": the second set is the first with these figures retuned.
    first = {f.id: f.model_dump() for f in CONTENT.family_sets["first"]}
    second = {f.id: f.model_dump() for f in CONTENT.family_sets["second"]}
    changed = {
        (family, field): (first[family][field], second[family][field])
        for family in first
        for field in first[family]
        if first[family][field] != second[family][field]
    }
    assert changed == {
        ("dual_earners", "happiness"): (7, 5),
        ("flatmates", "happiness"): (5, 6),
        ("single_parent", "happiness"): (7, 8),
        ("retirees", "units"): (9, 8),
    }
    assert CONTENT.families == CONTENT.family_sets["second"]


def test_the_option_chooses_the_set_a_game_deals() -> None:
    for name in FAMILY_CARDS:
        state = start(("dual_earners", "retirees", "farmers"), family_cards=name)
        cards = {f.id: f for f in CONTENT.family_sets[name]}
        dealt = [cards[f] for f in ("dual_earners", "retirees", "farmers")]
        assert [h.family for h in state.homes] == dealt
        assert state.homes[0].happiness == cards["dual_earners"].happiness
        assert state.cash(1) == cards["retirees"].units + cards["retirees"].income
    # A trainer's change to a single card applies to the set chosen.
    first = {f.id: f for f in CONTENT.family_sets["first"]}
    changes = {"dual_earners": {"units": 1}}
    state = start(
        ("dual_earners", "retirees", "farmers"), family_cards="first", family_changes=changes
    )
    assert state.homes[0].family == first["dual_earners"].model_copy(update={"units": 1})
    assert state.homes[0].happiness == first["dual_earners"].happiness


def test_the_option_is_listed_with_its_sets_and_refuses_another() -> None:
    [row] = [r for r in describe_options(FinanciaLitOptions) if r["name"] == "family_cards"]
    assert row["accepts"] == "one of: first, second" and row["default"] == "second"
    assert "record" in row["meaning"]
    with pytest.raises(OptionsError, match="family_cards"):
        start(family_cards="third")


def test_a_set_naming_other_families_is_refused_naming_its_file() -> None:
    spoilt = files()
    spoilt["families_second.toml"]["family"][0]["name"] = "The Grocers"
    with pytest.raises(OptionsError, match=r"families_second\.toml") as info:
        parse_content(spoilt)
    assert "in its order and by its names" in str(info.value)
    reordered = files()
    reordered["families_second.toml"]["family"].reverse()
    with pytest.raises(OptionsError, match="'second' Family cards"):
        parse_content(reordered)
