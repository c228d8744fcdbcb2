"""Plain words for the debrief: actions, amounts and differences a learner reads."""

from __future__ import annotations

from moneyboard.engine.actions import Action
from moneyboard.engine.messages import Message
from moneyboard.engine.state import GameState
from moneyboard.terminal.text import explain


def action_words(state: GameState, seat: int, action: Action) -> str:
    """An action in words: its name and fields, plus the game's own description if it has one
    (``"take loan (receive $600 and 6 loan cards of $150)"``)."""
    text = str(action).replace("_", " ")
    describe = getattr(state, "describe_action", None)
    extra: object = describe(seat, action) if callable(describe) else None
    key = f"describe.action.{action.kind}"
    if extra is None and key in state.catalogue:
        extra = Message(key, {**action.to_json(), "seat": seat})
    if isinstance(extra, Message):
        extra = explain(state, extra)
    return f"{text} ({extra})" if extra else text


def amount(value: float) -> str:
    """A difference rounded as a sentence says it: whole numbers unless it is small.

    >>> amount(243.4), amount(1.26), amount(0.123)
    ('243', '1.3', '0.12')
    """
    size = abs(value)
    if size >= 10:
        return f"{round(size):,}"
    if size >= 1:
        return f"{size:.1f}".removesuffix(".0")
    return f"{size:.2f}"


def difference(delta: float, unit: str) -> str:
    """``"about 2 more happiness points"`` / ``"about 240 less net worth"``."""
    word = "more" if delta > 0 else "less"
    return f"about {amount(delta)} {word} {unit}"


def percent(share: float) -> str:
    """A share as a whole percentage.

    >>> percent(0.254)
    '25%'
    """
    return f"{round(100 * share)}%"


def joined(parts: list[str]) -> str:
    """Phrases joined for a sentence: ``"a, b and c"``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
