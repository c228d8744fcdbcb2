"""A trainer's ``force`` read as the trainer writes it: a deck or a die, and its cards or
numbers, by their names in words ("Events deck", "fire disaster", "6") or by their
identifiers ("deck:events", "fire", 6).

The console and the HTTP API share this one reading, and a refusal lists the names it
accepts. The room stores the identifiers, so a record replays without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from moneyboard.engine.state import GameState

K = TypeVar("K")


def forced_by_name(state: GameState, stream: str, outcomes: list[Any]) -> tuple[str, list[Any]]:
    """``stream`` and ``outcomes`` as the game names them. A name matches in any case and
    spacing; what matches nothing (or several) is kept as written, for the game to refuse
    with the names it would take."""
    stream = _stream(state, stream)
    possible = state.stream_outcomes(stream)
    if possible is None:
        return stream, outcomes
    return stream, [_outcome(state, list(possible), o) for o in outcomes]


def _key(text: str) -> str:
    """A name as compared: case and runs of spaces do not count."""
    return " ".join(text.split()).casefold()


def _stream(state: GameState, typed: str) -> str:
    if state.stream_outcomes(typed) is not None:
        return typed
    streams: Iterable[str] = state.chance_streams()
    return _only(typed, {s: (s, state.stream_text(s)) for s in streams}) or typed


def _outcome(state: GameState, possible: list[Any], typed: Any) -> Any:
    if not isinstance(typed, str) or any(type(o) is str and o == typed for o in possible):
        return typed  # an identifier, or a value the game checks as it is (a die's 6)
    word = state.catalogue.word
    names = {
        i: (o, word(o)) if isinstance(o, str) else (str(o),)
        for i, o in enumerate(possible)
        if not isinstance(o, bool)  # a switch's true is never typed as "True"
    }
    found = _only(typed, names)
    return possible[found] if found is not None else typed


def _only(typed: str, names: Mapping[K, tuple[str, ...]]) -> K | None:
    """The one key whose names include ``typed`` (compared by :func:`_key`), else ``None``."""
    wanted = _key(typed)
    found = [key for key, words in names.items() if any(_key(w) == wanted for w in words)]
    return found[0] if len(found) == 1 else None
