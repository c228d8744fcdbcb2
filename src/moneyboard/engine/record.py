"""Game records: one versioned JSON document that holds everything that decides a game.

A record has the game id, rule option overrides, seed, seats, forced chance outcomes and
the ordered moves. Replaying it rebuilds the game exactly; the same record is a saved game,
a trainer's prepared scenario, a test fixture and a bug report.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from moneyboard.engine.errors import MoneyboardError, RecordError
from moneyboard.engine.options import describe_validation_error
from moneyboard.engine.state import GameState, Seat
from moneyboard.registry import get_game

FORMAT: Literal["moneyboard-record"] = "moneyboard-record"
VERSION: Literal[1] = 1


class SeatModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    bot: str | None = None


class ActionMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0)
    action: dict[str, Any]


class ForceMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    force: str
    outcomes: list[Any]


class TimeoutMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    timeout: int = Field(ge=0)


class ChanceMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chance: str
    outcomes: list[Any] = Field(min_length=1, max_length=1)


class GameRecord(BaseModel):
    """The record document (``format`` and ``version`` identify it)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["moneyboard-record"] = FORMAT
    version: Literal[1] = VERSION
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    seats: list[SeatModel]
    forced: dict[str, list[Any]] = Field(default_factory=dict)
    moves: list[ActionMove | TimeoutMove | ForceMove | ChanceMove] = Field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=1, sort_keys=True) + "\n"


def record_of(state: GameState, forced: dict[str, list[Any]] | None = None) -> GameRecord:
    """The record of a game so far (``forced`` = the outcomes queued before it started)."""
    moves: list[ActionMove | TimeoutMove | ForceMove | ChanceMove] = []
    for m in state.moves:
        data = m.to_json()
        if m.kind == "action":
            moves.append(ActionMove(**data))
        elif m.kind == "timeout":
            moves.append(TimeoutMove(**data))
        elif m.kind == "force":
            moves.append(ForceMove(**data))
        else:
            moves.append(ChanceMove(**data))
    return GameRecord(
        game=state.game_id,
        options=state.options.overrides(),
        seed=state.seed,
        seats=[SeatModel(name=s.name, bot=s.bot) for s in state.seats],
        forced=forced if forced is not None else state.initial_forced,
        moves=moves,
    )


def parse_record(text: str, source: str = "record") -> GameRecord:
    """Parse a record document, with a message naming what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source} is not valid JSON: {exc}") from None
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        raise RecordError(f"{source}: {describe_validation_error(exc, 'field')}") from None


def load_record(path: str | Path) -> GameRecord:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {p}: {exc.strerror}") from None
    return parse_record(text, str(p))


def replay(record: GameRecord, upto: int | None = None, auto_chance: bool = True) -> GameState:
    """Rebuild the game a record describes (optionally only its first ``upto`` moves).

    With ``auto_chance=False`` the rebuilt state stops at a pending chance node instead of
    resolving it (as OpenSpiel needs); seeded chance before later moves is still resolved.
    """
    try:
        game = get_game(record.game)
        state = game.new_state(
            [Seat(s.name, s.bot) for s in record.seats],
            record.seed,
            game.options(record.options),
            forced=record.forced,
            auto_chance=False,
        )
        codec = game.codec
        moves = record.moves if upto is None else record.moves[:upto]
        for number, move in enumerate(moves, 1):
            try:
                if isinstance(move, ChanceMove):
                    state.apply_chance(move.outcomes[0])
                    continue
                # Chance the live game resolved by itself came before this entry.
                while state.is_chance():
                    state.resolve_chance()
                if isinstance(move, ForceMove):
                    state.force(move.force, move.outcomes)
                elif isinstance(move, TimeoutMove):
                    state.timeout(move.timeout)
                else:
                    state.apply(move.seat, codec.from_json(move.action))
            except MoneyboardError as exc:
                raise RecordError(f"move {number} does not replay: {exc}") from None
        if auto_chance:
            state.auto_chance = True
            state.run()
    except RecordError:
        raise
    except MoneyboardError as exc:
        raise RecordError(f"record does not start a game: {exc}") from None
    return state
