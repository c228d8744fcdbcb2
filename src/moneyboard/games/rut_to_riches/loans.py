"""Bank overdrafts, paying debts off, and bankruptcy."""

from __future__ import annotations

from bisect import bisect_right

from moneyboard.engine import Message, msg
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.actions import (
    BORROW_LADDER,
    BORROWS,
    PAYOFF_LADDER,
    PAYOFF_LINES,
    PAYOFF_STEP,
    PAYOFFS,
    PAYOFFS_ALL,
    REPAY_STEP,
    REPAYS,
    Borrow,
    PayOff,
    PayOffAll,
    Repay,
)
from moneyboard.games.rut_to_riches.base import ACCOUNTS, RutBase
from moneyboard.games.rut_to_riches.sheet import DEBT_LINES, EXPENSE_LINES

#: Order in which bankruptcy pays debts down: the dearest money first.
BANKRUPTCY_PAYDOWN = ("bank", "credit_card", "business", "car", "education", "home")


class Loans(RutBase):
    """Borrowing and repaying (at the start of a turn), and what bankruptcy does."""

    # ----- borrowing ------------------------------------------------------------------------
    def borrow_range(self, seat: int) -> tuple[int, int] | None:
        """The overdraft a player may take now: $100 up to the room left under the limit."""
        room = self.loan_room(seat)
        return (100, room) if room >= 100 else None

    def check_borrow(self, seat: int, a: Borrow) -> Message | None:
        if self.players[seat].bankrupt:
            return msg("why.rut.bankrupt_no_loans")
        room = self.loan_room(seat)
        if a.amount > room:
            return msg("why.rut.loan_limit", amount=a.amount, room=room)
        return None

    def do_borrow(self, seat: int, a: Borrow) -> None:
        self.borrow(seat, a.amount)
        self.books_now()

    # ----- paying off (R11) ------------------------------------------------------------------
    def payoff_range(self, seat: int, line: str) -> tuple[int, int] | None:
        """What a player may pay off ``line`` in parts now: from $50 up to what is owed and
        the cash covers, on the $50 step (a balance off the step is paid in full with
        :class:`PayOffAll`)."""
        if line not in PAYOFF_LINES:
            return None
        return self._payable(seat, self.players[seat].debt[line], PAYOFF_STEP)

    def repay_range(self, seat: int) -> tuple[int, int] | None:
        """What a player may repay of the overdraft now: $100 up to what is owed and the
        cash covers (the bank lends in $100s, so the overdraft is a multiple of $100)."""
        return self._payable(seat, self.players[seat].debt["bank"], REPAY_STEP)

    def _payable(self, seat: int, owed: int, step: int) -> tuple[int, int] | None:
        """A repayment's range: up to the debt and the cash, so the top a learner is shown
        can be paid. With less cash than one step the range runs to the debt, so that the
        greyed button says the cash is short, not that there is nothing to choose."""
        if owed < step:
            return None
        affordable = min(owed, self.cash(seat)) // step * step
        return (step, affordable if affordable >= step else owed)

    def check_pay_off(self, seat: int, a: PayOff) -> Message | None:
        """Elective debts only, in parts that are multiples of $50, from cash (R11)."""
        if a.line == "bank":
            return msg("why.rut.repay_overdraft")
        if a.line not in PAYOFF_LINES:
            return msg("why.rut.not_elective", line=a.line)
        owed = self.players[seat].debt[a.line]
        if not owed:
            return msg("why.rut.no_debt", line=a.line)
        if a.amount > owed:
            return msg("why.rut.more_than_owed", amount=a.amount, owed=owed, line=a.line)
        if a.amount <= 0 or a.amount % PAYOFF_STEP:
            return msg("why.rut.payoff_step", amount=a.amount, step=PAYOFF_STEP)
        if a.amount > self.cash(seat):
            return msg("why.rut.cash_short", amount=a.amount, cash=self.cash(seat))
        return None

    def do_pay_off(self, seat: int, a: PayOff) -> None:
        self.pay_off(seat, a.line, a.amount)
        self.books_now()

    def check_pay_off_all(self, seat: int, a: PayOffAll) -> Message | None:
        """The whole of an elective debt whose balance a part cannot reach, from cash."""
        if a.line not in PAYOFF_LINES:
            return msg("why.rut.not_elective", line=a.line)
        owed = self.players[seat].debt[a.line]
        if not owed:
            return msg("why.rut.no_debt", line=a.line)
        if owed % PAYOFF_STEP == 0:
            return msg("why.rut.pay_off_in_parts", owed=owed, line=a.line)
        if owed > self.cash(seat):
            return msg("why.rut.cash_short", amount=owed, cash=self.cash(seat))
        return None

    def do_pay_off_all(self, seat: int, a: PayOffAll) -> None:
        self.pay_off(seat, a.line, self.players[seat].debt[a.line])
        self.books_now()

    def check_repay(self, seat: int, a: Repay) -> Message | None:
        """Part (a multiple of $100) or all of the overdraft, from cash (R11)."""
        owed = self.players[seat].debt["bank"]
        if not owed:
            return msg("why.rut.no_overdraft")
        if a.amount > owed:
            return msg("why.rut.more_than_overdraft", amount=a.amount, owed=owed)
        if a.amount <= 0 or a.amount % REPAY_STEP:
            return msg("why.rut.payoff_step", amount=a.amount, step=REPAY_STEP)
        if a.amount > self.cash(seat):
            return msg("why.rut.cash_short", amount=a.amount, cash=self.cash(seat))
        return None

    def do_repay(self, seat: int, a: Repay) -> None:
        self.pay_off(seat, "bank", a.amount)
        self.books_now()

    def payoff_choices(self, seat: int) -> list[PayOff | PayOffAll | Repay]:
        """Pay-offs for random play, bots and RL: for each debt, the ladder's amounts that
        its range and the cash allow now, and the whole of a balance off the $50 step (a
        person may name any amount on the step)."""
        out: list[PayOff | PayOffAll | Repay] = []
        cash = self.cash(seat)
        debt = self.players[seat].debt
        owed = debt["bank"]
        if owed and cash >= PAYOFF_LADDER[0]:
            out += REPAYS[: bisect_right(PAYOFF_LADDER, min(owed, cash))]  # a sorted ladder
        for line in PAYOFF_LINES:
            owed = debt[line]
            if not owed:
                continue
            if owed % PAYOFF_STEP and owed <= cash:
                out.append(PAYOFFS_ALL[line])
            most = min(owed // PAYOFF_STEP * PAYOFF_STEP, cash)
            out += PAYOFFS[line][: bisect_right(PAYOFF_LADDER, most)]  # a sorted ladder
        return out

    def borrow_choices(self, seat: int) -> tuple[Borrow, ...]:
        """Loans for random play, bots and RL: the ladder's amounts within the limit."""
        return BORROWS[: bisect_right(BORROW_LADDER, self.loan_room(seat))]  # a sorted ladder

    def pay_off(self, seat: int, line: str, paid: int) -> None:
        """Pay ``paid`` off a debt. The overdraft's payment stays the interest rate on what
        is still owed; another debt's falls in proportion to what has been paid off since it
        was taken on, so parts add up to the same as paying at once (R11)."""
        p = self.players[seat]
        if line == "bank":
            left = p.debt["bank"] - paid
            p.debt["bank"] = left
            interest = left * self.options.loan_rate_percent // 100
            cut = p.exp["bank"] - interest
            p.set_expense("bank", interest)
        else:
            cut = p.repay(line, paid, self.options.rounding == "figure")
            left = p.debt[line]
        what = self.catalogue.word(line, "debt_line")
        params = {"seat": seat, "line": line, "what": what}
        self.ledger.post(ACCOUNTS[seat], BANK, paid, "rut.pay_off", params)
        # "falls by $0" would read as though nothing happened; "$0 still owed" as a debt left.
        # "its monthly payment of $0 is gone" too: a debt cleared without a payment left.
        key = "rut.paid_off_all" if not left else "rut.paid_off" if cut else "rut.paid_off_same"
        if line == "bank":  # the overdraft is repaid, and what it costs is its interest
            key = "rut.repaid_all" if not left else "rut.repaid" if cut else "rut.repaid_same"
        if not left and not cut:
            key = "rut.repaid_rest" if line == "bank" else "rut.paid_off_rest"
        self.event(key, seat=seat, line=line, amount=paid, cut=cut, left=left)

    # ----- bankruptcy -------------------------------------------------------------------------
    def step_bankruptcy(self, seat: int) -> None:
        """Sell to the bank at half the deposit and pay down debts; halve car and card debt if
        that is not enough; out of the game if even that leaves the Pay Day negative (R12)."""
        p = self.players[seat]
        p.bankrupt = True
        self.event("rut.bankrupt", seat=seat)
        while p.payday <= 0 and (p.holdings or p.shares):
            self.sell_worst(seat)
            self.pay_down(seat)
        self.pay_down(seat)
        if p.payday < 0:
            for line in ("car", "credit_card"):
                wiped, cut = p.debt[line] // 2, p.exp[line] // 2
                p.debt[line] -= wiped
                p.set_expense(line, p.exp[line] - cut)
            self.event("rut.downsized_debts", seat=seat)
            self.pay_down(seat)
        if p.payday < 0:
            self.put_out(seat)
            return
        p.lost_turns = self.options.bankrupt_turns
        if p.lost_turns:  # the rulebook's "lose 3 turns", told as a Downsized card's are
            self.event("rut.lose_turns", seat=seat, turns=p.lost_turns)

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
            self.return_card(seat, self.opp(h.card).deck, h.card)
            title = h.title
        else:
            s = p.shares.pop(name)
            proceeds = s.cost // 2
            title = name
        p.recount_passive()
        self.gain(seat, proceeds, "rut.bankrupt_sale")
        self.event("rut.bankrupt_sale", seat=seat, asset=title, amount=proceeds)

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

    def put_out(self, seat: int) -> None:
        """A player out of the game (R33): cash back to the bank, cards back to their decks,
        debts written off; they answer nothing more, and their Auditor's duty passes on.
        Their sheet earns and owes nothing from then on (R39): no salary, no bills."""
        p = self.players[seat]
        p.out = True
        cash = self.cash(seat)
        if cash:
            self.ledger.post(ACCOUNTS[seat], BANK, cash, "rut.out_cash", {"seat": seat})
        for deck, card in list(p.cards):
            self.return_card(seat, deck, card)
        for line in DEBT_LINES:
            p.debt[line] = 0
        for line in EXPENSE_LINES:
            p.set_expense(line, 0)
        p.salary = p.part_time = 0
        self.event("rut.out", seat=seat)
