"""The squares a token lands on, Find A Mentor and the Inner Circle, retirement and winning."""

from __future__ import annotations

from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.core import ACCOUNTS, INNER_KINDS, RUT_KINDS, RutCore
from moneyboard.games.rut_to_riches.money import half_of_cash, tax_cut

#: The decks a player may pick on a Deal square, in the Rut and in the Inner Circle.
DEALS_IN_RUT = ("real_estate", "shares", "personal", "none")
DEALS_IN_CIRCLE = ("real_estate", "shares", "personal", "venture", "none")
#: Squares that do nothing more when landed on (the Pay Day was paid on the way).
NOTHING_ON_LANDING = frozenset({"payday", "payday_advice"})


class Circle(RutCore):
    """Landing, mentors, the Inner Circle, retirement and the two ways to win."""

    def step_land(self, seat: int) -> None:
        """What the square landed on does, then the turn's end.

        The square's own step runs at once (it would be the next step anyway), with the
        turn's end on the agenda under it; a square with nothing to do ends the turn at once.
        """
        p = self.players[seat]
        kind = (INNER_KINDS if p.circle == "inner" else RUT_KINDS)[p.position]
        # (On a Pay Day and Advice square the advice card came with the passing steps.)
        if p.out or p.bankrupt or kind in NOTHING_ON_LANDING or (kind == "expenses" and p.retired):
            self.step_turn_end(seat)
            return
        self.agenda.append(("turn_end", seat))
        if kind in {"deal", "payday_deal"}:
            decks = DEALS_IN_CIRCLE if p.circle == "inner" else DEALS_IN_RUT
            self.ask(seat, "deal", decks=list(decks))
        elif kind == "personal":
            self.step_opportunity(seat, "personal")
        elif kind == "expenses":
            self.step_expense(seat)
        elif kind == "mentor":
            self.ask(seat, "mentor", fee=self.track(p)[p.position].fee)
        elif kind == "dream":
            self.step_dream(seat, self.track(p)[p.position].dream)
        elif kind == "lose_mentor":
            self.step_lose_mentor(seat)

    def deal_decks(self, seat: int) -> tuple[str, ...]:
        return DEALS_IN_CIRCLE if self.players[seat].circle == "inner" else DEALS_IN_RUT

    def choose_deal(self, seat: int, deck: str) -> None:
        self.decision = None
        if deck == "none":
            self.note("rut.no_deal", {"seat": seat})
        else:
            self.step_opportunity(seat, deck)  # the card is drawn at once

    # ----- mentors ------------------------------------------------------------------------
    def mentor_fee(self, seat: int) -> int:
        p = self.players[seat]
        return self.c.board.rut[p.position].fee if p.circle == "rut" else 0

    def enter_circle(self, seat: int) -> None:
        """Join the Inner Circle: fee paid, taxes cut, business boosts on, token moves next turn."""
        p = self.players[seat]
        fee = self.mentor_fee(seat)
        if fee:
            self.raise_cash(seat, fee)
            self.ledger.post(ACCOUNTS[seat], BANK, fee, "rut.mentor_fee", {"seat": seat})
        p.mentors += 1
        p.pending = "enter"
        percent = self.options.tax_cut_percent
        for line in ("taxes", "part_time_taxes"):
            cut = tax_cut(p.exp[line], percent)
            if cut:
                p.set_expense(line, p.exp[line] - cut)
                self.note(
                    "rut.tax_cut", {"seat": seat, "line": line, "amount": cut, "now": p.exp[line]}
                )
        for h in p.holdings:
            h.boost = self.opp(h.card).inner_bonus
        p.recount_passive()
        self.note("rut.found_mentor", {"seat": seat, "fee": fee})

    def step_lose_mentor(self, seat: int) -> None:
        p = self.players[seat]
        if p.retired:
            self.note("rut.mentor_immune", {"seat": seat})
            return
        self.leave_circle(seat)
        lost = half_of_cash(self.cash(seat))
        if lost:
            self.ledger.post(ACCOUNTS[seat], BANK, lost, "rut.lost_mentor", {"seat": seat})
        self.note("rut.lost_mentor", {"seat": seat, "amount": lost})

    def leave_circle(self, seat: int) -> None:
        """Back to the Rut next turn; Inner-Circle-only boosts end (tax cuts stay)."""
        p = self.players[seat]
        if p.pending == "enter":
            p.pending = ""
        elif p.circle == "inner":
            p.pending = "exit"
        for h in p.holdings:
            h.boost = 0
        p.recount_passive()

    # ----- retirement ---------------------------------------------------------------------
    def next_mentor(self, seat: int) -> int:
        """The next Find A Mentor square ahead of the player's token on the Rut."""
        p = self.players[seat]
        rut = self.c.board.rut
        start = self.exit_arrow(p.position) if p.circle == "inner" else p.position
        for i in range(1, len(rut) + 1):
            square = (start + i) % len(rut)
            if rut[square].kind == "mentor":
                return square
        return p.position

    def retire_fee(self, seat: int) -> int:
        p = self.players[seat]
        if self.member(p):
            return 0
        return self.c.board.rut[self.next_mentor(seat)].fee

    def retire(self, seat: int) -> None:
        p = self.players[seat]
        # Any overdraft for the Find A Mentor fee is taken on the income the player has
        # before retiring (the same figures the check used).
        self.raise_cash(seat, self.retire_fee(seat))
        p.retired = True
        gift = self.options.retirement_gift
        for other in self.turn_order(seat)[1:]:
            q = self.players[other]
            paid = min(gift, self.cash(other))
            if paid and not q.out:
                self.ledger.post(
                    ACCOUNTS[other],
                    ACCOUNTS[seat],
                    paid,
                    "rut.retirement_gift",
                    {"seat": other, "to": seat},
                )
        p.salary = 0
        p.part_time = 0
        p.set_expense("taxes", 0)
        p.set_expense("part_time_taxes", 0)
        self.note("rut.retired", {"seat": seat, "passive": p.passive})
        if not self.member(p):
            # A player on the way out of the Inner Circle goes to the Rut's next mentor too.
            p.position = self.next_mentor(seat)
            p.circle, p.pending = "rut", ""
            self.enter_circle(seat)
        self.decision = None
        self.then(("turn_end", seat))

    def rejoin(self, seat: int) -> None:
        """A retired player takes a job again: the Job card's own salary and taxes come back."""
        p = self.players[seat]
        job = self.c.jobs[p.job]
        p.retired = False
        p.salary = job.salary
        p.set_expense("taxes", job.taxes)
        self.leave_circle(seat)
        self.note("rut.rejoined", {"seat": seat, "salary": job.salary})
        self.decision = None
        self.then(("turn_end", seat))

    # ----- winning ------------------------------------------------------------------------
    def step_dream(self, seat: int, dream: str | None) -> None:
        p = self.players[seat]
        if dream != p.dream:
            return
        need = p.expenses + self.options.dream_margin
        if p.retired and p.passive >= need:
            self.win([seat], "rut.win_dream")
        else:
            self.note(
                "rut.dream_visit",
                {"seat": seat, "passive": p.passive, "need": need, "retired": p.retired},
            )
