"""Plain words for the debrief: actions, amounts and differences a learner reads."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

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


def figures_alike(values: Sequence[float]) -> list[str]:
    """Figures said together (a range, a mean and its range), all to the decimals the largest
    needs as :func:`amount` rounds it, so a range never reads "0.00 to 3"; a zero decimal is
    dropped only where every figure has it. A negative one has the minus sign money is
    written with.

    >>> figures_alike([0.0, 3.0]), figures_alike([3.0, 5.14]), figures_alike([0.04, 0.5])
    (['0', '3'], ['3.0', '5.1'], ['0.04', '0.50'])
    >>> figures_alike([-2.0, 12.6]), figures_alike([1_234.5])
    (['−2', '13'], ['1,234'])
    """
    return _alike(values, percentages=False)


def shares_alike(shares: Sequence[float]) -> list[str]:
    """Shares of expenses said together as percentages (:func:`share_percent`'s rounding, by
    the largest of them): ``"4% to 150%"``, never ``"4.4% to 150%"``.

    >>> shares_alike([0.044, 1.5]), shares_alike([0.0, 0.085]), shares_alike([0.0, 0.08])
    (['4%', '150%'], ['0.0%', '8.5%'], ['0%', '8%'])
    """
    return [text + "%" for text in _alike([100 * share for share in shares], percentages=True)]


def _alike(values: Sequence[float], *, percentages: bool) -> list[str]:
    """``values`` to the same decimals: none from 10 up, one from 1 up, else two (one at most
    for ``percentages``); zero decimals dropped from all or none."""
    largest = max((abs(value) for value in values), default=0.0)
    decimals = 0 if largest >= 10 else 1 if largest >= 1 or percentages else 2
    texts = [f"{abs(value):,.{decimals}f}" for value in values]
    if decimals and all(text.endswith("." + "0" * decimals) for text in texts):
        texts = [text.partition(".")[0] for text in texts]
    return [
        ("−" if round(value, decimals) < 0 else "") + text
        for value, text in zip(values, texts, strict=True)
    ]


def with_unit(figure: str, unit: str) -> str:
    """A figure and its unit, the unit singular for one ("1 happiness point").

    >>> with_unit("1", "happiness points"), with_unit("1", "points of score")
    ('1 happiness point', '1 point of score')
    >>> with_unit("2.5", "happiness points"), with_unit("1", "net worth")
    ('2.5 happiness points', '1 net worth')
    """
    if figure == "1":
        if unit.endswith("points"):
            unit = unit.removesuffix("points") + "point"
        elif unit.startswith("points "):
            unit = "point " + unit.removeprefix("points ")
    return f"{figure} {unit}"


def says_something(figure: str) -> bool:
    """Whether a rounded figure is more than nothing ("$0" and "0.00" are nothing).

    >>> says_something("0.00"), says_something("$0"), says_something("0.01")
    (False, False, True)
    """
    return any(digit in figure for digit in "123456789")


def more_or_less(delta: float, figure: str) -> str:
    """The word for a difference ``delta`` written as ``figure`` (rounded, without sign):
    "more" or "less"; ``""`` when the figure rounds to nothing (a sentence leaves it out).

    >>> more_or_less(2.4, "2"), more_or_less(-0.4, "0"), more_or_less(-3.1, "$3")
    ('more', '', 'less')
    """
    if not says_something(figure):
        return ""
    return "more" if delta > 0 else "less"


def difference(delta: float, unit: str) -> str:
    """``"about 2 more happiness points"`` / ``"about 240 less net worth"``; ``""`` for a
    difference that rounds to nothing (a sentence then leaves it out).

    >>> difference(1.02, "happiness points"), difference(0.001, "happiness points")
    ('about 1 more happiness point', '')
    """
    figure = amount(delta)
    word = more_or_less(delta, figure)
    if not word:
        return ""
    return f"about {figure} {word} {with_unit(figure, unit).removeprefix(figure + ' ')}"


def money_difference(delta: float, money_text: Callable[[int | float], str]) -> str:
    """A difference of net worth in the game's currency; ``""`` if it rounds to nothing.

    >>> money_difference(21_924.4, "${:,}".format), money_difference(-2.6, "{} units".format)
    ('about $21,924 more net worth', 'about 3 units less net worth')
    >>> money_difference(0.5, "${:,}".format)
    ''
    """
    figure = money_text(round(abs(delta)))
    word = more_or_less(delta, figure)
    return f"about {figure} {word} net worth" if word else ""


def share_percent(share: float) -> str:
    """A share of expenses (Rut to Riches' passive income over expenses) as the game's end
    sentence writes it: a whole percentage with its thousands, one decimal under 10%.

    >>> share_percent(1.5), share_percent(20.05), share_percent(0.044), share_percent(0)
    ('150%', '2,005%', '4.4%', '0%')
    """
    return percentage_points(share) + "%"


def percentage_points(share: float) -> str:
    """The size of a share in percentage points, rounded as :func:`share_percent` rounds it.

    >>> percentage_points(0.25), percentage_points(-0.074), percentage_points(0.0004)
    ('25', '7.4', '0')
    """
    size = abs(100 * share)
    if size >= 10:  # half up, as the pages round it (JavaScript's Math.round)
        return f"{math.floor(size + 0.5):,}"
    return f"{size:.1f}".removesuffix(".0")


def share_difference(delta: float, unit: str) -> str:
    """A difference in a share of expenses, in percentage points (``unit`` what the share is
    of); ``""`` if it rounds to nothing.

    >>> share_difference(0.25, "of expenses covered by passive income")
    'about 25 percentage points more of expenses covered by passive income'
    >>> share_difference(-0.01, "of expenses"), share_difference(0.0004, "of expenses")
    ('about 1 percentage point less of expenses', '')
    """
    figure = percentage_points(delta)
    word = more_or_less(delta, figure)
    return f"about {with_unit(figure, 'percentage points')} {word} {unit}" if word else ""


def percent(share: float) -> str:
    """A share as a whole percentage.

    >>> percent(0.254)
    '25%'
    """
    return f"{round(100 * share)}%"


def a_percent(share: float) -> str:
    """A share as a whole percentage with its article, as it is said ("an 8%", "an 18%").

    >>> a_percent(0.25), a_percent(0.08), a_percent(0.11), a_percent(0.83), a_percent(1)
    ('a 25%', 'an 8%', 'an 11%', 'an 83%', 'a 100%')
    """
    text = percent(share)
    said_with_a_vowel = text.startswith("8") or text in ("11%", "18%")
    return f"{'an' if said_with_a_vowel else 'a'} {text}"


def of_the_games(share: float) -> str:
    """A share of the games played, in words: "none of the games", "all of the games",
    else "25% of the games".

    >>> of_the_games(0.001), of_the_games(0.999), of_the_games(0.25)
    ('none of the games', 'all of the games', '25% of the games')
    """
    text = percent(share)
    return {"0%": "none of the games", "100%": "all of the games"}.get(text, f"{text} of the games")


def times(count: int) -> str:
    """How many times, in words ("once", "3 times")."""
    return "once" if count == 1 else f"{count} times"


def joined(parts: list[str]) -> str:
    """Phrases joined for a sentence: ``"a, b and c"``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
