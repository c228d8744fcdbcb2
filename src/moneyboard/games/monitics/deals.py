"""Monitics' deals between players: one settled deal a turn, each partner asked once.

Buying an Option or Insurance card from another player is the kernel's offer (the other
player accepts or declines at once); a loan to cover a payment and a distress purchase are
the game's own decisions (the amount of such a loan is what cash lacks; a distressed seller
must accept, so a bid settles at once).
"""

from __future__ import annotations

from moneyboard.engine.kernel import Offer
from moneyboard.engine.messages import Message, msg
from moneyboard.engine.offers import Propose
from moneyboard.games.monitics.actions import AskLoan, Bid, Lend, Pass, RepayFriend
from moneyboard.games.monitics.base import CASH
from moneyboard.games.monitics.figures import CARDS
from moneyboard.games.monitics.flow import Flow


class Deals(Flow):
    """Checks and effects of the deals between players, and the helpers turn actions share."""

    # ----- helpers for the checks --------------------------------------------------------
    def no_actions_left(self) -> Message:
        """Why a turn action is refused once the turn's actions are used up (R4)."""
        return msg("why.no_actions_left", count=self.options.actions_per_turn)

    def _use_action(self) -> None:
        self.turn.actions_left -= 1

    def _in_turn(self) -> bool:
        """Whether the decision being asked is the turn's actions (not a shortfall)."""
        d = self.decision
        return d is not None and d.kind == "turn"

    def _answering_turn(self) -> bool:
        """Whether the action being carried out answers the turn's actions."""
        d = self.asked
        return d is not None and d.kind == "turn"

    def _bank_price(self, card: str) -> int:
        o = self.options
        return o.option_price if card == "option" else o.insurance_price

    def _holding_full(self, seat: int, card: str) -> bool:
        p = self.players[seat]
        o = self.options
        if card == "option":
            return p.options >= o.max_options
        return p.insurance >= o.max_insurance

    def _add_card(self, seat: int, card: str, count: int) -> None:
        p = self.players[seat]
        if card == "option":
            p.options += count
        else:
            p.insurance += count

    # ----- deals between players ---------------------------------------------------------
    def _deal_partner(self, seat: int, other: int) -> Message | None:
        """Why ``seat`` may not propose a deal to ``other`` now (or None)."""
        if not 0 <= other < self.n or other == seat:
            return msg("why.no_such_partner", seat=other)
        if self.players[other].out:
            return msg("why.partner_out", seat=other)
        if not self.deals_left():
            return msg("why.deal_limit", limit=self.options.transactions_per_turn)
        if other in self.turn.asked:
            return msg("why.already_asked", seat=other)
        return None

    def offers_per_turn(self) -> int:
        """Proposals are limited per partner (each asked once a turn) and by settled deals."""
        return self.n

    def check_offer(self, seat: int, offer: Offer) -> Message | None:
        """Buying an Option or Insurance card from another player, on one's turn (one action)."""
        if offer.deal != "buy_card" or offer.item not in CARDS:
            return msg("why.no_such_deal", deal=offer.deal, item=offer.item)
        if not self._in_turn() or self.turn.actions_left <= 0:
            return self.no_actions_left()
        why = self._deal_partner(seat, offer.to)
        if why is not None:
            return why
        q = self.players[offer.to]
        if not (q.options if offer.item == "option" else q.insurance):
            return msg("why.seller_has_none", seat=offer.to, card=offer.item)
        if self._holding_full(seat, offer.item):
            return msg("why.holding_full", card=offer.item)
        if offer.price < 1:
            return msg("why.amount_positive", amount=offer.price)
        if offer.price > self.cash(seat):
            return msg("why.short_of_cash", price=offer.price, cash=self.cash(seat))
        return None

    def do_propose(self, seat: int, a: Propose) -> None:
        self.turn.asked.add(a.to)
        super().do_propose(seat, a)

    def settle_offer(self, offer: Offer) -> None:
        buyer, seller = offer.seat, offer.to
        params = {
            "seat": buyer,
            "seller": seller,
            "card": offer.item,
            "amount": offer.price,
            "seller_name": self.seats[seller].name,
        }
        self.ledger.transfer([(CASH[buyer], CASH[seller], offer.price, "deal.card_sold", params)])
        self.log.append(("deal.card_sold", params))
        self._add_card(seller, offer.item, -1)
        self._add_card(buyer, offer.item, 1)
        self.turn.deals += 1
        self._use_action()

    def check_ask_loan(self, seat: int, action: AskLoan) -> Message | None:
        why = self._deal_partner(seat, action.lender)
        if why is not None:
            return why
        d = self.decision
        assert d is not None
        if self.cash(action.lender) < d.data["short"]:
            return msg("why.lender_short", seat=action.lender, amount=d.data["short"])
        return None

    def do_ask_loan(self, seat: int, action: AskLoan) -> None:
        d = self.asked
        assert d is not None
        short = d.data["short"]
        self.turn.asked.add(action.lender)
        repay = short + short * self.options.friend_loan_interest_pct // 100
        self.event(
            "deal.loan_asked",
            seat=seat,
            lender=action.lender,
            amount=short,
            lender_name=self.seats[action.lender].name,
        )
        self.ask(action.lender, "lend", borrower=seat, amount=short, repay=repay)

    def check_lend(self, seat: int, action: Lend) -> Message | None:
        return None

    def do_lend(self, seat: int, action: Lend) -> None:
        d = self.asked
        assert d is not None
        borrower, amount, repay = d.data["borrower"], d.data["amount"], d.data["repay"]
        if not action.agree:
            self.event("deal.loan_refused", seat=seat, borrower_name=self.seats[borrower].name)
            return
        self.turn.deals += 1
        self.pay(
            CASH[seat],
            CASH[borrower],
            amount,
            "deal.loan_made",
            seat=borrower,
            lender=seat,
            repay=repay,
            lender_name=self.seats[seat].name,
        )
        debts = self.players[borrower].debts
        debts[seat] = debts.get(seat, 0) + repay
        self.turn.lenders.add(seat)

    def check_repay_friend(self, seat: int, action: RepayFriend) -> Message | None:
        if self.turn.actions_left <= 0:
            return self.no_actions_left()
        owed = self.players[seat].debts.get(action.lender)
        if owed is None:
            return msg("why.no_friend_loan", seat=action.lender)
        if action.lender in self.turn.lenders:
            return msg("why.loan_same_turn")
        if self.cash(seat) < owed:
            return msg("why.short_of_cash", price=owed, cash=self.cash(seat))
        return None

    def do_repay_friend(self, seat: int, action: RepayFriend) -> None:
        owed = self.players[seat].debts.pop(action.lender)
        self.pay(
            CASH[seat],
            CASH[action.lender],
            owed,
            "deal.loan_repaid",
            seat=seat,
            lender=action.lender,
            lender_name=self.seats[action.lender].name,
        )
        self._use_action()
        self.then(("actions", seat))

    def check_bid(self, seat: int, action: Bid) -> Message | None:
        d = self.decision
        assert d is not None
        distress, market = d.data["distress"], d.data["market"]
        if action.price < distress:
            return msg("why.bid_below_distress", distress=distress)
        if action.price > market:
            return msg("why.bid_above_market", market=market)
        if self.cash(seat) < action.price:
            return msg("why.short_of_cash", price=action.price, cash=self.cash(seat))
        return None

    def do_bid(self, seat: int, action: Bid) -> None:
        d = self.asked
        assert d is not None
        seller, asset = d.data["seller"], d.data["asset"]
        card = self.content.asset[asset]
        buyer = self.players[seat]
        del self.players[seller].assets[asset]
        buyer.assets[asset] = buyer.turns + 2
        self.owners[asset] = seat
        self.turn.deals += 1
        self.pay(
            CASH[seat],
            CASH[seller],
            action.price,
            "distress.bought",
            seat=seat,
            seller=seller,
            asset=card.name,
            seller_name=self.seats[seller].name,
        )

    def check_pass(self, seat: int, action: Pass) -> Message | None:
        return None

    def do_pass(self, seat: int, action: Pass) -> None:
        """The next bidder (or the bank) gets the asset."""
