"""Plain words for the debrief: actions, amounts and differences a learner reads."""

from __future__ import annotations

from collections.abc import Callable

from moneyboard.engine.actions import Action
from moneyboard.engine.messages import Message
from moneyboard.engine.state import GameState
from moneyboard.terminal.render import preview
from moneyboard.terminal.text import explain


def typed_form(state: GameState, seat: int, action: Action) -> str:
    """What a person types to name ``action`` for a what-if, in the game's words: its label,
    as the learner saw it ("Buy the luxury in slot 2"), unless another legal action shares it
    (the steps of an amount), then its text with the amount ("Borrow from the bank ($500)").
    Only if that too is shared, its short text ("borrow 500"): never otherwise, as its
    fields count from 0 where the label counts from 1."""
    label = state.action_label(action)
    others = [a for a in state.legal_actions(seat) if a != action]
    if not any(state.action_label(a) == label for a in others):
        return label
    text = state.action_text(action)
    if not any(state.action_text(a) == text for a in others):
        return text
    return str(action).replace("_", " ")


def action_words(state: GameState, seat: int, action: Action) -> str:
    """An action in words, with what it means for the seat: the game's own description if it
    has one, else what it changes until the next decision (``"Take a loan (cash +5, debt +8)"``,
    worked out on copies with their own dice, never the game's)."""
    text = state.action_label(action)
    describe = getattr(state, "describe_action", None)
    extra: object = describe(seat, action) if callable(describe) else None
    key = f"describe.action.{action.kind}"
    if extra is None and key in state.catalogue:
        extra = Message(key, {**action.to_json(), "seat": seat})
    if isinstance(extra, Message):
        extra = explain(state, extra)
    if extra is None:
        extra = sure_changes(preview(state, seat, action))
    return f"{text} ({extra})" if extra else text


#: Changes a sentence names at most (the first ones the preview lists).
MOST_CHANGES = 3


def sure_changes(changes: str) -> str:
    """The changes of a preview that do not depend on chance, at most :data:`MOST_CHANGES`.

    >>> sure_changes("cash depends on chance, savings -10, assets -17, income +1, debt +2")
    'savings -10, assets -17, income +1'
    """
    sure = [part for part in changes.split(", ") if part and "depends on chance" not in part]
    return ", ".join(sure[:MOST_CHANGES])


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


def money_difference(delta: float, money_text: Callable[[int | float], str]) -> str:
    """A difference of net worth in the game's currency.

    >>> money_difference(21_924.4, "${:,}".format), money_difference(-2.6, "{} units".format)
    ('about $21,924 more net worth', 'about 3 units less net worth')
    """
    word = "more" if delta > 0 else "less"
    return f"about {money_text(round(abs(delta)))} {word} net worth"


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
