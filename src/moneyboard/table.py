"""The table driver: what runs one game at a table, whoever the players are.

It plays the bots in their seats (each with its own random source), resolves chance, keeps
the clocks (the class period, a decision's time limit, a turn's time limit) and applies the
game's fallback when one runs out, carries out a trainer's directives, and saves the record
after every change. The terminal client uses it, and so do the classroom server and the
simulator: none of them repeats this loop.

A driver that must store a change before it happens (the classroom server writes every entry
to its database before anyone hears of it) asks :meth:`Table.due` what is due now (call
time, a seat's fallback, a bot's move) without it being done, stores that, and then carries
it out with :meth:`Table.call_time`, :meth:`Table.timeout` or :meth:`Table.act`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from moneyboard.bots import Bot, make_bot
from moneyboard.engine.actions import Action
from moneyboard.engine.chance import Outcome
from moneyboard.engine.record import RecordWriter
from moneyboard.engine.state import GameState

#: Seconds from some fixed point (``time.monotonic``; tests pass their own).
Clock = Callable[[], float]


class BotMove(NamedTuple):
    """A move a bot made, as its button read before it was made, with its reason in words."""

    seat: int
    action: Action
    why: str
    #: The move's label and what it changes, worked out before it is made (after it, a
    #: market slot's button names the card that took its place).
    text: str = ""


class Timeout(NamedTuple):
    """A seat whose time ran out, and what the game played for it."""

    seat: int
    action: Action
    limit: float
    per: str  # "decision" or "turn"


class Due(NamedTuple):
    """Something the table would do by itself now, not yet done (see :meth:`Table.due`).

    ``kind`` is ``"call_time"`` (the class period is over), ``"timeout"`` (``seat``'s time
    ran out: ``action`` is its fallback, ``limit`` and ``per`` say which clock) or ``"bot"``
    (the bot in ``seat`` plays ``action``, for the reason ``why``).
    """

    kind: str
    seat: int | None = None
    action: Action | None = None
    why: str = ""
    limit: float | None = None
    per: str = ""


class Table:
    """Runs one game: bots, chance, clocks, directives, and a record saved after each change."""

    def __init__(
        self,
        state: GameState,
        record: str | Path | None = None,
        *,
        clock: Clock = time.monotonic,
    ):
        self.state = state
        self.clock = clock
        self.started = clock()
        #: Seconds each decision may take, set by a trainer: ``None`` follows the game's
        #: rule options, ``0`` turns every clock off (a turn's limit too).
        self.timer: float | None = None
        self.writer = RecordWriter(record, state) if record is not None else None
        self.bots: dict[int, Bot] = {}
        self._sync_bots()
        #: seat -> (the decision it was first seen asked, time then)
        self._asked: dict[int, tuple[Any, float]] = {}
        #: (turn number, time it began)
        self._turn: tuple[int, float] = (state.status.turn, self.started)
        self._paused_at: float | None = self.started if state.status.paused else None
        self._watch(self.started)

    # ----- who plays ----------------------------------------------------------------------
    def _sync_bots(self) -> None:
        """Give every bot seat its bot (kept while the seat stays a bot of the same kind)."""
        state = self.state
        bots = {}
        for seat, s in enumerate(state.seats):
            if s.bot is None:
                continue
            bot = self.bots.get(seat)
            bots[seat] = (
                bot
                if bot is not None and bot.kind == s.bot.split(":")[0]
                else make_bot(s.bot, state.seed, seat)
            )
        self.bots = bots

    def people_to_move(self) -> tuple[int, ...]:
        """Seats held by people that the game is asking now."""
        return tuple(s for s in self.state.to_move() if s not in self.bots)

    # ----- playing ------------------------------------------------------------------------
    def advance(self, max_bot_moves: int | None = None) -> list[BotMove]:
        """Resolve chance and play bot moves until a person must decide, the game is paused
        or over, or ``max_bot_moves`` were made (to pace a room). Saves what was played."""
        state = self.state
        played: list[BotMove] = []
        try:
            while not state.terminal and not state.status.paused:
                if state.is_chance():
                    state.resolve_chance()
                    continue
                bots = [s for s in state.to_move() if s in self.bots]
                if not bots or (max_bot_moves is not None and len(played) >= max_bot_moves):
                    break
                seat = min(bots)
                choice = self.bots[seat].choose(state, seat)
                text = state.action_text(choice.action)  # with the amount it chose
                state.apply(seat, choice.action)
                self._asked.pop(seat, None)
                played.append(BotMove(seat, choice.action, choice.why, text))
        finally:
            self.save()
        return played

    def act(self, seat: int, action: Action, version: int | None = None) -> None:
        """A person's action (refused with a reason, and nothing changed, if not allowed)."""
        self.state.apply(seat, action, version)
        self._asked.pop(seat, None)
        self.save()

    def force(self, stream: str, outcomes: Sequence[Outcome]) -> None:
        """Deal a chosen card or set a die (checked against what the stream can give)."""
        self.state.force(stream, outcomes)
        self.save()

    def direct(self, name: str, /, **args: Any) -> None:
        """Carry out a trainer's directive; a seat given to a bot gets one at once."""
        if name == "seat" and args.get("bot") is not None:
            make_bot(str(args["bot"]), self.state.seed, 0)  # an unknown kind is refused first
        now = self.clock()
        self.state.direct(name, **args)
        if name == "pause":
            self._paused_at = now
        elif name == "resume" and self._paused_at is not None:
            self._shift(now - self._paused_at)
            self._paused_at = None
        self._sync_bots()
        self.save()

    def take_back(self, count: int) -> None:
        """A trainer's take back of the last ``count`` moves: the pause, the seats, a called
        time and the queued outcomes stay (see :meth:`Directives.take_back`)."""
        self.state.take_back(count)
        self._sync_bots()
        self.save()

    def set_timer(self, seconds: float | None) -> None:
        """The trainer sets the seconds per decision (``None``: the game's rules, 0: no
        clocks). Every seat deciding now, and the turn under way, get the full time from now:
        a clock that counted from before would run out at once."""
        self.timer = seconds
        now = self.clock()
        self._asked = {s: (key, now) for s, (key, _) in self._asked.items()}
        self._turn = (self._turn[0], now)

    def _shift(self, seconds: float) -> None:
        """Stop the clocks for a pause: every running time limit moves on by ``seconds``."""
        self.started += seconds
        self._asked = {s: (v, t + seconds) for s, (v, t) in self._asked.items()}
        self._turn = (self._turn[0], self._turn[1] + seconds)

    # ----- clocks -------------------------------------------------------------------------
    def tick(self) -> list[Timeout]:
        """Enforce the clocks now: call time when the class period is over, and play the
        fallback of every seat whose decision or turn took too long."""
        state = self.state
        if state.terminal or state.status.paused:
            return []
        now = self.clock()
        minutes = state.period_minutes()
        if (
            minutes is not None
            and not state.status.time_called
            and now - self.started >= minutes * 60
        ):
            self.direct("call_time")
        done: list[Timeout] = []
        for _ in range(1000):  # every decision of an overrun turn, but never forever
            timeout = self._overdue(now)
            if timeout is None:
                break
            done.append(timeout)
        self.save()
        return done

    def _overdue(self, now: float) -> Timeout | None:
        """Play one fallback that is due now, if any."""
        due = self._timeout_due(now)
        if due is None:
            return None
        assert due.seat is not None and due.limit is not None
        action = self.timeout(due.seat)
        assert action is not None
        return Timeout(due.seat, action, due.limit, due.per)

    def decision_limit(self) -> float | None:
        """Seconds each decision may take now: the trainer's timer, else the game's rule."""
        if self.timer is not None:
            return self.timer if self.timer > 0 else None
        return self.state.time_limit()

    def turn_limit(self) -> float | None:
        """Seconds a whole turn may take under the game's rules (off with a timer of 0)."""
        return None if self.timer == 0 else self.state.turn_time_limit()

    def _timeout_due(self, now: float) -> Due | None:
        """The first seat whose turn or decision has run out and that has a fallback."""
        state = self.state
        if state.terminal or state.status.paused:
            return None
        self._watch(now)
        movers = state.to_move()
        turn_limit = self.turn_limit()
        turn_seat = state.status.turn_seat
        if (
            turn_limit is not None
            and turn_seat is not None
            and turn_seat in movers
            and turn_seat not in self.bots
            and now - self._turn[1] > turn_limit
        ):
            action = state.fallback_action(turn_seat)
            if action is not None and state.can(turn_seat, action):
                return Due("timeout", turn_seat, action, limit=turn_limit, per="turn")
        limit = self.decision_limit()
        if limit is None:
            return None
        for seat in movers:
            asked_at = self._asked.get(seat)
            if seat not in self.bots and asked_at is not None and now - asked_at[1] > limit:
                action = state.fallback_action(seat)
                if action is not None and state.can(seat, action):
                    return Due("timeout", seat, action, limit=limit, per="decision")
        return None

    def due(
        self, now: float | None = None, *, bots: bool = True, period: bool = True
    ) -> Due | None:
        """What the table would do by itself now, without doing it: call time when the
        class period is over (unless ``period`` is false: the caller could not), else the
        fallback of a seat whose time ran out, else (with ``bots``) the move of a bot the
        game is waiting for. ``None``: nothing is due.

        The caller may store it first and then carry it out (:meth:`call_time`,
        :meth:`timeout`, :meth:`act`); asking again then gives the next thing due.
        """
        state = self.state
        if state.terminal or state.status.paused:
            return None
        now = self.clock() if now is None else now
        minutes = state.period_minutes()
        if (
            period
            and minutes is not None
            and not state.status.time_called
            and now - self.started >= minutes * 60
        ):
            return Due("call_time")
        timeout = self._timeout_due(now)
        if timeout is not None or not bots:
            return timeout
        return self.bot_move()

    def bot_move(self) -> Due | None:
        """The move of the first bot the game is waiting for, chosen now and not played."""
        waiting = self.bot_waiting()
        if waiting is None:
            return None
        seat, bot = waiting
        choice = bot.choose(self.state, seat)
        return Due("bot", seat, choice.action, choice.why)

    def bot_waiting(self) -> tuple[int, Bot] | None:
        """The first bot seat the game is waiting for, and its bot (``None``: no bot is)."""
        state = self.state
        if state.terminal or state.status.paused or state.is_chance():
            return None
        waiting = [s for s in state.to_move() if s in self.bots]
        if not waiting:
            return None
        seat = min(waiting)
        return seat, self.bots[seat]

    def timeout(self, seat: int) -> Action | None:
        """Play ``seat``'s fallback now (its time ran out); returns it (``None``: it has none).
        Refused with a reason, and nothing changed, if the seat is not being asked."""
        action = self.state.timeout(seat)
        if action is not None:
            self._asked.pop(seat, None)
        self.save()
        return action

    def call_time(self) -> None:
        """The class period is over: the game ends as its rules say."""
        self.direct("call_time")

    def _watch(self, now: float) -> None:
        """Start the clock of every seat newly asked, and of a turn that began."""
        state = self.state
        d = state.decision
        asked = {}
        if d is not None:
            key = (d.kind, d.asked)
            for seat in d.seats:
                seen = self._asked.get(seat)
                asked[seat] = seen if seen is not None and seen[0] == key else (key, now)
        self._asked = asked
        if state.status.turn != self._turn[0]:
            self._turn = (state.status.turn, now)

    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s time to decide runs out on this table's clock (``None``: no limit)."""
        state = self.state
        self._watch(self.clock())
        ends = []
        limit = self.decision_limit()
        if limit is not None and seat in self._asked:
            ends.append(self._asked[seat][1] + limit)
        turn_limit = self.turn_limit()
        if turn_limit is not None and state.status.turn_seat == seat:
            ends.append(self._turn[1] + turn_limit)
        return min(ends) if ends else None

    def time_left(self, seat: int) -> float | None:
        """Seconds before ``seat``'s time to decide runs out and its fallback is played for
        it (``None``: no clock runs for it now: no limit, paused, a bot, or no fallback)."""
        state = self.state
        if state.terminal or state.status.paused or seat in self.bots:
            return None
        if self.decision_limit() is None and self.turn_limit() is None:
            return None
        ends = self.deadline(seat)
        if ends is None or state.fallback_action(seat) is None:
            return None
        return max(0.0, ends - self.clock())

    # ----- the record ---------------------------------------------------------------------
    def save(self) -> None:
        """After a change: start the clocks it calls for, and append the entries made since
        the last save to the record file, if there is one."""
        self._watch(self.clock())
        if self.writer is not None:
            self.writer.append()
