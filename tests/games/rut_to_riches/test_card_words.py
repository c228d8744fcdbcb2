"""Market Forces and Expenses cards are told in plain words: what the card says, whom it
touched (or that it touched no one), and what each payment was for."""

from __future__ import annotations

from moneyboard.games.rut_to_riches.actions import Deal, Roll
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.terminal.render import event_lines
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
    assert "'University buys housing' touches no one: no player owns a duplex asset." in happened


def test_a_market_forces_card_for_the_player_alone_says_it_passed_them_by() -> None:
    happened, _ = told(after_a_passed_opportunity("mf_tenant_lawsuit"))
    assert (
        "Market Forces: 'Tenant lawsuit'. A tenant sues you: pay $1,500 if you own rental"
        " property." in happened
    )
    assert "'Tenant lawsuit' does not touch P1: they own no rental asset." in happened


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
