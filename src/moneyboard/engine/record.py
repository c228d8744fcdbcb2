"""Game records: one versioned JSON document that holds everything that decides a game.

A record has the game id, rule option overrides, seed, seats, forced chance outcomes and
the ordered history (actions, timeouts, forced outcomes, chance outcomes applied from outside
and a trainer's directives). Replaying it rebuilds the game exactly; the same record is a
saved game, a trainer's prepared scenario, a test fixture and a bug report.

:class:`RecordWriter` keeps a record file up to date entry by entry, without rewriting it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)

from moneyboard.engine.errors import IllegalActionError, MoneyboardError, RecordError
from moneyboard.engine.kernel import Move
from moneyboard.engine.options import describe_validation_error
from moneyboard.engine.state import GameState, Seat

if TYPE_CHECKING:
    from moneyboard.engine.game import GameDef

FORMAT: Literal["moneyboard-record"] = "moneyboard-record"
#: Version 2 added directives; version 1 records (no directives) still load. Versions 3 and 4
#: mark records written after a game changed an option's default (3: FinanciaLit's and
#: Monitics' end rules; 4: FinanciaLit's Family cards): an older record is read with the
#: defaults of its day (``RuleOptions.former_defaults``).
VERSION: Literal[4] = 4


class SeatModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    bot: str | None = None


class ActionMove(BaseModel):
    """A seat's action."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0)
    action: dict[str, Any]


class ForceMove(BaseModel):
    """Outcomes queued on a chance stream: a chosen card, a set die."""

    model_config = ConfigDict(extra="forbid")
    force: str
    outcomes: list[Any] = Field(min_length=1)


class TimeoutMove(BaseModel):
    """A seat's time ran out and the game played its fallback."""

    model_config = ConfigDict(extra="forbid")
    timeout: int = Field(ge=0)


class ChanceMove(BaseModel):
    """A chance outcome applied from outside (OpenSpiel)."""

    model_config = ConfigDict(extra="forbid")
    chance: str
    outcomes: list[Any] = Field(min_length=1, max_length=1)


class DirectiveMove(BaseModel):
    """A trainer's directive: call_time, pause, resume, undo (count), seat (seat, name, bot)."""

    model_config = ConfigDict(extra="forbid")
    directive: Literal["call_time", "pause", "resume", "undo", "seat"]
    count: int | None = Field(default=None, ge=1)
    seat: int | None = Field(default=None, ge=0)
    name: str | None = Field(default=None, min_length=1, max_length=40)
    bot: str | None = None

    @model_validator(mode="after")
    def _arguments(self) -> DirectiveMove:
        needed = {"undo": ("count",), "seat": ("seat", "name")}.get(self.directive, ())
        missing = [name for name in needed if getattr(self, name) is None]
        if missing:
            raise ValueError(f"directive {self.directive!r} needs {', '.join(missing)}")
        return self

    def args(self) -> dict[str, Any]:
        """The directive's arguments, as :meth:`GameState.direct` takes them."""
        if self.directive == "undo":
            return {"count": self.count}
        if self.directive == "seat":
            return {"seat": self.seat, "name": self.name, "bot": self.bot}
        return {}


_ENTRY_KEYS = {
    "action": ("seat", "action"),
    "timeout": ("timeout",),
    "force": ("force",),
    "chance": ("chance",),
    "directive": ("directive",),
}


def _entry_kind(data: Any) -> str | None:
    """Which kind of history entry ``data`` is, by its keys (``None``: none of them)."""
    if isinstance(data, BaseModel):
        return {
            ActionMove: "action",
            TimeoutMove: "timeout",
            ForceMove: "force",
            ChanceMove: "chance",
            DirectiveMove: "directive",
        }.get(type(data))
    if not isinstance(data, Mapping):
        return None
    for kind in ("directive", "force", "chance", "timeout"):
        if kind in data:
            return kind
    if "action" in data or "seat" in data:
        return "action"
    return None


Entry = Annotated[
    Annotated[ActionMove, Tag("action")]
    | Annotated[TimeoutMove, Tag("timeout")]
    | Annotated[ForceMove, Tag("force")]
    | Annotated[ChanceMove, Tag("chance")]
    | Annotated[DirectiveMove, Tag("directive")],
    Discriminator(
        _entry_kind,
        custom_error_type="entry_kind",
        custom_error_message=(
            "an entry must be an action (seat, action), a timeout, a force, a chance "
            "outcome or a directive"
        ),
    ),
]


class GameRecord(BaseModel):
    """The record document (``format`` and ``version`` identify it)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["moneyboard-record"] = FORMAT
    version: Literal[1, 2, 3, 4] = VERSION
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    seats: list[SeatModel] = Field(min_length=1)
    forced: dict[str, list[Any]] = Field(default_factory=dict)
    moves: list[Entry] = Field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(self.document(), indent=1, sort_keys=True) + "\n"

    def document(self) -> dict[str, Any]:
        """The record as JSON data (a directive without an argument leaves it out)."""
        data = self.model_dump(mode="json")
        data["moves"] = [entry_json(m) for m in self.moves]
        return data


def entry_json(
    entry: ActionMove | TimeoutMove | ForceMove | ChanceMove | DirectiveMove,
) -> dict[str, Any]:
    """One record entry as JSON data."""
    if isinstance(entry, DirectiveMove):
        return entry.model_dump(mode="json", exclude_none=True)
    return entry.model_dump(mode="json")


def entry_of(move: Move) -> ActionMove | TimeoutMove | ForceMove | ChanceMove | DirectiveMove:
    """The record entry of one history entry."""
    data = move.to_json()
    if move.kind == "action":
        return ActionMove(**data)
    if move.kind == "timeout":
        return TimeoutMove(**data)
    if move.kind == "force":
        return ForceMove(**data)
    if move.kind == "directive":
        return DirectiveMove(**data)
    return ChanceMove(**data)


def record_of(state: GameState, forced: dict[str, list[Any]] | None = None) -> GameRecord:
    """The record of a game so far (``forced`` = the outcomes queued before it started)."""
    return GameRecord(
        game=state.game_id,
        options=state.options.overrides(),
        seed=state.seed,
        seats=[SeatModel(name=s.name, bot=s.bot) for s in state.status.first_seats],
        forced=forced if forced is not None else state.initial_forced,
        moves=[entry_of(m) for m in state.moves],
    )


def parse_record(text: str, source: str = "record") -> GameRecord:
    """Parse a record document, with a message naming the entry and the field that is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source} is not valid JSON: {exc}") from None
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        text = describe_validation_error(exc, "field")
        # A history entry's kind is in its own keys: leave pydantic's tag out of the path.
        text = _TAG_IN_PATH.sub(r"\1", text)
        # Entries are numbered from 1, as replay errors number them.
        text = _ENTRY_IN_PATH.sub(_entry_by_number, text)
        raise RecordError(f"{source}: {text}") from None


#: The tag pydantic puts in the path of an error inside a history entry.
_TAG_IN_PATH = re.compile(r"(moves\.\d+)\.(?:action|timeout|force|chance|directive)(?=[.'])")
#: A field path inside one history entry, as ``describe_validation_error`` writes it.
_ENTRY_IN_PATH = re.compile(r"field 'moves\.(\d+)(?:\.([^']*))?'")


def _entry_by_number(match: re.Match[str]) -> str:
    """``field 'moves.5.action'`` -> ``entry 6, field 'action'`` (``entry 6`` alone)."""
    number = int(match.group(1)) + 1
    return f"entry {number}, field '{match.group(2)}'" if match.group(2) else f"entry {number}"


def load_record(path: str | Path) -> GameRecord:
    """Read a record file; a file that cannot be read or parsed is one clear RecordError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {p}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"record {p} is not a text file (a record is JSON in UTF-8)") from None
    return parse_record(text, str(p))


def replay(
    record: GameRecord, game: GameDef, upto: int | None = None, auto_chance: bool = True
) -> GameState:
    """Rebuild the game a record describes (optionally only its first ``upto`` entries).

    With ``auto_chance=False`` the rebuilt state stops at a pending chance node instead of
    resolving it (as OpenSpiel needs); seeded chance before later entries is still resolved.
    An entry that does not replay is named by its number and what was wrong with it.
    """
    if record.game != game.id:
        raise RecordError(f"the record is of game {record.game!r}, not {game.id!r}")
    forced = {stream: [_hashable(o) for o in got] for stream, got in record.forced.items()}
    try:
        options = game.options(game.options_model.as_recorded(record.options, record.version))
    except MoneyboardError as exc:
        raise RecordError(f"the record's 'options': {exc}") from None
    try:
        state = game.new_state(
            [Seat(s.name, s.bot) for s in record.seats],
            record.seed,
            options,
            forced=forced,
            auto_chance=False,
        )
    except IllegalActionError as exc:
        if exc.key in ("why.bad_outcome", "why.no_such_stream"):
            raise RecordError(f"the record's 'forced': {exc}") from None
        raise RecordError(f"the record does not start a game: {exc}") from None
    except MoneyboardError as exc:
        raise RecordError(f"the record does not start a game: {exc}") from None
    codec = game.codec
    entries = record.moves if upto is None else record.moves[:upto]
    for number, entry in enumerate(entries, 1):
        try:
            state.replay_move(move_of(entry, codec))
        except IllegalActionError as exc:
            # Refused, not malformed: most often the seed, options or seats were changed, or
            # the record is older than a change to the game's rules.
            why = "a record replays only with the seed, rule options and seats it was played with"
            if record.version < VERSION:
                why += (
                    f"; this one was written by an earlier moneyboard (record version"
                    f" {record.version}), and the game's rules have changed since: see its"
                    " RULINGS.md"
                )
            raise RecordError(
                f"entry {number} of the record does not replay: {exc} ({why})"
            ) from None
        except MoneyboardError as exc:
            raise RecordError(f"entry {number} of the record does not replay: {exc}") from None
    if auto_chance:
        state.auto_chance = True
        state.run()
    return state


def move_of(
    entry: ActionMove | TimeoutMove | ForceMove | ChanceMove | DirectiveMove, codec: Any
) -> Move:
    """The history entry a record entry stands for (its action decoded by ``codec``)."""
    if isinstance(entry, ActionMove):
        return Move("action", entry.seat, codec.from_json(entry.action), "", (), None)
    if isinstance(entry, TimeoutMove):
        return Move("timeout", entry.timeout, None, "", (), None)
    if isinstance(entry, ForceMove):
        outcomes = tuple(_hashable(o) for o in entry.outcomes)
        return Move("force", -1, None, entry.force, outcomes, None)
    if isinstance(entry, ChanceMove):
        return Move("chance", -1, None, entry.chance, (_hashable(entry.outcomes[0]),), None)
    return Move("directive", -1, None, entry.directive, (), entry.args())


def _hashable(value: Any) -> Any:
    """JSON lists (a card given as a pair) back as tuples, as chance outcomes are."""
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


class RecordWriter:
    """Keeps a record file up to date, appending each new history entry to its end.

    The file is always one complete JSON document: entries go before the closing brackets,
    which are written again after them, and each write is flushed to disk. A new writer on
    a state rewrites the file once (atomically), then only appends.
    """

    _TAIL = "\n]}\n"

    def __init__(self, path: str | Path, state: GameState):
        self.path = Path(path)
        self.state = state
        self.written = 0
        self.rewrite()

    def rewrite(self) -> None:
        """Write the whole record so far (atomically: a crash leaves the previous file)."""
        head = record_of(self.state).document()
        moves = head.pop("moves")
        text = json.dumps(head, sort_keys=True)[:-1] + ', "moves": ['
        text += ",".join("\n" + json.dumps(m, sort_keys=True) for m in moves) + self._TAIL
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            raise RecordError(f"cannot write record {self.path}: {exc.strerror}") from None
        self.written = len(self.state.moves)

    def append(self) -> None:
        """Append the entries made since the last write (all of them again after an undo)."""
        moves = self.state.moves
        if len(moves) == self.written:
            return
        if len(moves) < self.written:
            self.rewrite()
            return
        new = [entry_json(entry_of(m)) for m in moves[self.written :]]
        text = ("," if self.written else "") + ",".join(
            "\n" + json.dumps(m, sort_keys=True) for m in new
        )
        try:
            with self.path.open("r+b") as f:
                f.seek(-len(self._TAIL), os.SEEK_END)
                f.write((text + self._TAIL).encode("utf-8"))
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            raise RecordError(f"cannot write record {self.path}: {exc.strerror}") from None
        self.written = len(moves)
