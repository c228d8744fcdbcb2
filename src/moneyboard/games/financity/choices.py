"""Checks and effects of every FinanCity action: one ``check_`` ("can I?" and "why not?") and
one ``do_`` per kind. Claims and offers between players are the kernel's; the game says what
may be sold, to whom, and settles the sale."""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence

from moneyboard.engine.actions import Action
from moneyboard.engine.claims import Claim
from moneyboard.engine.kernel import Offer
from moneyboard.engine.ledger import BANK
from moneyboard.engine.messages import Message, msg
from moneyboard.engine.offers import ACCEPT, DECLINE, Decline, Propose
from moneyboard.games.financity.actions import (
    BUY_TOKEN,
    DEPOSIT_LADDER,
    DONE,
    REPAY_LOAN,
    TAKE_EFFECT,
    USE_INSURANCE,
    BuyInvestment,
    BuyShopping,
    BuyToken,
    Deposit,
    Done,
    Place,
    RepayLoan,
    TakeEffect,
    TakeLoan,
    UseInsurance,
    Withdraw,
)
from moneyboard.games.financity.base import (
    CASH,
    DONE_DOING,
    SAVINGS,
    ZONE_LABELS,
    ZONES,
    make_cards,
)
from moneyboard.games.financity.content import KIND_NAMES, load_content
from moneyboard.games.financity.flow import Flow
from moneyboard.games.financity.options import AUTOMATIONS

_CONTENT = load_content()
PLACES = tuple(Place(zone) for zone in ZONES)
CLAIMS = tuple(Claim(name) for name in AUTOMATIONS)
WITHDRAWALS = tuple(Withdraw(value) for value in sorted(_CONTENT.savings_yield))
#: The purchase of each card, by its id (an action names the card, not its place on the
#: table, so a choice keeps its meaning when another purchase closes the gap).
BUY_INVESTMENT = {c.id: BuyInvestment(c.id) for c in _CONTENT.investments}
BUY_SHOPPING = {c.id: BuyShopping(c.id) for c in _CONTENT.shopping}
#: Prices listed for a Product sale, in quarters of the card's price (0 = a gift); a person
#: may ask any whole price the buyer can pay.
PRICE_QUARTERS = (0, 1, 2, 3, 4)
PRODUCTS = tuple(c.id for c in _CONTENT.shopping if c.kind == "product")
#: The deposits listed for random play, bots and RL (the Deposit amount's ladder).
DEPOSITS = tuple(Deposit(amount) for amount in DEPOSIT_LADDER)
SELL = "sell"


@functools.lru_cache(maxsize=64)
def offers(kind: str, loan: TakeLoan) -> tuple[Action, ...]:
    """What a decision of ``kind`` offers (before checks), anytime actions included, with
    ``loan`` the loan on the seat's present terms (``"anytime"``: a seat not being asked).
    Remembered: a game has one or two sets of loan terms."""
    anytime = (loan, REPAY_LOAN, *WITHDRAWALS)
    return {
        "anytime": anytime,
        "plan": (*PLACES, *anytime),
        "turn": (DONE, *anytime),
        "invest": (DONE, *anytime),
        "shop": (DONE, *anytime),
        "insure": (BUY_TOKEN, DONE, *anytime),
        "held_savings": (DONE, *anytime),
        "event": (USE_INSURANCE, TAKE_EFFECT, *anytime),
        "cover": (loan, *WITHDRAWALS),
        "repay": (REPAY_LOAN, DONE, loan, *WITHDRAWALS),
        "offer": (ACCEPT, DECLINE, *anytime),
    }[kind]


def sale_prices(card: str) -> tuple[int, ...]:
    """The prices listed for selling ``card``: quarters of what it cost new."""
    cost = _CONTENT.shop[card].cost
    return tuple(cost * q // 4 for q in PRICE_QUARTERS)


class Choices(Flow):
    """What each seat may do, why not, and what it does."""

    def candidates(self, seat: int) -> Sequence[Action]:
        d = self.decision
        loan = self.new_loan(seat)
        if d is None or seat not in d.seats:
            return offers("anytime", loan)
        kind = d.kind
        if kind == "savings":
            cash = self.cash(seat)
            deposits = [a for a in DEPOSITS if a.amount <= cash]
            return (*deposits, DONE, *offers("anytime", loan))
        if kind == "invest":
            buy = [BUY_INVESTMENT[c] for c in self.face_up["investment"]]
            return (*buy, *offers(kind, loan))
        if kind == "shop":
            return (*[BUY_SHOPPING[c] for c in self.face_up["shopping"]], *offers(kind, loan))
        if kind == "sales":
            return (*self.proposals(seat), DONE, *offers("anytime", loan))
        return offers(kind, loan)

    def new_loan(self, seat: int) -> TakeLoan:
        """A loan for ``seat`` on its present terms: the options' cash and card value, and
        the loan cards it brings (fewer from the Loans Zone)."""
        o = self.options
        return TakeLoan(o.loan_amount, self.loan_cards_for(seat), o.loan_card_value)

    def proposals(self, seat: int) -> list[Propose]:
        """Every listed sale: each Product held, to each other player, at each listed price
        the buyer could pay."""
        shop = self.content.shop
        cash = self.ledger.balances
        return [
            Propose(to, SELL, card, price)
            for card in dict.fromkeys(self.players[seat].shopping)
            if shop[card].kind == "product"
            for to in self.order()
            if to != seat
            for price in sale_prices(card)
            if price <= cash[CASH[to]]
        ]

    def anytime_open(self, seat: int) -> bool:
        """Loans, repayments and withdrawals: from Planning to Reorganisation (R9)."""
        return self.result is None and self.zone > 0

    def amount_range(self, seat: int, action: Action, field: str) -> tuple[int, int] | None:
        """Deposits: up to the cash held. Sale prices: up to what the buyer holds."""
        if isinstance(action, Deposit):
            cash = self.cash(seat)
            step = self.options.savings_step
            return (step, cash) if cash >= step else None
        if isinstance(action, Propose) and 0 <= action.to < self.n:
            return (0, self.cash(action.to))
        return None

    def action_cost(self, seat: int, action: Action) -> int | None:
        c = self.content
        if isinstance(action, BuyInvestment) and action.card in c.investment:
            return c.investment[action.card].cost
        if isinstance(action, BuyShopping) and action.card in c.shop:
            return c.shop[action.card].cost
        if isinstance(action, BuyToken):
            return self.options.insurance_token_price
        if isinstance(action, RepayLoan):
            return self.options.loan_card_value
        if isinstance(action, Deposit):
            return action.amount
        return None

    def _afford(self, seat: int, price: int) -> Message | None:
        cash = self.ledger.balances[CASH[seat]]
        if cash < price:
            return msg("why.cannot_afford", price=price, cash=cash)
        return None

    def _held(self, seat: int) -> Message | None:
        if self.over_indebted(seat):
            return msg(
                "why.over_indebted",
                loans=self.players[seat].loans,
                limit=self.options.over_indebted_at,
            )
        return None

    # ----- zone 1 ------------------------------------------------------------------------
    def check_place(self, seat: int, a: Place) -> Message | None:
        if a.zone not in ZONE_LABELS:
            return msg("why.no_such_zone", zone=a.zone)
        return None

    def do_place(self, seat: int, a: Place) -> None:
        self.put_token(seat, a.zone)

    # ----- savings -----------------------------------------------------------------------
    def check_deposit(self, seat: int, a: Deposit) -> Message | None:
        step = self.options.savings_step
        if a.amount <= 0 or a.amount % step:
            return msg("why.deposit_step", step=step, amount=a.amount)
        return self._held(seat) or self._afford(seat, a.amount)

    def do_deposit(self, seat: int, a: Deposit) -> None:
        cards = make_cards(a.amount, self.content.denominations)
        self.players[seat].savings.extend(cards)
        self.ledger.post(
            CASH[seat], SAVINGS[seat], a.amount, "savings.deposit", {"seat": seat, "cards": cards}
        )
        self.event("savings.deposit", seat=seat, amount=a.amount, cards=cards)

    def check_withdraw(self, seat: int, a: Withdraw) -> Message | None:
        if a.value not in self.players[seat].savings:
            return msg("why.no_savings_card", value=a.value)
        return None

    def do_withdraw(self, seat: int, a: Withdraw) -> None:
        p = self.players[seat]
        p.savings.remove(a.value)
        paid = self.withdrawal_value(a.value)
        kept = a.value - paid
        self.ledger.post(SAVINGS[seat], CASH[seat], paid, "savings.withdrawn", {"seat": seat})
        if kept:
            percent = self.options.withdrawal_surcharge_percent
            self.ledger.post(
                SAVINGS[seat], BANK, kept, "savings.surcharge", {"seat": seat, "percent": percent}
            )
        key = "savings.withdrawn" if kept else "savings.withdrawn_full"  # no "$0 kept"
        self.event(key, seat=seat, value=a.value, amount=paid, surcharge=kept)

    # ----- loans -------------------------------------------------------------------------
    def check_take_loan(self, seat: int, a: TakeLoan) -> Message | None:
        p = self.players[seat]
        o = self.options
        terms = self.new_loan(seat)
        if a != terms:  # a choice made on other terms (the home token has moved since)
            return msg("why.loan_terms", cash=terms.cash, cards=terms.cards, value=terms.card_value)
        if p.loans + self.loan_cards_for(seat) > o.max_loan_cards:
            return msg("why.loan_cap", loans=p.loans, limit=o.max_loan_cards)
        d = self.decision
        if d is not None and d.kind == "cover" and seat in d.seats:
            purpose = d.data["purpose"]
            if purpose == "repay" and self.over_indebted(seat):
                return msg("why.no_loan_to_repay", limit=o.over_indebted_at)
            if purpose == "event" and o.event_loans == "when_savings_short" and p.savings:
                return msg("why.savings_first")
            return None
        return self._held(seat)

    def do_take_loan(self, seat: int, a: TakeLoan) -> None:
        p = self.players[seat]
        cards = self.loan_cards_for(seat)
        p.loans += cards
        self.receive(
            seat,
            self.options.loan_amount,
            "loan.taken",
            cards=cards,
            value=self.options.loan_card_value,
            loans=p.loans,
        )

    def check_repay_loan(self, seat: int, a: RepayLoan) -> Message | None:
        if not self.players[seat].loans:
            return msg("why.no_loans")
        return self._afford(seat, self.options.loan_card_value)

    def do_repay_loan(self, seat: int, a: RepayLoan) -> None:
        self.repay(seat, 1, "loan.repaid_early")

    # ----- zones 6 and 7 -----------------------------------------------------------------
    def check_buy_investment(self, seat: int, a: BuyInvestment) -> Message | None:
        if a.card not in self.face_up["investment"]:
            return msg("why.no_card_there", card=a.card, deck="investment")
        return self._held(seat) or self._afford(seat, self.content.investment[a.card].cost)

    def do_buy_investment(self, seat: int, a: BuyInvestment) -> None:
        self.face_up["investment"].remove(a.card)
        card = self.content.investment[a.card]
        self.players[seat].investments.append(card.id)
        self.spend(
            seat,
            card.cost,
            "investment.bought",
            card=card.name,
            income=card.income,
            kind=card.kind,
        )
        self.gain_wellbeing(seat, card.wellbeing, "investment.wellbeing", card=card.name)

    def check_buy_shopping(self, seat: int, a: BuyShopping) -> Message | None:
        if a.card not in self.face_up["shopping"]:
            return msg("why.no_card_there", card=a.card, deck="shopping")
        return self._held(seat) or self._afford(seat, self.content.shop[a.card].cost)

    def do_buy_shopping(self, seat: int, a: BuyShopping) -> None:
        self.face_up["shopping"].remove(a.card)
        card = self.content.shop[a.card]
        self.players[seat].shopping.append(card.id)
        self.spend(
            seat,
            card.cost,
            "shopping.bought" if card.expenses else "shopping.bought_same",
            card=card.name,
            kind=card.kind,
            expenses=card.expenses,
            every_year=card.every_year,
        )
        self.gain_wellbeing(seat, card.wellbeing, "shopping.wellbeing", card=card.name)

    # ----- zone 9 ------------------------------------------------------------------------
    def check_buy_token(self, seat: int, a: BuyToken) -> Message | None:
        """A token is a purchase: not for the over-indebted (R16)."""
        return self._held(seat) or self._afford(seat, self.options.insurance_token_price)

    def do_buy_token(self, seat: int, a: BuyToken) -> None:
        p = self.players[seat]
        p.tokens += 1
        self.spend(seat, self.options.insurance_token_price, "insurance.token", tokens=p.tokens)

    # ----- zone 10 -----------------------------------------------------------------------
    def check_use_insurance(self, seat: int, a: UseInsurance) -> Message | None:
        return None

    def do_use_insurance(self, seat: int, a: UseInsurance) -> None:
        p = self.players[seat]
        card = self.content.event[self.event_card or ""].name
        if p.zone == "insurance":
            self.event("event.protected_zone", seat=seat, card=card)
        else:
            p.tokens -= 1
            self.event("event.protected_token", seat=seat, card=card, tokens=p.tokens)

    def check_take_effect(self, seat: int, a: TakeEffect) -> Message | None:
        return None

    def do_take_effect(self, seat: int, a: TakeEffect) -> None:
        assert self.event_card is not None
        self.step_event_effect(seat, self.event_card)

    # ----- zone 11: product sales (the kernel's offers) ----------------------------------
    def offers_per_turn(self) -> int:
        """The class's cap on offers in a seller's turn; with none (the rulebook), the count
        is not limited and refused offers only come down in price (R22)."""
        cap = self.options.sales_per_year
        return sys.maxsize if cap is None else cap

    def check_offer(self, seat: int, offer: Offer) -> Message | None:
        if offer.deal != SELL:
            return msg("why.only_sales", deal=offer.deal)
        if self.zone != 11:
            return msg("why.sales_in_reorganisation")
        card = self.content.shop.get(offer.item)
        if card is None or offer.item not in self.players[seat].shopping:
            return msg("why.card_not_held", card=offer.item)
        if card.kind != "product":
            return msg("why.not_a_product", card=card.name, kind=KIND_NAMES[card.kind])
        refused = self.refused.get((seat, offer.item, offer.to))
        if self.options.sales_per_year is None and refused is not None and offer.price >= refused:
            return msg("why.offer_refused", to=offer.to, card=card.name, price=refused)
        return self._buyer_problem(offer)

    def _buyer_problem(self, offer: Offer) -> Message | None:
        if offer.price < 0:
            return msg("why.negative_price", price=offer.price)
        if self.over_indebted(offer.to):
            return msg("why.buyer_over_indebted", seat=offer.to)
        cash = self.cash(offer.to)
        if cash < offer.price:
            return msg("why.buyer_cannot_afford", to=offer.to, price=offer.price, cash=cash)
        return None

    def check_accept_offer(self, seat: int, offer: Offer) -> Message | None:
        return self._buyer_problem(offer)

    def do_decline(self, seat: int, a: Decline) -> None:
        """The buyer turns the offer down; the seller may ask that buyer again this year only
        for less (R22), so offers without a cap still come to an end."""
        offer = self.status.offer
        assert offer is not None
        super().do_decline(seat, a)
        self.refused[(offer.seat, offer.item, offer.to)] = offer.price

    def settle_offer(self, offer: Offer) -> None:
        """The buyer pays the seller and the Product card changes hands (R22)."""
        self.players[offer.seat].shopping.remove(offer.item)
        self.players[offer.to].shopping.append(offer.item)
        if offer.price:
            self.ledger.transfer(
                [
                    (
                        CASH[offer.to],
                        CASH[offer.seat],
                        offer.price,
                        "sale.paid",
                        {"seat": offer.to, "seller": offer.seat},
                    )
                ]
            )
        self.event(
            "sale.done" if offer.price else "sale.given",
            seat=offer.to,
            seller=offer.seat,
            card=self.content.shop[offer.item].name,
            price=offer.price,
        )

    # ----- passing -----------------------------------------------------------------------
    def check_done(self, seat: int, a: Done) -> Message | None:
        return None

    def do_done(self, seat: int, a: Done) -> None:
        asked = self.asked
        if asked is not None and asked.kind != "turn":
            self.event("zone.passed", seat=seat, decision=asked.kind, doing=DONE_DOING[asked.kind])
