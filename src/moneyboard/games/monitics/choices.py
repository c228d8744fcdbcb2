"""Monitics' choices: for each action, one check (None or the reason) and one effect.

Turn actions (buy, sell, save, take out savings, borrow, repay, buy a card) use one of the
turn's actions each; paying the voluntary tax does not (R9). Deals between players are in
``deals.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from moneyboard.engine.actions import Action
from moneyboard.engine.messages import Message, msg
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from moneyboard.games.monitics.actions import (
    BORROW,
    END_TURN,
    GIVE_UP,
    GRANT,
    KEEP_ROLL,
    LEND,
    PASS,
    PAY_TAX,
    REFUSE,
    REFUSE_LOAN,
    REPAY,
    ROLL,
    STOP_FINAL,
    TAKE_FINAL,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTION,
    USE_OPTIONS,
    USE_SAVINGS,
    AskLoan,
    Bid,
    Borrow,
    Buy,
    BuyCard,
    EndTurn,
    FinalTurn,
    ForcedSale,
    GiveUp,
    GrantFinalTurns,
    KeepRoll,
    PayTax,
    Protect,
    Repay,
    RepayFriend,
    Roll,
    Save,
    Sell,
    UseOption,
    UseSavings,
    Withdraw,
)
from moneyboard.games.monitics.base import CASH, DIE, SAVINGS
from moneyboard.games.monitics.content import ASSET_KINDS, load_content
from moneyboard.games.monitics.deals import Deals
from moneyboard.games.monitics.figures import CARDS, bid_prices

_CONTENT = load_content()
BUY = {a.id: Buy(a.id) for a in _CONTENT.assets}
SELL = {a.id: Sell(a.id) for a in _CONTENT.assets}
FORCED = {a.id: ForcedSale(a.id) for a in _CONTENT.assets}
#: The bank's assets by kind, in content order ("any": every asset).
BY_KIND = {
    **{k: tuple(a.id for a in _CONTENT.assets if a.kind == k) for k in ASSET_KINDS},
    "any": tuple(a.id for a in _CONTENT.assets),
}
REPAY_FRIEND = tuple(RepayFriend(s) for s in range(16))
ASK_LOAN = tuple(AskLoan(s) for s in range(16))


FIXED: dict[str, tuple[Action, ...]] = {
    "reroll": (USE_OPTION, KEEP_ROLL),
    "roll_tax": (ROLL, PAY_TAX),
    "roll": (ROLL,),
    "offer": (ACCEPT, DECLINE),
    "lend": (LEND, REFUSE_LOAN),
    "grant": (GRANT, REFUSE),
    "final_turn": (TAKE_FINAL, STOP_FINAL),
}


#: The answers to a blow: two Options may escape only a Crash.
PROTECT_CRASH: tuple[Action, ...] = (USE_INSURANCE, USE_OPTIONS, TAKE_HIT)
PROTECT_NOT_CRASH: tuple[Action, ...] = (USE_INSURANCE, TAKE_HIT)


class Choices(Deals):
    """Candidates, checks and effects of every Monitics action."""

    # ----- what may be worth checking ----------------------------------------------------
    def candidates(self, seat: int) -> Sequence[Action]:
        d = self.decision
        if d is None or seat not in d.seats:
            return ()
        kind = d.kind
        if kind == "roll":
            return FIXED["roll"] if self.players[seat].tax_card else FIXED["roll_tax"]
        fixed = FIXED.get(kind)
        if fixed is not None:
            return fixed
        if kind == "turn":
            return self.turn_candidates(seat)
        if kind == "bid":
            card = self.content.asset[d.data["asset"]]
            return (*(Bid(p) for p in bid_prices(card.distress, card.market)), PASS)
        if kind == "forced_sale":
            return tuple(FORCED[a] for a in d.data["assets"])
        if kind == "protect":  # options are worth asking about only against a Crash
            return PROTECT_CRASH if d.data["blow"] == "crash" else PROTECT_NOT_CRASH
        # shortfall
        p = self.players[seat]
        return (
            USE_SAVINGS,
            BORROW,
            *(ASK_LOAN[s] for s in self.others(seat)),
            *(SELL[a] for a in p.assets),
            GIVE_UP,
        )

    def turn_candidates(self, seat: int) -> list[Action]:
        """The turn's actions worth checking (once the actions are used, they stay listed so
        that each says why it is refused). Savings or cash below the smallest step of the
        ladder may still be moved: the whole of it is a candidate."""
        p = self.players[seat]
        turn = self.turn
        out: list[Action] = [END_TURN] if p.tax_card else [END_TURN, PAY_TAX]
        figures = self.figures
        small = len(figures.small_saves)
        cash, savings = self.cash(seat), self.savings(seat)
        if 0 < cash <= small:
            out.append(figures.small_saves[cash - 1])
        if 0 < savings <= small:
            out.append(figures.small_withdraws[savings - 1])
        if turn.market:
            owners = self.owners
            out += [BUY[a] for a in BY_KIND[turn.market] if a not in owners]
        if p.assets:
            out += [SELL[a] for a in p.assets]
        out += figures.every_turn
        out.append(REPAY if p.loan is not None else BORROW)
        if p.debts:
            out += [REPAY_FRIEND[s] for s in p.debts]
        if turn.deals < self.options.transactions_per_turn:
            for s, q in enumerate(self.players):
                if s != seat and not q.out:
                    if q.options:
                        out += figures.buy_from[s, "option"]
                    if q.insurance:
                        out += figures.buy_from[s, "insurance"]
        return out

    def fallback_action(self, seat: int) -> Action | None:
        """What a player does when the turn's time runs out (R23): the safe choice."""
        d = self.decision
        if d is None or seat not in d.seats:
            return None
        kind = d.kind
        if kind == "protect":
            for protection in (USE_INSURANCE, USE_OPTIONS):
                if self.can(seat, protection):
                    return protection
            return TAKE_HIT
        if kind == "shortfall":
            for action in self.candidates(seat):
                if action.__class__ is not AskLoan and self.can(seat, action):
                    return action
            return GIVE_UP
        fallback = {
            "turn": END_TURN,
            "roll": ROLL,
            "reroll": KEEP_ROLL,
            "bid": PASS,
            "offer": DECLINE,
            "lend": REFUSE_LOAN,
            "grant": GRANT,
            "final_turn": STOP_FINAL,
        }.get(kind)
        if fallback is None and kind == "forced_sale":
            return FORCED[d.data["assets"][0]]
        return fallback

    # ----- buying and selling assets -----------------------------------------------------
    def check_buy(self, seat: int, action: Buy) -> Message | None:
        card = self.content.asset.get(action.asset)
        if card is None:
            return msg("why.no_such_asset", asset=action.asset)
        if self.turn.actions_left <= 0:
            return self.no_actions_left()
        owner = self.owners.get(action.asset)
        if owner is not None:
            return msg("why.asset_owned", asset=card.name, owner=owner)
        market = self.turn.market
        if market not in ("any", card.kind):
            if not market:
                return msg("why.no_market", asset=card.name)
            return msg("why.wrong_market", asset=card.name, kind=card.kind, market=market)
        if self.cash(seat) < card.purchase:
            return msg("why.short_of_cash", price=card.purchase, cash=self.cash(seat))
        return None

    def do_buy(self, seat: int, action: Buy) -> None:
        card = self.content.asset[action.asset]
        p = self.players[seat]
        self.spend(seat, card.purchase, "asset.bought", asset=card.name)
        p.assets[action.asset] = p.turns + 1
        self.owners[action.asset] = seat
        self._use_action()
        self.then(("actions", seat))

    def check_sell(self, seat: int, action: Sell) -> Message | None:
        card = self.content.asset.get(action.asset)
        if card is None:
            return msg("why.no_such_asset", asset=action.asset)
        p = self.players[seat]
        sellable = p.assets.get(action.asset)
        if sellable is None:
            return msg("why.not_yours", asset=card.name)
        if self._in_turn() and self.turn.actions_left <= 0:
            return self.no_actions_left()
        if p.turns < sellable:
            return msg("why.too_soon_to_sell", asset=card.name, turn=sellable)
        if self._in_turn() and not self.bank_buys(card.kind):
            return msg("why.market_closed", asset=card.name, kind=card.kind)
        return None

    def bank_buys(self, kind: str) -> bool:
        """Whether the bank buys assets of ``kind`` back on this turn's actions (R7)."""
        return self.options.bank_buys_back == "any_turn" or self.turn.market in ("any", kind)

    def do_sell(self, seat: int, action: Sell) -> None:
        in_turn = self._answering_turn()
        card = self.content.asset[action.asset]
        del self.players[seat].assets[action.asset]
        del self.owners[action.asset]
        self.receive(seat, card.market, "asset.sold", asset=card.name)
        if in_turn:
            self._use_action()
            self.then(("actions", seat))

    # ----- cards from the bank -----------------------------------------------------------
    def check_buy_card(self, seat: int, action: BuyCard) -> Message | None:
        if action.card not in CARDS:
            return msg("why.no_such_card", card=action.card)
        if self.turn.actions_left <= 0:
            return self.no_actions_left()
        if not self.stock[action.card]:
            return msg("why.bank_out_of", card=action.card)
        if self._holding_full(seat, action.card):
            return msg("why.holding_full", card=action.card)
        price = self._bank_price(action.card)
        if self.cash(seat) < price:
            return msg("why.short_of_cash", price=price, cash=self.cash(seat))
        return None

    def do_buy_card(self, seat: int, action: BuyCard) -> None:
        self.spend(seat, self._bank_price(action.card), "card.bought", card=action.card)
        self.stock[action.card] -= 1
        self._add_card(seat, action.card, 1)
        self._use_action()
        self.then(("actions", seat))

    # ----- savings -----------------------------------------------------------------------
    def check_save(self, seat: int, action: Save) -> Message | None:
        if self.turn.actions_left <= 0:
            return self.no_actions_left()
        if action.amount <= 0:
            return msg("why.amount_positive", amount=action.amount)
        cash = self.cash(seat)
        if cash <= 0:
            return msg("why.no_cash_to_save")
        if cash < action.amount:
            return msg("why.short_of_cash_to_save", cash=cash)
        return None

    def do_save(self, seat: int, action: Save) -> None:
        self.pay(CASH[seat], SAVINGS[seat], action.amount, "savings.saved", seat=seat)
        self._use_action()
        self.then(("actions", seat))

    def check_withdraw(self, seat: int, action: Withdraw) -> Message | None:
        if self.turn.actions_left <= 0:
            return self.no_actions_left()
        if action.amount <= 0:
            return msg("why.amount_positive", amount=action.amount)
        savings = self.savings(seat)
        if savings <= 0:
            return msg("why.no_savings")
        if savings < action.amount:
            return msg("why.short_of_savings", savings=savings)
        return None

    def do_withdraw(self, seat: int, action: Withdraw) -> None:
        self.pay(SAVINGS[seat], CASH[seat], action.amount, "savings.withdrawn", seat=seat)
        self._use_action()
        self.then(("actions", seat))

    # ----- loans from the bank -----------------------------------------------------------
    def check_borrow(self, seat: int, action: Borrow) -> Message | None:
        p = self.players[seat]
        if self._in_turn() and self.turn.actions_left <= 0:
            return self.no_actions_left()
        if p.loan is not None:
            borrowed, repay = self.options.loan_ladder[p.loan]
            return msg("why.loan_outstanding", borrowed=borrowed, repay=repay)
        if p.repaid_turn == self.turn.number:  # no turn has both, in either order (R16)
            return msg("why.repaid_this_turn")
        return None

    def do_borrow(self, seat: int, action: Borrow) -> None:
        in_turn = self._answering_turn()
        p = self.players[seat]
        borrowed, repay = self.options.loan_ladder[p.next_loan]
        p.loan = p.next_loan
        p.loan_turn = self.turn.number
        self.receive(seat, borrowed, "loan.taken", repay=repay)
        if in_turn:
            self._use_action()
            self.then(("actions", seat))

    def check_repay(self, seat: int, action: Repay) -> Message | None:
        p = self.players[seat]
        if self.turn.actions_left <= 0:
            return self.no_actions_left()
        if p.loan is None:
            return msg("why.no_loan")
        if p.loan_turn == self.turn.number:
            return msg("why.loan_same_turn")
        repay = self.options.loan_ladder[p.loan][1]
        if self.cash(seat) < repay:
            return msg("why.short_of_cash", price=repay, cash=self.cash(seat))
        return None

    def do_repay(self, seat: int, action: Repay) -> None:
        o = self.options
        p = self.players[seat]
        assert p.loan is not None
        borrowed, repay = o.loan_ladder[p.loan]
        top = len(o.loan_ladder) - 1
        if p.loan < top:
            p.next_loan = p.loan + 1
        else:
            p.next_loan = top if o.after_top_loan == "stay" else 0
        p.loan = None
        p.repaid_turn = self.turn.number
        self.spend(seat, repay, "loan.repaid", borrowed=borrowed)
        self._use_action()
        self.then(("actions", seat))

    # ----- the tax authority -------------------------------------------------------------
    def check_pay_tax(self, seat: int, action: PayTax) -> Message | None:
        o = self.options
        if self.players[seat].tax_card:
            return msg("why.tax_card_held")
        if o.tax_counts_as_action and self.turn.actions_left <= 0:
            return self.no_actions_left()
        if self.cash(seat) < o.voluntary_tax:
            return msg("why.short_of_cash", price=o.voluntary_tax, cash=self.cash(seat))
        return None

    def do_pay_tax(self, seat: int, action: PayTax) -> None:
        o = self.options
        self.spend(seat, o.voluntary_tax, "tax.voluntary")
        self.players[seat].tax_card = True
        if o.tax_counts_as_action:
            self._use_action()  # the turn's question, left open, says so (decision_figures)

    def amount_problem(self, seat: int, action: Action) -> Message | None:
        """Savings moves, card offers and bids say in money why an amount does not fit (their
        own checks cover the range: "You have only $5 in savings"); other amounts as the
        kernel words them."""
        cls = action.__class__
        if cls is Save or cls is Withdraw or cls is Propose or cls is Bid:
            return None
        return super().amount_problem(seat, action)

    def amount_range(self, seat: int, action: Action, field: str) -> tuple[int, int] | None:
        """Savings move any amount up to what is there; a card is offered for $1 to one's cash;
        a distressed asset for its distress value up to its market value and one's cash (R20)."""
        cls = action.__class__
        if cls is Bid:
            d = self.decision
            if d is None or d.kind != "bid":
                return None
            high = min(d.data["market"], self.cash(seat))
            return (d.data["distress"], high) if high >= d.data["distress"] else None
        if cls is Withdraw:
            have = self.savings(seat)
        elif cls is Save or cls is Propose:
            have = self.cash(seat)
        else:
            return None
        return (1, have) if have >= 1 else None

    # ----- the roll, protection, forced sales, insolvency --------------------------------
    def check_roll(self, seat: int, action: Roll) -> Message | None:
        return None

    def do_roll(self, seat: int, action: Roll) -> None:
        self.draw("die", DIE, ("rolled", seat))

    def check_use_option(self, seat: int, action: UseOption) -> Message | None:
        if not self.players[seat].options:
            return msg("why.no_option")
        return None

    def do_use_option(self, seat: int, action: UseOption) -> None:
        self.players[seat].options -= 1
        self.stock["option"] += 1
        self.turn.option_used = True
        self.event("option.replay", seat=seat, roll=self.turn.roll)
        self.draw("die", DIE, ("rolled", seat))

    def check_keep_roll(self, seat: int, action: KeepRoll) -> Message | None:
        return None

    def do_keep_roll(self, seat: int, action: KeepRoll) -> None:
        self.then(("move", seat))

    def check_protect(self, seat: int, action: Protect) -> Message | None:
        d = self.decision
        assert d is not None
        p = self.players[seat]
        if action.card == "insurance":
            return None if p.insurance else msg("why.no_insurance")
        if action.card == "options":
            if d.data["blow"] != "crash":
                return msg("why.options_only_crash")
            needed = self.options.crash_options_needed
            if p.options >= needed:
                return None
            return msg("why.too_few_options", held=p.options, needed=needed)
        if action.card != "none":
            return msg("why.no_such_card", card=action.card)
        return None

    def do_protect(self, seat: int, action: Protect) -> None:
        d = self.asked
        assert d is not None
        blow = d.data["blow"]
        p = self.players[seat]
        if action.card == "insurance":
            p.insurance -= 1
            self.stock["insurance"] += 1
            self.event("insurance.used", seat=seat, blow=blow)
            if self.options.insurance_ends_turn and seat == self.turn.seat:
                self.turn.stopped = True  # a player hit on another's turn has no moves to stop
        elif action.card == "options":
            needed = self.options.crash_options_needed
            p.options -= needed
            self.stock["option"] += needed
            self.event("option.crash_escaped", seat=seat, count=needed)
        else:
            self.step_blow(seat, blow)

    def check_forced_sale(self, seat: int, action: ForcedSale) -> Message | None:
        d = self.decision
        assert d is not None
        if action.asset not in d.data["assets"]:
            return msg("why.not_for_forced_sale", asset=action.asset)
        return None

    def do_forced_sale(self, seat: int, action: ForcedSale) -> None:
        self.step_distress(seat, action.asset)

    def check_use_savings(self, seat: int, action: UseSavings) -> Message | None:
        if not self.savings(seat):
            return msg("why.no_savings")
        return None

    def do_use_savings(self, seat: int, action: UseSavings) -> None:
        d = self.asked
        assert d is not None
        amount = min(d.data["short"], self.savings(seat))
        self.pay(SAVINGS[seat], CASH[seat], amount, "savings.to_pay", seat=seat)

    def check_give_up(self, seat: int, action: GiveUp) -> Message | None:
        """A player who can still pay from savings, borrow or sell an asset can pay (R19)."""
        p = self.players[seat]
        d = self.decision
        assert d is not None
        if self.cash(seat) + self.savings(seat) >= d.data["amount"]:
            return msg("why.can_use_savings")
        if p.loan is None:
            return msg("why.can_borrow")
        for asset, sellable in p.assets.items():
            if p.turns >= sellable:
                return msg("why.can_sell", asset=self.content.asset[asset].name)
        return None

    def do_give_up(self, seat: int, action: GiveUp) -> None:
        self.bankrupt(seat)

    # ----- the end -----------------------------------------------------------------------
    def check_grant_final_turns(self, seat: int, action: GrantFinalTurns) -> Message | None:
        return None

    def do_grant_final_turns(self, seat: int, action: GrantFinalTurns) -> None:
        if action.grant:
            self.step_final_turns()
        else:
            self.event("end.no_final_turns", seat=seat)
            self.then(("game_end",))

    def check_final_turn(self, seat: int, action: FinalTurn) -> Message | None:
        return None

    def do_final_turn(self, seat: int, action: FinalTurn) -> None:
        if action.take:
            self.then(("turn", seat))
        else:
            self.players[seat].done = True
            self.event("end.stopped", seat=seat)

    def check_end_turn(self, seat: int, action: EndTurn) -> Message | None:
        return None

    def do_end_turn(self, seat: int, action: EndTurn) -> None:
        """The turn is over: the flow moves on to the next player."""
