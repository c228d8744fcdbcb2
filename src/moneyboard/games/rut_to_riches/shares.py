"""The Share Market: price cards every player (or, for a tip, only the drawer) acts on, and
splits, reverse splits and company bankruptcies that act on every holder (R14)."""

from __future__ import annotations

from moneyboard.engine import Message, msg
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.actions import BuyShares, SellShares
from moneyboard.games.rut_to_riches.base import ACCOUNTS, OPPORTUNITIES, RutBase
from moneyboard.games.rut_to_riches.content import Opportunity
from moneyboard.games.rut_to_riches.sheet import Shares

#: The most shares of one company a player may buy in one go.
MAX_LOT = 1_000_000


class ShareMarket(RutBase):
    """Share Market cards, drawn one after the other and acted on one at a time."""

    def step_share_card(self, seat: int, number: int) -> None:
        """Draw the ``number``-th Share Market card of a Share Market pick."""
        self.draw_card("shares", ("share_drawn", seat, number))

    def step_share_drawn(self, seat: int, number: int, card_id: str) -> None:
        """A price card is put to the players; a split, reverse split or bankruptcy acts."""
        shares = self.decks["shares"]
        shares.take(card_id)
        shares.discard(card_id)
        if number < self.options.share_cards:
            self.then(("share_card", seat, number + 1))
        card = OPPORTUNITIES[card_id]
        symbol = card.symbol
        if card.open_to_all:
            self.event("rut.share_card", seat=seat, card=card_id, title=card.title, number=number)
        else:
            self.event("rut.share_tip", seat=seat, number=number)
        holders = [(s, p) for s, p in enumerate(self.players) if symbol in p.shares]
        if card.kind == "price":
            self.table = {"deck": "shares", "card": card_id, "holder": seat}
            if card.open_to_all:
                seats = tuple(self.playing(seat))
                self.decide(seats, "shares", card=card_id, price=card.price, symbol=symbol)
            else:
                self.decide(seat, "shares", hidden=True)  # a tip: for the drawer's eyes only
        elif card.kind == "split":
            for s, p in holders:
                lot = p.shares[symbol]
                lot.count *= 2
                self.event("rut.split", seat=s, symbol=symbol, count=lot.count)
        elif card.kind == "reverse_split":
            for s, p in holders:
                lot = p.shares[symbol]
                lot.count //= 2
                lot.dividend = 0
                self.event("rut.reverse_split", seat=s, symbol=symbol, count=lot.count)
                if lot.count == 0:
                    del p.shares[symbol]
                p.recount_passive()
        else:
            for s, p in holders:
                del p.shares[symbol]
                p.recount_passive()
                self.event("rut.shares_worthless", seat=s, symbol=symbol)

    def share_card(self) -> Opportunity:
        """The Share Market price card on the table."""
        assert self.table is not None
        return OPPORTUNITIES[self.table["card"]]

    def pass_shares(self, seat: int) -> None:
        """A player does nothing with the price card."""
        self.event("rut.no_action", seat=seat)
        self.close_shares()

    def close_shares(self) -> None:
        """The card leaves the table once the last player has answered."""
        if self.decision is None:
            self.table = None

    # ----- buying and selling ---------------------------------------------------------------
    def share_count_range(self, seat: int) -> tuple[int, int]:
        """Shares are bought in multiples of 10, up to as many as ``seat`` can pay for with
        its cash and what the bank would lend it (so a learner's number field offers no more
        than that), and never more than :data:`MAX_LOT` at a time. A seat that cannot pay
        for ten is offered ten, and told why not."""
        card = self.share_card()

        def affordable(lots: int) -> bool:
            count = 10 * lots
            return self.can_raise(seat, card.price * count, card.dividend * count)

        most = MAX_LOT // 10
        if card.price <= 0:  # free shares: as many as may be bought at once
            return (10, MAX_LOT)
        # Cash and the loans it can take now pay for this many lots; the shares' dividends
        # may let it borrow a little more, so look further up from there.
        low = min(most, (self.cash(seat) + self.loan_room(seat)) // (card.price * 10))
        if low == 0 and not affordable(1):
            return (10, 10)
        low = max(low, 1)
        step = 1
        while low < most and affordable(min(low + step, most)):
            low, step = min(low + step, most), step * 2
        while step > 1:  # the last step went too far: halve it back to the edge
            step //= 2
            if low + step <= most and affordable(low + step):
                low += step
        return (10, 10 * low)

    def check_buy_shares(self, seat: int, a: BuyShares) -> Message | None:
        card = self.share_card()
        cost = card.price * a.count
        if not self.can_raise(seat, cost, card.dividend * a.count):
            return msg("why.rut.cannot_afford", amount=cost)
        return None

    def do_buy_shares(self, seat: int, a: BuyShares) -> None:
        card = self.share_card()
        count = a.count
        cost = card.price * count
        self.raise_cash(seat, cost, card.dividend * count)
        self.ledger.post(ACCOUNTS[seat], BANK, cost, "rut.shares_bought", {"seat": seat})
        p = self.players[seat]
        lot = p.shares.setdefault(card.symbol, Shares())
        lot.count += count
        lot.dividend += card.dividend * count
        lot.cost += cost
        p.recount_passive()
        self.event(
            "rut.bought_shares", seat=seat, symbol=card.symbol, count=count, price=card.price
        )
        self.close_shares()
        self.books_now()

    def check_sell_shares(self, seat: int, a: SellShares) -> Message | None:
        symbol = self.share_card().symbol
        lot = self.players[seat].shares.get(symbol)
        if lot is None or a.part not in (1, 2) or lot.count // a.part == 0:
            return msg("why.rut.no_shares", symbol=symbol)
        return None

    def do_sell_shares(self, seat: int, a: SellShares) -> None:
        card = self.share_card()
        p = self.players[seat]
        lot = p.shares[card.symbol]
        sold = lot.count if a.part == 1 else lot.count // 2
        lot.dividend -= lot.dividend * sold // lot.count
        lot.cost -= lot.cost * sold // lot.count
        lot.count -= sold
        if lot.count == 0:
            del p.shares[card.symbol]
        p.recount_passive()
        self.gain(seat, sold * card.price, "rut.shares_sold")
        self.event("rut.sold_shares", seat=seat, symbol=card.symbol, count=sold, price=card.price)
        self.close_shares()
        self.books_now()
