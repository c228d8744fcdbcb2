"""The core of a Rut to Riches game: set-up, turns, movement, Pay Day, loans and bankruptcy.

Deals, the Inner Circle and the Auditor are mixins over :class:`RutCore`; the state class
that joins them is in ``state.py``. Money moves only through the ledger; every other
Score Sheet figure lives on :class:`Player`.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

from moneyboard.engine import GameState, msg
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.content import (
    SURRENDER_DECKS,
    Content,
    Opportunity,
    Square,
    content,
)
from moneyboard.games.rut_to_riches.money import (
    card_interest,
    payoff_reduction,
    round_up_100,
)
from moneyboard.games.rut_to_riches.options import HotOptions, RutOptions
from moneyboard.games.rut_to_riches.sheet import Player

DIE = (1, 2, 3, 4, 5, 6)
#: The most players a game seats.
MAX_SEATS = 6
#: Ledger account of each seat's cash.
ACCOUNTS = tuple(f"cash:{seat}" for seat in range(MAX_SEATS))
#: The shipped content, and parts of it the hot paths read as module names (reading a class
#: attribute through ``self`` is a slow generic lookup in CPython 3.11).
CONTENT = content()
BOARD = CONTENT.board
OPPORTUNITIES = CONTENT.opportunities
FORCES = CONTENT.forces
EXPENSES = CONTENT.expenses
ADVICE = CONTENT.advice
#: Price and dividend per share, and the company, of each Share Market card.
SHARE_TERMS = {c.id: (c.price, c.dividend) for c in OPPORTUNITIES.values() if c.deck == "shares"}
SHARE_SYMBOLS = {c.id: c.symbol for c in OPPORTUNITIES.values() if c.deck == "shares"}
#: The kind of each square of the Rut and of the Inner Circle.
RUT_KINDS = tuple(square.kind for square in BOARD.rut)
INNER_KINDS = tuple(square.kind for square in BOARD.inner)
#: For each number of players, the seats clockwise from each seat.
TURN_ORDERS = tuple(
    tuple(tuple((start + i) % n for i in range(n)) for start in range(n))
    for n in range(MAX_SEATS + 1)
)
#: The chance stream of each deck.
DECK_STREAMS = {deck: f"deck:{deck}" for deck in CONTENT.decks}
#: Order in which bankruptcy pays debts down: the dearest money first.
BANKRUPTCY_PAYDOWN = ("bank", "credit_card", "business", "car", "education", "home")


@functools.cache
def passing_steps(inner: bool, start: int, steps: int) -> tuple[str, tuple[str, ...]]:
    """The Pay Day and Mentor Advice steps of the squares passed moving ``steps`` on from
    ``start`` (the landing square included): the first ("" if none), and the later ones
    last first (the order to push them in)."""
    track = BOARD.inner if inner else BOARD.rut
    names: list[str] = []
    for k in range(1, steps + 1):
        square = track[(start + k) % len(track)]
        if square.payday:
            names.append("payday")
        if square.kind == "payday_advice":
            names.append("advice")
    if not names:
        return "", ()
    return names[0], tuple(reversed(names[1:]))


class RutCore(GameState):
    """State and flow shared by every part of the game.

    Instance attributes are kept few (fewer than 30 with the kernel's): past that CPython
    stops storing them inline and every ``self.x`` in the hot paths gets slower.
    """

    game_id = "rut-to-riches"
    options: RutOptions
    #: The validated content (a class attribute, so it is never copied with a state).
    c: ClassVar[Content] = content()

    # ----- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        c = content()
        #: The options read on every turn, as plain attributes (see :class:`HotOptions`).
        self.hot = HotOptions.of(self.options)
        self.players: list[Player] = []
        self.piles: dict[str, list[str]] = {k: list(v) for k, v in c.decks.items()}
        self.discards: dict[str, list[str]] = {k: [] for k in c.decks}
        self.first = 0
        self.current = 0
        self.round = 0
        #: The card in play: an opportunity, a share card, a market offer or an optional bill.
        self.table: dict[str, Any] | None = None
        #: Seats yet to answer a decision put to several players at once.
        self.waiting: list[int] = []
        #: Seats yet to write their totals (the Auditor): kept apart from ``waiting``, since
        #: the books may interrupt a decision put to several players.
        self.writers: list[int] = []
        self.owed_cards = 0
        #: Turns begun so far (skipped seats included): the clock for calling time.
        self.turn_steps = 0
        for account in ACCOUNTS[: self.n]:
            self.ledger.open(account)
        self.then(*[("deal_job", s) for s in range(self.n)], ("ask_dreams",), ("opening", (), ()))

    def step_deal_job(self, seat: int) -> None:
        taken = {p.job for p in self.players}
        left = tuple(job for job in self.c.job_ids if job not in taken)
        self.draw("job", left, ("job_dealt", seat))

    def step_job_dealt(self, seat: int, job_id: str) -> None:
        job = self.c.jobs[job_id]
        p = Player(job)
        self.players.append(p)
        if job.savings:
            self.ledger.post(BANK, ACCOUNTS[seat], job.savings, "rut.savings", {"seat": seat})
        self.note(
            "rut.job",
            {"seat": seat, "job": job.title, "salary": job.salary, "savings": job.savings},
        )
        totals = self.totals(seat)
        p.entered = totals
        p.audit_base = (totals, totals)

    def step_ask_dreams(self) -> None:
        self.waiting = list(range(self.n))
        self.ask(tuple(self.waiting), "dream", dreams=list(self.c.dream_ids))

    def step_opening(self, contenders: tuple[int, ...], rolls: tuple[int, ...]) -> None:
        """Everyone rolls one die; the highest starts; a tie is rolled again among the tied."""
        if not contenders:
            contenders = tuple(range(self.n))
        if len(rolls) < len(contenders):
            self.draw("die", DIE, ("opening_rolled", contenders, rolls))
            return
        best = max(rolls)
        top = tuple(s for s, r in zip(contenders, rolls, strict=True) if r == best)
        if len(top) > 1:
            self.note("rut.opening_tie", {"seats": list(top), "value": best})
            self.then(("opening", top, ()))
            return
        self.first = top[0]
        self.note("rut.first_player", {"seat": self.first, "value": best})
        self.then(("turn", self.first))

    def step_opening_rolled(
        self, contenders: tuple[int, ...], rolls: tuple[int, ...], v: int
    ) -> None:
        self.note("rut.opening_roll", {"seat": contenders[len(rolls)], "value": v})
        self.then(("opening", contenders, (*rolls, v)))

    # ----- events, figures and money helpers -------------------------------------------------
    def note(self, key: str, params: dict[str, Any]) -> None:
        """Log an event: the same entry as the kernel's :meth:`event`, a plain
        :data:`~moneyboard.engine.messages.Event` pair, with the parameters given as a dict.

        The game logs every event this way (about two a decision): gathering keyword
        arguments into ``**params`` makes CPython compare each keyword with each parameter
        name, which costs more than making the entry.
        """
        self.log.append((key, params))

    def cash(self, seat: int) -> int:
        return self.ledger.balances[ACCOUNTS[seat]]

    def totals(self, seat: int) -> tuple[int, int, int, int]:
        """Cash, total income, total expenses and Pay Day: the figures a learner writes down."""
        p = self.players[seat]
        income, expenses = p.income, p.expenses
        return (self.cash(seat), income, expenses, income - expenses)

    def gain(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """Money in from the bank (nothing if ``amount`` is not positive).

        (The ``/`` spares CPython comparing each keyword with each parameter name.)
        """
        if amount > 0:
            self.ledger.post(BANK, ACCOUNTS[seat], amount, key, {"seat": seat, **params})

    def member(self, p: Player) -> bool:
        """In the Inner Circle, or entering it on the next turn (and not on the way out)."""
        return (p.circle == "inner" and p.pending != "exit") or p.pending == "enter"

    def loan_room(self, seat: int, projected: int = 0) -> int:
        """How much more a player may borrow now (0 while bankrupt).

        The limit applies to the whole overdraft and is measured on nett income before
        overdraft interest, so the overdraft does not shrink its own limit (RULINGS.md).
        Read at every turn and by most checks, so :func:`.money.loan_limit` is written out here
        (its floor at zero is covered by the room's).
        """
        p = self.players[seat]
        if p.bankrupt or p.out:
            return 0
        o = self.hot
        if (p.circle == "inner" and p.pending != "exit") or p.pending == "enter":  # member()
            multiple = o.loan_multiple_inner
        else:
            multiple = o.loan_multiple_rut
        if not multiple:
            return 0
        # Pay Day (income less expenses) with the overdraft interest added back.
        base = p.salary + p.part_time + p.passive - p.expenses + p.exp["bank"]
        room = (base + projected) * multiple // 100 * 100 - p.debt["bank"]
        return room if room > 0 else 0

    def can_raise(self, seat: int, amount: int, projected: int = 0) -> bool:
        """Whether cash plus a permitted overdraft covers ``amount``."""
        short = amount - self.ledger.balances[ACCOUNTS[seat]]
        # -(-short // 100) * 100 is round_up_100(short), written out (a check on every draw).
        return short <= 0 or -(-short // 100) * 100 <= self.loan_room(seat, projected)

    def borrow(self, seat: int, amount: int) -> None:
        p = self.players[seat]
        owed = p.debt["bank"] + amount
        p.debt["bank"] = owed
        p.set_expense("bank", owed * self.hot.loan_rate_percent // 100)
        self.ledger.post(BANK, ACCOUNTS[seat], amount, "rut.loan", {"seat": seat})
        self.note("rut.borrowed", {"seat": seat, "amount": amount, "owed": owed})

    def raise_cash(self, seat: int, amount: int, projected: int = 0) -> None:
        """Borrow (in $100 multiples, within the limit) whatever cash is short of ``amount``."""
        short = amount - self.ledger.balances[ACCOUNTS[seat]]
        if short > 0:
            take = min(round_up_100(short), self.loan_room(seat, projected))
            if take > 0:
                self.borrow(seat, take)

    def charge(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """Pay a bill: from cash, then an overdraft; what neither covers goes on the card."""
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
            interest = card_interest(rest, self.hot.card_rate_percent)
            p.set_expense("credit_card", p.exp["credit_card"] + interest)
            self.note("rut.on_card", {"seat": seat, "amount": rest})

    def payoff_amount(self, seat: int, line: str, part: int) -> int:
        """Cash needed to pay off 1/``part`` of a debt (overdrafts in $100 multiples)."""
        balance = self.players[seat].debt[line]
        if part == 1:
            return balance
        amount = -(-balance // part)
        if line == "bank":
            amount = min(balance, round_up_100(amount))
        return amount

    def pay_off(self, seat: int, line: str, paid: int) -> None:
        p = self.players[seat]
        balance, payment = p.debt[line], p.exp[line]
        left = balance - paid
        p.debt[line] = left
        if line == "bank":
            interest = left * self.hot.loan_rate_percent // 100
            cut = payment - interest
            p.set_expense("bank", interest)
        else:
            cut = payoff_reduction(balance, payment, paid)
            p.set_expense(line, 0 if left == 0 else payment - cut)
        self.ledger.post(ACCOUNTS[seat], BANK, paid, "rut.pay_off", {"seat": seat, "line": line})
        self.note(
            "rut.paid_off", {"seat": seat, "line": line, "amount": paid, "cut": cut, "left": left}
        )

    def turn_order(self, start: int) -> tuple[int, ...]:
        """Seats clockwise from ``start`` (play passes to the left)."""
        return TURN_ORDERS[self.n][start]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    def track(self, p: Player) -> tuple[Square, ...]:
        return BOARD.inner if p.circle == "inner" else BOARD.rut

    def opp(self, card: str) -> Opportunity:
        return OPPORTUNITIES[card]

    # ----- decks ---------------------------------------------------------------------------
    def draw_card(self, deck: str, then: tuple[Any, ...]) -> bool:
        """Draw from ``deck`` (rebuilding it first if it ran out); False if nothing is left."""
        pile = self.piles[deck]
        if not pile:
            self.rebuild(deck)
        if not pile:
            self.note("rut.deck_empty", {"deck": deck})
            return False
        self.draw(DECK_STREAMS[deck], tuple(pile), then)
        return True

    def take(self, deck: str, card: str) -> None:
        self.piles[deck].remove(card)

    def rebuild(self, deck: str) -> None:
        """Reshuffle a spent deck: its discards, plus surrendered cards for some decks."""
        pile = self.piles[deck]
        pile.extend(self.discards[deck])
        self.discards[deck] = []
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
        pile.sort()
        self.note("rut.reshuffled", {"deck": deck, "cards": len(pile), "surrendered": surrendered})

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
            self.discards[deck].append(card)

    # ----- turns ---------------------------------------------------------------------------
    def step_turn(self, seat: int) -> None:
        self.turn_steps += 1
        clock = self.chance.forced.get("clock") if self.chance.forced else None
        if clock and any(self.turn_steps > int(str(called)) for called in clock):
            clock.clear()
            self.end_by_score("rut.end_time")
            return
        if seat == self.first:
            self.round += 1
            o = self.options
            limit = o.turn_limit
            if limit is not None and self.round > limit:
                self.end_by_score("rut.end_turns")
                return
            if o.auditor and self.round > 1 and (self.round - 1) % o.audit_every == 0:
                self.audit_all()
        players = self.players
        p = players[seat]
        if p.out:
            for other in players:
                if not other.out:
                    break
            else:  # everyone is out
                self.end_by_score("rut.end_all_out")
                return
            self.then(("turn", self.next_seat(seat)))
            return
        self.current = seat
        p.turns += 1
        if p.bankrupt and not p.lost_turns:
            p.bankrupt = False
        if p.lost_turns:
            p.lost_turns -= 1
            if p.lost_turns == 0:
                p.bankrupt = False
            self.note("rut.lose_turn", {"seat": seat, "left": p.lost_turns})
            self.then(("turn_end", seat))
            return
        self.ask(seat, "turn")

    def step_rolled(self, seat: int, dice_left: int, total: int, value: int) -> None:
        total += value
        if dice_left > 1:
            self.draw("die", DIE, ("rolled", seat, dice_left - 1, total))
            return
        self.note("rut.rolled", {"seat": seat, "value": total})
        self.step_move(seat, total)  # the move follows the roll at once

    def step_move(self, seat: int, steps: int) -> None:
        p = self.players[seat]
        board = BOARD
        # The token moves ``steps`` squares on from ``start``; changing track, the arrow's
        # square is the first step.
        start = p.position
        if p.pending == "enter":
            arrow = board.rut[start].arrow
            p.circle, p.pending = "inner", ""
            start = (arrow if arrow is not None else 0) - 1
            self.note("rut.into_circle", {"seat": seat})
        elif p.pending == "exit":
            p.circle, p.pending = "rut", ""
            start = self.exit_arrow(start) - 1
            self.note("rut.into_rut", {"seat": seat})
        inner = p.circle == "inner"
        kinds = INNER_KINDS if inner else RUT_KINDS
        size = len(kinds)
        pos = (start + steps) % size
        p.position = pos
        kind = kinds[pos]
        self.note("rut.moved", {"seat": seat, "circle": p.circle, "square": pos, "kind": kind})
        self.owed_cards = 0
        first, later = passing_steps(inner, start % size, steps)
        if not first:
            self.step_land(seat)  # nothing to settle on the way
            return
        # The squares passed, then their Expenses cards and the landing; the first square's
        # step runs at once (it would be the next step anyway).
        agenda = self.agenda
        agenda.append(("payday_expenses", seat, kind == "expenses"))
        for name in later:
            agenda.append((name, seat))
        if first == "payday":
            self.step_payday(seat)
        else:
            self.step_advice(seat)

    def step_land(self, seat: int) -> None:
        """Overridden by the Circle mixin: what the square landed on does."""

    def exit_arrow(self, pos: int) -> int:
        """The Rut square a player leaving the Inner Circle at ``pos`` goes to."""
        inner = self.c.board.inner
        for i in range(len(inner)):
            sq = inner[(pos + i) % len(inner)]
            if sq.kind == "lose_mentor" and sq.arrow is not None:
                return sq.arrow
        return 0

    def step_payday(self, seat: int) -> None:
        p = self.players[seat]
        if p.out or p.lost_turns:
            return
        if self.hot.declare_payday and not p.retired and p.payday >= 0:
            self.ask(seat, "payday", amount=p.payday)
            return
        self.collect(seat)

    def collect(self, seat: int) -> None:
        """Pay Day: nett income in, or a negative Pay Day paid out (bankruptcy if it cannot be)."""
        p = self.players[seat]
        nett = p.payday
        if nett >= 0:
            if nett:
                self.ledger.post(BANK, ACCOUNTS[seat], nett, "rut.payday", {"seat": seat})
            self.note("rut.payday", {"seat": seat, "amount": nett})
        elif self.cash(seat) >= -nett:
            self.ledger.post(ACCOUNTS[seat], BANK, -nett, "rut.payday_negative", {"seat": seat})
            self.note("rut.payday", {"seat": seat, "amount": nett})
        else:
            self.note("rut.cannot_pay", {"seat": seat, "amount": -nett, "cash": self.cash(seat)})
            self.bankruptcy(seat)
            return
        if p.circle == "rut" and not p.retired:
            self.owed_cards += 1

    def step_payday_expenses(self, seat: int, landing_on_expenses: bool) -> None:
        """The Expenses card after a Rut Pay Day (one in all when landing on Expenses), then
        the landing (at once when there is no card)."""
        cards = 0 if landing_on_expenses else self.owed_cards
        self.owed_cards = 0
        if not cards:
            self.step_land(seat)
            return
        self.agenda.append(("land", seat))
        if cards > 1:
            self.then(*[("expense", seat)] * (cards - 1))
        self.step_expense(seat)  # the first card at once

    def step_expense(self, seat: int) -> None:
        """Overridden by the Deals mixin: draw an Expenses card."""

    def step_opportunity(self, seat: int, deck: str) -> None:
        """Overridden by the Deals mixin: draw a card from ``deck``, then Market Forces."""

    def step_advice(self, seat: int) -> None:
        """Overridden by the Deals mixin: draw a Mentor Advice card."""

    def step_turn_end(self, seat: int) -> None:
        """The passive-income win, the Auditor's books, then the next seat's turn."""
        self.table = None
        for p in self.players:
            if p.retired:  # only a retired player can win here
                self.check_win()
                if self.result is not None:
                    return
                break
        if self.hot.auditor:
            self.agenda.append(("turn", (seat + 1) % self.n))
            self.books()  # may ask for entries first
            return
        self.step_turn((seat + 1) % self.n)  # the next step anyway

    def check_win(self) -> None:
        """The passive-income win, for every retired player (several at once share it)."""
        winners = []
        for s, p in enumerate(self.players):
            if p.retired and not p.out and p.passive >= self.options.passive_goal:
                winners.append(s)
        if winners:
            self.win(winners, "rut.win_passive")

    # ----- bankruptcy ------------------------------------------------------------------------
    def bankruptcy(self, seat: int) -> None:
        """Sell to the bank at half the deposit and pay down debts; halve car and card debt if
        that is not enough; out of the game if even that leaves the Pay Day negative."""
        p = self.players[seat]
        p.bankrupt = True
        self.note("rut.bankrupt", {"seat": seat})
        while p.payday <= 0 and (p.holdings or p.shares):
            self.sell_worst(seat)
            self.pay_down(seat)
        self.pay_down(seat)
        if p.payday < 0:
            for line in ("car", "credit_card"):
                wiped, cut = p.debt[line] // 2, p.exp[line] // 2
                p.debt[line] -= wiped
                p.set_expense(line, p.exp[line] - cut)
            self.note("rut.downsized_debts", {"seat": seat})
            self.pay_down(seat)
        if p.payday < 0:
            p.out = True
            self.note("rut.out", {"seat": seat})
            return
        p.lost_turns = self.options.bankrupt_turns

    def sell_worst(self, seat: int) -> None:
        """Sell the asset with the lowest income to the bank for half its deposit (or cost)."""
        p = self.players[seat]
        options: list[tuple[int, int, str, int]] = []
        for i, h in enumerate(p.holdings):
            options.append((h.cashflow + h.boost, 0, h.card, i))
        for symbol, s in sorted(p.shares.items()):
            options.append((s.dividend, 1, symbol, -1))
        options.sort()
        _, kind, name, index = options[0]
        if kind == 0:
            h = p.holdings.pop(index)
            proceeds = h.deposit // 2
            deck = self.opp(h.card).deck
            self.return_card(seat, deck, h.card)
            title = h.title
        else:
            s = p.shares.pop(name)
            proceeds = s.cost // 2
            title = name
        p.recount_passive()
        self.gain(seat, proceeds, "rut.bankrupt_sale")
        self.note("rut.bankrupt_sale", {"seat": seat, "asset": title, "amount": proceeds})

    def pay_down(self, seat: int) -> None:
        """Use cash to pay off debts, dearest first, until the Pay Day is positive."""
        p = self.players[seat]
        for line in BANKRUPTCY_PAYDOWN:
            if p.payday > 0:
                return
            cash = self.cash(seat)
            if p.debt[line] and cash:
                paid = min(cash, p.debt[line])
                if line == "bank":
                    paid -= paid % 100
                if paid:
                    self.pay_off(seat, line, paid)

    def call_time(self) -> None:
        """The driver calls time (the minutes limit): scoring happens at the next turn boundary.

        Recorded as a forced outcome on the ``clock`` stream: the number of turns begun when
        time was called, so a replay (which may resolve dice later) ends at the same turn.
        """
        self.force("clock", (self.turn_steps,))

    # ----- the end ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [0.0 if p.out else round(p.progress(), 4) for p in self.players]

    def end_by_score(self, reason: str) -> None:
        """Score by how far each player got out of the Rut; net worth breaks ties."""
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
        self.end(winners, scores, msg(reason))

    def win(self, winners: list[int], reason: str) -> None:
        for s in winners:
            self.note(reason, {"seat": s, "passive": self.players[s].passive})
        self.end(winners, self.scores(), msg(reason))

    def audit_all(self) -> None:
        """Overridden by the Auditor mixin."""

    def books(self) -> bool:
        """Overridden by the Auditor mixin."""
        return False
