"""A game record as the debrief reads it: loaded from any of its forms, replayed entry by entry.

A record may come as a :class:`GameRecord`, as its JSON data (the classroom server's
``/api/rooms/{code}/record``), as JSON text or as a file (``moneyboard play --record``). Each
is checked the same way, so a broken record gives one clear message naming what is wrong.
Entries are numbered from 0, as in the record's ``moves`` list: entry ``N`` is the move made
when the game's version (shown in every view) was ``N``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from moneyboard.engine.actions import Action
from moneyboard.engine.directives import KEPT_DIRECTIVES, taken_back_from
from moneyboard.engine.errors import MoneyboardError, RecordError, UnknownGameError
from moneyboard.engine.game import GameDef
from moneyboard.engine.record import (
    ActionMove,
    ChanceMove,
    DirectiveMove,
    GameRecord,
    TimeoutMove,
    load_record,
    move_of,
    parse_record,
    replay,
)
from moneyboard.engine.state import GameState, Move
from moneyboard.registry import get_game

#: Everything the debrief accepts as a record.
Record = GameRecord | Mapping[str, Any] | str | Path


class DebriefError(MoneyboardError):
    """A debrief request that cannot be met: an entry that is not a seat's move, an action
    that is not allowed there, a bad number of games."""


def load(record: Record) -> GameRecord:
    """The record, validated: a :class:`GameRecord`, its JSON data, JSON text or a file."""
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, Path):
        return load_record(record)
    if isinstance(record, str):
        return parse_record(record)
    if isinstance(record, Mapping):
        try:
            text = json.dumps(record)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"record is not JSON data: {exc}") from None
        return parse_record(text)
    raise RecordError(f"a record must be a record document, not {type(record).__name__}")


def game_of(record: GameRecord) -> GameDef:
    """The game a record is of; an unknown game id is a record error."""
    try:
        return get_game(record.game)
    except UnknownGameError as exc:
        raise RecordError(f"the record's 'game': {exc}") from None


def seat_of(entry: object) -> int | None:
    """The seat that made a record entry (an action or a timeout), else ``None``."""
    if isinstance(entry, ActionMove):
        return entry.seat
    if isinstance(entry, TimeoutMove):
        return entry.timeout
    return None


def undone_entries(record: GameRecord) -> set[int]:
    """The numbers of the entries a trainer's ``undo`` later took back (the undo itself is
    not one of them): moves, draws and calls of time; pauses, resumes and seat changes after
    the cut stay in force, as :func:`~moneyboard.engine.directives.effective_history` keeps them."""
    kept: list[int] = []
    undone: set[int] = set()
    for number, entry in enumerate(record.moves):
        if isinstance(entry, DirectiveMove) and entry.directive == "undo":
            probes = [Move(_kind(record.moves[k]), -1, None, "", (), None) for k in kept]
            cut = taken_back_from(probes, entry.count or 0)
            if cut >= 0:
                stay = [k for k in kept[cut:] if _stays(record.moves[k])]
                undone.update(k for k in kept[cut:] if k not in stay)
                kept = kept[:cut] + stay
        else:
            kept.append(number)
    return undone


def _stays(entry: object) -> bool:
    """Whether an ``undo`` keeps this entry in force after its cut (a pause, a seat change)."""
    return isinstance(entry, DirectiveMove) and entry.directive in KEPT_DIRECTIVES


def _kind(entry: object) -> str:
    if isinstance(entry, ActionMove):
        return "action"
    if isinstance(entry, TimeoutMove):
        return "timeout"
    return "other"


class Replayer:
    """Walks through a record one entry at a time, the game state always at hand.

    ``state`` is the game as it was before entry ``index`` (after the last entry once
    :meth:`finish` has run), exactly as :func:`moneyboard.engine.record.replay` rebuilds it
    with ``upto=index``.
    """

    def __init__(self, record: GameRecord):
        self.record = record
        self.game = game_of(record)
        self.codec = self.game.codec
        #: Chance outcomes applied from outside (OpenSpiel) need chance left pending.
        self._outside_chance = any(isinstance(m, ChanceMove) for m in record.moves)
        self.state: GameState = replay(
            record, self.game, upto=0, auto_chance=not self._outside_chance
        )
        self.index = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.record.moves)

    def entry(self) -> Any:
        """The record entry about to be replayed."""
        return self.record.moves[self.index]

    def action(self) -> Action | None:
        """The action of the entry about to be replayed (``None`` if it is not an action)."""
        entry = self.entry()
        if not isinstance(entry, ActionMove):
            return None
        try:
            action: Action = self.codec.from_json(entry.action)
        except MoneyboardError as exc:
            raise RecordError(f"entry {self.index} of the record does not replay: {exc}") from None
        return action

    def advance(self) -> None:
        """Replay the next entry; one that does not replay is named with what was wrong."""
        number = self.index
        try:
            self.state.replay_move(move_of(self.entry(), self.codec))
        except MoneyboardError as exc:
            raise RecordError(f"entry {number} of the record does not replay: {exc}") from None
        self.index += 1

    def before_move(self) -> GameState:
        """The state ready for the seat's move of the next entry (chance before it resolved)."""
        state = self.state
        while state.is_chance():
            state.resolve_chance()
        return state

    def finish(self) -> GameState:
        """Replay every entry left and let the game run as far as it goes by itself."""
        while not self.done:
            self.advance()
        if not self.state.auto_chance:
            self.state.auto_chance = True
            self.state.run()
        return self.state


def state_before(record: GameRecord, entry: int) -> GameState:
    """The game as it was just before entry ``entry`` was made."""
    if not 0 <= entry < len(record.moves):
        raise DebriefError(
            f"entry {entry} is not in the record: its entries are numbered 0 to "
            f"{len(record.moves) - 1}"
        )
    walk = Replayer(record)
    while walk.index < entry:
        walk.advance()
    return walk.before_move()


def moves_in_words(record: GameRecord) -> list[tuple[int, int, str]]:
    """Every seat's move that stands (not taken back), as ``(entry, seat, words)``: the move
    in the game's words as the position then named it ("Place a pawn on Payable Bills",
    "Borrow from the bank ($500)"), or "ran out of time"; never an action's internal id."""
    undone = undone_entries(record)
    walk = Replayer(record)
    out: list[tuple[int, int, str]] = []
    while not walk.done:
        entry, number = walk.entry(), walk.index
        if number not in undone:
            if isinstance(entry, ActionMove):
                action = walk.action()
                assert action is not None
                out.append((number, entry.seat, walk.before_move().action_text(action)))
            elif isinstance(entry, TimeoutMove):
                out.append((number, entry.timeout, "ran out of time"))
        walk.advance()
    return out
