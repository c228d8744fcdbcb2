"""A request that does not match its schema, said in plain words.

FastAPI hands over pydantic's errors ("String should have at least 1 character" at
``("body", "name")``); the person at the other end (a page showing it, a trainer's script)
reads "name must not be empty" instead, with each wrong field named as the request spells it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from moneyboard.engine.validation_words import error_in_words

#: Where in the request a field sits: not part of its name.
_SOURCES = {"body", "query", "path", "header", "cookie"}


def request_problems(errors: Sequence[Mapping[str, Any]], limit: int = 5) -> str:
    """Each wrong field of a request and why, joined into one line.

    >>> request_problems([{"type": "string_too_short", "loc": ("body", "name"),
    ...                    "msg": "", "ctx": {"min_length": 1}}])
    'name must not be empty'
    >>> request_problems([{"type": "literal_error", "loc": ("body", "seats", 0, "kind"),
    ...                    "msg": "", "input": "learnr",
    ...                    "ctx": {"expected": "'learner', 'team' or 'bot'"}}])
    "seat 1's kind must be 'learner', 'team' or 'bot' (not 'learnr')"
    >>> request_problems([{"type": "missing", "loc": ("body", "game"), "msg": ""},
    ...                   {"type": "extra_forbidden", "loc": ("body", "gam"), "msg": ""}])
    "game is missing; 'gam' is not a field of this request"
    """
    parts = []
    for error in errors[:limit]:
        if error.get("type") == "extra_forbidden":
            parts.append(f"'{field_name(error.get('loc', ()))}' is not a field of this request")
        else:
            parts.append(error_in_words(error, field_name(error.get("loc", ()))))
    return "; ".join(parts) or "the request is not valid"


def field_name(loc: Sequence[str | int]) -> str:
    """A field's place in the request as words: ``("body", "seats", 0, "kind")`` is
    "seat 1's kind"; an item of a list is named by the list, counted from one.

    >>> field_name(("body", "options", "rounds"))
    'options.rounds'
    >>> field_name(("body", "seats", 2))
    'seat 3'
    """
    words: list[str] = []
    parts = list(loc)
    if parts and parts[0] in _SOURCES:
        parts = parts[1:]
    for part in parts:
        if isinstance(part, int) and words:
            plural = words.pop()
            one = plural[:-1] if plural.endswith("s") else plural
            words.append(f"{one} {part + 1}")
        else:
            words.append(str(part))
    # "seat 1" then "kind" reads as "seat 1's kind"; plain names keep their dotted path.
    out = ""
    for word in words:
        if not out:
            out = word
        elif out[-1].isdigit():
            out = f"{out}'s {word}"
        else:
            out = f"{out}.{word}"
    return out
