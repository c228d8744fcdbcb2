"""What each box does: bills, the asset market, Circumstances 1-6, the Tax authority, Crash.

Mandatory payments go through :meth:`Boxes.step_pay`: cash first, then savings; when both
fall short the player may borrow, ask another player for a loan or sell an asset, and is out
if nothing covers it. Blows that insurance (or two options, for a Crash) prevents are asked
about first (:meth:`Boxes.step_threat`).
"""

from __future__ import annotations

from typing import Any

from moneyboard.games.monitics.base import DIE, MoniticsBase, share

#: Blows insurance can prevent, and the one two options can prevent.
INSURABLE = frozenset({"major_expense", "forced_sale", "crash"})

#: Each circumstance by its name on the card, as the learner reads it.
CIRCUMSTANCE_TITLES = {
    1: "Major Expense",
    2: "Forced Sale",
    3: "Good Money Habits",
    4: "Ownership Pays",
    5: "Wahala Pro Max",
    6: "Business Gain",
}


class Boxes(MoniticsBase):
    """Resolution of the box landed on, and the payments and sales it can force."""

    owners: dict[str, int]

    def step_box(self, seat: int) -> None:
        p = self.players[seat]
        box = self.content.boxes[p.position - 1]
        kind = box.type
        if kind == "bill":
            bill = self.content.bill[box.detail]
            self.step_pay(seat, bill.amount, "bill.paid", {"bill": bill.name})
        elif kind == "asset":
            if self.turn.market != "any":
                any_box = self.options.asset_market == "any_asset_box"
                self.turn.market = "any" if any_box else box.detail
            self.event("box.asset_market", seat=seat, kind=box.detail)
        elif kind == "circumstances":
            self.circumstance(seat, self.turn.roll)
        elif kind == "tax":
            self.tax_authority(seat)
        elif kind == "crash":
            self.event("crash.hit", seat=seat)
            if self.options.crash_reach == "lander":
                self.step_threat(seat, "crash")
            else:  # the whole market: everyone holding assets, the lander first (R15)
                held = [s for s in self.others(seat) if self.players[s].assets]
                spread = [("crash_spreads", s) for s in held]
                self.then(("threat", seat, "crash"), *spread, ("crash_sales",))
        else:
            p.done = True
            if self.finisher is None:
                self.finisher = seat
                self.event("end.completed_first", seat=seat)
            else:
                self.event("end.completed", seat=seat)

    # ----- payments ----------------------------------------------------------------------
    def step_pay(self, seat: int, amount: int, key: str, params: dict[str, Any]) -> None:
        """A payment the player cannot refuse: from cash, else the player chooses how (R11)."""
        if self.players[seat].out or amount <= 0:
            return
        cash = self.cash(seat)
        if cash >= amount:
            self.spend(seat, amount, key, **params)
            return
        if self.options.savings_pay_automatically and cash + self.savings(seat) >= amount:
            self.pay_from_all(seat, amount, key, **params)
            return
        self.then(("pay", seat, amount, key, params))
        self.event("payment.short", seat=seat, due=amount, short=amount - cash)
        self.ask(seat, "shortfall", amount=amount, short=amount - cash, reason=key)

    # ----- circumstances -----------------------------------------------------------------
    def circumstance(self, seat: int, number: int) -> None:
        """Circumstance ``number``: the die that brought the player here, never a new roll."""
        o = self.options
        p = self.players[seat]
        title = CIRCUMSTANCE_TITLES[number]
        self.event("circumstance.drawn", seat=seat, number=number, title=title)
        if number == 1:
            self.step_threat(seat, "major_expense")
        elif number == 2:
            # The rulebook's "no cash or savings at all, nothing happens" covers both of its
            # branches: a player with assets but not a dollar is not made to sell (R12).
            if self.cash(seat) + self.savings(seat) <= 0:
                self.event("circumstance.nothing", seat=seat, number=number)
            elif self.forced_sale_assets(seat) or o.insurance_covers_cash_loss:
                self.step_threat(seat, "forced_sale")
            else:
                self.step_blow(seat, "forced_sale")
        elif number == 3:
            if self.savings(seat) >= o.habits_savings_min:
                reward = ("reward", seat, o.habits_reward, "circumstance.habits_reward")
                self.claimable(seat, "habits_reward", reward)
            else:
                self.step_pay(seat, o.habits_penalty, "circumstance.habits_penalty", {})
        elif number == 4:
            if self.owns_for_ownership_pays(seat):
                key = (
                    "circumstance.ownership_reward" if p.assets else "circumstance.ownership_cards"
                )
                reward = ("reward", seat, o.ownership_reward, key)
                self.claimable(seat, "ownership_reward", reward)
            else:
                self.step_pay(seat, o.ownership_penalty, "circumstance.ownership_penalty", {})
        elif number == 5:
            if p.insurance or self.savings(seat) > 0:
                self.event("circumstance.wahala_safe", seat=seat)
            else:
                loss = share(self.cash(seat), o.wahala_loss_pct)
                self.spend(seat, loss, "circumstance.wahala_loss", percent=o.wahala_loss_pct)
        elif self.owns_company(seat):
            grant = ("reward", seat, o.business_grant, "circumstance.business_grant")
            self.claimable(seat, "business_grant", grant)
        else:
            self.step_pay(seat, o.business_penalty, "circumstance.business_penalty", {})

    def step_reward(self, seat: int, amount: int, key: str) -> None:
        """A Circumstance's reward, paid by the bank (claimed, or automatic)."""
        self.receive(seat, amount, key)

    def forced_sale_assets(self, seat: int) -> list[str]:
        """The player's assets worth more than the Forced Sale threshold, in holding order."""
        limit = self.options.forced_sale_min_value
        asset = self.content.asset
        return [a for a in self.players[seat].assets if asset[a].market > limit]

    # ----- blows that insurance or options may prevent -----------------------------------
    def step_threat(self, seat: int, blow: str) -> None:
        """Ask whether to use insurance (or two options against a Crash); else take the blow."""
        p = self.players[seat]
        needed = self.options.crash_options_needed
        insurable = p.insurance > 0 and blow in INSURABLE
        escapable = blow == "crash" and p.options >= needed
        if blow == "crash" and 0 < p.options < needed:
            self.event("crash.too_few_options", seat=seat, held=p.options, needed=needed)
        if insurable or escapable:
            self.ask(seat, "protect", blow=blow)
        else:
            self.step_blow(seat, blow)

    def step_blow(self, seat: int, blow: str) -> None:
        o = self.options
        if blow == "major_expense":
            self.step_pay(seat, o.major_expense, "circumstance.major_expense", {})
        elif blow == "forced_sale":
            eligible = self.forced_sale_assets(seat)
            if len(eligible) == 1:
                self.step_distress(seat, eligible[0])
            elif eligible:
                self.ask(seat, "forced_sale", assets=eligible)
            else:
                have = self.cash(seat) + self.savings(seat)
                loss = share(have, o.forced_sale_loss_pct)
                self.pay_from_all(
                    seat, loss, "circumstance.forced_sale_loss", percent=o.forced_sale_loss_pct
                )
        else:
            self.crash(seat)

    def crash(self, seat: int) -> None:
        """Every asset sold at distress value; with none, most of the cash (not savings) lost."""
        p = self.players[seat]
        if p.assets and self.options.crash_reach == "asset_holders":
            # Sold once every player hit has chosen, so that an asset bought in distress
            # from one of them is not sold again by its new owner in the same crash.
            self.turn.crash_sales.extend((seat, a) for a in p.assets)
            return
        if p.assets:
            self.then(*[("distress", seat, a) for a in p.assets])
            return
        pct = self.options.crash_cash_loss_pct
        loss = share(self.cash(seat), pct)
        if loss:
            self.spend(seat, loss, "crash.cash_loss", percent=pct)
        else:
            self.event("crash.nothing", seat=seat)

    def step_crash_spreads(self, seat: int) -> None:
        """A crash of the whole market reaches another player holding assets (R15)."""
        if self.players[seat].out or not self.players[seat].assets:
            return
        self.event("crash.spreads", seat=seat)
        self.step_threat(seat, "crash")

    def step_crash_sales(self) -> None:
        """Every player hit and unprotected sells each asset in distress, in turn order."""
        sales = self.turn.crash_sales
        self.turn.crash_sales = []
        self.then(*[("distress", seat, asset) for seat, asset in sales])

    # ----- distress sales ----------------------------------------------------------------
    def step_distress(self, seat: int, asset: str) -> None:
        """Sell ``asset`` in distress: other players may buy it first; else the bank pays."""
        card = self.content.asset[asset]
        bidders = [b for b in self.others(seat) if self.may_bid(b, card.distress)]
        if not self.deals_left() or not bidders:  # say why nobody is asked
            key = "distress.sale_no_buyer" if self.deals_left() else "distress.sale_no_deal"
            self.event(key, seat=seat, asset=card.name, distress=card.distress)
            self.then(("distress_bank", seat, asset))
            return
        self.event("distress.sale", seat=seat, asset=card.name, distress=card.distress)
        steps = [("distress_offer", seat, asset, b) for b in self.others(seat)]
        self.then(*steps, ("distress_bank", seat, asset))

    def may_bid(self, bidder: int, distress: int) -> bool:
        """Whether ``bidder`` is still on the board (not out, not finished: R21) and has the
        cash to buy at the distress value."""
        p = self.players[bidder]
        return not p.out and not p.done and self.cash(bidder) >= distress

    def step_distress_offer(self, seat: int, asset: str, bidder: int) -> None:
        card = self.content.asset[asset]
        if (
            self.owners.get(asset) != seat
            or not self.deals_left()
            or not self.may_bid(bidder, card.distress)
        ):
            return
        self.ask(
            bidder, "bid", seller=seat, asset=asset, distress=card.distress, market=card.market
        )

    def step_distress_bank(self, seat: int, asset: str) -> None:
        if self.owners.get(asset) != seat:
            return  # another player bought it
        card = self.content.asset[asset]
        del self.players[seat].assets[asset]
        del self.owners[asset]
        self.receive(seat, card.distress, "distress.bank", asset=card.name)

    # ----- the tax authority -------------------------------------------------------------
    def tax_authority(self, seat: int) -> None:
        o = self.options
        p = self.players[seat]
        if p.tax_card:
            self.event("tax.exempt", seat=seat)
            return
        if o.taxman_catches_on < len(DIE):  # the Taxman "may" catch: a die decides (R10)
            self.draw("taxman", DIE, ("taxman_rolled", seat))
            return
        self.tax_caught(seat)

    def step_taxman_rolled(self, seat: int, roll: int) -> None:
        """The Taxman's die: caught on ``taxman_catches_on`` or lower, else not this time."""
        faces = self.options.taxman_catches_on
        if roll > faces:
            self.event("tax.not_caught", seat=seat, roll=roll, faces=faces)
            return
        self.event("tax.taxman_roll", seat=seat, roll=roll, faces=faces)
        self.tax_caught(seat)

    def tax_caught(self, seat: int) -> None:
        """Caught without a Tax Card: the penalty, or a debt due at the end, and the card."""
        o = self.options
        p = self.players[seat]
        p.tax_card = True
        if self.cash(seat) + self.savings(seat) >= o.tax_penalty:
            # Paid like a bill: from cash, and when cash is short the player chooses (R11).
            self.step_pay(seat, o.tax_penalty, "tax.caught", {})
        else:
            p.tax_debt += o.tax_penalty + o.tax_debt_surcharge
            self.event(
                "tax.debt",
                seat=seat,
                amount=o.tax_penalty,
                due=o.tax_penalty + o.tax_debt_surcharge,
            )
