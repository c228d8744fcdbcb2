"""Amounts: action fields that are whole sums of money, chosen in a range the game allows now.

An action type declares them in ``amounts`` (see :class:`moneyboard.engine.actions.Amount`);
the game answers :meth:`Amounts.amount_range`. A person picks any value on the step in that
range; random play, bots and RL adapters pick from the ladder (:meth:`Amounts.amount_ladder`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from moneyboard.engine.actions import Action
from moneyboard.engine.kernel import Kernel
from moneyboard.engine.messages import Message, msg

A = TypeVar("A", bound=Action)


class Amounts(Kernel):
    """Range checks for amount fields, and the ladders that random play chooses from."""

    def amount_range(self, seat: int, action: Action, field: str) -> tuple[int, int] | None:
        """Lowest and highest ``field`` of ``action`` that ``seat`` may choose now (``None``:
        the action is not available). ``action`` carries the other fields' values."""
        return None

    def amount_problem(self, seat: int, action: Action) -> Message | None:
        """The reason an amount of ``action`` is out of range or off its step, if it is."""
        for field, spec in action.amounts.items():
            value = getattr(action, field)
            bounds = self.amount_range(seat, action, field)
            if bounds is None:
                return msg(
                    "why.amount_unavailable", action=action.kind, label=self.action_label(action)
                )
            money = spec.money  # said in the game's currency, or a count of things
            if value % spec.step:
                return msg("why.amount_step" if money else "why.count_step", step=spec.step)
            low, high = spec.on_step(*bounds) or bounds
            if not low <= value <= high and low == high:  # not "between $100 and $100"
                return msg("why.amount_only" if money else "why.count_only", amount=low)
            if not low <= value <= high:
                return msg("why.amount_range" if money else "why.count_range", min=low, max=high)
        return None

    def amount_ladder(self, seat: int, action: A, field: str) -> list[A]:
        """``action`` with each ladder value of ``field`` that ``seat`` may choose now.

        The ladders are built once per action, field and range, and shared (actions are
        immutable): random play lists them at almost every decision.
        """
        bounds = self.amount_range(seat, action, field)
        if bounds is None:
            return []
        key = (action, field, bounds)
        ladder = _LADDERS.get(key)
        if ladder is None:
            spec = action.amounts[field]
            ladder = [dataclasses.replace(action, **{field: v}) for v in spec.values(*bounds)]
            if len(_LADDERS) >= _LADDERS_KEPT:
                _LADDERS.clear()
            _LADDERS[key] = ladder
        return list(ladder)


#: Ladders already built, by (action, field, range); cleared when it grows past the limit.
_LADDERS: dict[tuple[Action, str, tuple[int, int]], list[Any]] = {}
_LADDERS_KEPT = 100_000
