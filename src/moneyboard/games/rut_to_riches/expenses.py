"""Expenses cards: bills, new debts, children and downsizing; insurance and immunities cancel
the matching ones, and optional ones may be declined (R8, R9)."""

from __future__ import annotations

from moneyboard.engine import Message, msg
from moneyboard.games.rut_to_riches.base import CONTENT, RutBase

EXPENSES = CONTENT.expenses


class Expenses(RutBase):
    """Drawing an Expenses card and doing what it says."""

    def step_expense(self, seat: int) -> None:
        """Draw an Expenses card for the player (none once out of the game)."""
        if not self.players[seat].out:
            self.draw_card("expenses", ("expense_drawn", seat))

    def step_expense_drawn(self, seat: int, card_id: str) -> None:
        """Cancelled by a matching cover, offered if optional, else carried out."""
        deck = self.decks["expenses"]
        deck.take(card_id)
        deck.discard(card_id)
        e = EXPENSES[card_id]
        p = self.players[seat]
        self.event("rut.expense", seat=seat, card=card_id, title=e.title, text=e.text)
        if e.tag and e.tag in p.immunities:
            risk = self.catalogue.word(e.tag, "risk")
            self.event("rut.immune", seat=seat, card=card_id, tag=e.tag, title=e.title, risk=risk)
            return
        if e.optional:
            self.table = {"deck": "expenses", "card": card_id, "holder": seat}
            self.decide(seat, "expense", card=card_id, amount=e.amount)
            return
        self.apply_expense(seat, card_id)

    def apply_expense(self, seat: int, card_id: str) -> None:
        """What an Expenses card does to the player who drew it."""
        e = EXPENSES[card_id]
        p = self.players[seat]
        if e.kind == "pay":
            self.charge(seat, e.amount, "rut.expense_paid", card=card_id, title=e.title)
        elif e.kind == "debt":
            p.debt[e.line] += e.amount
            p.set_expense(e.line, p.exp[e.line] + e.payment)
            self.event("rut.new_debt", seat=seat, line=e.line, amount=e.amount, payment=e.payment)
        elif e.kind == "child":
            if p.children < 3:
                p.children += 1
                childcare = p.exp["childcare"] + self.c.jobs[p.job].childcare_per_child
                p.set_expense("childcare", childcare)
                self.event("rut.child", seat=seat, children=p.children)
        else:
            self.charge(seat, p.expenses, "rut.downsized", card=card_id, title=e.title)
            p.lost_turns += e.turns
            self.event("rut.lose_turns", seat=seat, turns=e.turns)

    def expense_problem(self, seat: int) -> Message | None:
        """Why the optional bill on the table cannot be paid, or None."""
        assert self.table is not None
        e = EXPENSES[self.table["card"]]
        if e.kind == "pay" and not self.can_raise(seat, e.amount):
            return msg("why.rut.cannot_afford", amount=e.amount)
        return None

    def accept_expense(self, seat: int) -> None:
        """The player takes the optional card on the table; a purchase is logged with what it
        cost (after any overdraft it took), as a card bought from a deck is."""
        assert self.table is not None
        card_id = self.table["card"]
        self.apply_expense(seat, card_id)
        e = EXPENSES[card_id]
        if e.kind == "pay":
            self.event("rut.took_expense", seat=seat, card=card_id, title=e.title, amount=e.amount)
        self.table = None

    def decline_expense(self, seat: int) -> None:
        """The player says no to the optional card on the table."""
        self.event("rut.declined_expense", seat=seat)
        self.table = None
