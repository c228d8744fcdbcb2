"""Double-entry ledger: money moves only by postings between named accounts.

Amounts are whole units. The bank is the one account allowed below zero (it issues money),
so the balances always sum to zero and every unit anyone holds can be traced to postings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from moneyboard.engine.errors import LedgerError
from moneyboard.engine.messages import new_message

BANK = "bank"


class Posting(NamedTuple):
    """One movement of ``amount`` units from ``source`` to ``target``, with a reason to show."""

    source: str
    target: str
    amount: int
    key: str
    params: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.source,
            "to": self.target,
            "amount": self.amount,
            "key": self.key,
            "params": dict(self.params),
        }


class Ledger:
    """Balances per account plus the list of postings that produced them.

    >>> ledger = Ledger(["cash:0"])
    >>> ledger.post(BANK, "cash:0", 5, "income", {})
    >>> ledger.balance("cash:0"), ledger.balance(BANK)
    (5, -5)
    >>> ledger.post("cash:0", BANK, 6, "bills", {})
    Traceback (most recent call last):
    ...
    moneyboard.engine.errors.LedgerError: cash:0 holds 5, cannot pay 6
    """

    __slots__ = ("balances", "may_go_negative", "opening", "postings")

    def __init__(self, accounts: Iterable[str] = (), may_go_negative: Iterable[str] = (BANK,)):
        self.balances: dict[str, int] = {BANK: 0}
        for account in accounts:
            self.balances[account] = 0
        self.may_go_negative = frozenset(may_go_negative)
        self.postings: list[Posting] = []
        self.opening: dict[str, int] = {}

    def open(self, account: str) -> None:
        """Add an account with a zero balance (no-op if it exists)."""
        self.balances.setdefault(account, 0)

    def balance(self, account: str) -> int:
        return self.balances[account]

    def post(
        self, source: str, target: str, amount: int, key: str, params: Mapping[str, Any]
    ) -> None:
        """Move ``amount`` (> 0) units; refuses to overdraw an account that may not go negative."""
        if amount <= 0 or amount.__class__ is not int:
            raise LedgerError(f"posting amount must be a positive whole number, got {amount!r}")
        balances = self.balances
        if balances[source] < amount and source not in self.may_go_negative:
            raise LedgerError(f"{source} holds {balances[source]}, cannot pay {amount}")
        balances[source] -= amount
        balances[target] += amount
        self.postings.append(new_message(Posting, (source, target, amount, key, params)))

    def transfer(self, legs: Iterable[tuple[str, str, int, str, Mapping[str, Any]]]) -> None:
        """Post several movements as one step: all of them, or (if one is refused) none.

        A trade between two players moves both sides' money together.
        """
        legs = list(legs)
        balances = self.balances
        before = {a: balances[a] for leg in legs for a in leg[:2]}
        n = len(self.postings)
        try:
            for source, target, amount, key, params in legs:
                self.post(source, target, amount, key, params)
        except LedgerError:
            balances.update(before)
            del self.postings[n:]
            raise

    def audit(self) -> None:
        """Check that the balances are exactly what the postings say (raises if not)."""
        rebuilt = dict.fromkeys(self.balances, 0)
        rebuilt.update(self.opening)
        for p in self.postings:
            rebuilt[p.source] -= p.amount
            rebuilt[p.target] += p.amount
        if rebuilt != self.balances:
            raise LedgerError("balances do not match postings")
        if sum(self.balances.values()) != 0:
            raise LedgerError("balances do not sum to zero")

    def copy(self, with_history: bool = True) -> Ledger:
        new = Ledger.__new__(Ledger)
        new.balances = dict(self.balances)
        new.may_go_negative = self.may_go_negative
        new.postings = list(self.postings) if with_history else []
        new.opening = dict(self.opening) if with_history else dict(self.balances)
        return new
