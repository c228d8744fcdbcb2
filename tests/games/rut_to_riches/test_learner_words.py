"""What a learner reads in Rut to Riches says the class's own numbers in plain words: no
option value, internal name or Python value shown as it is stored."""

from __future__ import annotations

from moneyboard.engine.claims import Claim
from moneyboard.engine.offers import ACCEPT, Propose
from moneyboard.games.rut_to_riches.actions import (
    Borrow,
    Buy,
    BuyShares,
    Deal,
    Pass,
    PayOff,
    Repay,
    Roll,
    Sell,
    SellShares,
)
from moneyboard.games.rut_to_riches.sheet import DEBT_LINES
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.terminal.render import decision_line, event_lines
from tests.games.rut_to_riches.helpers import act, force, set_cash, start
from tests.games.rut_to_riches.test_auditor import played_turn
from tests.games.rut_to_riches.test_rulings import give, opportunity, passing


def happened(state: RutState) -> list[str]:
    """What happened, as the terminal words it."""
    return event_lines(state, state.log, state.ledger.postings)[0]


def test_a_loan_says_the_interest_at_the_class_rate() -> None:
    """The overdraft's interest is a rule option (10% by the rulebook); the loan's line
    said "10% of it" whatever the class had set."""
    state = start(options={"loan_rate_percent": 5})
    act(state, 0, Borrow(400))
    assert state.players[0].exp["bank"] == 20
    assert (
        "P1 borrows $400 from the bank: overdraft now $400, at $20 interest each Pay Day."
        in happened(state)
    )
    state = start()
    act(state, 0, Borrow(1000))
    assert (
        "P1 borrows $1,000 from the bank: overdraft now $1,000, at $100 interest each Pay Day."
        in happened(state)
    )


def test_the_share_sale_buttons_say_all_or_half_not_the_part_as_a_number() -> None:
    """Selling shares was "Sell shares (1)" and "Sell shares (2)": which one sold them all?"""
    state = start(forced={"deck:shares": ["sh_tkno_1", "sh_tkno_5"], "deck:market": ["mf_calm"]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal("shares"))
    act(state, 0, BuyShares(100))
    act(state, 1, Pass("sh_tkno_1"))
    sells = [
        e["text"] for e in state.seat_actions(0)["legal"] if e["action"]["type"] == "sell_shares"
    ]
    assert sells == ["Sell all your shares", "Sell half your shares"]
    assert state.action_text(SellShares(2)) == "Sell half your shares"


def test_the_dream_square_says_what_is_missing_in_words() -> None:
    """Reaching the Dream without the means read "..., retired: False)"."""
    state = start(dreams=("voyage", "voyage"))
    p = state.players[0]
    state.step_dream(0, "voyage")
    assert happened(state)[-1] == (
        "P1 reaches their Dream but cannot buy it before retiring (and it takes passive"
        f" income of ${p.expenses + 10_000:,}; they have $0)."
    )
    p.retired = True
    p.set_expense("taxes", 0)
    state.step_dream(0, "voyage")
    assert happened(state)[-1] == (
        "P1 reaches their Dream but cannot buy it yet: it takes passive income of"
        f" ${p.expenses + 10_000:,} (total expenses plus $10,000), and they have $0."
    )
    assert not [line for line in happened(state) if "False" in line or "True" in line]


def advice(state: RutState, card: str) -> str:
    """What P1 reads after drawing the Mentor Advice card ``card``."""
    state.step_advice_drawn(0, card)
    return happened(state)[-1]


def test_mentor_advice_says_what_it_changes_in_words() -> None:
    """Advice read "P1 cuts general by $30 a month", "cuts insurance by $0" for a player
    with no insurance, and "P1's anyway income rises by $500" for one with no AnyWay
    business, whose income rose by nothing."""
    state = start()  # P1 is the janitor: general expenses $300, no insurance
    assert advice(state, "ad_budget") == "P1 cuts their general expenses by $30 a month, to $270."
    assert advice(state, "ad_insurance_shop") == (
        "P1 has no insurance premiums to cut: the advice changes nothing."
    )
    assert advice(state, "ad_anyway_contacts") == (
        "P1 does not own an AnyWay business: the advice changes nothing."
    )
    passive = state.players[0].passive
    give(state, 0, "re_condo_2br")
    give(state, 0, "re_house_3br")
    rentals = state.players[0].passive - passive
    assert advice(state, "ad_property_manager") == (
        "P1's monthly income from rental property rises by $200 while in the Inner Circle."
    )
    assert state.players[0].passive - passive == rentals + 200


def test_cover_names_the_risk_and_the_card_it_cancels() -> None:
    """ "P1 is covered: the medical card has no effect" named a tag, not the card."""
    state = start(forced={"deck:expenses": ["ex_hospital"]})
    state.players[0].immunities.add("medical")
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert "P1 is covered against medical bills: 'Hospital stay' has no effect." in happened(state)


def test_a_market_offer_names_the_asset_in_words() -> None:
    """ "No player owns a block asset", "You own no house asset to sell": tags, not words."""
    state = opportunity("re_condo_2br", market="mf_block_buyer")
    act(state, 0, passing(state))
    assert (
        "'Apartment blocks in demand' touches no one: no player owns an apartment block."
        in happened(state)
    )
    state = opportunity("re_condo_2br", market="mf_house_buyer")
    give(state, 0, "re_house_3br")
    act(state, 0, passing(state))
    state.players[0].holdings = []
    reason = state.why_not(0, Sell())
    assert reason is not None and state.explain(reason) == "You do not own a house to sell."


def test_the_overdraft_is_repaid_and_its_interest_falls() -> None:
    """Repaying read "P1 pays $100 off the bank debt: the monthly payment falls by $10";
    the rulebook's bank overdraft costs interest each Pay Day. Its refusals said "You owe
    $500 on bank" and "You have no bank debt"."""
    state = start()
    act(state, 0, Borrow(500))
    reason = state.check_repay(0, Repay(600))
    assert reason is not None
    assert state.explain(reason) == "Your bank overdraft is $500: you cannot repay $600."
    act(state, 0, Repay(100))
    act(state, 0, Repay(400))
    told = happened(state)
    assert (
        "P1 repays $100 of the bank overdraft: its interest falls by $10 a Pay Day ($400 still"
        " owed)." in told
    )
    assert (
        "P1 repays the last $400 of the bank overdraft: its interest of $40 a Pay Day is gone."
        in told
    )
    reason = state.check_repay(0, Repay(100))
    assert reason is not None
    assert state.explain(reason) == "You have no bank overdraft to repay."
    reason = state.check_pay_off(0, PayOff("car", 1_000_000))
    assert reason is not None
    assert state.explain(reason) == "You owe $4,000 on the car debt: you cannot pay off $1,000,000."


def test_the_audit_says_a_clean_sheet_as_such_and_counts_mistakes_in_words() -> None:
    """An audit read "made 0 original mistakes and pays $0", "1 original mistakes", and
    named the Pay Day line "payday"."""
    state = played_turn()
    assert "Audit: P1's sheets are correct (P2 checked them)." in happened(state)
    state = played_turn(mistake=50)
    told = happened(state)
    assert "Audit: P1's entry 1 has cash $1,210; it should be $1,160." in told
    assert "Audit: P1 made 1 original mistake and pays $100 to their Auditor (P2)." in told
    state = start(options={"auditor": True})
    p = state.players[0]
    p.entries = [((1000, 1600, 900, 700), (1000, 1600, 900, 800))]
    p.audit_base = ((1000, 1600, 900, 700), (1000, 1600, 900, 700))
    set_cash(state, 0, 0)
    state.step_audit()
    told = happened(state)
    assert "Audit: P1's entry 1 has Pay Day $800; it should be $700." in told
    assert "Audit: P1 made 1 original mistake but has no cash to pay their Auditor (P2)." in told


def test_a_reshuffled_deck_is_named_as_the_board_names_it() -> None:
    """ "The expenses deck is reshuffled (22 cards, 0 surrendered by players)" named the
    deck by its id and counted the cards nobody surrendered."""
    state = start()
    state.rebuild("expenses")
    give(state, 0, "re_condo_2br")
    state.decks["real_estate"].cards = []
    state.rebuild("real_estate")
    state.decks["venture"].cards = []
    state.decks["venture"].discards = []
    state.draw_card("venture", ("advice_drawn", 0))
    told = happened(state)
    assert "The Expenses deck is reshuffled (22 cards)." in told
    assert "The Real Estate deck is reshuffled (1 card, 1 of them surrendered by players)." in told
    assert "The Venture deck is empty even after reshuffling: no card this time." in told
    words = state.catalogue.words()
    assert not [deck for deck in state.c.decks if f"pile={deck}" not in words]


def test_lost_turns_are_counted_in_words() -> None:
    """ "P2 loses this turn (0 more to lose)" and, with bankrupt_turns = 1, "will lose 1 turns"."""
    state = start()
    state.players[1].lost_turns = 2
    state.step_seat_turn(1)
    assert happened(state)[-1] == "P2 loses this turn (1 more turn to lose)."
    state.step_seat_turn(1)
    assert happened(state)[-1] == "P2 loses this turn, the last one to lose."


def test_a_bankrupt_player_is_told_the_turns_they_lose() -> None:
    """Bankruptcy took turns away without a word; with bankrupt_turns = 1 it says "1 turn"."""
    for turns, said in ((3, "P1 will lose 3 turns."), (1, "P1 will lose 1 turn.")):
        state = start(options={"bankrupt_turns": turns})
        p = state.players[0]
        give(state, 0, "re_chalet")
        p.set_expense("general", p.exp["general"] + 800)
        set_cash(state, 0, 0)
        state.step_bankruptcy(0)
        assert p.lost_turns == turns and said in happened(state)


def test_with_two_dice_the_turn_says_roll_the_dice() -> None:
    """A class playing with two dice (option dice) read "Roll the die"."""
    state = start(options={"dice": 2})
    assert (
        decision_line(state, 0)
        == "P1's turn: roll the dice (loans can be taken or paid off first)."
    )
    assert state.action_label(Roll()) == "Roll the dice"
    state = start()
    assert (
        decision_line(state, 0) == "P1's turn: roll the die (loans can be taken or paid off first)."
    )
    assert state.action_label(Roll()) == "Roll the die"


def test_a_free_card_a_free_offer_and_a_pay_off_are_said_plainly() -> None:
    """A free card read "takes 'Weekend tutoring' and pays $0", a free offer "for a $0
    commission", and every pay-off's money line "pays off part of a debt", whole or part."""
    state = start(forced={"deck:personal": ["pe_tutoring"], "deck:market": ["mf_calm"]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal("personal"))
    act(state, 0, Buy())
    assert "P1 takes 'Weekend tutoring', which costs nothing." in happened(state)
    state = opportunity("re_condo_2br")
    assert state.action_label(Propose(1, "sell", "re_condo_2br", 0)) == (
        "Offer Two-bedroom condo to P2 for no commission"
    )
    assert state.action_label(Propose(1, "sell", "re_condo_2br", 500)) == (
        "Offer Two-bedroom condo to P2 for a $500 commission"
    )
    state = start()
    act(state, 0, Borrow(500))
    act(state, 0, Repay(100))
    act(state, 0, PayOff("car", 100))
    moved = event_lines(state, state.log, state.ledger.postings)[1]
    assert "$100 from P1's cash to the bank: P1 pays down their bank overdraft." in moved
    assert "$100 from P1's cash to the bank: P1 pays down their car loan." in moved
    words = state.catalogue.words()
    assert not [line for line in DEBT_LINES if f"debt_line={line}" not in words]


def test_a_free_offer_is_put_to_the_buyer_and_told_without_a_zero_commission() -> None:
    """The seller's button said "for no commission", but the buyer was asked about "'Two-
    bedroom condo' for a $0 commission" and the log said the card was bought "for a $0
    commission"; an offer with a commission still names it."""
    state = opportunity("re_condo_2br")
    set_cash(state, 1, 10000)
    act(state, 0, Propose(1, "sell", "re_condo_2br", 0))
    asked = decision_line(state, 1)
    assert asked == ("P2: P1 offers you 'Two-bedroom condo' for no commission; accept or decline.")
    act(state, 1, ACCEPT)
    said = "\n".join(happened(state))
    assert "$0" not in said and "$0" not in asked
    assert "P2 takes the card over from P1, who asks no commission." in said
    assert "P1: Offer Two-bedroom condo to P2 for no commission." in said
    state = opportunity("re_condo_2br")
    set_cash(state, 1, 10000)
    act(state, 0, Propose(1, "sell", "re_condo_2br", 500))
    assert decision_line(state, 1) == (
        "P2: P1 offers you 'Two-bedroom condo' for a $500 commission; accept or decline."
    )
    act(state, 1, ACCEPT)
    assert "P2 buys the card from P1 for a $500 commission." in happened(state)


def test_a_sale_below_the_mortgage_says_what_the_seller_owes() -> None:
    """A house sold for less than its mortgage read "...: −$2,000 after the mortgage is
    repaid"; the seller pays the bank that difference (R17)."""
    state = opportunity("re_condo_2br", market="mf_house_lowball")
    give(state, 1, "re_house_3br")  # mortgage $54,000; the offer is $52,000
    set_cash(state, 1, 8000)
    act(state, 0, passing(state))
    act(state, 1, Sell())
    assert state.cash(1) == 6000
    assert (
        "P2 sells Three-bedroom house for $52,000, $2,000 less than its mortgage, and pays the"
        " bank the difference." in happened(state)
    )
    assert not [line for line in happened(state) if "−$" in line]


def test_a_claim_a_pass_and_a_cleared_debt_are_said_in_words() -> None:
    """Buttons read "Claim payday" and "Pass on mentor", and the last of a debt whose
    payment had already fallen to nothing, "its monthly payment of $0 is gone"."""
    state = start(options={"manual_claims": ["payday"]})
    assert state.action_label(Claim("payday")) == "Claim Pay Day"
    assert state.action_label(Pass("mentor")) == "Pass on the mentor's offer"
    p = state.players[0]
    p.debt["credit_card"] = 2000
    p.set_expense("credit_card", 60)
    set_cash(state, 0, 5000)
    act(state, 0, PayOff("credit_card", 1900))
    assert p.exp["credit_card"] == 0
    act(state, 0, PayOff("credit_card", 100))
    assert happened(state)[-1] == (
        "P1 pays off the last $100 of the credit card debt, which is now cleared."
    )


def test_the_claim_sentences_name_the_pay_day() -> None:
    """The claim sentences read "P1 may claim 'payday' now", the claim's id. Pay Day is the
    one thing this game lets a class make learners claim, so its sentences name it."""
    assert set(RutState.automations) == {"payday"}
    state = start(options={"manual_claims": ["payday"]})
    for key, said in (
        (
            "claim.available",
            "P1 may claim their Pay Day now; if it is not claimed before the next player"
            " rolls, it is lost.",
        ),
        ("claim.made", "P1 claims their Pay Day."),
        (
            "claim.lost",
            "P1 did not claim their Pay Day before the next player rolled, so it is lost.",
        ),
    ):
        state.event(key, seat=0, claim="payday")
        assert happened(state)[-1] == said


def test_a_pay_off_short_of_cash_says_it_is_paid_from_cash() -> None:
    """A pay-off the cash could not cover read "You cannot raise the money, even with the
    overdraft the bank allows", as if the bank lent for it; a purchase says the sum."""
    state = start()
    set_cash(state, 0, 30)
    reason = state.why_not(0, PayOff("car", 100))
    assert reason is not None
    assert state.explain(reason) == ("A debt is paid off from cash, and you hold $30, not $100.")
    state = opportunity("re_condo_2br")
    state.players[0].set_expense("general", 5000)  # no overdraft: Pay Day below zero
    set_cash(state, 0, 0)
    reason = state.why_not(0, Buy())
    assert reason is not None
    assert state.explain(reason) == (
        "You cannot raise $4,000, even with the overdraft the bank allows."
    )
