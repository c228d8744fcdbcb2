"""A request that does not match its schema, said in plain words.

FastAPI hands over pydantic's errors ("String should have at least 1 character" at
``("body", "name")``); the person at the other end (a page showing it, a trainer's script)
reads "name must not be empty" instead, with each wrong field named as the request spells it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from moneyboard.engine.validation_words import error_in_words
from moneyboard.server.errors import seat_rule

#: Where in the request a field sits: not part of its name (``message``: the wrapper of a
#: WebSocket message).
_SOURCES = {"body", "query", "path", "header", "cookie", "message"}
#: Fields holding one of several kinds of message, told apart by their ``type``: pydantic
#: puts that type in the path after them ("directive", "undo", "count").
_TAGGED = {"message", "directive"}
#: A union's member in pydantic's path ("str", "int", "dict[str,any]", "constrained-str").
_MEMBER = re.compile(r"^(str|int|float|bool|none|constrained-\w+|\w+\[.*\])$")
#: A clause "FIELD must be KIND (not VALUE)", to join two kinds a field may be.
_MUST_BE = re.compile(r"^(?P<field>.+?) must be (?P<kind>.+) \((?P<not>not .*)\)$")


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
    parts: list[str] = []
    for error in errors:
        kind = error.get("type")
        field = field_name(error.get("loc", ()))
        if kind == "extra_forbidden":
            part = f"'{field}' is not a field of this request"
        elif kind == "union_tag_invalid":
            ctx = error.get("ctx") or {}
            expected = str(ctx.get("expected_tags", ""))
            where = f"{field}'s type" if field else "type"
            part = f"{where} must be one of {expected} (not {ctx.get('tag')!r})"
        elif kind == "union_tag_not_found":
            part = f"{field}'s type is missing" if field else "type is missing"
        elif field == "seat" and kind in _SEAT_BOUNDS:
            part = _seat_out_of_range(error)
        else:
            part = error_in_words(_whole_numbers(error), field)
        _add(parts, part)
    return "; ".join(parts[:limit]) or "the request is not valid"


#: A ``seat`` number below 0 or beyond the most seats a room has.
_SEAT_BOUNDS = {"greater_than_equal", "less_than"}


def _seat_out_of_range(error: Mapping[str, Any]) -> str:
    """A seat number out of range, with the seat in words (from 1) and how a request
    numbers seats, so "seat": 12 does not read as if seat 12 were refused.

    >>> _seat_out_of_range({"type": "less_than", "input": 12, "ctx": {"lt": 12}})[:50]
    'there is no seat 13: a room has at most 12 seats; '
    """
    seat = error.get("input")
    most = (error.get("ctx") or {}).get("lt")
    if error.get("type") == "less_than" and isinstance(seat, int) and isinstance(most, int):
        return f"there is no seat {seat + 1}: a room has at most {most} seats; {seat_rule(most)}"
    return f"{seat} names no seat: {seat_rule()}"


def _whole_numbers(error: Mapping[str, Any]) -> Mapping[str, Any]:
    """The error with a bound such as ``0.0`` written ``0`` ("at least 0 (not -5)")."""
    ctx = error.get("ctx")
    if not ctx:
        return error
    shown = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in ctx.items()}
    return {**error, "ctx": shown}


def _add(parts: list[str], part: str) -> None:
    """Add one clause; a field that must be one of two kinds gets one clause naming both
    ("action must be an object of named fields or text (not 123)")."""
    new = _MUST_BE.match(part)
    for i, old in enumerate(parts):
        seen = _MUST_BE.match(old)
        if new and seen and new["field"] == seen["field"] and new["not"] == seen["not"]:
            parts[i] = f"{seen['field']} must be {seen['kind']} or {new['kind']} ({seen['not']})"
            return
        if old == part:
            return
    parts.append(part)


def field_name(loc: Sequence[str | int]) -> str:
    """A field's place in the request as words: ``("body", "seats", 0, "kind")`` is
    "seat 1's kind"; an item of a list is named by the list, counted from one.

    >>> field_name(("body", "options", "rounds"))
    'options.rounds'
    >>> field_name(("body", "seats", 2))
    'seat 3'
    >>> field_name(("message", "directive", "directive", "timer", "seconds"))
    'seconds'
    >>> field_name(("message", "action", "action", "dict[str,any]"))
    'action'
    """
    words: list[str] = []
    parts: list[str | int] = []
    tagged = False
    for position, part in enumerate(loc):
        if position == 0 and part in _SOURCES:
            tagged = part == "message"
            continue
        if tagged and isinstance(part, str):  # the kind of message, not a field
            tagged = False
            continue
        tagged = part in _TAGGED
        if isinstance(part, str) and _MEMBER.match(part):
            continue
        parts.append(part)
    # A field inside a directive or a message is named on its own: "seconds", not
    # "directive.seconds" (the request's kind is known to whoever sent it).
    while len(parts) > 1 and parts[0] in _TAGGED:
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
