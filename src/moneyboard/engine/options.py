"""Rule options: typed, named, documented, with defaults; variants are small override files.

Each game declares a frozen pydantic model of its options. A variant file (TOML or JSON)
holds only the overrides; an unknown option or a bad value is an :class:`OptionsError`
naming the option.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.validation_words import error_in_words


class RuleOptions(BaseModel):
    """Base of every game's options: immutable, and unknown names are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    manual_claims: tuple[str, ...] = ()
    """Automations the learners must claim themselves, as the rulebook says ("ask for it or
    lose it"); a claim not made before the next turn is lost. Empty: all run by themselves."""

    #: Options renamed when they came to count seats from 1, old name -> new name. The old
    #: name is still read, counting from 0 as it always did, so a record or rules file
    #: written before keeps its meaning (records store the options a game was played with).
    renamed_from_0: ClassVar[Mapping[str, str]] = {}

    #: Options whose default changed, by the record version that first had the new default
    #: (``{3: {"name": old default}}``). A record stores only the options that differ from
    #: the defaults of its day, so one written before that version is read with the old
    #: defaults under its own overrides, and replays as it was played.
    former_defaults: ClassVar[Mapping[int, Mapping[str, Any]]] = {}

    @classmethod
    def as_recorded(cls, overrides: Mapping[str, Any], version: int) -> dict[str, Any]:
        """The overrides stored in a record of ``version``, with the defaults of that version
        that have changed since (:attr:`former_defaults`) under them; the record's own wins.

        >>> class Old(RuleOptions):
        ...     former_defaults = {3: {"rounds": 8}}
        ...     rounds: int = 10
        >>> Old.as_recorded({}, 2), Old.as_recorded({"rounds": 5}, 2), Old.as_recorded({}, 3)
        ({'rounds': 8}, {'rounds': 5}, {})
        """
        old: dict[str, Any] = {}
        for since in sorted(cls.former_defaults, reverse=True):  # the oldest default wins
            if version < since:
                old.update(cls.former_defaults[since])
        return {**old, **overrides}

    @classmethod
    def ids_for(cls, name: str) -> list[str]:
        """The ids option ``name`` may name (cards, families, homes), sorted; none by default.
        ``moneyboard rules`` and the console list them for the trainer."""
        return []

    @model_validator(mode="before")
    @classmethod
    def _old_names_counted_from_0(cls, data: Any) -> Any:
        return with_new_names(cls, data)

    @model_validator(mode="before")
    @classmethod
    def _no_flags_for_numbers(cls, data: Any) -> Any:
        """``true`` for a number is a slip, not 1: refused, naming the option."""
        if isinstance(data, Mapping):
            for name, value in data.items():
                field = cls.model_fields.get(name)
                if field is not None and isinstance(value, bool) and _numeric(field.annotation):
                    none = ' or "none"' if type(None) in get_args(field.annotation) else ""
                    raise ValueError(f"option '{name}' is a number{none}, not {str(value).lower()}")
        return data

    @model_validator(mode="before")
    @classmethod
    def _none_in_words(cls, data: Any) -> Any:
        """``"none"`` (any case) for an option that may be none is none: TOML has no null, so
        a rules file could not otherwise set such an option back to none."""
        if isinstance(data, Mapping):
            optional = _optional_names(cls)
            return {k: None if k in optional and _says_none(v) else v for k, v in data.items()}
        return data

    @field_validator("manual_claims")
    @classmethod
    def _sorted_claims(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(set(names)))

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, as JSON-ready values."""
        return self.model_dump(mode="json", exclude_defaults=True)


def with_new_names(model: type[RuleOptions], data: Any) -> Any:
    """Options given under an old name (see :attr:`RuleOptions.renamed_from_0`) under their
    new name, each seat number one higher; both names at once is refused. A game's own
    "before" check that reads such an option calls this first (pydantic runs it first)."""
    renamed = model.renamed_from_0
    if not isinstance(data, Mapping) or not any(old in data for old in renamed):
        return data
    data = dict(data)
    for old, new in renamed.items():
        if old not in data:
            continue
        if new in data:
            raise ValueError(
                f"option '{old}' is the old name of '{new}' (counting seats from 0, where"
                f" '{new}' counts from 1): give only '{new}'"
            )
        data[new] = _seats_from_1(old, new, data.pop(old))
    return data


def _seats_from_1(old: str, new: str, value: Any) -> Any:
    """The value of option ``old`` (a seat number counted from 0, or a table by such seat
    numbers) as option ``new`` writes it, counting from 1.

    >>> _seats_from_1("first", "first_seat", 0), _seats_from_1("by", "by_seat", {"2": ["x"]})
    (1, {3: ['x']})
    """
    if isinstance(value, Mapping):
        return {_seat_from_1(old, new, seat): got for seat, got in value.items()}
    return _seat_from_1(old, new, value)


def _seat_from_1(old: str, new: str, seat: Any) -> int:
    """One seat number of option ``old`` (counted from 0) counted from 1; a value that is no
    seat number is refused, naming the option as it was written."""
    if isinstance(seat, str) and seat.strip().isdigit():
        seat = int(seat)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(
            f"option '{old}' counts seats from 0 (0 for Seat 1), so it takes whole numbers"
            f" from 0, not {json.dumps(seat, default=str)}; its new name '{new}' counts from 1"
        )
    return seat + 1


def _optional_names(model: type[BaseModel]) -> frozenset[str]:
    """The options of ``model`` that may be none (``int | None``...)."""
    return frozenset(
        name
        for name, field in model.model_fields.items()
        if type(None) in get_args(field.annotation)
    )


def _says_none(value: Any) -> bool:
    """Whether a value from a file or a form is the word "none"."""
    return isinstance(value, str) and value.strip().lower() == "none"


def _numeric(annotation: Any) -> bool:
    """Whether a field holds a number (``int``, ``float``, or one of them or ``None``)."""
    if annotation in (int, float):
        return True
    args = getattr(annotation, "__args__", ())
    return bool(args) and all(a in (int, float, type(None)) for a in args)


OptionsT = TypeVar("OptionsT", bound=RuleOptions)


def build_options(model: type[OptionsT], overrides: Mapping[str, Any] | None = None) -> OptionsT:
    """Validate ``overrides`` against ``model``; errors name each offending option."""
    try:
        return model.model_validate(dict(overrides or {}))
    except ValidationError as exc:
        optional = _optional_names(model)
        raise OptionsError(describe_validation_error(exc, "option", optional)) from None


def describe_validation_error(
    exc: ValidationError, what: str, optional: frozenset[str] = frozenset()
) -> str:
    """Pydantic's errors as one line a trainer can act on: each names the ``what`` it is
    about ("option 'rounds': ..."); a check across several of them (an option naming an
    unknown card) says its own sentence, and a document that is not a table says so. A
    refused value of one of the ``optional`` fields adds that "none" is also allowed.

    >>> class Two(RuleOptions):
    ...     low: int = 0
    ...     high: int = 1
    ...     @model_validator(mode="after")
    ...     def _order(self) -> "Two":
    ...         if self.high < self.low:
    ...             raise ValueError("high must not be below low")
    ...         return self
    >>> build_options(Two, {"low": 5})
    Traceback (most recent call last):
    moneyboard.engine.errors.OptionsError: high must not be below low
    >>> build_options(Two, {"lows": 5, "high": "x"})
    Traceback (most recent call last):
    moneyboard.engine.errors.OptionsError: option 'high' must be a whole number (not 'x'); \
unknown option 'lows'
    """
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown {what} '{where}'")
        elif not where and err["type"] in ("model_type", "model_attributes_type", "dict_type"):
            parts.append(f"it must be a table of {what}s, not {_kind_of(err.get('input'))}")
        else:
            said = error_in_words(err, f"{what} '{where}'" if where else "")
            parts.append(f'{said}, or "none"' if where in optional else said)
    return "; ".join(parts)


def _kind_of(value: Any) -> str:
    """A JSON value's kind in words ("a list", "a number")."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "text"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return "nothing" if value is None else type(value).__name__


def read_overrides(path: str | Path) -> dict[str, Any]:
    """Read a variant file: TOML or JSON, either flat or under an ``[options]`` table."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise OptionsError(f"cannot read rules file {p}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OptionsError(
            f"rules file {p} is not a text file (a rules file is TOML or JSON in UTF-8)"
        ) from None
    return overrides_from_text(text, "json" if p.suffix == ".json" else "toml", f"rules file {p}")


def overrides_from_text(text: str, kind: str, where: str) -> dict[str, Any]:
    """A variant's overrides from its text (``kind``: ``"toml"`` or ``"json"``), flat or under
    an ``[options]`` table; ``where`` names it in an error ("rules file my.toml")."""
    try:
        data: Any = json.loads(text) if kind == "json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise OptionsError(f"{where} is not valid {kind.upper()}: {exc}") from None
    if not isinstance(data, dict):
        raise OptionsError(f"{where} must hold a table of options")
    if "options" not in data:
        return data
    options = data["options"]
    if not isinstance(options, dict):
        raise OptionsError(f"{where}: 'options' must be a table")
    outside = sorted(k for k in data if k != "options")
    if outside:
        names = ", ".join(repr(k) for k in outside)
        raise OptionsError(
            f"{where}: {names} outside the [options] table would be ignored; "
            "put every option under [options] (or leave the table out)"
        )
    return options


def describe_options(
    model: type[RuleOptions], automations: Collection[str] = ()
) -> list[dict[str, Any]]:
    """Every option with its type, default and meaning (for ``moneyboard rules`` and the
    console's form): ``accepts`` says in words what may be written, ``ids`` lists the card
    (or other) ids an option names (``manual_claims``: the game's ``automations``; left out
    for a game that has none, since nothing could be claimed), and the meaning is one
    paragraph without markup."""
    rows = []
    for name, field in model.model_fields.items():
        if name == "manual_claims" and not automations:
            continue
        annotation = field.annotation
        type_name = getattr(annotation, "__name__", None) or str(annotation)
        default = field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        rows.append(
            {
                "name": name,
                "type": type_name.replace("typing.", ""),
                "accepts": accepts_in_words(annotation, field.metadata),
                "ids": sorted(automations) if name == "manual_claims" else model.ids_for(name),
                "default": default,
                "meaning": " ".join((field.description or "").replace("``", "").split()),
            }
        )
    return rows


def accepts_in_words(annotation: Any, metadata: Sequence[Any] = ()) -> str:
    """What a rules file may give an option, in a trainer's words (no Python types).

    >>> accepts_in_words(int | None)
    'a whole number, or "none"'
    >>> accepts_in_words(Literal["stay", "restart"])
    'one of: stay, restart'
    >>> accepts_in_words(dict[str, int])
    'a table of ids and whole numbers'
    >>> from annotated_types import Ge, Le
    >>> accepts_in_words(int, [Ge(0), Le(100_000)])
    'a whole number from 0 to 100,000'
    """
    args = get_args(annotation)
    if type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = rest[0] if len(rest) == 1 else Any
        return f'{accepts_in_words(inner, metadata)}, or "none"'
    origin = get_origin(annotation)
    if origin is Literal:
        return "one of: " + ", ".join(str(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_plural(args[0])}"
        return "a list of " + " and ".join(_plural(a) for a in args)
    if origin is dict:
        keys = "seat numbers (from 1)" if args[0] is int else "ids"
        return f"a table of {keys} and {_plural(args[1])}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "a table with " + ", ".join(annotation.model_fields)
    word = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    said = word.get(annotation, "a value")
    low = next((m.ge for m in metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in metadata if getattr(m, "le", None) is not None), None)
    if low is not None and high is not None:
        return f"{said} from {low:,} to {high:,}"
    if low is not None:
        return f"{said}, at least {low:,}"
    return said


def _plural(annotation: Any) -> str:
    """The items of a list or table in words: "whole numbers", "ids", "pairs of ..."."""
    if annotation is int:
        return "whole numbers"
    if annotation is str:
        return "ids"
    if get_origin(annotation) is tuple:
        args = [a for a in get_args(annotation) if a is not Ellipsis]
        if len(args) == 2 and args[0] == args[1]:
            return f"pairs of {_plural(args[0])}"
        return f"lists of {_plural(args[0])}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "tables of " + ", ".join(annotation.model_fields)
    return "values"
