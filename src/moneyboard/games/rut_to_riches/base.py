"""What every part of Rut to Riches shares: the state's fields, money, loans' limits and decks.

Money moves only through the ledger (``cash:<seat>`` accounts); every other Score Sheet
figure lives on :class:`~moneyboard.games.rut_to_riches.sheet.Player`. The topic modules
(turns, loans, opportunities, shares, market, expenses, circle, audit) each hold their
steps with the checks and effects of their actions; ``state.py`` joins them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from moneyboard.engine import GameState, msg
from moneyboard.engine.chance import Outcome
from moneyboard.engine.components import Deck
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.content import (
    SURRENDER_DECKS,
    Content,
    Opportunity,
    Square,
    content,
)
from moneyboard.games.rut_to_riches.money import card_interest, round_up_100
from moneyboard.games.rut_to_riches.options import RutOptions
from moneyboard.games.rut_to_riches.sheet import Player

DIE = (1, 2, 3, 4, 5, 6)
#: The most players a game seats (R29).
MAX_SEATS = 6
#: Ledger account of each seat's cash.
ACCOUNTS = tuple(f"cash:{seat}" for seat in range(MAX_SEATS))
CONTENT = content()
OPPORTUNITIES = CONTENT.opportunities
#: The chance stream of each deck.
DECK_STREAMS = {deck: f"deck:{deck}" for deck in CONTENT.decks}
#: The decks a player may pick on a Deal square, in the Rut and in the Inner Circle (R2).
DEALS_IN_RUT = ("real_estate", "shares", "personal", "none")
DEALS_IN_CIRCLE = ("real_estate", "shares", "personal", "venture", "none")
#: A Personal square's choice when a class lets a player decline it (R36).
DEALS_ON_PERSONAL = ("personal", "none")
#: Which deck each chance stream draws from.
STREAM_DECKS = {stream: deck for deck, stream in DECK_STREAMS.items()}


class RutBase(GameState):
    """The state of a game of Rut to Riches and the helpers every topic uses."""

    game_id = "rut-to-riches"
    options: RutOptions
    #: The validated content (a class attribute, so it is never copied with a state).
    c: ClassVar[Content] = CONTENT

    # ----- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        """Open the cash accounts, lay out the decks, then deal Job cards, choose Dreams, roll."""
        self.players: list[Player] = []
        self.decks = {name: Deck(cards) for name, cards in self.c.decks.items()}
        self.first = 0
        self.current = 0
        self.round = 0
        #: The card in play: an opportunity, a share card, a market offer or an optional bill.
        self.table: dict[str, Any] | None = None
        for account in ACCOUNTS[: self.n]:
            self.ledger.open(account)
        self.then(*[("deal_job", s) for s in range(self.n)], ("ask_dreams",), ("opening", (), ()))

    def chance_streams(self) -> list[str]:
        """The die and every deck (the Job cards are dealt before play)."""
        return ["die", *DECK_STREAMS.values()]

    def stream_outcomes(self, stream: str) -> Collection[Outcome] | None:
        """The Job cards, the die, and every card of each deck."""
        if stream == "job":
            return self.c.job_ids
        if stream == "die":
            return DIE
        deck = STREAM_DECKS.get(stream)
        return None if deck is None else self.c.decks[deck]

    def stream_left(self, stream: str) -> tuple[str, ...] | None:
        """The cards the next draw of a deck can give now (the die and the Job cards: any)."""
        deck = STREAM_DECKS.get(stream)
        return None if deck is None else self.decks[deck].left()

    # ----- figures and money --------------------------------------------------------------
    def cash(self, seat: int) -> int:
        """A seat's cash in hand (its ledger account)."""
        return self.ledger.balances[ACCOUNTS[seat]]

    def totals(self, seat: int) -> tuple[int, int, int, int]:
        """Cash, total income, total expenses and Pay Day: the figures a learner writes down."""
        p = self.players[seat]
        return (self.cash(seat), p.income, p.expenses, p.income - p.expenses)

    def gain(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """Money in from the bank (nothing if ``amount`` is not positive)."""
        if amount > 0:
            self.ledger.post(BANK, ACCOUNTS[seat], amount, key, {"seat": seat, **params})

    def member(self, p: Player) -> bool:
        """In the Inner Circle, or entering it on the next turn (and not on the way out)."""
        return (p.circle == "inner" and p.pending != "exit") or p.pending == "enter"

    def loan_room(self, seat: int, projected: int = 0) -> int:
        """How much more a player may borrow now (0 while bankrupt or out).

        The limit applies to the whole overdraft and is measured on nett income before
        overdraft interest, so the overdraft does not shrink its own limit (R10).
        """
        p = self.players[seat]
        if p.bankrupt or p.out:
            return 0
        o = self.options
        multiple = o.loan_multiple_inner if self.member(p) else o.loan_multiple_rut
        before_interest = p.payday + p.exp["bank"]
        room = (before_interest + projected) * multiple // 100 * 100 - p.debt["bank"]
        return max(room, 0)

    def can_raise(self, seat: int, amount: int, projected: int = 0) -> bool:
        """Whether cash plus a permitted overdraft covers ``amount``."""
        short = amount - self.cash(seat)
        return short <= 0 or round_up_100(short) <= self.loan_room(seat, projected)

    def borrow(self, seat: int, amount: int) -> None:
        """Take an overdraft: cash in, the debt and its interest on the sheet."""
        p = self.players[seat]
        owed = p.debt["bank"] + amount
        p.debt["bank"] = owed
        p.set_expense("bank", owed * self.options.loan_rate_percent // 100)
        self.ledger.post(BANK, ACCOUNTS[seat], amount, "rut.loan", {"seat": seat})
        self.event("rut.borrowed", seat=seat, amount=amount, owed=owed, interest=p.exp["bank"])

    def raise_cash(self, seat: int, amount: int, projected: int = 0) -> None:
        """Borrow (in $100 multiples, within the limit) whatever cash is short of ``amount``."""
        short = amount - self.cash(seat)
        if short > 0:
            take = min(round_up_100(short), self.loan_room(seat, projected))
            if take > 0:
                self.borrow(seat, take)

    def charge(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """Pay a bill: from cash, then an overdraft; what neither covers goes on the card (R8)."""
        if amount <= 0:
            return
        self.raise_cash(seat, amount)
        paid = min(self.cash(seat), amount)
        if paid:
            self.ledger.post(ACCOUNTS[seat], BANK, paid, key, {"seat": seat, **params})
        rest = amount - paid
        if rest:
            p = self.players[seat]
            p.debt["credit_card"] += rest
            interest = card_interest(rest, self.options.card_rate_percent)
            p.set_expense("credit_card", p.exp["credit_card"] + interest)
            self.event("rut.on_card", seat=seat, amount=rest)

    # ----- the board and the players ------------------------------------------------------
    def turn_order(self, start: int) -> tuple[int, ...]:
        """Seats clockwise from ``start`` (play passes to the left)."""
        return tuple((start + i) % self.n for i in range(self.n))

    def playing(self, start: int) -> list[int]:
        """The seats still in the game, clockwise from ``start``."""
        return [s for s in self.turn_order(start) if not self.players[s].out]

    def track(self, p: Player) -> tuple[Square, ...]:
        """The track a player's token is on: the Rut or the Inner Circle."""
        return self.c.board.inner if p.circle == "inner" else self.c.board.rut

    def square(self, p: Player) -> Square:
        """The square a player's token stands on."""
        return self.track(p)[p.position]

    def deal_decks(self, seat: int) -> tuple[str, ...]:
        """The decks on offer at Choose A Deal (the Inner Circle adds its Ventures), or on a
        Personal square that may be declined (R36)."""
        p = self.players[seat]
        if p.circle == "inner":
            return DEALS_IN_CIRCLE
        return DEALS_ON_PERSONAL if self.square(p).kind == "personal" else DEALS_IN_RUT

    def exit_arrow(self, pos: int) -> int:
        """The Rut square a player leaving the Inner Circle at ``pos`` goes to."""
        inner = self.c.board.inner
        for i in range(len(inner)):
            sq = inner[(pos + i) % len(inner)]
            if sq.kind == "lose_mentor" and sq.arrow is not None:
                return sq.arrow
        return 0

    def opp(self, card: str) -> Opportunity:
        """The opportunity card with id ``card``."""
        return OPPORTUNITIES[card]

    # ----- decks ---------------------------------------------------------------------------
    def draw_card(self, deck: str, then: tuple[Any, ...]) -> None:
        """Draw from ``deck`` (rebuilt first if it ran out); nothing if even that leaves none."""
        cards = self.decks[deck]
        if not cards.cards:
            self.rebuild(deck)
        if not cards.cards:
            self.event("rut.deck_empty", deck=deck, what=self.catalogue.word(deck, "pile"))
            return
        self.draw(DECK_STREAMS[deck], cards.population(), then)

    def rebuild(self, deck: str) -> None:
        """Reshuffle a spent deck: its discards, plus surrendered cards for some decks (R18)."""
        cards = self.decks[deck]
        pile = [*cards.cards, *cards.discards]
        cards.discards = []
        surrendered = 0
        if deck in SURRENDER_DECKS:
            for p in self.players:
                keep = []
                for d, card in p.cards:
                    if d == deck and not self.privileged(d, card):
                        pile.append(card)
                        surrendered += 1
                    else:
                        keep.append((d, card))
                p.cards = keep
        cards.cards = sorted(pile)
        key = "rut.reshuffled_surrendered" if surrendered else "rut.reshuffled"
        what = self.catalogue.word(deck, "pile")
        self.event(key, deck=deck, what=what, cards=len(pile), surrendered=surrendered)

    def privileged(self, deck: str, card: str) -> bool:
        """Cards kept through a rebuild: AnyWay businesses, insurance and immunities."""
        if deck == "advice":
            return self.c.advice[card].kind == "immunity"
        return self.opp(card).privileged

    def return_card(self, seat: int, deck: str, card: str) -> None:
        """A card leaves a player's hand (asset sold) and goes to its deck's discards."""
        p = self.players[seat]
        if (deck, card) in p.cards:
            p.cards.remove((deck, card))
            self.decks[deck].discard(card)

    # ----- decisions, with the books first in bookkeeping mode -----------------------------
    def behind(self) -> list[int]:
        """Players whose totals changed since they last wrote them (or were audited)."""
        return [
            s
            for s, p in enumerate(self.players)
            if not p.out and p.last_written() != self.totals(s)
        ]

    def decide(self, seats: int | tuple[int, ...], kind: str, /, **data: Any) -> None:
        """Ask ``seats`` a decision; in bookkeeping mode whoever is behind with their books
        writes them first (R27)."""
        if self.options.auditor:
            behind = self.behind()
            if behind:
                self.then(("decide", seats, kind, data))
                self.ask(tuple(behind), "books")
                return
        self.ask(seats, kind, **data)

    def step_decide(self, seats: int | tuple[int, ...], kind: str, data: dict[str, Any]) -> None:
        """Ask a decision that waited for the books (see :meth:`decide`)."""
        self.decide(seats, kind, **data)

    def books_now(self) -> None:
        """After money moves in the middle of a decision, the books are written before it
        goes on (an interjection: the decision is asked again afterwards)."""
        if self.options.auditor:
            behind = self.behind()
            if behind:
                self.interject(tuple(behind), "books")

    # ----- the end -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Each seat's score: passive income over total expenses (0 when out), unrounded:
        a table rounds it once, as it rounds the same share in the words beside it."""
        return [0.0 if p.out else p.progress() for p in self.players]

    def end_by_score(self, reason: str) -> None:
        """Score by how far each player got out of the Rut; net worth breaks ties (R25)."""
        scores = self.scores()
        ranked = [
            (scores[s], self.players[s].net_worth(self.cash(s)), s)
            for s in range(self.n)
            if not self.players[s].out
        ]
        if not ranked:
            self.end([], scores, msg(reason))
            return
        best = max(r[:2] for r in ranked)
        winners = [s for sc, nw, s in ranked if (sc, nw) == best]
        # The winners' figures, so a class reads why (at 0 each, the net worth decided).
        names = [self.seats[s].name for s in winners]
        winner_name = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        share = share_in_words(best[0])
        self.end(winners, scores, msg(reason, winner_name=winner_name, share=share, worth=best[1]))

    def win(self, winners: list[int], reason: str) -> None:
        """End the game with ``winners`` for ``reason`` (a passive-income or Dream win)."""
        for s in winners:
            self.event(reason, seat=s, passive=self.players[s].passive)
        self.end(winners, self.scores(), msg(reason))


def share_in_words(share: float) -> str:
    """Passive income's share of expenses as a class reads it: a whole percentage with its
    thousands ("2,005%", an Inner Circle player's income many times its expenses), one
    decimal under 10% ("4.4%") where a whole one would hide the difference."""
    return f"{share:.1%}" if share < 0.1 else f"{share:,.0%}"
