"""Rule options: typed, named, documented, with defaults; variants are small override files.

Each game declares a frozen pydantic model of its options. A variant file (TOML or JSON)
holds only the overrides; an unknown option or a bad value is an :class:`OptionsError`
naming the option.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.validation_words import error_in_words


class RuleOptions(BaseModel):
    """Base of every game's options: immutable, and unknown names are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    manual_claims: tuple[str, ...] = ()
    """Automations the learners must claim themselves, as the rulebook says ("ask for it or
    lose it"); a claim not made before the next turn is lost. Empty: all run by themselves."""

    @model_validator(mode="before")
    @classmethod
    def _no_flags_for_numbers(cls, data: Any) -> Any:
        """``true`` for a number is a slip, not 1: refused, naming the option."""
        if isinstance(data, Mapping):
            for name, value in data.items():
                field = cls.model_fields.get(name)
                if field is not None and isinstance(value, bool) and _numeric(field.annotation):
                    raise ValueError(f"option '{name}' is a number, not {str(value).lower()}")
        return data

    @field_validator("manual_claims")
    @classmethod
    def _sorted_claims(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(set(names)))

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, as JSON-ready values."""
        return self.model_dump(mode="json", exclude_defaults=True)


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
        raise OptionsError(describe_validation_error(exc, "option")) from None


def describe_validation_error(exc: ValidationError, what: str) -> str:
    """Pydantic's errors as one line a trainer can act on: each names the ``what`` it is
    about ("option 'rounds': ..."); a check across several of them (an option naming an
    unknown card) says its own sentence, and a document that is not a table says so.

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
            parts.append(error_in_words(err, f"{what} '{where}'" if where else ""))
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
    try:
        data: Any = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        kind = "JSON" if p.suffix == ".json" else "TOML"
        raise OptionsError(f"rules file {p} is not valid {kind}: {exc}") from None
    if not isinstance(data, dict):
        raise OptionsError(f"rules file {p} must hold a table of options")
    if "options" not in data:
        return data
    options = data["options"]
    if not isinstance(options, dict):
        raise OptionsError(f"rules file {p}: 'options' must be a table")
    outside = sorted(k for k in data if k != "options")
    if outside:
        names = ", ".join(repr(k) for k in outside)
        raise OptionsError(
            f"rules file {p}: {names} outside the [options] table would be ignored; "
            "put every option under [options] (or leave the table out)"
        )
    return options


def describe_options(model: type[RuleOptions]) -> list[dict[str, Any]]:
    """Every option with its type, default and meaning (for ``moneyboard rules``)."""
    rows = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        type_name = getattr(annotation, "__name__", None) or str(annotation)
        default = field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        rows.append(
            {
                "name": name,
                "type": type_name.replace("typing.", ""),
                "default": default,
                "meaning": (field.description or "").strip(),
            }
        )
    return rows
