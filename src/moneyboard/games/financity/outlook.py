"""FinanCity's outlook: what a seat is on course to finish with (the search bot's view).

The end ranks the winners first: the players who hold 300 wellbeing, $500 in savings, no
loan cards and an investment card (the rulebook's defaults). Every seat's score is the
champion score (wellbeing x 2 + cash + savings) less the loan cards it still holds, at what
they cost to repay (R23). A search that looks a few decisions ahead sees neither: a year's
benefit zone pays out several decisions after the home token is placed, this year's
expenses fall due later still, and the criteria count only after year ten. In duels against
the risk-taker, a bot that saw only the score met the criteria in none of the games looked
at; it shuffled money between cash and savings and borrowed to pay bills it had saved away.
So the outlook projects the seat's figures to the end:

* money (:func:`project`): cash and savings, the income of the Income zones still to come
  (home card, savings yields, investments) less the expenses of the Expenses zones still to
  come, the Unforeseen Events still to come at the mean of the cards left (the harm of one
  spared for each insurance token held), less a payment the seat is raising cash for;
* wellbeing: points held, plus the "+" shopping cards' points in each Income zone to come;
* this year's home token at what its zone will bring once the marker reaches it
  (:func:`zone_options`: Extra Jobs $80, Free Time 50 points, Insurance this year's event
  spared, Investments and Shopping the best card on show the seat can pay for, or none);
* cash missing for this year's expenses (:func:`cover_shortfall`): savings cashed at the
  surcharge, then loans, with the cards they add.

A seat still on course for the criteria (:func:`on_course`) is worth its score, plus
:data:`WINNER`: half for being on course, half by how far along it is (wellbeing and savings
towards the goal, loan cards down from :data:`LOAN_CARDS_COUNTED`, an investment held). A
seat that can no longer meet them is worth its score alone: a loan card repaid takes from
the cash what it takes from the debt, and a loan taken brings less than its cards cost
(unless the rule options make loans cheaper than that, when the last loans it may take
count too, :func:`value`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator

from moneyboard.games.financity.base import FinanCityBase

#: Worth of meeting the four criteria at the end, on the score's scale: large enough that a
#: family on course keeps to it.
WINNER = 4000.0
#: Loan cards over which the no-loans criterion falls from met to nothing.
LOAN_CARDS_COUNTED = 12
#: The board number each benefit zone pays out in (Insurance spares Zone 10's event; the
#: Loans Zone's cheaper loans are seen when taken).
PAYS_IN = {"extra_jobs": 4, "free_time": 5, "investments": 6, "shopping": 7, "insurance": 10}


@dataclasses.dataclass(frozen=True, slots=True)
class Projection:
    """A seat's figures as they will stand at the end of the game, on its present course."""

    #: Cash and savings at the end, before the loan cards owed.
    money: float
    #: Wellbeing points at the end.
    wellbeing: float
    savings: int
    loans: int
    investments: int
    #: Cash left over (below zero: missing) when this year's expenses are paid, counting
    #: savings while the year's Savings zone is still to come; ``None`` once they are charged.
    spare: float | None = None

    def plus(
        self, money: float = 0.0, wellbeing: float = 0.0, investments: int = 0, cash: float = 0.0
    ) -> Projection:
        """The same projection with a benefit still to come added (``cash``: by the time
        this year's expenses are paid)."""
        return dataclasses.replace(
            self,
            money=self.money + money,
            wellbeing=self.wellbeing + wellbeing,
            investments=self.investments + investments,
            spare=None if self.spare is None else self.spare + cash,
        )


def visits(state: FinanCityBase, zone: int) -> int:
    """How many more times the play marker will reach board zone ``zone`` (1-11) this game,
    this year's visit included if the marker has not reached it yet."""
    years = state.options.years
    if state.year == 0:
        return years
    return years - state.year + (1 if state.zone < zone else 0)


def yearly_expenses(state: FinanCityBase, seat: int) -> int:
    """What the seat pays in each Expenses zone: home card and shopping cards' changes (a
    discount claimed, as a bot always does)."""
    home = state.players[seat].home
    more, less = state.expense_changes(seat)
    return max(0, (home.expenses if home else 0) + more - less)


def event_means(state: FinanCityBase) -> tuple[float, float, float, float]:
    """Over the Unforeseen Events not yet drawn: the mean money, wellbeing and next year's
    income change of one card, and the mean harm (in champion points) one insured player is
    spared by it (nothing for a card that takes nothing away)."""
    cards = [state.content.event[e] for e in state.events]
    if not cards:
        return 0.0, 0.0, 0.0, 0.0
    n = len(cards)
    money = sum(c.money for c in cards) / n
    wellbeing = sum(c.wellbeing for c in cards) / n
    income = sum(c.next_year_income for c in cards) / n
    harm = sum(-(c.money + 2 * c.wellbeing + c.next_year_income) for c in cards if c.harmful) / n
    return money, wellbeing, income, harm


def owed_now(state: FinanCityBase, seat: int) -> int:
    """A payment the seat is raising cash for right now (expenses or an event; a loan
    repayment is already counted with the loan cards)."""
    d = state.decision
    if d is None or d.kind != "cover" or seat not in d.seats or d.data["purpose"] == "repay":
        return 0
    return int(d.data["amount"])


def project(state: FinanCityBase, seat: int) -> Projection:
    """The seat's end figures if it holds its course: everything but this year's benefit
    zone (see :func:`zone_options`)."""
    p = state.players[seat]
    years, year = state.options.years, state.year
    incomes, events = visits(state, 2), visits(state, 10)
    to_charge = year == 0 or state.zone < 8 or p.charged != year
    expenses = years - year + (1 if to_charge and year else 0)
    yearly = yearly_expenses(state, seat)
    cash, savings = state.cash(seat), state.savings_total(seat)
    money = float(cash + savings) - owed_now(state, seat)
    money += incomes * state.income(seat) - expenses * yearly
    if incomes:
        money += p.next_income
    mean_money, mean_wellbeing, mean_income, harm = event_means(state)
    money += events * mean_money + max(0, events - 1) * mean_income
    money += min(p.tokens, events) * harm
    wellbeing = p.wellbeing + incomes * state.yearly_bonus(seat) + events * mean_wellbeing
    spare: float | None = None
    if year and to_charge:
        spare = float(cash - yearly)
        if state.zone < 2:
            spare += state.income(seat) + p.next_income
        if state.zone < 3:
            spare += savings  # withdrawn without a surcharge in this year's Savings zone
    return Projection(
        money=money,
        wellbeing=wellbeing,
        savings=savings,
        loans=p.loans,
        investments=len(p.investments),
        spare=spare,
    )


def zone_options(state: FinanCityBase, seat: int, base: Projection) -> Iterator[Projection]:
    """The projection with this year's benefit zone paid out, once for each way it can go
    (a buying zone: no card, or any card on show the seat can pay for from cash and
    savings); just ``base`` when the zone has paid out or no token is placed."""
    yield base
    zone = state.players[seat].zone
    if zone not in PAYS_IN or state.zone >= PAYS_IN[zone]:
        return
    o = state.options
    c = state.content
    years_after = o.years - state.year  # Income zones after this year's
    purse = state.cash(seat) + state.savings_total(seat)
    if state.zone < 2:  # this year's income comes before the buying zones
        purse += state.income(seat)
    if zone == "extra_jobs":
        yield base.plus(money=o.extra_jobs_pay, cash=o.extra_jobs_pay)
    elif zone == "free_time":
        yield base.plus(wellbeing=o.free_time_wellbeing)
    elif zone == "insurance":
        yield base.plus(money=event_means(state)[3])
    elif zone == "investments":
        for card in map(c.investment.__getitem__, state.face_up["investment"]):
            if card.cost <= purse:
                gain = card.income * years_after - card.cost
                yield base.plus(
                    money=gain, wellbeing=card.wellbeing, investments=1, cash=-card.cost
                )
    elif zone == "shopping":
        for shop in map(c.shop.__getitem__, state.face_up["shopping"]):
            if shop.cost <= purse:
                points = shop.wellbeing * (1 + (years_after if shop.every_year else 0))
                cost = shop.cost + shop.expenses * (years_after + 1)
                yield base.plus(money=-cost, wellbeing=points, cash=-shop.cost - shop.expenses)


def cover_shortfall(state: FinanCityBase, end: Projection) -> Projection:
    """The projection once the cash missing for this year's expenses is raised: savings
    cashed at the surcharge first, then as many loans as it takes (their cash pays, their
    cards are owed)."""
    if end.spare is None or end.spare >= 0:
        return end
    o = state.options
    missing = -end.spare
    percent = o.withdrawal_surcharge_percent
    from_savings = min(missing, end.savings * (100 - percent) / 100)
    surcharge = from_savings * percent / (100 - percent)
    loans = math.ceil((missing - from_savings) / o.loan_amount)
    return dataclasses.replace(
        end,
        money=end.money - surcharge + loans * o.loan_amount,
        savings=end.savings - round(from_savings + surcharge),
        loans=end.loans + loans * o.loan_cards,
        spare=None,
    )


def repayments_due(state: FinanCityBase, loans: int) -> int:
    """Loan cards the Expenses zones still to come will demand at least, by the table."""
    due = 0
    for _ in range(visits(state, 8)):
        pay = state.minimum_repayment(loans)
        loans -= pay
        due += pay
    return due


def last_loans(state: FinanCityBase, loans: int) -> int:
    """Loans a player who will not meet the criteria can still take before the end, holding
    ``loans`` cards: one at a time until over-indebted (then no more of its own accord,
    R16), and never past the most cards a player may hold. They matter only where the rule
    options make a loan bring more cash than its cards cost to repay."""
    o = state.options
    taken = 0
    while loans < o.over_indebted_at and loans + o.loan_cards <= o.max_loan_cards:
        loans += o.loan_cards
        taken += 1
    return taken


def on_course(state: FinanCityBase, seat: int, end: Projection) -> bool:
    """Whether the seat can still meet the four criteria: enough wellbeing within reach of
    the plannings to come (Free Time in each), money at the end to repay every loan card and
    keep the savings asked for, a Savings zone to come or enough saved, an Investments zone
    to come or a card held."""
    o = state.options
    plans = visits(state, 1) + (1 if state.zone == 1 and state.players[seat].zone is None else 0)
    if state.year == 0:
        plans = o.years
    if end.wellbeing + plans * o.free_time_wellbeing < o.win_wellbeing:
        return False
    if end.money - end.loans * o.loan_card_value < o.win_savings:
        return False
    if end.savings < o.win_savings and visits(state, 3) == 0:
        return False
    return end.investments >= o.win_investments or (visits(state, 6) > 0 and plans > 0)


def value(state: FinanCityBase, seat: int, end: Projection) -> float:
    """What a projection is worth. On course for the criteria: the score (the champion
    score less the loan cards owed), plus :data:`WINNER` times the share of the way the seat
    has come (half of it for being on course at all). Otherwise: the score alone, with what
    the last loans before the end would add where a loan brings more cash than its cards
    cost (never, by the rulebook's figures)."""
    o = state.options
    card = o.loan_card_value
    end = cover_shortfall(state, end)
    money = end.money
    if not on_course(state, seat, end):
        due = repayments_due(state, end.loans)
        profit = max(0, o.loan_amount - o.loan_cards * card)
        borrowed = profit * last_loans(state, end.loans - due)
        return 2 * end.wellbeing + money - card * end.loans + borrowed
    # Money may be saved in any Savings zone still to come; after the last one, only what
    # is saved counts.
    after_last = visits(state, 3) == 0
    saved = float(end.savings) if after_last else max(0.0, money - card * end.loans)
    met = [
        min(1.0, end.wellbeing / o.win_wellbeing) if o.win_wellbeing else 1.0,
        min(1.0, saved / o.win_savings) if o.win_savings else 1.0,
        max(0.0, 1.0 - max(0, end.loans - o.win_loan_cards) / LOAN_CARDS_COUNTED),
        min(1.0, end.investments / o.win_investments) if o.win_investments else 1.0,
    ]
    progress = sum(met) / len(met)
    return 2 * end.wellbeing + money - card * end.loans + WINNER * (1 + progress) / 2


def outlook(state: FinanCityBase, seat: int) -> float:
    """The seat's projected end (:func:`project`) at its best use of this year's benefit
    zone (:func:`zone_options`), valued by :func:`value`."""
    base = project(state, seat)
    return max(value(state, seat, end) for end in zone_options(state, seat, base))
