"""Market Forces and Expenses cards are told in plain words: what the card says, whom it
touched (or that it touched no one), and what each payment was for."""

from __future__ import annotations

from moneyboard.games.rut_to_riches.actions import Deal, Roll
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.terminal.render import decision_line, event_lines
from tests.games.rut_to_riches.helpers import act, force, start


def told(state: RutState) -> tuple[list[str], list[str]]:
    """What happened and what money moved, as the terminal words them."""
    return event_lines(state, state.log, state.ledger.postings)


def after_a_passed_opportunity(market: str) -> RutState:
    """P1 turns over a condo, lets it go, and the Market Forces card ``market`` follows."""
    forced = {"deck:real_estate": ["re_condo_2br"], "deck:market": [market]}
    state = start(forced=forced)
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal("real_estate"))
    act(state, 0, state.pass_now())
    return state


def test_a_market_forces_card_says_what_it_does_and_that_it_touched_no_one() -> None:
    happened, _ = told(after_a_passed_opportunity("mf_duplex_buyer"))
    assert "Market Forces: 'University buys housing'. The university offers $130,000 for" in (
        "\n".join(happened)
    )
    assert "'University buys housing' touches no one: no player owns a duplex." in happened


def test_a_market_forces_card_for_the_player_alone_says_it_passed_them_by() -> None:
    happened, _ = told(after_a_passed_opportunity("mf_tenant_lawsuit"))
    assert (
        "Market Forces: 'Tenant lawsuit'. A tenant sues you: pay $1,500 if you own rental"
        " property." in happened
    )
    assert "'Tenant lawsuit' does not touch P1: they do not own rental property." in happened


def test_a_market_forces_payment_is_told_once_with_its_card() -> None:
    state = after_a_passed_opportunity("mf_tax_refund")
    happened, moved = told(state)
    assert "'Government rebate' brings P1 $300." in happened
    assert "'Government rebate' brings P2 $300." in happened
    assert "$300 from the bank to P1's cash" in moved  # its reason is told above


def test_an_expenses_card_says_what_it_is_and_its_payment_says_what_for() -> None:
    state = start(forced={"deck:expenses": ["ex_legal"]})
    state.players[0].position = 23
    force(state, "die", 2)  # passes Start Here (Pay Day), lands on a Deal square
    act(state, 0, Roll())
    act(state, 0, Deal("none"))
    happened, moved = told(state)
    assert (
        "P1 draws the Expenses card 'Legal fees': A dispute with a neighbour: pay $1,500 in"
        " legal fees." in happened
    )
    assert "$1,500 from P1's cash to the bank: P1 pays $1,500 for 'Legal fees'." in moved


def on_the_table(deck: str, card: str) -> RutState:
    """P1 lands on a Deal square and turns over ``card`` from ``deck``."""
    state = start(forced={f"deck:{deck}": [card]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal(deck))
    return state


def test_the_question_on_a_card_names_an_offer_only_where_the_card_allows_one() -> None:
    """Personal and insurance cards are bought or let go; real estate and business cards
    may also be offered to another player (R15), and only they have that button."""
    for deck, card, title in (
        ("personal", "pe_tutoring", "Weekend tutoring"),
        ("personal", "pe_income_protect", "Income protection"),
    ):
        state = on_the_table(deck, card)
        assert decision_line(state, 0) == f"P1: '{title}' is on the table: buy it or pass."
        assert not [e for e in state.seat_actions(0)["legal"] if e["action"]["type"] == "propose"]
    state = on_the_table("real_estate", "re_condo_2br")
    assert decision_line(state, 0) == (
        "P1: 'Two-bedroom condo' is on the table: buy it, pass, or offer it to another player."
    )
    assert [e for e in state.seat_actions(0)["legal"] if e["action"]["type"] == "propose"]


def test_choose_a_deal_offers_no_deal_in_words_not_as_a_card_named_none() -> None:
    """The button, the class vote and the line after a timer ran out name drawing nothing
    as no deal: "Opportunity card: none" read like a card."""
    state = start()
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())  # lands on Choose A Deal
    labels = sorted(e["text"] for e in state.seat_actions(0)["legal"])
    assert labels == [
        "No deal this turn",
        "Opportunity card: personal",
        "Opportunity card: real estate",
        "Opportunity card: shares",
    ]
    assert state.action_text(Deal("venture")) == "Opportunity card: venture"
    state.timeout(0)
    assert state.explain(state.log[-2]) == "Time is up for P1: the game chose 'No deal this turn'."
