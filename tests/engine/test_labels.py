"""Actions are worded once, by the game, for every client: labels and money."""

from __future__ import annotations

import dataclasses

import pytest

from moneyboard.engine import Seat
from moneyboard.engine.labels import action_label, money_text
from moneyboard.engine.offers import Propose
from moneyboard.registry import game_ids, get_game

NAMES = {0: "Ana", 1: "Ben"}


def label(template: str | None, fields: dict[str, object], later: str | None = None) -> str:
    return action_label(
        "buy_luxury",
        fields,
        template,
        seat_name=NAMES.__getitem__,
        money=lambda v: money_text(v, ("$", "")),
        chosen_later=later,
    )


def test_placeholders_fill_fields_slots_names_and_money() -> None:
    assert label("Buy the luxury in slot {slot+1}", {"slot": 0}) == "Buy the luxury in slot 1"
    assert label("Offer {to:seat} {price:money}", {"to": 1, "price": 1200}) == "Offer Ben $1,200"
    assert label("Place on {location}", {"location": "pay_bills"}) == "Place on pay bills"
    assert label("Lend (agree: {agree})", {"agree": False}) == "Lend (agree: no)"
    assert label("Bid {price:money}", {"price": 5}, later="price") == "Bid …"


def test_a_yes_or_no_field_reads_by_the_games_words_for_it() -> None:
    """A yes-or-no answer's button says what it does ("Lend the money"), not "agree: yes"."""
    from moneyboard.engine.messages import Catalogue

    words = Catalogue({}, {"agree=yes": "Lend the money", "agree=no": "Refuse the loan"})

    def worded(value: bool) -> str:
        return action_label(
            "lend",
            {"agree": value},
            "{agree}",
            seat_name=NAMES.__getitem__,
            money=str,
            word=words.word,
        )

    assert (worded(True), worded(False)) == ("Lend the money", "Refuse the loan")
    # A game without words for the field still reads: yes or no.
    assert action_label("x", {"ok": True}, "Ok: {ok}", seat_name=str, money=str, word=words.word)
    assert label("Lend (agree: {agree})", {"agree": True}) == "Lend (agree: yes)"


@pytest.mark.parametrize(
    ("game_id", "kind", "texts"),
    [
        ("monitics", "lend", {"Lend the money", "Refuse the loan"}),
        ("monitics", "grant_final_turns", {"Give the others their final turns"}),
        ("monitics", "final_turn", {"Take the final turn", "Stop here: no more turns"}),
        ("financialit", "settle_loan", {"Settle the loan with units"}),
    ],
)
def test_the_games_yes_or_no_buttons_say_what_they_do(
    game_id: str, kind: str, texts: set[str]
) -> None:
    game = get_game(game_id)
    state = game.new_state([Seat(n) for n in ("Ana", "Ben", "Cy")], 1)
    action_type = next(t for t in game.state_class.action_types if t.kind == kind)
    field = dataclasses.fields(action_type)[0].name
    labels = {
        state.action_label(game.codec.from_json({"type": kind, field: v})) for v in (True, False)
    }
    assert texts <= labels and not any(":" in t and "yes" in t for t in labels), labels


def test_an_action_without_a_label_reads_as_its_kind_and_values() -> None:
    assert label(None, {"slot": 2, "term": "short_term"}) == "Buy luxury 2 short term"
    assert label(None, {"amount": 40, "line": "car"}, later="amount") == "Buy luxury car"


def test_money_in_each_currency() -> None:
    assert money_text(5, ("", " units")) == "5 units"
    assert money_text(1, ("", " units")) == "1 unit"  # one unit, not "1 units"
    assert money_text(-1, ("", " units")) == "−1 unit"
    assert money_text(-30, ("$", "")) == "−$30"
    assert money_text(2.5, ("$", "")) == "$2.50"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_action_of_every_game_has_a_label_that_fills_in(game_id: str) -> None:
    game = get_game(game_id)
    options = game.options()
    state = game.new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 1, options)
    for kind in {t.kind for t in state.action_types}:
        assert state.catalogue.template(f"label.{kind}"), f"{game_id}: no label for {kind}"
    for action in game.state_class.action_space(options, 3)[:400]:
        text = state.action_label(action)
        assert text and "{" not in text and "_" not in text, (game_id, action, text)


def test_an_offer_is_worded_with_names_and_the_games_currency() -> None:
    game = get_game("financity")
    state = game.new_state([Seat("Ana"), Seat("Ben")], 1, game.options())
    offer = Propose(to=1, deal="sell", item="car", price=300)
    assert state.action_label(offer) == "Offer car to Ben for $300"
    free = Propose(to=1, deal="sell", item="car", price=0)
    assert state.action_label(free) == "Offer car to Ben for nothing"
    assert state.money_text(1500) == "$1,500"
