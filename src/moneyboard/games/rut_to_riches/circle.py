"""The squares a token lands on, Find A Mentor and the Inner Circle, Mentor Advice, Lose Your
Mentor, retiring, rejoining the Rut, and buying your Dream."""

from __future__ import annotations

from moneyboard.engine import Message, msg
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.actions import EnterCircle, Rejoin, Retire
from moneyboard.games.rut_to_riches.base import ACCOUNTS, CONTENT, RutBase
from moneyboard.games.rut_to_riches.money import half_of_cash, tax_cut

ADVICE = CONTENT.advice
#: Squares that do nothing more when landed on (the Pay Day was paid on the way).
NOTHING_ON_LANDING = frozenset({"payday", "payday_advice"})


class Circle(RutBase):
    """Landing, mentors, the Inner Circle, retirement and the Dream."""

    def step_land(self, seat: int) -> None:
        """What the square landed on does (the turn's end is already on the agenda)."""
        p = self.players[seat]
        square = self.square(p)
        kind = square.kind
        if p.out or p.bankrupt or kind in NOTHING_ON_LANDING:
            return
        declinable = kind == "personal" and self.options.personal_may_decline  # R36
        if kind in {"deal", "payday_deal"} or declinable:
            self.decide(seat, "deal", decks=list(self.deal_decks(seat)))
        elif kind == "personal":
            self.then(("opportunity", seat, "personal"))
        elif kind == "expenses":
            if p.retired:  # R31: a retired player picks up no Expenses card
                self.event("rut.retired_no_expenses", seat=seat)
            else:
                self.then(("expense", seat))
        elif kind == "mentor":
            self.decide(seat, "mentor", fee=square.fee)
        elif kind == "dream":
            self.then(("dream", seat, square.dream))
        elif kind == "lose_mentor":
            self.then(("lose_mentor", seat))

    # ----- mentors ------------------------------------------------------------------------
    def mentor_fee(self, seat: int) -> int:
        """The fee of the Find A Mentor square the player stands on (none in the circle)."""
        p = self.players[seat]
        return self.c.board.rut[p.position].fee if p.circle == "rut" else 0

    def check_enter_circle(self, seat: int, a: EnterCircle) -> Message | None:
        fee = self.mentor_fee(seat)
        return None if self.can_raise(seat, fee) else msg("why.rut.cannot_afford", amount=fee)

    def do_enter_circle(self, seat: int, a: EnterCircle) -> None:
        self.enter_circle(seat)

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
            cut = tax_cut(p.exp[line], percent, self.options.rounding == "figure")
            if cut:
                p.set_expense(line, p.exp[line] - cut)
                what = self.catalogue.word(line, "expense_line")
                now = p.exp[line]
                self.event("rut.tax_cut", seat=seat, line=line, what=what, amount=cut, now=now)
        for h in p.holdings:
            h.boost = self.opp(h.card).inner_bonus
        p.recount_passive()
        self.event("rut.found_mentor", seat=seat, fee=fee)

    def decline_mentor(self, seat: int) -> None:
        """The player stays in the Rut."""
        self.event("rut.declined_mentor", seat=seat)

    def step_lose_mentor(self, seat: int) -> None:
        """Lose Your Mentor: back to the Rut next turn and half the cash lost (R21)."""
        p = self.players[seat]
        if p.retired:
            self.event("rut.mentor_immune", seat=seat)
            return
        self.leave_circle(seat)
        lost = half_of_cash(self.cash(seat))
        if lost:
            self.ledger.post(ACCOUNTS[seat], BANK, lost, "rut.lost_mentor", {"seat": seat})
        self.event("rut.lost_mentor", seat=seat, amount=lost)

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

    # ----- mentor advice ------------------------------------------------------------------
    def step_advice(self, seat: int) -> None:
        """A Pay Day + Mentor Advice square reached: draw a Mentor Advice card."""
        p = self.players[seat]
        if not p.out and not p.bankrupt:
            self.draw_card("advice", ("advice_drawn", seat))

    def step_advice_drawn(self, seat: int, card_id: str) -> None:
        """What the advice card does: cash, a cut, a boost, or an immunity kept."""
        self.decks["advice"].take(card_id)
        a = ADVICE[card_id]
        p = self.players[seat]
        self.event("rut.advice", seat=seat, card=card_id, title=a.title)
        if a.kind == "immunity":
            p.immunities.update(a.immunities)
            p.cards.append(("advice", card_id))
            return
        self.decks["advice"].discard(card_id)
        if a.kind == "cash":
            self.gain(seat, a.amount, "rut.advice_cash", card=card_id)
        elif a.kind == "cut":  # told only if something was cut: "by $0" reads as a cut
            cut = tax_cut(p.exp[a.line], a.percent, self.options.rounding == "figure")
            what = self.catalogue.word(a.line, "expense_line")
            if not cut:
                self.event("rut.expense_cut_none", seat=seat, line=a.line, what=what)
                return
            now = p.exp[a.line] - cut
            p.set_expense(a.line, now)
            self.event("rut.expense_cut", seat=seat, line=a.line, what=what, amount=cut, now=now)
        else:  # each asset it helps earns more; the event says the whole rise
            helped = [h for h in p.holdings if a.tag in h.tags]
            if not helped:
                self.event("rut.boost_none", seat=seat, what=self.catalogue.word(a.tag, "owns"))
                return
            for h in helped:
                h.boost += a.amount
            p.recount_passive()
            what = self.catalogue.word(a.tag, "income_from")
            self.event("rut.boost", seat=seat, tag=a.tag, what=what, amount=a.amount * len(helped))

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
        """The Find A Mentor fee a retiring player pays (none if already a member)."""
        if self.member(self.players[seat]):
            return 0
        return self.c.board.rut[self.next_mentor(seat)].fee

    def gifts(self, seat: int) -> list[tuple[int, int]]:
        """What each other player still in the game pays a retiring player: the gift, or all
        their cash if less (no one borrows for a gift)."""
        gift = self.options.retirement_gift
        out = []
        for other in self.playing(seat)[1:]:
            paid = min(gift, self.cash(other))
            if paid:
                out.append((other, paid))
        return out

    def check_retire(self, seat: int, a: Retire) -> Message | None:
        p = self.players[seat]
        if p.retired:
            return msg("why.rut.already_retired")
        if p.passive <= p.active:
            return msg("why.rut.passive_too_low", passive=p.passive, active=p.active)
        fee = self.retire_fee(seat) - sum(paid for _, paid in self.gifts(seat))
        if not self.can_raise(seat, fee):
            return msg("why.rut.cannot_afford", amount=fee)
        return None

    def do_retire(self, seat: int, a: Retire) -> None:
        """The gifts arrive first, then the Find A Mentor fee is raised (R22)."""
        p = self.players[seat]
        fee = self.retire_fee(seat)
        gifts = self.gifts(seat)
        if gifts:
            self.ledger.transfer(
                [
                    (
                        ACCOUNTS[other],
                        ACCOUNTS[seat],
                        paid,
                        "rut.retirement_gift",
                        {"seat": other, "to": seat},
                    )
                    for other, paid in gifts
                ]
            )
        # Any overdraft for the fee is taken on the income the player has before retiring.
        self.raise_cash(seat, fee)
        p.retired = True
        p.salary = 0
        p.part_time = 0
        p.set_expense("taxes", 0)
        p.set_expense("part_time_taxes", 0)
        self.event("rut.retired", seat=seat, passive=p.passive)
        if not self.member(p):
            # A player on the way out of the Inner Circle goes to the Rut's next mentor too.
            p.position = self.next_mentor(seat)
            p.circle, p.pending = "rut", ""
            self.enter_circle(seat)
        self.then(("turn_end", seat))

    def check_rejoin(self, seat: int, a: Rejoin) -> Message | None:
        return None if self.players[seat].retired else msg("why.rut.not_retired")

    def do_rejoin(self, seat: int, a: Rejoin) -> None:
        """A retired player takes a job again: the Job card's own salary and taxes come back."""
        p = self.players[seat]
        job = self.c.jobs[p.job]
        p.retired = False
        p.salary = job.salary
        p.set_expense("taxes", job.taxes)
        self.leave_circle(seat)
        self.event("rut.rejoined", seat=seat, salary=job.salary)
        self.then(("turn_end", seat))

    # ----- the Dream ------------------------------------------------------------------------
    def step_dream(self, seat: int, dream: str | None) -> None:
        """The square beside a Dream: a retired owner with enough passive income wins."""
        p = self.players[seat]
        if dream != p.dream:
            return
        need = p.expenses + self.options.dream_margin
        if p.retired and p.passive >= need:
            self.win([seat], "rut.win_dream")
        else:
            margin = self.options.dream_margin
            key = "rut.dream_visit" if p.retired else "rut.dream_not_retired"
            self.event(key, seat=seat, passive=p.passive, need=need, margin=margin)
