"""A sensible FinanCity player, used to check that the winner criteria can be met.

It buys one good investment early, keeps an insurance token, takes Free Time until its
wellbeing is safely past the goal, saves what it does not need for the year's bills,
repays loans early, and otherwise earns money in Extra Jobs.
"""

from __future__ import annotations

from moneyboard.engine.actions import Action
from moneyboard.engine.claims import Claim
from moneyboard.engine.offers import DECLINE
from moneyboard.games.financity import FinanCityState
from moneyboard.games.financity.actions import (
    BUY_TOKEN,
    DONE,
    REPAY_LOAN,
    USE_INSURANCE,
    BuyInvestment,
    Deposit,
    Place,
    Withdraw,
)


def reserve(state: FinanCityState, seat: int) -> int:
    """Cash to keep for this year's expenses and loan minimum, with a little to spare."""
    p = state.players[seat]
    assert p.home is not None
    more, less = state.expense_changes(seat)
    expenses = p.home.expenses + more - less
    if state.zone > 8:
        expenses = 0
    minimum = state.minimum_repayment(p.loans) * state.options.loan_card_value
    return expenses + minimum + 200


def plan_zone(state: FinanCityState, seat: int) -> str:
    p = state.players[seat]
    o = state.options
    years_left = o.years - state.year + 1
    cash_after_income = state.cash(seat) + state.income(seat)
    assert p.home is not None
    spare = cash_after_income - p.home.expenses
    costs = [state.content.investment[c].cost for c in state.face_up["investment"]]
    if not p.investments and costs and spare >= min(costs):
        return "investments"
    behind = p.wellbeing + o.free_time_wellbeing * (years_left - 2) < o.win_wellbeing + 50
    if not behind and not p.tokens:
        return "insurance"
    if p.wellbeing < o.win_wellbeing + 100:
        return "free_time"
    return "extra_jobs"


def choose(state: FinanCityState, seat: int) -> Action:
    """The planner's choice for ``seat`` now."""
    d = state.decision
    assert d is not None
    legal = state.legal_actions(seat)
    kind = d.kind
    p = state.players[seat]
    cash = state.cash(seat)
    if kind == "cover":
        if p.savings:
            return Withdraw(min(p.savings))
        return state.new_loan(seat)
    if (
        p.loans
        and cash - state.options.loan_card_value >= reserve(state, seat)
        and REPAY_LOAN in legal
    ):
        return REPAY_LOAN
    if kind == "plan":
        return Place(plan_zone(state, seat))
    if kind == "turn":
        claims = [a for a in legal if isinstance(a, Claim)]
        return claims[0] if claims else DONE
    if kind == "savings":
        spare = (cash - reserve(state, seat)) // 100 * 100
        if not p.investments and state.players[seat].zone == "investments":
            spare = 0
        if spare >= 100 and state.can(seat, Deposit(spare)):
            return Deposit(spare)
        return DONE
    if kind == "invest":
        buys = [a for a in legal if isinstance(a, BuyInvestment)]
        content = state.content.investment
        good = [a for a in buys if cash - content[a.card].cost >= reserve(state, seat) - 100]
        if good:
            return max(good, key=lambda a: content[a.card].income)
        return DONE
    if kind == "insure":
        return BUY_TOKEN if BUY_TOKEN in legal and cash >= 150 else DONE
    if kind == "event":
        return USE_INSURANCE
    if kind == "offer":
        return DECLINE
    return DONE
