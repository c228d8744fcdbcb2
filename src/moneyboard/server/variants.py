"""A new room's rules as a trainer gives them: the text of a variant file (TOML or JSON), or
the create-room form's fields, each written as a variant file writes a value."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import (
    RuleOptions,
    accepts_in_words,
    build_options,
    overrides_from_text,
)
from moneyboard.server.errors import bad_request

#: What a trainer is told when a variant sets nothing, so a room with the game's own rules is
#: never made by mistake from an empty or wrong file.
EMPTY = (
    "the variant is empty: it changes no rule option. Paste or choose a variant file that "
    "sets at least one option, or leave the variant out to play the game's own rules"
)
#: A word typed without quotes, read as text ("one_for_all", "none"): a form's field is
#: forgiving where a file is not.
BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def variant_format(text: str, fmt: str | None) -> str:
    """The variant's format: the one given, else JSON when the text opens with ``{`` (which
    TOML never does), else TOML."""
    if fmt is not None:
        return fmt
    return "json" if text.lstrip().startswith("{") else "toml"


def parse_variant(text: str, fmt: str | None = None) -> dict[str, Any]:
    """A variant file's overrides (flat, or under an ``options`` table); one that sets no
    option is refused as empty."""
    if not text.strip():
        raise bad_request(EMPTY)
    try:
        options = overrides_from_text(text, variant_format(text, fmt), "the variant")
    except OptionsError as exc:
        raise bad_request(str(exc)) from None
    if not options:
        raise bad_request(EMPTY)
    return options


def parse_written(model: type[RuleOptions], written: dict[str, str]) -> dict[str, Any]:
    """The form's option fields, each value written as in a variant file (``3``, ``true``,
    ``["fire", "flu"]``, ``{jewellery = {cost = 11}}``; a bare word is text): the options
    they set. Every field that cannot be read is named in one message, with what it takes."""
    options: dict[str, Any] = {}
    problems = []
    for name, typed in written.items():
        text = typed.strip()
        if not text:
            continue
        try:
            options[name] = _value(text)
        except ValueError:
            field = model.model_fields.get(name)
            takes = ""
            if field is not None:
                takes = f": it takes {accepts_in_words(field.annotation, field.metadata)}"
            shown = text if len(text) <= 40 else text[:40] + "…"
            problems.append(f"option '{name}' cannot be read as written ({shown}){takes}")
    if problems:
        # The fields that could be read are checked too, so every bad field is named at once.
        try:
            build_options(model, options)
        except OptionsError as exc:
            problems.append(str(exc))
        raise bad_request("; ".join(problems))
    return options


def _value(text: str) -> Any:
    """One value as a variant file writes it; a bare word is text. ``ValueError`` if neither."""
    try:
        data = tomllib.loads(f"value = {text}")
    except tomllib.TOMLDecodeError:
        if BARE_WORD.fullmatch(text):
            return text
        raise ValueError(text) from None
    if set(data) != {"value"}:
        raise ValueError(text)  # more than one value (a line break and another key)
    return data["value"]
