"""What a learner reads on Monitics' buttons and in its reasons: what each choice does and
costs (protection, loans, sales, claims), any amount of savings or cash can be moved, the
turn's used-up actions say so, and blows that take nothing say that too."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from moneyboard.engine.actions import Action
from moneyboard.engine.claims import Claim
from moneyboard.engine.offers import Propose
from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import (
    BORROW,
    BUY_OPTION,
    KEEP_ROLL,
    LEND,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTIONS,
    AskLoan,
    Save,
    Withdraw,
)
from moneyboard.terminal.render import action_text, decision_line
from tests.games.monitics.driver import (
    CIRCUMSTANCES_BOXES,
    CRASH_BOX,
    RENT_BOX,
    STOCK_BOX,
    act,
    give,
    kind,
    roll_to,
    set_money,
    start,
)

#: A Circumstances box: a roll of n onto it brings Circumstance n.
BOX = CIRCUMSTANCES_BOXES[2]


def buttons(state: MoniticsState, seat: int) -> dict[str, str | None]:
    """Each button's text, with its reason when it is greyed (None when it may be pressed)."""
    entries = state.seat_actions(seat)
    shown: dict[str, str | None] = {e["text"]: None for e in entries["legal"]}
    shown.update({e["text"]: e["reason"] for e in entries["refused"]})
    return shown


def texts(state: MoniticsState) -> list[str]:
    """The log since the start, as a learner reads it."""
    return [state.explain(event) for event in state.log]


def test_protection_buttons_say_what_each_choice_does_and_costs() -> None:
    state = start()
    state.players[0].insurance = 1
    roll_to(state, BOX, 1)  # Major Expense
    assert kind(state) == "protect"
    assert buttons(state, 0) == {
        "Use my Insurance card: no loss; the card goes back to the bank and I make no more "
        "moves this turn": None,
        "Take the hit: pay $40": None,
    }  # options cannot help against a Major Expense: not offered at all
    assert state.action_cost(0, TAKE_HIT) == 40 and state.action_cost(0, USE_INSURANCE) is None

    state = start(insurance_ends_turn=False)
    state.players[0].insurance = 1
    give(state, 0, "duplex")
    roll_to(state, BOX, 2)  # Forced Sale, one asset worth over $30
    assert buttons(state, 0) == {
        "Use my Insurance card: no loss; the card goes back to the bank": None,
        "Take the hit: Duplex is sold for its distress value of $240 (market value $390)": None,
    }


def test_a_crash_names_the_option_cards_it_takes_and_what_it_sells() -> None:
    state = start()
    state.players[0].options = 2
    give(state, 0, "duplex", "studio_flat")
    roll_to(state, CRASH_BOX, 5)
    act(state, KEEP_ROLL)  # an Option could roll again: keep the 5
    assert buttons(state, 0) == {
        "Give back 2 Option cards to escape the crash": None,
        "Take the hit: all your assets are sold for their distress value, $360 "
        "(market value $580)": None,
        "Use my Insurance card: no loss; the card goes back to the bank and I make no more "
        "moves this turn": "You hold no insurance.",
    }
    # One Option is not enough, and the learner is told so.
    state = start()
    state.players[0].options = 1
    roll_to(state, CRASH_BOX, 5)
    act(state, KEEP_ROLL)
    assert "Ada holds 1 Option, but 2 Options are needed to escape a crash." in texts(state)


def test_a_crash_that_takes_nothing_says_so() -> None:
    state = start()
    set_money(state, 0, 0, 300)
    roll_to(state, CRASH_BOX, 5)
    assert texts(state)[-1] == (
        "Ada has nothing the crash can take: no assets and no cash outside savings "
        "(savings are safe)."
    )
    assert state.savings(0) == 300


def test_a_distress_sale_nobody_can_buy_says_why_the_bank_takes_it() -> None:
    state = start()
    set_money(state, 1, 10)  # Bayo cannot pay the distress value
    give(state, 0, "duplex")
    roll_to(state, CRASH_BOX, 5)
    said = texts(state)
    assert (
        "Ada must sell Duplex for its distress value of $240; no other player still on the "
        "board has that much in cash, so the bank buys it." in said
    )
    assert "The bank buys Duplex from Ada for its distress value: $240." in said
    assert not any("may buy it first" in line for line in said)


def test_buttons_name_the_loan_the_sale_price_and_the_bank_card() -> None:
    state = start()
    give(state, 0, "duplex")
    roll_to(state, STOCK_BOX, 2)
    shown = buttons(state, 0)
    assert "Borrow $200 from the bank (repay $240 on a later turn)" in shown
    assert "Sell Duplex for $390" in shown
    assert "Buy an Option card from the bank" in shown
    assert "Buy an Insurance card from the bank" in shown
    act(state, BORROW)
    assert buttons(state, 0)["Repay the bank loan"] == (
        "A loan cannot be repaid on the turn it was taken."
    )
    state.players[0].loan, state.players[0].next_loan = None, 1
    assert "Borrow $300 from the bank (repay $350 on a later turn)" in buttons(state, 0)


def test_the_labels_at_every_decision_are_distinct() -> None:
    """Two buttons that read the same would be two different moves a learner cannot tell
    apart (and the terminal could not match them)."""
    for seed in range(3):
        state = start(3, seed=seed)
        rng = random.Random(seed)
        while state.result is None:
            for seat in state.to_move():
                shown = [e["text"] for e in state.seat_actions(seat)["legal"]]
                assert len(shown) == len(set(shown)), shown
            seat = state.to_move()[0]
            action = state.random_action(seat, rng)
            assert action is not None
            state.apply(seat, action)


def test_no_two_moves_on_offer_read_the_same_in_the_terminal() -> None:
    """Over random games, the moves listed to a seat never read alike: a label shared by
    several amounts (savings) is told apart by what each does, and an offer for another
    player's card names the card and the price (the bank's, or half as much again)."""
    offered = 0
    for seed in range(4):
        state = start(3, seed=seed)
        rng = random.Random(seed)
        while state.result is None:
            for seat in state.to_move():
                legal = state.legal_actions(seat)
                labels = [state.action_label(a) for a in legal]
                alike = {text for text, n in Counter(labels).items() if n > 1}
                listed = [
                    action_text(state, seat, a) if text in alike else text
                    for a, text in zip(legal, labels, strict=True)
                ]
                assert len(listed) == len(set(listed)), listed
                offered += sum(isinstance(a, Propose) for a in legal)
            seat = state.to_move()[0]
            action = state.random_action(seat, rng)
            assert action is not None
            state.apply(seat, action)
    assert offered  # offers for cards were on the lists


def test_an_offer_for_a_card_names_the_card_and_the_price() -> None:
    state = start(insurance_price=60)
    state.players[1].insurance = 1
    roll_to(state, STOCK_BOX, 2)
    offers = [a for a in state.legal_actions(0) if isinstance(a, Propose)]
    assert [state.action_label(a) for a in offers] == [
        "Offer Bayo $60 for an Insurance card",
        "Offer Bayo $90 for an Insurance card",
    ]


def test_a_claim_names_its_reward_and_amount() -> None:
    state = start(manual_claims=["business_grant"])
    give(state, 0, "food_kiosk")
    roll_to(state, BOX, 6)
    assert "Claim the Business Gain grant of $100" in buttons(state, 0)
    assert (
        "Ada may claim the Business Gain grant now: a reward not claimed before the next "
        "player's turn is lost."
    ) in texts(state)
    assert state.action_label(Claim("habits_reward")) == "Claim the Good Money Habits reward of $20"


def test_any_savings_or_cash_below_the_smallest_step_can_be_moved() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    set_money(state, 0, 7, 1)
    legal = state.legal_actions(0)
    assert Save(7) in legal and Withdraw(1) in legal
    space = state.action_space(state.options, state.n)
    assert Save(7) in space and Withdraw(1) in space  # agents may take them too
    entries = {e["text"]: e for e in state.seat_actions(0)["legal"]}
    assert entries["Take money out of savings"]["amount"]["max"] == 1
    assert entries["Put money in savings"]["amount"]["max"] == 7
    assert state.can(0, Save(3))
    set_money(state, 0, 150, 5)
    assert state.can(0, Withdraw(2)) and state.can(0, Save(35))
    act(state, Withdraw(5))
    assert state.savings(0) == 0 and state.cash(0) == 155


def test_savings_reasons_read_in_money() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    set_money(state, 0, 0, 0)
    shown = buttons(state, 0)
    assert shown["Take money out of savings"] == "You have nothing in savings."
    assert shown["Put money in savings"] == "You have no cash to put in savings."
    set_money(state, 0, 30, 5)
    assert said(state, Withdraw(20)) == "You have only $5 in savings."
    assert said(state, Save(40)) == "You have only $30 in cash to put in savings."


def said(state: MoniticsState, action: Action) -> str:
    """Why the seat on turn may not take ``action``, as it reads."""
    reason = state.why_not(0, action)
    assert reason is not None
    return state.explain(reason)


def test_used_up_actions_say_so_and_the_heading_counts_them() -> None:
    state = start()
    give(state, 0, "duplex")
    roll_to(state, STOCK_BOX, 2)
    assert decision_line(state, 0) == (
        "Ada rolled 2: 2 actions left this turn (buy, sell, save, borrow or repay); "
        "end the turn when done."
    )
    act(state, Save(10))
    act(state, Save(10))
    assert decision_line(state, 0).startswith("Ada rolled 2: 0 actions left this turn")
    shown = buttons(state, 0)
    used = "You have used your 2 actions this turn."
    assert shown["Put money in savings"] == used
    assert shown["Sell Duplex for $390"] == used
    assert shown["Borrow $200 from the bank (repay $240 on a later turn)"] == used
    assert any(text.startswith("Buy ") and reason == used for text, reason in shown.items())


def test_a_loan_to_another_player_and_a_bid_cost_their_amount() -> None:
    state = start()
    set_money(state, 0, 10)
    roll_to(state, RENT_BOX, 3)
    assert kind(state) == "shortfall"
    act(state, AskLoan(1))
    assert kind(state) == "lend"
    short = state.decision.data["amount"]  # type: ignore[union-attr]
    assert state.action_cost(1, LEND) == short > 0


def cash_taken(state: MoniticsState, seat: int, action: Action) -> int:
    """The cash ``action`` takes from ``seat`` by itself (on a copy)."""
    copy: MoniticsState = state.clone(with_history=False)
    before = copy.cash(seat)
    copy._carry_out(seat, action)
    return before - copy.cash(seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_reported_cost_is_the_cash_the_action_takes(seed: int, players: int) -> None:
    """Over random games: every legal action's cost (the buttons' "costs $40", the guided
    preview) is what it then takes from cash; an offer's price is paid only if accepted."""
    state = start(players, seed=seed, start_cash=500)
    rng = random.Random(seed)
    priced = 0
    while state.result is None:
        for seat in state.to_move():
            for legal in state.legal_actions(seat):
                if isinstance(legal, Propose):
                    continue
                cost = state.action_cost(seat, legal)
                taken = cash_taken(state, seat, legal)
                if cost is None:
                    assert taken <= 0, (legal, taken)
                else:
                    priced += 1
                    assert taken == cost, (legal, cost, taken)
        seat = state.to_move()[0]
        chosen = state.random_action(seat, rng)
        assert chosen is not None
        state.apply(seat, chosen)
    assert priced


def test_buying_a_card_is_priced() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    entry: dict[str, Any] = next(
        e for e in state.seat_actions(0)["legal"] if e["action"] == BUY_OPTION.to_json()
    )
    assert entry["text"] == "Buy an Option card from the bank" and entry["cost"] == 30
    assert USE_OPTIONS not in state.legal_actions(0)
