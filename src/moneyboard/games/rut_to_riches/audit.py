"""The Auditor: learners keep their own totals; the engine audits them at set intervals.

Each entry pairs the true totals with what the learner wrote (cash, total income, total
expenses, Pay Day). An *original* mistake is a figure that differs both from the truth and
from what the learner's own previous figure plus the true change would give; a figure that
is wrong only because an earlier one was wrong is not charged again.
"""

from __future__ import annotations

from typing import NamedTuple

from moneyboard.engine.ledger import BANK
from moneyboard.engine.state import GameState
from moneyboard.games.rut_to_riches.core import ACCOUNTS, RutCore
from moneyboard.games.rut_to_riches.sheet import Player

Totals = tuple[int, int, int, int]
LINES = ("cash", "income", "expenses", "payday")


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


def last_true(p: Player) -> Totals | None:
    """The true totals when the player last wrote (or was audited): a change since asks again."""
    if p.entries:
        return p.entries[-1][0]
    return p.audit_base[0] if p.audit_base else None


class Audit(RutCore):
    """Bookkeeping mode: entries after each change and audits every few rounds."""

    def behind(self) -> list[int]:
        """Players whose totals changed since they last wrote them (or were audited)."""
        return [
            s for s, p in enumerate(self.players) if not p.out and last_true(p) != self.totals(s)
        ]

    def books(self) -> bool:
        """Ask every player whose totals changed since they last wrote to write them now."""
        behind = self.behind()
        if not behind:
            return False
        self.writers = behind
        GameState.ask(self, tuple(behind), "books")
        return True

    def record(self, seat: int, written: Totals) -> None:
        p = self.players[seat]
        p.entries.append((self.totals(seat), written))
        p.entered = written
        p.entries_made += 1
        self.note("rut.recorded", {"seat": seat})
        self.writers.remove(seat)
        if self.writers:
            GameState.ask(self, tuple(self.writers), "books")
        else:
            self.decision = None

    def audit_all(self) -> None:
        """The Auditor checks every sheet, charges each original mistake and corrects the sheet."""
        penalty = self.options.audit_penalty
        for seat, p in enumerate(self.players):
            if p.out or p.audit_base is None:
                continue
            found = original_mistakes(p.audit_base, p.entries)
            for m in found:
                self.note(
                    "rut.audit_mistake",
                    {
                        "seat": seat,
                        "entry": m.entry,
                        "line": m.line,
                        "written": m.written,
                        "expected": m.expected,
                    },
                )
            charge = min(self.cash(seat), penalty * len(found))
            if charge:
                self.ledger.post(ACCOUNTS[seat], BANK, charge, "rut.audit_penalty", {"seat": seat})
            self.note("rut.audited", {"seat": seat, "mistakes": len(found), "charged": charge})
            totals = self.totals(seat)
            p.entered = totals
            p.audit_base = (totals, totals)
            p.entries = []
