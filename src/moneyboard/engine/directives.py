"""Directives: what a trainer does to a running game, written in its history like a move.

``call_time`` (the class period is over), ``pause`` and ``resume``, ``undo`` (take back the
last ``count`` actions), and ``seat`` (a person replaced by a bot, or a bot by a person).
Dealing a chosen card or setting a die is :meth:`Kernel.force`, checked the same way.
Each is all-or-nothing and replays exactly where it was given.

A take back undoes *moves* (actions, timeouts, and what chance drew for them), never the
trainer's own hand on the table. The ``undo`` directive keeps the pause and the seats as they
are (the pauses, resumes and seat changes after the cut are replayed after the kept moves,
so a later take back rebuilds a consistent game). :meth:`Directives.take_back` (what a
trainer's "take back" does) also keeps the time called and every outcome queued after the
cut, by giving them again as new history entries after the ``undo``: a record made before
that existed, whose ``undo`` dropped them, still replays as it was played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from moneyboard.engine.errors import IllegalActionError, MalformedInputError
from moneyboard.engine.kernel import Kernel, Move, Seat
from moneyboard.engine.messages import msg
from moneyboard.engine.validation_words import type_in_words, value_in_words

#: Each directive and the arguments it takes, with their types.
DIRECTIVES: dict[str, dict[str, tuple[type, ...]]] = {
    "call_time": {},
    "pause": {},
    "resume": {},
    "undo": {"count": (int,)},
    "seat": {"seat": (int,), "name": (str,), "bot": (str, type(None))},
}
#: Entries an ``undo`` takes back (chance applied from outside after them goes with them).
TAKEN_BACK = ("action", "timeout")
#: Directives an ``undo`` keeps in force: replayed after the moves it keeps.
KEPT_DIRECTIVES = ("pause", "resume", "seat")


def check_directive(name: str, args: Mapping[str, Any]) -> None:
    """Refuse an unknown directive or a missing, extra or mistyped argument, naming it."""
    spec = DIRECTIVES.get(name)
    if spec is None:
        known = ", ".join(DIRECTIVES)
        raise MalformedInputError(f"unknown directive {name!r}; known directives: {known}")
    extra = sorted(set(args) - set(spec))
    if extra:
        raise MalformedInputError(f"directive {name!r} takes no argument(s) {extra}")
    for arg, types in spec.items():
        if arg not in args and type(None) not in types:
            raise MalformedInputError(f"directive {name!r} needs the argument {arg!r}")
        value = args.get(arg)
        if isinstance(value, bool) or not isinstance(value, types):
            wanted = " or ".join(type_in_words(t) for t in types)
            raise MalformedInputError(
                f"directive {name!r} argument {arg!r} must be {wanted}"
                f" (not {value_in_words(value)})"
            )


def effective_history(history: Sequence[Move]) -> list[Move]:
    """The entries of ``history`` that still count once every ``undo`` in it is applied."""
    kept: list[Move] = []
    for move in history:
        if move.kind == "directive" and move.stream == "undo":
            assert move.args is not None
            cut = taken_back_from(kept, int(move.args["count"]))
            kept = kept[:cut] + kept_after(kept[cut:])
        else:
            kept.append(move)
    return kept


def kept_after(tail: Sequence[Move]) -> list[Move]:
    """The entries after an ``undo``'s cut that it keeps: pauses, resumes and seat changes."""
    return [m for m in tail if m.kind == "directive" and m.stream in KEPT_DIRECTIVES]


def carried_after(tail: Sequence[Move]) -> list[Move]:
    """The entries after a take back's cut that it gives again after the ``undo``: the
    outcomes queued (a chosen card, a set die) and a called time."""
    return [
        m for m in tail if m.kind == "force" or (m.kind == "directive" and m.stream == "call_time")
    ]


def moves_to_take_back(history: Sequence[Move]) -> int:
    """How many moves an ``undo`` could take back now."""
    return sum(1 for m in effective_history(history) if m.kind in TAKEN_BACK)


def taken_back_from(history: Sequence[Move], count: int) -> int:
    """Where ``history`` is cut to take back its last ``count`` actions (-1: not that many)."""
    positions = [i for i, move in enumerate(history) if move.kind in TAKEN_BACK]
    if not 1 <= count <= len(positions):
        return -1
    return positions[-count]


class Directives(Kernel):
    """A trainer's directives, applied all-or-nothing and kept in the history."""

    def direct(self, name: str, /, **args: Any) -> None:
        """Apply directive ``name``; raises a :class:`MoneyboardError` (state unchanged)."""
        check_directive(name, args)
        if self.result is not None and name != "undo":
            raise self._refuse(msg("why.game_over"))
        with self.all_or_nothing():
            getattr(self, f"_direct_{name}")(**args)
            self.moves.append(Move("directive", -1, None, name, (), dict(args)))
            self.run()

    def _direct_pause(self) -> None:
        if self.status.paused:
            raise self._refuse(msg("why.already_paused"))
        self.status.paused = True
        self.event("game.paused")

    def _direct_resume(self) -> None:
        if not self.status.paused:
            raise self._refuse(msg("why.not_paused"))
        self.status.paused = False
        self.event("game.resumed")

    def _direct_call_time(self) -> None:
        if self.status.time_called:
            raise self._refuse(msg("why.time_already_called"))
        self.status.time_called = True
        self.event("game.time_called")
        self.call_time()

    def _direct_seat(self, seat: int, name: str, bot: str | None = None) -> None:
        if not 0 <= seat < self.n:
            raise self._refuse(msg("why.no_such_seat", seat=seat))
        if not 1 <= len(name.strip()) <= 40:
            raise MalformedInputError("a seat's name must have 1 to 40 characters")
        seats = list(self.seats)
        was = seats[seat].name
        seats[seat] = Seat(name.strip(), bot)
        self.seats = tuple(seats)
        if bot is not None:
            key = "seat.to_bot" if name.strip() == was else "seat.to_named_bot"
        else:
            key = "seat.to_person" if name.strip() == was else "seat.replaced"
        self.event(key, seat=seat, was=was, player=name.strip(), bot=bot)

    def take_back(self, count: int) -> None:
        """A trainer's take back: ``undo`` the last ``count`` moves, then queue again the
        outcomes queued after them and call time again if it was called after them (each a
        new history entry, so a replay gives them too). All or nothing."""
        kept = effective_history(self.moves)
        cut = taken_back_from(kept, count)
        carried = carried_after(kept[cut:]) if cut >= 0 else []
        with self.all_or_nothing():
            self.direct("undo", count=count)
            for move in carried:
                if move.kind == "force":
                    self.force(move.stream, move.outcomes)
                elif not self.status.time_called and self.result is None:
                    self.direct("call_time")

    def _direct_undo(self, count: int) -> None:
        """Rebuild the game from its history without the last ``count`` actions.

        The seats and the pause stay as they are now (the directives that set them after the
        cut are replayed, quietly: they were told when given); the undone entries stay in
        the history (with this directive after them), so the record shows what was taken back.
        """
        history = list(self.moves)
        kept = effective_history(history)
        cut = taken_back_from(kept, count)
        if cut < 0:
            moves = sum(1 for m in kept if m.kind in TAKEN_BACK)
            raise self._refuse(msg("why.nothing_to_undo", moves=moves))
        fresh = self.rebuilt(kept[:cut], run=False)
        told = len(fresh.log)
        for move in kept_after(kept[cut:]):
            getattr(fresh, f"_direct_{move.stream}")(**(move.args or {}))
        del fresh.log[told:]
        fresh.event("game.undone", count=count)
        fresh.seats = self.seats
        fresh.status.paused = self.status.paused
        fresh.moves = history
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def replay_move(self, move: Move) -> None:
        """Apply one history entry as the live game did (seeded chance before it first)."""
        if move.kind == "chance":
            self.apply_chance(move.outcomes[0])
            return
        while self.is_chance():
            self.resolve_chance()
        if move.kind == "force":
            self.force(move.stream, move.outcomes)
        elif move.kind == "timeout":
            if self.timeout(move.seat) is None:
                raise IllegalActionError(
                    f"seat {move.seat} has no move to make when its time runs out",
                    "why.no_fallback",
                )
        elif move.kind == "directive":
            self.direct(move.stream, **(move.args or {}))
        else:
            assert move.action is not None
            self.apply(move.seat, move.action)
