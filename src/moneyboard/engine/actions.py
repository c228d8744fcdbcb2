"""Actions: small immutable values with a JSON form.

Every game action subclasses :class:`Action` as a frozen, slotted dataclass and sets ``kind``.
``to_json`` gives ``{"type": kind, **fields}``; each game's :class:`ActionCodec` turns that
back into the value, with a clear error for anything malformed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from moneyboard.engine.errors import MalformedInputError
from moneyboard.engine.validation_words import type_in_words, value_in_words


@dataclasses.dataclass(frozen=True, slots=True)
class Amount:
    """How an action field that is a whole amount may be chosen (money, or a count of things).

    A person's client shows a number input (any multiple of ``step`` in the range the game
    allows now); random play, bots and RL adapters choose among ``ladder`` values in that
    range (default: the range's ends and its quarter points, on the step).
    """

    step: int = 1
    ladder: tuple[int, ...] = ()
    #: The field is money, said in the game's currency; ``False`` for a count (shares).
    money: bool = True

    def on_step(self, low: int, high: int) -> tuple[int, int] | None:
        """The lowest and highest amounts on the step from ``low`` to ``high`` (``None``:
        there are none): what a person can really choose, so what a range shown to them
        says. Cash of $1,060 saved in steps of $100 tops out at $1,000, not $1,060.

        >>> Amount(step=100).on_step(100, 1060), Amount(step=100).on_step(30, 90)
        ((100, 1000), None)
        """
        low = -(-low // self.step) * self.step
        high = high // self.step * self.step
        return (low, high) if low <= high else None

    def values(self, low: int, high: int) -> list[int]:
        """The ladder's values on the step between ``low`` and ``high``, ascending.

        >>> Amount(step=100).values(100, 600)
        [100, 200, 300, 400, 600]
        >>> Amount(step=50, ladder=(50, 100, 1000)).values(60, 500)
        [100]
        """
        ends = self.on_step(low, high)
        if ends is None:
            return []
        low, high = ends
        step = self.step
        if self.ladder:
            return [v for v in self.ladder if low <= v <= high and v % step == 0]
        points = {low, high}
        for quarter in (1, 2, 3):
            points.add(low + (high - low) * quarter // 4 // step * step)
        return sorted(points)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions; subclasses are frozen dataclasses with a class-level ``kind``."""

    kind: ClassVar[str] = "action"
    #: May be taken by a seat that is not being asked to decide (a loan "at any time").
    anytime: ClassVar[bool] = False
    #: Answering with this action leaves the decision open (a purchase in a shop, a loan
    #: during a turn): the seat answers again, typically until it is done.
    keeps_decision: ClassVar[bool] = False
    #: Fields that are whole amounts of money, with how they may be chosen.
    amounts: ClassVar[Mapping[str, Amount]] = {}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for name in _fields(type(self)):
            data[name] = getattr(self, name)
        return data

    def __str__(self) -> str:
        args = " ".join(str(getattr(self, name)) for name in _fields(type(self)))
        return f"{self.kind} {args}".strip()


class ActionCodec:
    """Maps JSON objects (and short text like ``"buy_basic"``) to a game's action values."""

    def __init__(self, action_types: Iterable[type[Action]]):
        self.types: dict[str, type[Action]] = {t.kind: t for t in action_types}

    def from_json(self, data: Any) -> Action:
        if isinstance(data, str):
            data = {"type": data}
        if not isinstance(data, Mapping) or "type" not in data:
            raise MalformedInputError(f"an action must be an object with a 'type', got {data!r}")
        kind = data["type"]
        cls = self.types.get(kind)
        if cls is None:
            known = ", ".join(sorted(self.types))
            raise MalformedInputError(f"unknown action type {kind!r}; known types: {known}")
        fields = _fields(cls)
        args = {k: v for k, v in data.items() if k != "type"}
        unknown = set(args) - set(fields)
        if unknown:
            raise MalformedInputError(f"action {kind!r} has no field {_names(sorted(unknown))}")
        missing = [n for n, f in fields.items() if n not in args and _required(f)]
        if missing:
            raise MalformedInputError(f"action {kind!r} needs the field {_names(missing)}")
        for name, value in args.items():
            expected = fields[name].type
            if not _matches(value, expected):
                raise MalformedInputError(
                    f"action {kind!r} field {name!r} must be {type_in_words(expected)}"
                    f" (not {value_in_words(value)})"
                )
        return cls(**args)


_FIELDS: dict[type[Action], dict[str, dataclasses.Field[Any]]] = {}


def _fields(action_type: type[Action]) -> dict[str, dataclasses.Field[Any]]:
    """An action class's fields by name, in order: looked up once per class, since every
    view, label and message turns actions to and from JSON."""
    found = _FIELDS.get(action_type)
    if found is None:
        found = _FIELDS[action_type] = {f.name: f for f in dataclasses.fields(action_type)}
    return found


def _required(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def _names(names: Iterable[str]) -> str:
    """Field names for a message: ``'a'``, or ``'a', 'b'``."""
    return ", ".join(repr(name) for name in names)


def _matches(value: Any, annotation: Any) -> bool:
    text = str(annotation)
    if text in ("int", "<class 'int'>"):
        return isinstance(value, int) and not isinstance(value, bool)
    if text in ("str", "<class 'str'>"):
        return isinstance(value, str)
    if text in ("bool", "<class 'bool'>"):
        return isinstance(value, bool)
    if text in ("int | None", "Optional[int]"):
        return value is None or (isinstance(value, int) and not isinstance(value, bool))
    if text in ("str | None", "Optional[str]"):
        return value is None or isinstance(value, str)
    return True
