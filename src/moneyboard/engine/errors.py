"""Errors a person can cause. Each names what was wrong; none leaves a state half-changed."""

from __future__ import annotations


class MoneyboardError(ValueError):
    """Base of every error moneyboard reports to a person rather than as a crash."""


class IllegalActionError(MoneyboardError):
    """An action that the rules do not allow now; ``reason`` is the learner-readable why."""

    def __init__(self, message: str, key: str = "", params: dict[str, object] | None = None):
        super().__init__(message)
        self.key = key
        self.params = params or {}


class MalformedInputError(MoneyboardError):
    """Text or JSON that does not parse as what was expected (an action, a record, a file)."""


class OptionsError(MoneyboardError):
    """A rule option that does not exist, or a value it cannot take."""


class RecordError(MoneyboardError):
    """A game record that cannot be loaded or does not replay."""


class UnknownGameError(MoneyboardError):
    """A game id that is not in the registry."""


class LedgerError(MoneyboardError):
    """A posting the ledger refuses (a non-positive amount, or an account it would overdraw)."""
