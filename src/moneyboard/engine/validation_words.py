"""Pydantic's validation errors in plain words, for whoever typed the input.

Rules files, records and the server's requests are all checked by pydantic models; a trainer
or a learner reads "option 'rounds' must be a whole number (not 'x')" rather than "Input
should be a valid integer, unable to parse string as an integer".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def error_in_words(error: Mapping[str, Any], subject: str) -> str:
    """One of pydantic's errors as a clause about ``subject`` (the field, as the caller names
    it; empty for the whole document).

    >>> error_in_words({"type": "int_parsing", "input": "x", "msg": ""}, "option 'rounds'")
    "option 'rounds' must be a whole number (not 'x')"
    >>> error_in_words({"type": "value_error", "msg": "Value error, high is below low"}, "")
    'high is below low'
    """
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    value = error.get("input")
    if kind == "json_invalid":
        return "it is not valid JSON"
    where = subject
    subject = subject or "it"
    if kind == "missing":
        return f"{subject} is missing"
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        if least == 1:
            return f"{subject} must not be empty"
        return f"{subject} must have at least {least} characters"
    if kind == "string_too_long":
        return f"{subject} must have at most {ctx.get('max_length')} characters"
    if kind == "literal_error":
        return f"{subject} must be {ctx.get('expected')} (not {_kind_of(value)})"
    if kind in ("too_short", "too_long"):
        bound = "at least" if kind == "too_short" else "at most"
        count = ctx.get("min_length" if kind == "too_short" else "max_length")
        return f"{subject} must have {bound} {count} item{'' if count == 1 else 's'}"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "less_than_equal": ("at most", "le"),
        "greater_than": ("more than", "gt"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"{subject} must be {words} {ctx.get(key)} (not {_kind_of(value)})"
    expected = _KINDS.get(kind)
    if expected:
        return f"{subject} must be {expected} (not {_kind_of(value)})"
    message = str(error.get("msg", "is not valid")).removeprefix("Value error, ")
    return f"{subject}: {message}" if where else message


#: What a field of each JSON kind must be, by pydantic's error type.
_KINDS = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "an object of named fields",
    "model_type": "an object of named fields",
    "model_attributes_type": "an object of named fields",
}


#: Python's names for the kinds an action's or a directive's field takes, in words.
_TYPE_WORDS = {
    "int": "a whole number",
    "str": "text",
    "bool": "true or false",
    "None": "null",
    "NoneType": "null",
}


def type_in_words(annotation: Any) -> str:
    """A field's Python type as the JSON a person must write.

    >>> type_in_words("int | None")
    'a whole number or null'
    >>> type_in_words(str)
    'text'
    """
    text = annotation.__name__ if isinstance(annotation, type) else str(annotation)
    names = [name.strip().removeprefix("Optional[").removesuffix("]") for name in text.split("|")]
    if text.startswith("Optional["):
        names.append("None")
    return " or ".join(_TYPE_WORDS.get(name, name) for name in names)


def value_in_words(value: Any) -> str:
    """What was written instead, as a person would name it (``'lots'``, ``null``, ``a list``)."""
    return _kind_of(value)


def _kind_of(value: Any) -> str:
    """A JSON value's kind in words, to say what came instead."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return "text" if len(value) > 20 else repr(value)
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
