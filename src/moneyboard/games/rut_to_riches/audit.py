"""Bookkeeping mode and the Auditor: learners keep their own totals; every few rounds each
player's Auditor (the player on their right) checks them and claims the penalties (R27).

Each entry pairs the true totals with what the learner wrote (cash, total income, total
expenses, Pay Day). An *original* mistake is a figure that differs both from the truth and
from what the learner's own previous figure plus the true change would give; a figure that
is wrong only because an earlier one was wrong is not charged again.
"""

from __future__ import annotations

from typing import NamedTuple

from moneyboard.engine import Message, msg
from moneyboard.games.rut_to_riches.actions import Record
from moneyboard.games.rut_to_riches.base import ACCOUNTS, RutBase

Totals = tuple[int, int, int, int]
LINES = ("cash", "income", "expenses", "payday")
#: The largest figure a learner may write (a guard against absurd entries).
MAX_FIGURE = 10**12


class Mistake(NamedTuple):
    """An original mistake: which entry, which line, what was written, what was expected."""

    entry: int
    line: str
    written: int
    expected: int


def original_mistakes(
    base: tuple[Totals, Totals], entries: list[tuple[Totals, Totals]]
) -> list[Mistake]:
    """Original mistakes in a run of entries that starts from an audited ``base`` (true, written).

    >>> base = ((100, 10, 5, 5), (100, 10, 5, 5))
    >>> run = [((150, 10, 5, 5), (160, 10, 5, 5)), ((200, 10, 5, 5), (210, 10, 5, 5))]
    >>> original_mistakes(base, run)
    [Mistake(entry=1, line='cash', written=160, expected=150)]
    """
    prev_true, prev_written = base
    found = []
    for number, (true, written) in enumerate(entries, 1):
        for i in range(3):
            expected = prev_written[i] + (true[i] - prev_true[i])
            if written[i] != expected and written[i] != true[i]:
                found.append(Mistake(number, LINES[i], written[i], true[i]))
        expected_payday = written[1] - written[2]
        if written[3] != expected_payday and written[3] != true[3]:
            found.append(Mistake(number, "payday", written[3], true[3]))
        prev_true, prev_written = true, written
    return found


class Audit(RutBase):
    """Entries after each change, and the Auditors' checks every few rounds."""

    def record_choices(self, seat: int) -> tuple[Record, ...]:
        """Entries random play and bots write: the true totals, and two typical slips."""
        cash, income, expenses, payday = self.totals(seat)
        return (
            Record(cash, income, expenses, payday),
            Record(cash + 100, income, expenses, payday),
            Record(cash, income, expenses + 100, payday),
        )

    def check_record(self, seat: int, a: Record) -> Message | None:
        if any(abs(x) > MAX_FIGURE for x in (a.cash, a.income, a.expenses, a.payday)):
            return msg("why.rut.figure_too_large")
        return None

    def do_record(self, seat: int, a: Record) -> None:
        p = self.players[seat]
        written = (a.cash, a.income, a.expenses, a.payday)
        p.entries.append((self.totals(seat), written))
        p.entered = written
        p.entries_made += 1
        self.event("rut.recorded", seat=seat)

    def auditor_of(self, seat: int) -> int | None:
        """The player on ``seat``'s right who is still in the game (None if there is none)."""
        for k in range(1, self.n):
            other = (seat - k) % self.n
            if not self.players[other].out:
                return other
        return None

    def step_audit(self) -> None:
        """Each Auditor checks their neighbour's sheets, claims the penalty for each original
        mistake (at most the cash held) and corrects the sheets."""
        penalty = self.options.audit_penalty
        for seat, p in enumerate(self.players):
            auditor = self.auditor_of(seat)
            if p.out or p.audit_base is None or auditor is None:
                continue
            found = original_mistakes(p.audit_base, p.entries)
            for m in found:
                self.event(
                    "rut.audit_mistake",
                    seat=seat,
                    auditor=auditor,
                    entry=m.entry,
                    line=m.line,
                    what=self.catalogue.word(m.line, "audit_line"),
                    written=m.written,
                    expected=m.expected,
                )
            charge = min(self.cash(seat), penalty * len(found))
            if charge:
                self.ledger.transfer(
                    [
                        (
                            ACCOUNTS[seat],
                            ACCOUNTS[auditor],
                            charge,
                            "rut.audit_penalty",
                            {"seat": seat, "auditor": auditor},
                        )
                    ]
                )
            # A clean sheet is said as such; "0 original mistakes and pays $0" is noise.
            key = (
                "rut.audited" if charge else "rut.audited_no_cash" if found else "rut.audited_clean"
            )
            self.event(key, seat=seat, auditor=auditor, mistakes=len(found), charged=charge)
            totals = self.totals(seat)
            p.entered = totals
            p.audit_base = (totals, totals)
            p.entries = []
