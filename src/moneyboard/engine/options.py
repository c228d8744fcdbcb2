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

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from moneyboard.engine.errors import OptionsError


class RuleOptions(BaseModel):
    """Base of every game's options: immutable, and unknown names are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    manual_claims: tuple[str, ...] = ()
    """Automations the learners must claim themselves, as the rulebook says ("ask for it or
    lose it"); a claim not made before the next turn is lost. Empty: all run by themselves."""

    @field_validator("manual_claims")
    @classmethod
    def _sorted_claims(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(set(names)))

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, as JSON-ready values."""
        return self.model_dump(mode="json", exclude_defaults=True)


OptionsT = TypeVar("OptionsT", bound=RuleOptions)


def build_options(model: type[OptionsT], overrides: Mapping[str, Any] | None = None) -> OptionsT:
    """Validate ``overrides`` against ``model``; errors name each offending option."""
    try:
        return model.model_validate(dict(overrides or {}))
    except ValidationError as exc:
        raise OptionsError(describe_validation_error(exc, "option")) from None


def describe_validation_error(exc: ValidationError, what: str) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown {what} '{where}'")
        else:
            parts.append(f"{what} '{where}': {err['msg']} (got {err.get('input')!r})")
    return "; ".join(parts)


def read_overrides(path: str | Path) -> dict[str, Any]:
    """Read a variant file: TOML or JSON, either flat or under an ``[options]`` table."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise OptionsError(f"cannot read rules file {p}: {exc.strerror}") from None
    try:
        data: Any = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        kind = "JSON" if p.suffix == ".json" else "TOML"
        raise OptionsError(f"rules file {p} is not valid {kind}: {exc}") from None
    if not isinstance(data, dict):
        raise OptionsError(f"rules file {p} must hold a table of options")
    options = data.get("options", data)
    if not isinstance(options, dict):
        raise OptionsError(f"rules file {p}: 'options' must be a table")
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
