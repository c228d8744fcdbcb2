"""Opportunities (Real Estate, Share Market, Personal, Ventures), resale of a drawn card,
Market Forces, Expenses and Mentor Advice."""

from __future__ import annotations

from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.content import Opportunity
from moneyboard.games.rut_to_riches.core import (
    ACCOUNTS,
    ADVICE,
    EXPENSES,
    FORCES,
    OPPORTUNITIES,
    SHARE_SYMBOLS,
    SHARE_TERMS,
    RutCore,
)
from moneyboard.games.rut_to_riches.money import tax_cut
from moneyboard.games.rut_to_riches.sheet import Holding, Shares

ASSET_KINDS = ("property", "business", "anyway")


def projected_income(card: Opportunity) -> int:
    """Monthly income a card would add (for the loan limit)."""
    return card.cashflow + card.income if card.kind != "insurance" else -card.premium


#: For each Opportunity card: the cash needed to take it and the monthly income it would add.
#: Read by every check of a purchase (a pydantic model's fields are slow to read).
BUY_TERMS = {c.id: (c.price_to_buy, projected_income(c)) for c in OPPORTUNITIES.values()}


class Deals(RutCore):
    """Everything that happens once a card is turned over."""

    # ----- opportunities -------------------------------------------------------------------
    def step_opportunity(self, seat: int, deck: str) -> None:
        self.agenda.append(("market", seat))  # Market Forces after the deal
        if deck == "shares":
            self.step_share_card(seat, 1)
            return
        self.draw_card(deck, ("opp_drawn", seat, deck))

    def step_opp_drawn(self, seat: int, deck: str, card: str) -> None:
        self.take(deck, card)
        self.table = {"deck": deck, "card": card, "holder": seat, "offered": [], "offer": None}
        self.note(
            "rut.card",
            {"seat": seat, "deck": deck, "card": card, "title": OPPORTUNITIES[card].title},
        )
        self.ask(seat, "opportunity", card=card)

    def projected(self, card: Opportunity) -> int:
        """Monthly income a card would add (for the loan limit)."""
        return BUY_TERMS[card.id][1]

    def opportunity_problem(self, seat: int, card: Opportunity, extra: int = 0) -> str | None:
        """Why ``seat`` cannot take ``card`` now (a message key), or None."""
        p = self.players[seat]
        kind = card.kind
        if p.retired and kind in {"part_time", "training"}:
            return "why.rut.retired_no_job"
        if kind == "insurance" and set(card.immunities) <= p.immunities:
            return "why.rut.already_covered"
        price, projected = BUY_TERMS[card.id]
        if not self.can_raise(seat, price + extra, projected):
            return "why.rut.cannot_afford"
        return None

    def acquire(self, seat: int, deck: str, card_id: str) -> None:
        """The player takes the card: pays for it and writes it on the Score Sheet."""
        card = OPPORTUNITIES[card_id]
        p = self.players[seat]
        price, projected = BUY_TERMS[card_id]
        self.raise_cash(seat, price, projected)
        if price:
            self.ledger.post(
                ACCOUNTS[seat], BANK, price, "rut.bought", {"seat": seat, "card": card_id}
            )
        keep = False
        kind = card.kind
        if kind in ASSET_KINDS:
            h = Holding(card)
            if self.member(p):
                h.boost = card.inner_bonus
            p.holdings.append(h)
            p.recount_passive()
            keep = True
        elif kind == "part_time":
            p.part_time += card.income
            p.set_expense("part_time_taxes", p.exp["part_time_taxes"] + card.tax)
        elif kind == "training":
            p.salary += card.income
            p.set_expense("taxes", p.exp["taxes"] + card.tax)
        elif kind == "insurance":
            p.set_expense("insurance", p.exp["insurance"] + card.premium)
            p.immunities.update(card.immunities)
            keep = True
        if keep:
            p.cards.append((deck, card_id))
        else:
            self.discards[deck].append(card_id)
        self.note(
            "rut.took_card", {"seat": seat, "card": card_id, "title": card.title, "paid": price}
        )

    def close_table(self) -> None:
        self.table = None
        self.decision = None
        self.waiting = []

    def buy_opportunity(self, seat: int) -> None:
        assert self.table is not None
        self.acquire(seat, self.table["deck"], self.table["card"])
        self.close_table()

    def pass_opportunity(self, seat: int) -> None:
        assert self.table is not None
        self.discards[self.table["deck"]].append(self.table["card"])
        self.note("rut.passed", {"seat": seat, "card": self.table["card"]})
        self.close_table()

    def offer_card(self, seat: int, to: int, commission: int) -> None:
        assert self.table is not None
        self.table["offered"].append(to)
        self.table["offer"] = [to, commission]
        self.note(
            "rut.offered",
            {"seat": seat, "to": to, "card": self.table["card"], "commission": commission},
        )
        self.ask(to, "resale", card=self.table["card"], seller=seat, commission=commission)

    def accept_resale(self, seat: int) -> None:
        assert self.table is not None
        seller = self.table["holder"]
        card = self.table["card"]
        commission = self.table["offer"][1]
        if commission:
            price, projected = BUY_TERMS[card]
            self.raise_cash(seat, commission + price, projected)
            self.ledger.post(
                ACCOUNTS[seat],
                ACCOUNTS[seller],
                commission,
                "rut.commission",
                {"seat": seat, "to": seller},
            )
        self.note(
            "rut.resold",
            {"seat": seat, "seller": seller, "card": card, "commission": commission},
        )
        self.buy_opportunity(seat)

    def decline_resale(self, seat: int) -> None:
        assert self.table is not None
        self.table["offer"] = None
        self.note("rut.declined", {"seat": seat, "card": self.table["card"]})
        self.ask(self.table["holder"], "opportunity", card=self.table["card"])

    # ----- share market --------------------------------------------------------------------
    def step_share_card(self, seat: int, number: int) -> None:
        self.draw_card("shares", ("share_drawn", seat, number))

    def step_share_drawn(self, seat: int, number: int, card_id: str) -> None:
        self.take("shares", card_id)
        self.discards["shares"].append(card_id)
        if number < self.hot.share_cards:
            self.then(("share_card", seat, number + 1))
        card = OPPORTUNITIES[card_id]
        kind, symbol = card.kind, card.symbol
        self.note(
            "rut.share_card", {"seat": seat, "card": card_id, "title": card.title, "number": number}
        )
        holders = [(s, p) for s, p in enumerate(self.players) if symbol in p.shares]
        if kind == "price":
            if card.open_to_all:
                seats = [s for s in self.turn_order(seat) if not self.players[s].out]
            else:
                seats = [seat]
            self.table = {"deck": "shares", "card": card_id, "holder": seat}
            self.waiting = seats
            self.ask(tuple(seats), "shares", card=card_id, price=card.price, symbol=symbol)
        elif kind == "split":
            for s, p in holders:
                lot = p.shares[symbol]
                lot.count *= 2
                self.note("rut.split", {"seat": s, "symbol": symbol, "count": lot.count})
        elif kind == "reverse_split":
            for s, p in holders:
                lot = p.shares[symbol]
                lot.count //= 2
                lot.dividend = 0
                self.note("rut.reverse_split", {"seat": s, "symbol": symbol, "count": lot.count})
                if lot.count == 0:
                    del p.shares[symbol]
                p.recount_passive()
        else:
            for s, p in holders:
                del p.shares[symbol]
                p.recount_passive()
                self.note("rut.shares_worthless", {"seat": s, "symbol": symbol})

    def share_card(self) -> Opportunity:
        assert self.table is not None
        return OPPORTUNITIES[self.table["card"]]

    def buy_shares(self, seat: int, count: int) -> None:
        assert self.table is not None
        card = self.table["card"]
        price, dividend = SHARE_TERMS[card]
        symbol = SHARE_SYMBOLS[card]
        cost = price * count
        self.raise_cash(seat, cost, dividend * count)
        self.ledger.post(ACCOUNTS[seat], BANK, cost, "rut.shares_bought", {"seat": seat})
        p = self.players[seat]
        lot = p.shares.setdefault(symbol, Shares())
        lot.count += count
        lot.dividend += dividend * count
        lot.cost += cost
        p.recount_passive()
        self.note(
            "rut.bought_shares", {"seat": seat, "symbol": symbol, "count": count, "price": price}
        )
        self.answered(seat)

    def sell_shares(self, seat: int, part: int) -> None:
        assert self.table is not None
        card = self.table["card"]
        price = SHARE_TERMS[card][0]
        symbol = SHARE_SYMBOLS[card]
        p = self.players[seat]
        lot = p.shares[symbol]
        sold = lot.count if part == 1 else lot.count // 2
        lot.dividend -= lot.dividend * sold // lot.count
        lot.cost -= lot.cost * sold // lot.count
        lot.count -= sold
        if lot.count == 0:
            del p.shares[symbol]
        p.recount_passive()
        self.gain(seat, sold * price, "rut.shares_sold")
        self.note(
            "rut.sold_shares", {"seat": seat, "symbol": symbol, "count": sold, "price": price}
        )
        self.answered(seat)

    def answered(self, seat: int) -> None:
        """One seat of a decision put to several has answered; ask the rest again."""
        self.waiting.remove(seat)
        d = self.decision
        assert d is not None
        if self.waiting:
            self.ask(tuple(self.waiting), d.kind, **d.data)
        else:
            self.close_table()

    # ----- market forces -------------------------------------------------------------------
    def step_market(self, seat: int) -> None:
        self.draw_card("market", ("market_drawn", seat))

    def step_market_drawn(self, seat: int, card_id: str) -> None:
        self.take("market", card_id)
        self.discards["market"].append(card_id)
        m = FORCES[card_id]
        self.note("rut.market", {"seat": seat, "card": card_id, "title": m.title})
        players = self.players
        kind, tag = m.kind, m.tag
        seats = [
            s
            for s in (self.turn_order(seat) if m.scope == "all" else (seat,))
            if not players[s].out and (not tag or players[s].has_tag(tag))
        ]
        if kind == "offer":
            if seats:
                self.table = {"deck": "market", "card": card_id, "holder": seat}
                self.waiting = seats
                self.ask(tuple(seats), "market", card=card_id, price=m.amount, tag=tag)
            return
        for s in seats:
            p = self.players[s]
            count = sum(1 for h in p.holdings if tag in h.tags) if m.per_asset else 1
            if kind == "cash":
                amount = m.amount * count
                if amount > 0:
                    self.gain(s, amount, "rut.market_gain", card=card_id)
                else:
                    self.charge(s, -amount, "rut.market_loss", card=card_id)
                self.note("rut.market_cash", {"seat": s, "amount": amount})
            elif kind == "cashflow":
                for h in p.holdings:
                    if tag in h.tags:
                        h.cashflow += m.amount
                p.recount_passive()
                self.note("rut.market_cashflow", {"seat": s, "amount": m.amount, "tag": tag})
            elif kind == "debt":
                p.debt["business"] += m.amount
                p.set_expense("business", p.exp["business"] + m.payment)
                self.note("rut.market_debt", {"seat": s, "amount": m.amount, "payment": m.payment})

    def sell_to_market(self, seat: int) -> None:
        assert self.table is not None
        m = FORCES[self.table["card"]]
        p = self.players[seat]
        kept = []
        for h in p.holdings:
            if m.tag in h.tags:
                proceeds = max(0, m.amount - h.mortgage)
                self.gain(seat, proceeds, "rut.asset_sold", card=h.card)
                self.note(
                    "rut.asset_sold",
                    {"seat": seat, "title": h.title, "price": m.amount, "amount": proceeds},
                )
                self.return_card(seat, self.opp(h.card).deck, h.card)
            else:
                kept.append(h)
        p.holdings = kept
        p.recount_passive()
        self.answered(seat)

    # ----- expenses ------------------------------------------------------------------------
    def step_expense(self, seat: int) -> None:
        if not self.players[seat].out:
            self.draw_card("expenses", ("expense_drawn", seat))

    def step_expense_drawn(self, seat: int, card_id: str) -> None:
        self.take("expenses", card_id)
        self.discards["expenses"].append(card_id)
        e = EXPENSES[card_id]
        p = self.players[seat]
        self.note("rut.expense", {"seat": seat, "card": card_id, "title": e.title})
        tag = e.tag
        if tag and tag in p.immunities:
            self.note("rut.immune", {"seat": seat, "card": card_id, "tag": tag})
            return
        if e.optional:
            self.table = {"deck": "expenses", "card": card_id, "holder": seat}
            self.ask(seat, "expense", card=card_id, amount=e.amount)
            return
        self.apply_expense(seat, card_id)

    def apply_expense(self, seat: int, card_id: str) -> None:
        e = EXPENSES[card_id]
        p = self.players[seat]
        kind = e.kind
        if kind == "pay":
            self.charge(seat, e.amount, "rut.expense", card=card_id)
        elif kind == "debt":
            p.debt[e.line] += e.amount
            p.set_expense(e.line, p.exp[e.line] + e.payment)
            self.note(
                "rut.new_debt",
                {"seat": seat, "line": e.line, "amount": e.amount, "payment": e.payment},
            )
        elif kind == "child":
            if p.children < 3:
                p.children += 1
                childcare = p.exp["childcare"] + self.c.jobs[p.job].childcare_per_child
                p.set_expense("childcare", childcare)
                self.note("rut.child", {"seat": seat, "children": p.children})
        else:
            self.charge(seat, p.expenses, "rut.downsized", card=card_id)
            p.lost_turns += e.turns
            self.note("rut.lose_turns", {"seat": seat, "turns": e.turns})

    def expense_problem(self, seat: int) -> str | None:
        assert self.table is not None
        e = EXPENSES[self.table["card"]]
        if e.kind == "pay" and not self.can_raise(seat, e.amount):
            return "why.rut.cannot_afford"
        return None

    def accept_expense(self, seat: int) -> None:
        assert self.table is not None
        self.apply_expense(seat, self.table["card"])
        self.close_table()

    # ----- mentor advice -------------------------------------------------------------------
    def step_advice(self, seat: int) -> None:
        p = self.players[seat]
        if not p.out and not p.bankrupt:
            self.draw_card("advice", ("advice_drawn", seat))

    def step_advice_drawn(self, seat: int, card_id: str) -> None:
        self.take("advice", card_id)
        a = ADVICE[card_id]
        p = self.players[seat]
        self.note("rut.advice", {"seat": seat, "card": card_id, "title": a.title})
        if a.kind == "immunity":
            p.immunities.update(a.immunities)
            p.cards.append(("advice", card_id))
            return
        self.discards["advice"].append(card_id)
        if a.kind == "cash":
            self.gain(seat, a.amount, "rut.advice_cash", card=card_id)
        elif a.kind == "cut":
            line = a.line
            cut = tax_cut(p.exp[line], a.percent)
            p.set_expense(line, p.exp[line] - cut)
            self.note("rut.expense_cut", {"seat": seat, "line": line, "amount": cut})
        else:
            for h in p.holdings:
                if a.tag in h.tags:
                    h.boost += a.amount
            p.recount_passive()
            self.note("rut.boost", {"seat": seat, "tag": a.tag, "amount": a.amount})
