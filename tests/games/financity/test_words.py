"""FinanCity's events as a learner reads them: zones by the rulebook's names, a Done by what
was finished, expenses with their parts named."""

from __future__ import annotations

import re

from rich.console import Console

from moneyboard.engine.actions import Action
from moneyboard.engine.kernel import Offer
from moneyboard.games.financity import FinanCityState
from moneyboard.games.financity.actions import (
    ACTION_TYPES,
    DONE,
    USE_INSURANCE,
    BuyInvestment,
    BuyShopping,
    Deposit,
    Place,
    TakeLoan,
    Withdraw,
)
from moneyboard.games.financity.base import ZONE_NAMES, ZONES
from moneyboard.games.financity.content import KIND_NAMES
from moneyboard.terminal.render import decision_line, result_renderable
from moneyboard.terminal.text import metric_label
from moneyboard.web.art import mechanics
from tests.games.financity.driver import (
    CITY,
    SHARED,
    at,
    drive,
    give_cash,
    give_savings,
    over_indebted_at_repayment,
    places,
    start,
    take_cash,
)


def texts(state: object, key: str) -> list[str]:
    return [state.explain(e) for e in state.log if e[0] == key]  # type: ignore[attr-defined]


def test_placing_the_home_token_names_the_zone_as_the_rulebook_does() -> None:
    state = start()
    seat = state.to_move()[0]
    state.apply(seat, Place("extra_jobs"))
    assert texts(state, "plan.placed") == ["Ana puts the home token on Zone 4: Extra Jobs."]
    assert set(ZONE_NAMES) == set(ZONES)


def test_done_says_what_the_family_finished_doing() -> None:
    state = start()
    for _ in range(200):
        if state.decision is not None and state.decision.kind == "savings":
            break
        seat = state.to_move()[0]
        kind = state.decision.kind if state.decision else ""
        state.apply(seat, Place("free_time") if kind == "plan" else state.legal_actions(seat)[0])
    else:
        raise AssertionError("no savings decision was reached")
    seat = state.to_move()[0]
    name = state.seats[seat].name
    state.apply(seat, DONE)
    assert texts(state, "zone.passed")[-1] == f"{name} is done saving."


def test_expenses_name_their_parts() -> None:
    state = start()
    state.players[1].shopping = ["internet_plan", "bus_pass"]  # +40 and -20
    drive(state, until=at("plan", 2))
    home = SHARED.expenses
    assert texts(state, "expenses.paid")[1] == (
        f"Ben pays ${home + 20:,} of expenses (the home ${home:,}, shopping cards adding $40 "
        "and taking off $20)."
    )


def test_the_place_buttons_name_each_zone_as_the_rulebook_does_and_decks_keep_theirs() -> None:
    state = start()
    seat = state.to_move()[0]
    labels = {state.action_label(Place(zone)) for zone in ZONES}
    assert "Place the home token on Zone 4: Extra Jobs" in labels
    assert "Place the home token on the Loans Zone (LZ)" in labels
    # "shopping" names a deck as well: there it stays the deck's word.
    turned = [state.explain(e) for e in state.log if e[0] == "cards.turned_up"]
    assert any(t.startswith("New face-up shopping card: ") for t in turned), turned
    assert state.legal_actions(seat)


def test_a_buying_button_names_its_card_and_price_and_means_that_card_until_it_is_gone() -> None:
    state = start(
        ("city_flat", "shared_house"),
        forced={"deck:shopping": ["concert", "gym", "sofa"]},
    )
    give_cash(state, 0, 1000)
    give_cash(state, 1, 1000)
    drive(state, places({0: "shopping", 1: "shopping"}), until=at("shop"))
    assert state.action_label(BuyShopping("gym")) == "Buy Gym Membership ($150)"
    state.apply(0, BuyShopping("concert"))
    # The card that was second is first now; its button (and a vote cast on it) is unchanged.
    assert state.face_up["shopping"][0] == "gym"
    assert "Buy Gym Membership ($150)" in [e["text"] for e in state.seat_actions(1)["legal"]]
    state.apply(1, BuyShopping("gym"))
    assert state.players[1].shopping == ["gym"]


def test_a_loan_button_says_what_a_loan_is_by_the_rule_options() -> None:
    state = start()
    drive(state, places({0: "loans"}), until=at("savings"))
    assert state.action_label(state.new_loan(1)) == (
        "Take a loan: $600 now, repaid as 6 loan cards of $150"
    )
    # From the Loans Zone a loan brings one card fewer, and its button says so.
    assert state.action_label(state.new_loan(0)) == (
        "Take a loan: $600 now, repaid as 5 loan cards of $150"
    )
    # A loan on other terms than the seat's present ones (a vote cast before the home token
    # moved) is refused with the terms it would have now.
    stale = TakeLoan(600, 6, 150)
    reason = state.why_not(0, stale)
    assert reason is not None and state.explain(reason) == (
        "A loan now brings $600 and 5 loan cards of $150."
    )
    assert describe(state, 1, state.new_loan(1)) == (
        "you pay back $900 in all, $300 more than you borrow"
    )
    state.apply(1, state.new_loan(1))
    assert texts(state, "loan.taken") == [
        "Ben borrows $600 and takes 6 loan cards of $150 each to repay (6 loan cards held now)."
    ]
    other = start(loan_amount=500, loan_cards=4, loan_zone_cards=3, loan_card_value=100)
    drive(other, until=at("plan"))
    loan = other.new_loan(0)
    assert other.action_label(loan) == "Take a loan: $500 now, repaid as 4 loan cards of $100"
    assert describe(other, 0, loan) == "you pay back $400 in all"
    assert loan in other.action_space(other.options, other.n)


def test_a_card_s_kind_is_named_with_the_right_article() -> None:
    state = start()
    assert set(KIND_NAMES) == {c.kind for c in state.content.investments} | {
        c.kind for c in state.content.shopping
    }
    assert describe(state, 0, BuyInvestment("lemonade_stand")) == (
        "a Business card: pays $25 every year from next year"
    )
    # A card that also brings wellbeing says so, as the board does.
    assert describe(state, 0, BuyInvestment("first_aid_course")) == (
        "an Education card: 10 wellbeing now, pays $20 every year from next year"
    )
    assert describe(state, 0, BuyShopping("concert")).startswith("an Activity: ")
    state.players[0].shopping = ["concert"]
    drive(state, until=at("plan"))
    state.zone = 11  # Reorganisation, where sales are made
    reason = state.check_offer(0, Offer(0, 1, "sell", "concert", 10))
    assert reason is not None and state.explain(reason) == (
        "Only Product cards can be sold ('Concert Tickets' is an Activity)."
    )


def test_the_explanations_of_the_game_s_actions_are_for_learners() -> None:
    """Guided mode shows each action's explanation (its docstring's first paragraph) to
    learners: no developer's notes, and no figure a rule option can change."""
    explained = mechanics("financity")
    own = [a for a in ACTION_TYPES if a.__module__ == "moneyboard.games.financity.actions"]
    assert own
    for action_type in own:
        text = explained[action_type.kind]
        assert not re.search(r"\d|0-based|``|\bslot\b", text), (action_type.kind, text)


def describe(state: FinanCityState, seat: int, action: Action) -> str:
    message = state.describe_action(seat, action)
    assert message is not None
    return state.explain(message)


def test_each_deposit_button_says_how_much_it_saves() -> None:
    """The ladder's deposits read apart in the terminal ("Deposit $300 into savings"), and
    the phone's one deposit with an amount to type reads with the amount left open."""
    state = start()
    give_cash(state, 0, 1000)
    drive(state, until=at("savings"))
    legal = state.legal_actions(0)
    deposits = [state.action_label(a) for a in legal if isinstance(a, Deposit)]
    assert "Deposit $300 into savings" in deposits
    assert len(set(deposits)) == len(deposits) > 1
    assert state.action_label(Deposit(1200)) == "Deposit $1,200 into savings"
    entries = [e for e in state.seat_actions(0)["legal"] if e["action"]["type"] == "deposit"]
    assert [e["text"] for e in entries] == ["Deposit … into savings"]


def test_the_insurance_button_says_which_insurance_it_uses_as_the_log_does() -> None:
    """In Zone 9 the zone spares the family and no token is used, token or none (R19); the
    button, its description and the log agree. Outside it a token is handed back."""
    state = start(forced={"deck:events": ["flood", "flu"]})
    give_cash(state, 0, 500)
    drive(state, places({0: "insurance"}), until=at("event"))
    assert state.players[0].tokens == 0
    zone_label = "Let Zone 9: Insurance spare you (no token is used)"
    assert state.action_label(USE_INSURANCE) == zone_label
    assert zone_label in [e["text"] for e in state.seat_actions(0)["legal"]]
    assert describe(state, 0, USE_INSURANCE) == (
        "the event does not touch you, and no insurance token is used"
    )
    state.apply(0, USE_INSURANCE)
    assert state.players[0].tokens == 0
    assert texts(state, "event.protected_zone") == [
        "Ana is in Zone 9: Insurance and is spared 'Burst Pipe'."
    ]
    state.players[0].tokens = 1  # bought earlier
    drive(state, until=at("event"))
    assert state.players[0].zone == "free_time"
    assert state.action_label(USE_INSURANCE) == "Hand back an insurance token to be spared"
    assert describe(state, 0, USE_INSURANCE) == (
        "the event does not touch you; 0 insurance tokens left after this"
    )
    state.apply(0, USE_INSURANCE)
    assert state.players[0].tokens == 0
    assert texts(state, "event.protected_token")[-1].startswith("Ana hands back an insurance token")


#: How a payment's question ends when no loan repayment follows it this year.
NOTHING_MORE = "Then nothing more is due to repay loan cards this year."


def test_a_payment_short_of_cash_says_what_it_is_for_and_only_the_ways_open() -> None:
    """The over-indebted may not borrow to repay (R15): the question offers savings alone;
    an event is paid from savings before any loan (R13); a payment's purpose is in words."""
    state = over_indebted_at_repayment()
    assert decision_line(state, 0) == (
        "Ana must pay $450 to repay the loan cards due this year but has $100: cash a savings card."
        f" {NOTHING_MORE}"
    )
    event = start(forced={"deck:events": ["hospital"]})
    drive(event, places({0: "shopping"}), until=at("shop"))
    take_cash(event, 0, event.cash(0) - CITY.expenses)
    give_savings(event, 0, [100])
    drive(event, until=at("cover"))
    assert decision_line(event, 0) == (
        "Ana must pay $500 for this year's Unforeseen Event but has $0: cash a savings card."
        f" {NOTHING_MORE}"
    )
    event.apply(0, Withdraw(100))
    assert decision_line(event, 0) == (
        "Ana must pay $500 for this year's Unforeseen Event but has $90: take a loan."
        f" {NOTHING_MORE}"
    )
    short = start()
    drive(short, places({0: "shopping"}), until=at("shop"))
    take_cash(short, 0, short.cash(0) - 100)
    give_savings(short, 0, [100])
    drive(short, until=at("cover"))
    assert decision_line(short, 0) == (
        f"Ana must pay ${CITY.expenses:,} for this year's expenses but has $100: "
        f"cash a savings card or take a loan. {NOTHING_MORE}"
    )


def test_zero_parts_are_left_out() -> None:
    """No "(the bank keeps $0)" for a free withdrawal, no "expenses +0 a year" or "$0 a
    year" for a card that leaves expenses as they are."""
    state = start(forced={"deck:shopping": ["concert", "sofa", "guitar"]})
    give_savings(state, 0, [100])
    drive(state, places({0: "shopping"}), until=at("savings"))
    state.apply(0, Withdraw(100))
    assert texts(state, "savings.withdrawn_full") == [
        "Ana cashes a $100 savings card and receives all $100 of it."
    ]
    assert not texts(state, "savings.withdrawn")
    assert describe(state, 0, BuyShopping("sofa")).endswith(" wellbeing now, expenses unchanged")
    assert describe(state, 0, BuyShopping("guitar")).endswith(
        " wellbeing now and every year, expenses unchanged"
    )
    give_cash(state, 0, 1000)
    drive(state, until=at("shop"))
    state.apply(0, BuyShopping("concert"))
    (bought,) = texts(state, "shopping.bought_same")
    assert bought.endswith("(expenses unchanged).") and "$0" not in bought


def test_income_and_expenses_name_only_their_parts_that_are_not_nothing() -> None:
    """A family with no savings, investments or shopping cards is told where its income and
    expenses come from without a list of $0 parts; every part that is not $0 is named."""
    state = start()
    drive(state, until=at("plan", 2))
    assert texts(state, "income.received")[0] == (
        f"Ana receives ${CITY.income:,} of income (home ${CITY.income:,})."
    )
    assert texts(state, "expenses.paid")[0] == (
        f"Ana pays ${CITY.expenses:,} of expenses (the home ${CITY.expenses:,})."
    )
    one_part = {"seat": 0, "amount": 940, "home": 900, "savings": 0, "investments": 40}
    assert state.explain(("income.received", {**one_part, "change": 0})) == (
        "Ana receives $940 of income (home $900, investments $40)."
    )
    more = {"seat": 1, "amount": 700, "home": 660, "more": 40, "less": 0}
    assert state.explain(("expenses.paid", more)) == (
        "Ben pays $700 of expenses (the home $660, shopping cards adding $40)."
    )
    drive(state)
    said = [state.explain(e) for e in state.log if e[0] in ("income.received", "expenses.paid")]
    assert said and not [line for line in said if "$0" in line]


def test_the_end_is_told_once_and_the_result_does_not_repeat_itself() -> None:
    """The kernel says "The game is over."; FinanCity's own line says why (no Reorganisation
    after the last year), and the result's reason adds to the "Winner: nobody" before it."""
    state = drive(start(years=1))
    lines = [state.explain(e) for e in state.log]
    assert sum("game is over" in line.lower() for line in lines) == 1
    assert texts(state, "end.start") == [
        "Year 1 was the last year: no Reorganisation follows its Unforeseen Event."
    ]
    assert state.result is not None and not state.result.winners
    reason = state.explain(state.result.reason)
    assert reason.startswith("No family met all four winner criteria, so there is no winner")
    easy = drive(start(years=1, win_wellbeing=0, win_savings=0, win_investments=0))
    assert easy.result is not None and easy.result.winners == (0, 1)
    won = easy.explain(easy.result.reason)
    assert "300" not in won and "$500" not in won  # the class's criteria, not fixed ones
    assert won.startswith("Met all four winner criteria; ")
    assert won.endswith(" so they are co-champions.")  # both end alike (R21)


def test_r23_with_no_winner_the_scores_are_said_to_be_no_ranking() -> None:
    """With no winner the result's score column must not read as a ranking the rulebook
    lacks: the reason says so, and the column is named by what it is (R23)."""
    state = drive(start(years=1))
    assert state.result is not None and not state.result.winners
    assert state.explain(state.result.reason) == (
        "No family met all four winner criteria, so there is no winner and no champion. The "
        "scores (champion score less loans) are there to talk about, not a ranking: the "
        "rulebook ranks only winners."
    )
    assert metric_label(state, "score") == "score (champion score less loans)"
    console = Console(record=True, width=300)
    console.print(result_renderable(state))
    shown = console.export_text()
    assert "No winner - No family met all four winner criteria" in shown
    assert "score (champion score less loans)" in shown


def test_a_withdrawal_button_says_what_comes_back_where_the_bank_keeps_a_share() -> None:
    """Outside Zone 3 a $100 savings card brings $90 (R10's surcharge): the button and the
    class vote's choice say so, as the log does; in Zone 3 the plain label is enough."""
    state = start(forced={"deck:shopping": ["sofa", "guitar"]})
    give_savings(state, 0, [100])
    drive(state, places({0: "shopping"}), until=at("savings"))
    buttons = [e["text"] for e in state.seat_actions(0)["legal"]]
    assert "Withdraw a $100 savings card" in buttons
    assert describe(state, 0, Withdraw(100)) == "you receive $100"
    drive(state, until=at("shop"))
    fee = "Withdraw a $100 savings card ($90 back: the bank keeps $10)"
    assert fee in [e["text"] for e in state.seat_actions(0)["legal"]]
    assert state.action_text(Withdraw(100)) == fee
    state.apply(0, Withdraw(100))
    assert texts(state, "savings.withdrawn") == [
        "Ana cashes a $100 savings card and receives $90 (the bank keeps $10)."
    ]


def test_a_buying_step_s_question_names_its_done_button_not_a_pass() -> None:
    """The investment, shopping and insurance steps end with a "Done" button: the question
    above the buttons (and the class vote) says "Done", not "pass"."""
    for kind, zone in (("invest", "investments"), ("shop", "shopping"), ("insure", "insurance")):
        state = start(forced={"deck:shopping": ["sofa", "guitar"]})
        give_cash(state, 0, 1000)
        drive(state, places({0: zone}), until=at(kind))
        assert state.to_move() == (0,)
        line = decision_line(state, 0)
        buttons = [e["text"] for e in state.seat_actions(0)["legal"]]
        assert "Done" in buttons, buttons
        assert "pass" not in line and line.endswith(", or Done to buy none."), line


def test_the_yearly_wellbeing_of_shopping_cards_is_told_in_words() -> None:
    """The rulebook marks them "+"; a learner reads what they are."""
    state = start(forced={"deck:shopping": ["gym", "sofa"]})
    give_cash(state, 0, 500)
    drive(state, places({0: "shopping"}), until=at("shop"))
    state.apply(0, BuyShopping("gym"))
    drive(state, places({0: "extra_jobs"}), until=at("savings", 2))
    assert texts(state, "income.bonus") == [
        "Ana's shopping cards that bring wellbeing every year give 15 wellbeing (now 30)."
    ]


def test_the_savings_step_and_the_surcharge_are_the_class_s_own() -> None:
    """A class that changes the $100 step or the 10% surcharge reads its own figures."""
    state = start(withdrawal_surcharge_percent=20, savings_step=500, start_cash=1000)
    give_savings(state, 0, [100])
    drive(state, until=at("savings"))
    assert decision_line(state, 0) == (
        "Ana: save cash in $500 steps (withdrawals are free now), then Done."
    )
    drive(state, places({0: "investments"}), until=at("invest"))
    state.apply(0, Withdraw(100))
    surcharge = state.ledger.postings[-1]
    assert (surcharge.key, surcharge.amount) == ("savings.surcharge", 20)
    assert state.explain((surcharge.key, dict(surcharge.params))) == (
        "The bank keeps 20% of a savings card Ana cashed outside Zone 3."
    )


def test_a_product_card_offered_for_nothing_is_said_so_and_a_priced_one_names_its_price() -> None:
    """A card offered at $0 was labelled "Offer Ben to sell Guitar for $0", put to the buyer
    "for $0" and sold "for $0"; a gift reads as one, and a priced offer keeps its price."""
    from moneyboard.engine.offers import ACCEPT, Propose
    from tests.games.financity.test_rulings import selling_guitar_and_bicycle

    state = selling_guitar_and_bicycle()
    free = Propose(1, "sell", "guitar", 0)
    assert state.action_label(free) == "Offer Guitar to Ben for nothing"
    seen = len(state.log)
    state.apply(0, free)
    asked = decision_line(state, 1)
    assert asked == "Ben: Ana offers you the Product card 'Guitar' for nothing; accept or decline."
    state.apply(1, ACCEPT)
    said = [state.explain(e) for e in state.log[seen:]]
    assert "Ben takes 'Guitar' from Ana, who asks nothing for it." in said
    assert not [line for line in [asked, *said] if "$0" in line]
    state = selling_guitar_and_bicycle()
    priced = Propose(1, "sell", "bicycle", 120)
    assert state.action_label(priced) == "Offer Bicycle to Ben for $120"
    state.apply(0, priced)
    assert "for $120; accept or decline" in decision_line(state, 1)
    state.apply(1, ACCEPT)
    assert "Ben buys 'Bicycle' from Ana for $120." in [state.explain(e) for e in state.log]
