"""Each game's board drawing and card art, read from ``art/<game id>.toml``.

The pages are generic: they render any game from its views. What a game adds is data:
where its families are in the view, which of their figures the class sees, how its board
is drawn, what lies on the table for everyone (a market, face-up cards, the card just drawn)
and a picture (an emoji with a colour) for its cards.

Each ``[[table]]`` entry is one place on the table: ``path`` into the public view (a list of
cards, one card, or named places such as ``card 1``), its ``label``, ``icon`` and ``colour``;
optionally ``fields`` (a card's figures to show, ``money`` ones in the game's currency,
with a ``unit`` after the value where it needs one; an empty ``label`` shows the value alone),
``holder`` (the path of the seat whose card it is), ``places`` (words for named places) and
``numbered`` (a list's items counted from 1 as the buttons count them: ``"Slot"``).

A board of ``tracks`` may name each square: ``cells_from`` is the path of the game's squares
on its state class (``"content.boxes"``, each with a ``label`` such as ``"bill:food"``), after
the square named ``start``; the pages read each by the game's words for the position field
(``box=bill:food``: "Bill: Food") and colour it by its kind (``kinds``: the label before
``:``, with a ``colour`` and an ``icon``). ``landing`` names a decision taken over a roll
(``decision``, and the ``roll`` field): the pages say where that roll takes the pawn.
A board of several tracks names each track's squares on the track itself: its
``cells_from`` (and ``cell`` when the square's name is another attribute than ``label``,
such as ``kind``) gives the track its ``cells``, counted from its first square.
``counted_from`` is the number a learner reads for the view's square 0 (1 where the game's
own words count squares from 1); without it, squares read as the view counts them.

``headline`` lists the fields of the turn line: each a ``path`` with its ``label``, read as
a count out of the field ``of`` ("Round 1 of 3"), or as its value after the label (the value
alone, in sentence case, for an empty label: "Action phase"); ``playing = true`` leaves a
field out once the game is over (a phase that would only say so again).

A kind of card in ``[cards]`` may name another list ``besides``: the cards listed there are
left out of it, so a card held under two lists (an asset that is also a card in hand) shows
once.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any

from moneyboard.registry import get_game


@functools.cache
def game_art(game_id: str) -> dict[str, Any]:
    """The art of ``game_id`` (an empty drawing for a game that has none: it still plays)."""
    path = resources.files("moneyboard.web").joinpath("art", f"{game_id}.toml")
    if not path.is_file():
        return {"families": "", "figures": [], "board": {"kind": "none"}, "cards": {}, "table": []}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.setdefault("figures", [])
    data.setdefault("cards", {})
    data.setdefault("board", {"kind": "none"})
    data.setdefault("table", [])
    board = data["board"]
    if "cells_from" in board:
        board["cells"] = [board.get("start", "start"), *_squares(game_id, board["cells_from"])]
    for track in board.get("tracks", []):
        if "cells_from" in track:
            track["cells"] = _squares(game_id, track["cells_from"], track.get("cell", "label"))
    return data


def _squares(game_id: str, path: str, attribute: str = "label") -> list[str]:
    """The names of a game's squares (``path``: attributes of its state class; ``attribute``:
    the one of each square that names it), in order."""
    found: Any = get_game(game_id).state_class
    for name in path.split("."):
        found = getattr(found, name)
    return [str(getattr(square, attribute)) for square in found]


@functools.cache
def mechanics(game_id: str) -> dict[str, str]:
    """A short explanation of each kind of action (its rules' own one-line description),
    shown in guided mode the first time a learner meets it."""
    out: dict[str, str] = {}
    for action_type in get_game(game_id).state_class.action_types:
        doc = (action_type.__doc__ or "").strip()
        if doc:
            out[action_type.kind] = " ".join(doc.split("\n\n")[0].split())
    return out


@functools.cache
def wording(game_id: str) -> dict[str, Any]:
    """How the game words its actions, money and things, from the game itself (the terminal,
    the class vote and the debrief say the same): ``actions`` (label templates), ``money``,
    ``words``: the names of the game's cards and places by their identifiers, and ``who``:
    what it calls one player and all of them."""
    state_class = get_game(game_id).state_class
    templates = state_class.catalogue.templates()
    before, after = state_class.currency
    labels = {k.removeprefix("label."): v for k, v in templates.items() if k.startswith("label.")}
    one, many = state_class.catalogue.people()
    return {
        "actions": labels,
        "money": {"before": before, "after": after},
        "words": state_class.catalogue.words(),
        "who": {"one": one, "many": many},
    }


def page_data(game_id: str) -> dict[str, Any]:
    """What a page needs to draw ``game_id``: its art (with its wording) and its mechanics'
    explanations."""
    return {"art": {**game_art(game_id), **wording(game_id)}, "mechanics": mechanics(game_id)}
