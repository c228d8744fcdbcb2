"""Choose A Deal and the opportunity cards: taking a card, letting it go, or selling it on to
another player (the kernel's offer: the buyer pays the commission and then the card's price)."""

from __future__ import annotations

from moneyboard.engine import Message, msg
from moneyboard.engine.kernel import Offer
from moneyboard.engine.ledger import BANK
from moneyboard.engine.offers import Propose
from moneyboard.games.rut_to_riches.actions import (
    COMMISSIONS,
    MAX_COMMISSION,
    SELL_CARD,
    Deal,
)
from moneyboard.games.rut_to_riches.base import ACCOUNTS, OPPORTUNITIES, RutBase
from moneyboard.games.rut_to_riches.content import Opportunity
from moneyboard.games.rut_to_riches.sheet import Holding

#: Kinds of card that are assets kept on the Score Sheet.
ASSET_KINDS = ("property", "business", "anyway")


def projected_income(card: Opportunity) -> int:
    """Monthly income a card would add (it counts towards the loan limit)."""
    return card.cashflow + card.income if card.kind != "insurance" else -card.premium


class Opportunities(RutBase):
    """Everything between turning an opportunity card over and the Market Forces card."""

    # ----- choosing a deal ------------------------------------------------------------------
    def check_deal(self, seat: int, a: Deal) -> Message | None:
        if a.deck not in self.deal_decks(seat):
            return msg("why.rut.no_such_deck", deck=a.deck)
        return None

    def do_deal(self, seat: int, a: Deal) -> None:
        if a.deck == "none":
            self.event("rut.no_deal", seat=seat)
        else:
            self.then(("opportunity", seat, a.deck))

    def step_opportunity(self, seat: int, deck: str) -> None:
        """An opportunity, then one Market Forces card after every decision on it (R13)."""
        first = ("share_card", seat, 1) if deck == "shares" else ("draw_opportunity", seat, deck)
        self.then(first, ("market", seat))

    def step_draw_opportunity(self, seat: int, deck: str) -> None:
        """Draw a card from the chosen opportunity deck."""
        self.draw_card(deck, ("opportunity_drawn", seat, deck))

    def step_opportunity_drawn(self, seat: int, deck: str, card: str) -> None:
        """The card goes on the table and the drawer decides on it."""
        self.decks[deck].take(card)
        self.table = {"deck": deck, "card": card, "holder": seat, "offered": []}
        self.event("rut.card", seat=seat, deck=deck, card=card, title=OPPORTUNITIES[card].title)
        # The question names an offer to another player only where the card allows one (R15).
        can_offer = OPPORTUNITIES[card].resellable and any(
            not p.out for s, p in enumerate(self.players) if s != seat
        )
        choices = "buy_pass_or_offer" if can_offer else "buy_or_pass"
        self.decide(seat, "opportunity", card=card, choices=choices)

    # ----- taking the card ------------------------------------------------------------------
    def opportunity_problem(self, seat: int, card: Opportunity, extra: int = 0) -> Message | None:
        """Why ``seat`` cannot take ``card`` now (paying ``extra`` besides), or None."""
        p = self.players[seat]
        if p.retired and card.kind in {"part_time", "training"}:
            return msg("why.rut.retired_no_job")
        if card.kind == "insurance" and set(card.immunities) <= p.immunities:
            return msg("why.rut.already_covered")
        if not self.can_raise(seat, card.price_to_buy + extra, projected_income(card)):
            return msg("why.rut.cannot_afford", amount=card.price_to_buy + extra)
        return None

    def buy_opportunity(self, seat: int) -> None:
        """The holder takes the card on the table."""
        assert self.table is not None
        self.acquire(seat, self.table["deck"], self.table["card"])
        self.table = None

    def pass_opportunity(self, seat: int) -> None:
        """The drawer lets the card go: it is discarded."""
        assert self.table is not None
        self.decks[self.table["deck"]].discard(self.table["card"])
        self.event("rut.passed", seat=seat, card=self.table["card"])
        self.table = None

    def acquire(self, seat: int, deck: str, card_id: str) -> None:
        """The player takes the card: pays for it and writes it on the Score Sheet."""
        card = OPPORTUNITIES[card_id]
        p = self.players[seat]
        price = card.price_to_buy
        self.raise_cash(seat, price, projected_income(card))
        if price:
            self.ledger.post(
                ACCOUNTS[seat], BANK, price, "rut.bought", {"seat": seat, "card": card_id}
            )
        keep = False
        if card.kind in ASSET_KINDS:
            h = Holding(card)
            if self.member(p):
                h.boost = card.inner_bonus
            p.holdings.append(h)
            p.recount_passive()
            keep = True
        elif card.kind == "part_time":
            p.part_time += card.income
            p.set_expense("part_time_taxes", p.exp["part_time_taxes"] + card.tax)
        elif card.kind == "training":
            p.salary += card.income
            p.set_expense("taxes", p.exp["taxes"] + card.tax)
        elif card.kind == "insurance":
            p.set_expense("insurance", p.exp["insurance"] + card.premium)
            p.immunities.update(card.immunities)
            keep = True
        if keep:
            p.cards.append((deck, card_id))
        else:
            self.decks[deck].discard(card_id)
        key = "rut.took_card" if price else "rut.took_free_card"  # not "and pays $0"
        self.event(key, seat=seat, card=card_id, title=card.title, paid=price)

    # ----- selling the card on (R15) ---------------------------------------------------------
    def offers_per_turn(self) -> int:
        """The drawer may offer the card to each other player once."""
        return self.n - 1

    def commission_range(self) -> tuple[int, int]:
        """Any commission from nothing up to :data:`MAX_COMMISSION`."""
        return (0, MAX_COMMISSION)

    def offer_choices(self, seat: int) -> list[Propose]:
        """The offers random play and bots choose from: each player not yet asked, at each
        commission step (see :data:`COMMISSIONS`)."""
        t = self.table
        if t is None or not OPPORTUNITIES[t["card"]].resellable:
            return []
        return [
            Propose(to, SELL_CARD, t["card"], c)
            for to in range(self.n)
            if to != seat and to not in t["offered"] and not self.players[to].out
            for c in COMMISSIONS
        ]

    def check_offer(self, seat: int, offer: Offer) -> Message | None:
        t = self.table
        if offer.deal != SELL_CARD or t is None or offer.item != t["card"]:
            return msg("why.rut.not_on_table", item=offer.item)
        if not OPPORTUNITIES[t["card"]].resellable:
            return msg("why.rut.not_resellable")
        if self.players[offer.to].out:
            return msg("why.rut.no_such_buyer", to=offer.to)
        if offer.to in t["offered"]:
            return msg("why.rut.already_offered", to=offer.to)
        return None

    def check_accept_offer(self, seat: int, offer: Offer) -> Message | None:
        """The buyer must be able to pay the commission and then buy at the card's price."""
        return self.opportunity_problem(seat, OPPORTUNITIES[offer.item], offer.price)

    def do_propose(self, seat: int, a: Propose) -> None:
        """The kernel puts the offer to the buyer; the table remembers who was asked."""
        assert self.table is not None
        self.table["offered"].append(a.to)
        super().do_propose(seat, a)

    def settle_offer(self, offer: Offer) -> None:
        """The buyer pays the drawer the commission, then buys the card at its price; the
        drawer's decision on the card is over."""
        assert self.table is not None
        card = OPPORTUNITIES[offer.item]
        if offer.price:
            self.raise_cash(offer.to, offer.price + card.price_to_buy, projected_income(card))
            self.ledger.transfer(
                [
                    (
                        ACCOUNTS[offer.to],
                        ACCOUNTS[offer.seat],
                        offer.price,
                        "rut.commission",
                        {"seat": offer.to, "to": offer.seat},
                    )
                ]
            )
        key = "rut.resold" if offer.price else "rut.resold_free"  # not "a $0 commission"
        self.event(key, seat=offer.to, seller=offer.seat, card=offer.item, commission=offer.price)
        self.acquire(offer.to, self.table["deck"], offer.item)
        self.table = None
        self.drop_suspended("opportunity")
