"""Each happening of a FinanciaLit game is told once, in plain words a learner can trust:
what a card says and does, what an investment paid, and repayments alike in one line."""

from __future__ import annotations

from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import INVEST_LONG, INVEST_SHORT, TAKE_LOAN
from moneyboard.terminal.text import explain
from tests.games.financialit.driver import (
    CONTENT,
    FARMERS,
    SHELTERED,
    Script,
    at,
    by_round,
    events,
    first_legal,
    received,
    run,
    start,
)


def lines(state: FinanciaLitState, period: int | None = None) -> list[str]:
    """The log (of one period, if given) as the terminal words it."""
    if period is None:
        return [explain(state, entry) for entry in state.log]
    return [explain(state, entry) for entry in by_round(state)[period]]


def test_an_unfinished_investment_the_deduction_wipes_out_says_it_pays_nothing() -> None:
    # A Stock Index Fund bought in period 8 draws its lowest payout, 7, and has 4 periods to
    # go: R24 takes 2 a period (8), so it pays nothing, and the log must not read as if 7 came.
    index = CONTENT.investment["index_fund"]
    assert min(index.returns) == 7 and index.slots == 4
    forced: dict[str, list[object]] = {"deck:long": ["index_fund"], "returns:index_fund": [7]}
    state = start(forced=forced, family_units_delta=10, **SHELTERED)
    run(state, Script({8: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)}))
    assert received(state, "end.investment", 0) == []
    [nothing] = events(state, "end.investment_nothing", 0)
    assert (nothing.params["payout"], nothing.params["deduction"]) == (7, 8)
    told = [t for t in lines(state, 8) if "Stock Index Fund" in t][-3:]
    assert told[0] == "How 'Stock Index Fund' did: 7 units for a full term."
    assert told[1] == (
        "Ana's unfinished 'Stock Index Fund' pays nothing: 7 units for a full term, less 8 for"
        " ending 4 periods early, leaves 0."
    )
    assert told[2].startswith("'Stock Index Fund' brings Ana +")  # R24: Happiness in full
    assert not [t for t in told if "pays 7" in t]


def test_a_matured_investment_is_told_once_with_what_it_paid_against_its_cost() -> None:
    deposit = CONTENT.investment["term_deposit"]
    state = start(forced={"deck:short": ["term_deposit"]})
    run(state, Script({3: {0: ["investments"]}}, {"investments": first_legal(INVEST_SHORT)}))
    told = [t for t in lines(state, 5) if "Term Deposit" in t]
    assert told[0] == (
        f"Ana's 'Term Deposit' has matured: {deposit.returns[0]} units back for"
        f" {deposit.cost} invested."
    )
    assert not [t for t in told if "paid out" in t]
    assert len([t for t in told if str(deposit.returns[0]) in t]) == 1


def test_an_event_is_told_with_its_card_text_and_a_family_paying_more_is_told_why() -> None:
    flu = CONTENT.event["flu"]
    state = start(rounds=2, event_order=("flu",), **SHELTERED)
    run(state)
    told = lines(state, 2)
    assert f"Event 'Flu Season': {flu.text}" in told
    assert not [t for t in told if t == "Event: Flu Season."]
    farmers = [t for t in told if t.startswith("'Flu Season' costs Cy")]
    assert farmers == [
        f"'Flu Season' costs Cy {flu.units + 1} units instead of the card's {flu.units}: their"
        f' family card, The Farmers, says "{FARMERS.special}"'
    ]


def test_loan_repayments_alike_are_told_in_one_line() -> None:
    # The flatmates take three loans; in period 2 their income covers one repayment only.
    state = start(income_draw="none")
    run(state, until=lambda s: s.to_move() == (1,))
    for _ in range(3):
        state.apply(1, TAKE_LOAN)
    run(state, until=at(2))
    deferred = [t for t in lines(state, 2) if "cannot cover" in t]
    assert deferred == [
        "Ben's income cannot cover the 4-unit repayments of 2 loans: they run on (2 repayments"
        " left on each)."
    ]


def test_an_income_modifier_is_told_once_with_what_the_card_says() -> None:
    sick = CONTENT.income_card["sick_days"]
    state = start(income_by_seat={2: ("sick_days",)}, rounds=2)
    run(state, until=at(2))
    told = [t for t in lines(state, 2) if "Unpaid sick days" in t and "Ben" in t]
    assert told == [f"'Unpaid sick days' for Ben: {sick.text} Income -1 this period."]
