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


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions; subclasses are frozen dataclasses with a class-level ``kind``."""

    kind: ClassVar[str] = "action"
    #: May be taken by a seat that is not being asked to decide (a loan "at any time").
    anytime: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = getattr(self, f.name)
        return data

    def __str__(self) -> str:
        args = " ".join(str(getattr(self, f.name)) for f in dataclasses.fields(self))
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
        fields = {f.name: f for f in dataclasses.fields(cls)}
        args = {k: v for k, v in data.items() if k != "type"}
        unknown = set(args) - set(fields)
        if unknown:
            raise MalformedInputError(f"action {kind!r} has no field(s) {sorted(unknown)}")
        missing = [n for n, f in fields.items() if n not in args and _required(f)]
        if missing:
            raise MalformedInputError(f"action {kind!r} needs field(s) {missing}")
        for name, value in args.items():
            expected = fields[name].type
            if not _matches(value, expected):
                raise MalformedInputError(
                    f"action {kind!r} field {name!r} must be {expected}, got {value!r}"
                )
        return cls(**args)


def _required(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


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
