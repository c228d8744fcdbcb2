"""JSON for the wire: one fast encoder and decoder for every message the server sends or reads.

orjson writes compact JSON (no spaces) several times faster than the standard library, which
matters on the path every move takes: each update is encoded once per kind of listener.
Values JSON has no form for (a set, a path) are written as their text, as before.
"""

from __future__ import annotations

from typing import Any

import orjson

#: A client's bad JSON (a subclass of :class:`json.JSONDecodeError` and :class:`ValueError`).
DecodeError = orjson.JSONDecodeError

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(data: Any) -> str:
    """``data`` as compact JSON text (dictionary keys that are not text become text)."""
    return orjson.dumps(data, default=str, option=_OPTIONS).decode()


def fragment(data: Any) -> orjson.Fragment:
    """``data`` encoded once, to be placed unchanged inside several messages (the open class
    vote, the same for every learner not deciding)."""
    return orjson.Fragment(orjson.dumps(data, default=str, option=_OPTIONS))


def loads(text: str | bytes) -> Any:
    """Parse JSON text; raises :data:`DecodeError` naming where it is wrong."""
    return orjson.loads(text)
