"""Market Forces: the card after every opportunity, acting on the current player or everyone
holding a matching asset; an offer to buy assets is put to every matching holder at once."""

from __future__ import annotations

from moneyboard.engine import Message, msg
from moneyboard.games.rut_to_riches.actions import Sell
from moneyboard.games.rut_to_riches.base import CONTENT, RutBase

FORCES = CONTENT.forces


class MarketForces(RutBase):
    """The Market Forces card and what it does (R17)."""

    def step_market(self, seat: int) -> None:
        """Draw the Market Forces card that follows an opportunity."""
        self.draw_card("market", ("market_drawn", seat))

    def step_market_drawn(self, seat: int, card_id: str) -> None:
        """An offer to buy is put to the matching holders; other cards act at once."""
        market = self.decks["market"]
        market.take(card_id)
        market.discard(card_id)
        m = FORCES[card_id]
        self.event("rut.market", seat=seat, card=card_id, title=m.title, text=m.text)
        players = self.players
        seats = [
            s
            for s in (self.playing(seat) if m.scope == "all" else [seat])
            if not players[s].out and (not m.tag or players[s].has_tag(m.tag))
        ]
        if not seats:  # said, so that nobody wonders whether it passed them by unnoticed
            what = self.catalogue.word(m.tag, "owns")
            if m.scope == "all":
                self.event("rut.market_nobody", title=m.title, tag=m.tag, what=what)
            else:
                self.event("rut.market_spared", seat=seat, title=m.title, tag=m.tag, what=what)
            return
        if m.kind == "offer":
            if seats:
                self.table = {"deck": "market", "card": card_id, "holder": seat}
                self.decide(tuple(seats), "market", card=card_id, price=m.amount, tag=m.tag)
            return
        for s in seats:
            p = players[s]
            if m.kind == "cash":
                count = sum(1 for h in p.holdings if m.tag in h.tags) if m.per_asset else 1
                amount = m.amount * count
                # The event and the payment share their words: the payment is not told twice.
                if amount > 0:
                    self.event("rut.market_gain", seat=s, amount=amount, title=m.title)
                    self.gain(s, amount, "rut.market_gain", card=card_id, title=m.title)
                elif amount < 0:
                    self.event("rut.market_loss", seat=s, amount=-amount, title=m.title)
                    self.charge(s, -amount, "rut.market_loss", card=card_id, title=m.title)
            elif m.kind == "cashflow":
                for h in p.holdings:
                    if m.tag in h.tags:
                        h.cashflow += m.amount
                p.recount_passive()
                self.event("rut.market_cashflow", seat=s, amount=m.amount, tag=m.tag, title=m.title)
            elif m.kind == "debt":
                p.debt["business"] += m.amount
                p.set_expense("business", p.exp["business"] + m.payment)
                self.event(
                    "rut.market_debt", seat=s, amount=m.amount, payment=m.payment, title=m.title
                )

    def market_offer_tag(self) -> str | None:
        """The asset tag of the Market Forces offer on the table, if one is there."""
        t = self.table
        if t is None or t["deck"] != "market":
            return None
        return FORCES[t["card"]].tag

    def check_sell(self, seat: int, a: Sell) -> Message | None:
        """Assets are sold only when a card permits, and only those the player owns."""
        tag = self.market_offer_tag()
        if tag is None:
            return msg("why.rut.no_buyer")
        if not self.players[seat].has_tag(tag):
            return msg("why.rut.nothing_to_sell", what=self.catalogue.word(tag, "owns"))
        return None

    def do_sell(self, seat: int, a: Sell) -> None:
        """Sell every matching asset at the offered price; the mortgage is repaid from the
        proceeds, and a shortfall below the mortgage is paid by the seller (R17)."""
        assert self.table is not None
        m = FORCES[self.table["card"]]
        p = self.players[seat]
        kept = []
        for h in p.holdings:
            if m.tag not in h.tags:
                kept.append(h)
                continue
            left = m.amount - h.mortgage
            if left >= 0:
                self.event("rut.asset_sold", seat=seat, title=h.title, price=m.amount, amount=left)
                self.gain(seat, left, "rut.asset_sold", card=h.card)
            else:  # not "-$2,000 after the mortgage is repaid"
                short = -left
                self.event(
                    "rut.asset_sold_short", seat=seat, title=h.title, price=m.amount, short=short
                )
                self.charge(seat, short, "rut.mortgage_shortfall", card=h.card)
            self.return_card(seat, self.opp(h.card).deck, h.card)
        p.holdings = kept
        p.recount_passive()
        self.close_market()
        self.books_now()

    def pass_market(self, seat: int) -> None:
        """A holder keeps their assets."""
        self.event("rut.no_action", seat=seat)
        self.close_market()

    def close_market(self) -> None:
        """The offer leaves the table once the last holder has answered."""
        if self.decision is None:
            self.table = None
