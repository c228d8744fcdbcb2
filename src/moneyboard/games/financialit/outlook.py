"""FinanciaLit's outlook: the Happiness a family would end with, its figures projected to the end.

The search bot reads a position through ``GameState.outlook`` and looks only a few decisions
ahead, so what pays or costs later has to show here. Two things decide FinanciaLit's end and
were misjudged when the family's figures were only added up as they stood:

* A loan's instalments come out of the *income*, not the cash, and only while the income can
  cover one (R5): a family with several loans earns nothing and its loans run on to the end.
  The income to come is therefore worked out period by period from what the family earns
  before its instalments (its card, skills and careers, and the Income Modifier it can
  expect), less the instalments that income covers.
* At the end each loan still running is settled on its own (R25): in units while the family
  can pay them, else in Happiness, which stops at zero. A family that has borrowed more than
  its cash can repay loses its Happiness, not the cash it has left: the loans it cannot pay
  cost it at most the Happiness it still has. Adding all the loans up and asking whether the
  cash covers them all misjudged this both ways.

The rest is counted at what it is expected to bring: this period's bills until they are paid
and the bills of the periods after it, the Common Goods the family still has to buy, the
Event cards still to come (each at its mean cost to this family), investments at their mean
payout, and cash missing at the end borrowed as the game would make the family do. The end
bonus (R26, R27) then counts the cards, the last income and the cash left after the loans.
Fractions are kept (the end rounds down) so that every unit shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from moneyboard.games.financialit.options import FinanciaLitOptions
    from moneyboard.games.financialit.state import FinanciaLitState


@dataclass(frozen=True, slots=True)
class Projection:
    """A family's figures at the end, before its loans are settled."""

    cash: float
    happiness: float
    #: The Income Track's last position (what the end bonus counts).
    tracker: float
    #: Periods left on each loan still running.
    loans: tuple[int, ...]
    #: Common Goods cards left that count at the end (R26: none if they do not count).
    goods: float


def expected_income(state: FinanciaLitState, seat: int) -> float:
    """What ``seat`` earns in a later period before its loan instalments: the family's own
    income, its skills and careers (one away comes back next period), and the mean Income
    Modifier it can draw (none for a family that ignores them or without modifiers)."""
    o = state.options
    c = state.content
    home = state.homes[seat]
    gross = float(home.family.income + o.family_income_delta)
    gross += sum(c.skill[s].income for s in home.skills)
    gross += sum(c.career[card].income for card, _ in home.careers)
    if o.income_draw != "none" and not home.family.ignores_income_modifiers:
        counts = o.income_deck()
        total = sum(counts.values()) or 1
        gross += (
            sum(
                n * c.income_card[card].value
                for card, n in counts.items()
                if state.missing_need(seat, c.income_card[card].needs) is None
            )
            / total
        )
    return gross


def periods_to_pay(state: FinanciaLitState) -> int:
    """Periods whose bills and Common Goods are still to be paid: this one's until its Event
    cards begin (the goods and bills come just before them), and every later one."""
    later = max(0, state.options.rounds - state.round)
    due_now = state.phase in ("setup", "income", "actions") or (
        state.phase == "payments" and not state.events_shown
    )
    return later + (1 if due_now else 0)


def project(state: FinanciaLitState, seat: int) -> Projection:
    """``seat``'s cash, Happiness, income and loans at the end of the last period, on what it
    holds now and what the periods to come are expected to bring."""
    o = state.options
    c = state.content
    home = state.homes[seat]
    cash = float(state.cash(seat))
    happiness = float(home.happiness)
    tracker = float(home.tracker)
    # A loan taken this period gets its token at this period's upkeep (R7).
    loans = [o.loan_periods if slot is None else slot for slot in home.loans]
    gross = expected_income(state, seat)
    for _ in range(max(0, o.rounds - state.round)):
        tracker = gross
        running = []
        for slot in loans:
            if tracker >= o.loan_instalment:
                tracker -= o.loan_instalment
                if slot > 1:
                    running.append(slot - 1)
            else:  # deferred (R5): the loan runs on
                running.append(slot)
        loans = running
        tracker = min(max(tracker, 0.0), c.income_track_max)
        cash += tracker
    paying = periods_to_pay(state)
    cash -= paying * state.bills(seat)
    need = max(0, home.family.goods + o.family_goods_delta)
    cash -= max(0, need * paying - home.goods) * o.basic_goods_price
    events = state.events_to_come()
    event_units, event_happiness = state.expected_event(seat)
    cash -= events * event_units
    happiness += events * event_happiness
    periods_left = max(0, o.rounds - state.round)
    for card_id, slot in home.investments:
        card = c.investment[card_id]
        early = max(0, (card.slots if slot is None else slot) - periods_left)
        payout = sum(card.returns) / len(card.returns)
        cash += max(0.0, payout - o.investment_end_penalty * early)
        happiness += card.happiness
    if cash < 0:  # a payment the cash cannot meet is covered with loans taken then
        borrowed = math.ceil(-cash / o.loan_amount)
        cash += borrowed * o.loan_amount
        loans += [o.loan_periods] * borrowed
    left = max(0, home.goods - need * paying) if o.end_counts_goods else 0
    return Projection(cash, max(0.0, happiness), tracker, tuple(loans), left)


def settle_loans(
    cash: float, happiness: float, loans: tuple[int, ...], options: FinanciaLitOptions
) -> tuple[float, float]:
    """Cash and Happiness after the loans still running are settled one by one (R25): each
    the cheaper way the family may choose (a unit counts a fifth of a point at the end), in
    units while it can pay them, else in Happiness, which stops at zero (and, under
    ``end_loan_choice = "if_held"``, in units when the family lacks the Happiness)."""
    for slot in loans:
        units = options.loan_instalment * slot
        points = options.loan_end_happiness * slot
        can_pay = cash >= units
        lost = min(points, happiness)  # Happiness stops at zero
        held_only = options.end_loan_choice == "if_held" and happiness < points
        if can_pay and (units / 5 <= lost or held_only):
            cash -= units
        else:
            happiness -= lost
    return cash, happiness


def outlook(state: FinanciaLitState, seat: int) -> float:
    """The Happiness ``seat`` is expected to end with: its figures projected to the end, its
    loans settled, and the end bonus (when the game ends by a Happiness target there is no
    bonus and Happiness alone counts)."""
    o = state.options
    home = state.homes[seat]
    end = project(state, seat)
    cash, happiness = settle_loans(end.cash, end.happiness, end.loans, o)
    if state.ended_by_target:
        return happiness
    return (
        happiness
        + (home.cards_for_happiness(goods=False) + end.goods) / 2
        + end.tracker / 5
        + cash / 5
        + o.skill_end_happiness * len(home.skills)
        + o.career_end_happiness * len(home.careers)
    )
