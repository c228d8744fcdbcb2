"""Every worked example the Rut to Riches rulebook prints, played through the game."""

from __future__ import annotations

from moneyboard.games.rut_to_riches.actions import Borrow, EnterCircle, PayOff, Roll
from moneyboard.games.rut_to_riches.money import (
    loan_limit,
    payment_still_owed,
    round_up_10,
    tax_cut,
)
from moneyboard.games.rut_to_riches.state import RutState
from tests.games.rut_to_riches.helpers import act, force, keys, set_cash, start


def test_loan_limit_examples() -> None:
    assert loan_limit(1000, 0, 8) == 8000
    assert loan_limit(1010, 0, 8) == 8000
    assert loan_limit(1000, 120, 8) == 8900
    assert loan_limit(1000, 0, 10) == 10000


def test_pay_day_1000_borrows_up_to_8000() -> None:
    state = start()
    state.players[0].salary = 1000 + state.players[0].expenses
    assert state.loan_room(0) == 8000
    assert state.why_not(0, Borrow(8000)) is None
    reason = state.why_not(0, Borrow(8100))
    assert reason is not None and reason.key == "why.amount_range"
    assert state.explain(reason) == "The amount must be between $100 and $8,000."


def test_pay_day_1010_still_borrows_8000() -> None:
    state = start()
    state.players[0].salary = 1010 + state.players[0].expenses
    assert state.loan_room(0) == 8000


def test_projected_income_120_lifts_the_limit_to_8900() -> None:
    state = start()
    state.players[0].salary = 1000 + state.players[0].expenses
    assert state.loan_room(0, projected=120) == 8900


def test_inner_circle_borrows_ten_times() -> None:
    state = start()
    p = state.players[0]
    p.salary = 1000 + p.expenses
    p.circle = "inner"
    assert state.loan_room(0) == 10000


def test_borrowing_adds_ten_percent_to_expenses() -> None:
    state = start()
    p = state.players[0]
    before_cash, before_exp = state.cash(0), p.expenses
    act(state, 0, Borrow(1000))
    assert state.cash(0) == before_cash + 1000
    assert p.debt["bank"] == 1000
    assert p.exp["bank"] == 100
    assert p.expenses == before_exp + 100


def car_loan_state() -> RutState:
    state = start()
    p = state.players[0]
    p.debt["car"] = 17000
    p.set_expense("car", 340)
    set_cash(state, 0, 20000)
    return state


def test_paying_off_8500_of_a_17000_car_loan_leaves_170() -> None:
    state = car_loan_state()
    act(state, 0, PayOff("car", 8500))
    p = state.players[0]
    assert p.debt["car"] == 8500
    assert p.exp["car"] == 170
    assert state.cash(0) == 20000 - 8500


def test_paying_off_4250_cuts_the_payment_by_90() -> None:
    """The rulebook's $85 (rounded up to $90) is the cut, so the payment becomes $250."""
    state = car_loan_state()
    act(state, 0, PayOff("car", 4250))
    p = state.players[0]
    assert p.debt["car"] == 17000 - 4250
    assert p.exp["car"] == 340 - 90 == 250
    assert payment_still_owed(17000, 340, 17000 - 4250) == 250
    assert round_up_10(85) == 90


def test_paying_off_the_whole_loan_clears_the_payment() -> None:
    state = car_loan_state()
    act(state, 0, PayOff("car", 17000))
    p = state.players[0]
    assert p.debt["car"] == 0 and p.exp["car"] == 0


def test_pay_day_on_landing() -> None:
    state = start(forced={"deck:expenses": ["ex_phone"]})
    state.players[0].position = 5
    force(state, "die", 1)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert state.players[0].position == 6
    assert state.cash(0) == cash + 700 - 300
    assert keys(state).count("rut.expense") == 1


def test_pass_pay_day_and_land_on_expenses_draws_one_card() -> None:
    state = start(forced={"deck:expenses": ["ex_phone", "ex_fines"]})
    state.players[0].position = 5
    force(state, "die", 3)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert state.players[0].position == 8
    assert keys(state).count("rut.payday") == 1
    assert keys(state).count("rut.expense") == 1
    assert state.cash(0) == cash + 700 - 300


def test_negative_pay_day_is_paid_from_cash() -> None:
    state = start(forced={"deck:expenses": ["ex_fines"]})
    p = state.players[0]
    p.set_expense("general", p.exp["general"] + 1000)  # nett income 700 - 1000 = -300
    set_cash(state, 0, 1000)
    p.position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.cash(0) == 1000 - 300 - 100


def test_tax_cut_on_entering_the_inner_circle() -> None:
    """Teacher's $630 taxes: 20% is $126, rounded up to $130, leaving $500."""
    state = start(jobs=("teacher", "janitor"))
    p = state.players[0]
    set_cash(state, 0, 5000)
    p.position = 8
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.decision is not None and state.decision.kind == "mentor"
    act(state, 0, EnterCircle())
    assert p.exp["taxes"] == 500
    assert tax_cut(630, 20) == 130
    assert state.cash(0) == 5000 - 1500
    assert p.pending == "enter"


def test_lose_your_mentor_halves_cash() -> None:
    state = start()
    p = state.players[0]
    p.circle = "inner"
    p.position = 4
    set_cash(state, 0, 5001)
    force(state, "die", 1)
    act(state, 0, Roll())
    assert p.position == 5
    assert state.cash(0) == 5001 - 2500
    assert p.pending == "exit"


def test_rounding_the_new_figure_up_is_the_books_other_reading() -> None:
    """R37, option rounding = "figure": the new payment and the reduced taxes are rounded up.
    A $17,000 car loan at $340 paid down to $4,250 leaves the book's "$85, rounded up to $90";
    paid off by $4,250 it leaves $255, rounded up to $260; paid off by $8,500, $170 as ever.
    The teacher's $630 taxes less 20% are $504, rounded up to $510."""
    for paid, payment in ((17000 - 4250, 90), (4250, 260), (8500, 170)):
        state = start(options={"rounding": "figure"})
        p = state.players[0]
        p.debt["car"] = 17000
        p.set_expense("car", 340)
        set_cash(state, 0, 20000)
        act(state, 0, PayOff("car", paid))
        assert p.exp["car"] == payment, paid
    state = start(jobs=("teacher", "janitor"), options={"rounding": "figure"})
    p = state.players[0]
    set_cash(state, 0, 5000)
    p.position = 8
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, EnterCircle())
    assert p.exp["taxes"] == 510
