"""The game-agnostic kernel: decisions, chance nodes, the agenda of steps, moves and results.

A game subclasses :class:`GameState` and writes its flow as *steps* (methods ``step_<name>``)
pushed on an agenda (a stack of tuples, so a state is plain data: copyable and picklable).
A step does bookkeeping, pushes further steps, asks one or more seats for a decision
(:meth:`GameState.ask`), or asks chance for an outcome (:meth:`GameState.draw`).

Every action kind has one validation path used three ways: ``check_<kind>`` returns ``None``
or the reason as a :class:`Message` ("can I?" / "why not?"), and ``do_<kind>`` acts.
"""

from __future__ import annotations

import dataclasses
import gc
import pickle
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import repeat
from operator import is_
from random import Random
from typing import Any, ClassVar, NamedTuple

from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceNode, ChanceSource, Outcome
from moneyboard.engine.errors import IllegalActionError
from moneyboard.engine.ledger import Ledger
from moneyboard.engine.messages import (
    Catalogue,
    Event,
    Message,
    load_catalogue,
    msg,
    new_message,
)
from moneyboard.engine.options import RuleOptions

Step = tuple[Any, ...]
_NO_CHECKS: dict[Any, Any] = {}
Check = Callable[[Any, int, Any], Message | None]
Do = Callable[[Any, int, Any], None]


@dataclasses.dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a person's name, or a bot kind such as ``"saver"``."""

    name: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


class Decision(NamedTuple):
    """Who must decide now (one seat, or several at once) and what about (``kind``)."""

    seats: tuple[int, ...]
    kind: str
    data: Mapping[str, Any]


class Move(NamedTuple):
    """One entry of a game's history: a seat's action, a forced outcome, or a chance outcome.

    ``kind`` is ``"action"`` (seat, action), ``"timeout"`` (the seat's time ran out and the
    game took ``action`` for it), ``"force"`` (queue ``outcomes`` on ``stream``) or
    ``"chance"`` (an outcome applied from outside, e.g. by OpenSpiel).
    """

    kind: str
    seat: int
    action: Action | None
    stream: str
    outcomes: tuple[Outcome, ...]

    def to_json(self) -> dict[str, Any]:
        if self.kind == "action":
            assert self.action is not None
            return {"seat": self.seat, "action": self.action.to_json()}
        if self.kind == "timeout":
            return {"timeout": self.seat}
        return {self.kind: self.stream, "outcomes": list(self.outcomes)}


@dataclasses.dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: winners (ties allowed), a score per seat, and why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: Message

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason.to_json(),
        }


def _not_an_answer(state: Any, seat: int, action: Action) -> Message:
    """The check of an action type that does not answer the decision asked."""
    return msg("why.not_this_decision", action=action.kind, decision=state.decision.kind)


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (reference counting still frees memory)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class StuckGameError(RuntimeError):
    """A game that offered a seat no move, or never ended (a bug in the game, not a person's)."""


class GameState:
    """Kernel state shared by every game. Subclasses add their own fields and steps."""

    game_id: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: For each decision kind, the action kinds a seat may answer it with.
    answers: ClassVar[Mapping[str, frozenset[str]]] = {}
    #: Action types that :meth:`candidates` lists only when they are legal (or whose check
    #: always passes): random draws take them without checking again. ``legal_actions`` and
    #: ``why_not`` still check them; a test per game pins that they pass.
    listed_when_legal: ClassVar[frozenset[type[Action]]] = frozenset()
    #: Message templates; games merge their own over the kernel's.
    catalogue: ClassVar[Catalogue] = load_catalogue("moneyboard.engine")

    _rules: ClassVar[dict[type[Action], tuple[Check, Do]]]
    _checks: ClassVar[dict[type[Action], Check]]
    _dos: ClassVar[dict[type[Action], Do]]
    _checks_for: ClassVar[dict[str | None, dict[type[Action], Check]]]
    _draw_checks_for: ClassVar[dict[str | None, dict[type[Action], Check | None]]]
    _steps: ClassVar[dict[str, Callable[..., None]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._steps = {name[5:]: getattr(cls, name) for name in dir(cls) if name.startswith("step_")}
        rules: dict[type[Action], tuple[Check, Do]] = {}
        for t in cls.action_types:
            check = getattr(cls, f"check_{t.kind}", None)
            do = getattr(cls, f"do_{t.kind}", None)
            if check is None or do is None:
                raise TypeError(f"{cls.__name__} needs check_{t.kind} and do_{t.kind}")
            rules[t] = (check, do)
        cls._rules = rules
        cls._checks = {t: rule[0] for t, rule in rules.items()}
        cls._dos = {t: rule[1] for t, rule in rules.items()}
        # For each decision kind, the checks of the action types that may answer it (anytime
        # ones included); ``None`` for a seat not being asked: only anytime actions.
        cls._checks_for = {
            kind: {t: c for t, c in cls._checks.items() if t.anytime or t.kind in kinds}
            for kind, kinds in cls.answers.items()
        }
        cls._checks_for[None] = {t: c for t, c in cls._checks.items() if t.anytime}
        # The same for random draws, with ``None`` for the types taken without a check.
        cls._draw_checks_for = {
            kind: {t: None if t in cls.listed_when_legal else c for t, c in checks.items()}
            for kind, checks in cls._checks_for.items()
        }

    def __init__(
        self,
        options: RuleOptions,
        seats: Sequence[Seat],
        seed: int,
        *,
        forced: Mapping[str, Iterable[Outcome]] | None = None,
        auto_chance: bool = True,
    ):
        self.options = options
        self.seats = tuple(seats)
        self.n = len(self.seats)
        self.ledger = Ledger()
        self.log: list[Event] = []
        self.chance = ChanceSource(seed, forced)
        self.moves: list[Move] = []
        self.agenda: list[Step] = []
        self.decision: Decision | None = None
        self.chance_node: ChanceNode | None = None
        self._chance_then: Step = ()
        self.auto_chance = auto_chance
        self.result: Result | None = None
        self.decisions_made = 0
        # (moves so far, seat, legal actions): lets apply() skip re-checking an action it
        # has just listed as legal for the very same position.
        self._legal: tuple[int, int, Sequence[Action]] | None = None
        self.setup()
        self.run()

    @property
    def seed(self) -> int:
        """The seed of the game's one random source."""
        return self.chance.seed

    @property
    def initial_forced(self) -> dict[str, list[Outcome]]:
        """Outcomes forced before the game began (a stacked deck); kept for its record."""
        return self.chance.initial

    # ----- hooks a game implements -------------------------------------------------------
    def setup(self) -> None:
        """Open accounts, deal, and push the first steps."""
        raise NotImplementedError

    def candidates(self, seat: int) -> Sequence[Action]:
        """Actions worth checking for ``seat`` now (a superset of the legal ones, no repeats)."""
        raise NotImplementedError

    def anytime_open(self, seat: int) -> bool:
        """Whether ``seat`` may take ``anytime`` actions now (default: while the game runs)."""
        return self.result is None

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON view for ``seat`` (what that learner may see), or the public view for ``None``."""
        raise NotImplementedError

    def full_view(self) -> dict[str, Any]:
        """The whole state as JSON (trainer, tests, ``replay --json``)."""
        raise NotImplementedError

    def fallback_action(self, seat: int) -> Action | None:
        """What ``seat`` does if its time to decide runs out (``None``: the game waits).

        Games with a turn time limit override this; the driver (terminal, server) calls
        :meth:`timeout` when the limit it enforces is reached.
        """
        return None

    def time_limit(self) -> float | None:
        """Seconds a seat has for each decision under the rule options (``None``: no limit)."""
        return None

    def period_minutes(self) -> float | None:
        """Minutes in the class period under the rule options (``None``: no limit).

        When they are up, the driver (terminal, server) calls :meth:`call_time` once.
        """
        return None

    def call_time(self) -> None:
        """The class period is over: the game ends as its rules say (and records that it did)."""
        raise NotImplementedError(f"{self.game_id} has no class-period limit")

    def timeout(self, seat: int) -> Action | None:
        """Apply ``seat``'s fallback action because its time ran out; returns what was done."""
        if seat not in self.to_move():
            raise IllegalActionError("that seat is not being asked to decide", "why.not_your_turn")
        action = self.fallback_action(seat)
        if action is None:
            return None
        reason = self.why_not(seat, action)
        if reason is not None:
            raise IllegalActionError(self.explain(reason), reason.key, dict(reason.params))
        self._legal = None
        self.event("turn.timed_out", seat=seat, action=action.kind)
        self.moves.append(Move("timeout", seat, action, "", ()))
        self.decisions_made += 1
        self._dos[action.__class__](self, seat, action)
        self.run()
        return action

    def metrics(self, seat: int) -> dict[str, float]:
        """A seat's standing in common terms, for bots, charts and reports.

        Keys every game provides: ``cash``, ``savings``, ``debt``, ``assets`` (money value of
        what the seat owns), ``income`` (per round/pay day), ``wellbeing`` (happiness or the
        game's equivalent, 0 if it has none) and ``score`` (what decides the winner).
        """
        raise NotImplementedError

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        """Every distinct action the game can ever offer (for integer action ids)."""
        raise NotImplementedError

    # ----- flow helpers for steps ---------------------------------------------------------
    def then(self, *steps: Step) -> None:
        """Run ``steps`` next, in the given order, before anything already on the agenda."""
        if len(steps) == 1:
            self.agenda.append(steps[0])
        else:
            self.agenda.extend(reversed(steps))

    def ask(self, seats: int | tuple[int, ...], kind: str, /, **data: Any) -> None:
        """Stop the flow until ``seats`` answer a decision of ``kind``."""
        self.decision = new_message(
            Decision, ((seats,) if seats.__class__ is int else seats, kind, data)
        )

    def draw(self, stream: str, population: Sequence[Outcome], then: Step) -> None:
        """Ask chance for an outcome; the step ``then`` runs with the outcome appended.

        A step calls this last. With automatic chance the outcome is drawn (or taken from
        the forced queue) at once; otherwise the flow stops at an explicit chance node.
        """
        if not population:
            raise RuntimeError(f"chance node {stream} has no outcomes")
        if self.auto_chance:
            chance = self.chance
            if chance.forced and chance.forced.get(stream):
                outcome = chance.resolve(ChanceNode(stream, population))
            else:
                outcome = population[int(chance.rng.random() * len(population))]
            self.log.append(("chance.drawn", {"stream": stream, "outcome": outcome}))
            self._steps[then[0]](self, *then[1:], outcome)
            return
        self.chance_node = ChanceNode(stream, population)
        self._chance_then = then

    def event(self, key: str, /, **params: Any) -> None:
        """Append an event for the log (explained to learners through the catalogue)."""
        self.log.append((key, params))

    def end(self, winners: Sequence[int], scores: Sequence[float], reason: Message) -> None:
        self.result = Result(tuple(winners), tuple(scores), reason)
        self.decision = None
        self.agenda.clear()
        self.event("game.over", winners=list(winners), reason=reason.key)

    # ----- the driver ---------------------------------------------------------------------
    def run(self) -> None:
        """Advance until a decision is due, a chance node waits (if not automatic), or the end."""
        agenda = self.agenda
        steps = self._steps
        while self.decision is None and self.result is None:
            node = self.chance_node
            if node is not None:
                if not self.auto_chance:
                    return
                self._take_outcome(self.chance.resolve(node))
                continue
            try:
                step = agenda.pop()
            except IndexError:
                raise RuntimeError(
                    f"{self.game_id}: the flow ran out of steps before the end"
                ) from None
            steps[step[0]](self, *step[1:])

    def _take_outcome(self, outcome: Outcome) -> None:
        node = self.chance_node
        assert node is not None
        self.chance_node = None
        self.log.append(("chance.drawn", {"stream": node.stream, "outcome": outcome}))
        then = self._chance_then
        self.agenda.append((*then, outcome))

    # ----- the public interface -----------------------------------------------------------
    @property
    def terminal(self) -> bool:
        return self.result is not None

    def to_move(self) -> tuple[int, ...]:
        """Seats that must decide now; empty at a chance node or at the end."""
        d = self.decision
        return d.seats if d is not None else ()

    def is_chance(self) -> bool:
        return self.chance_node is not None and self.result is None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the first seat to move) may take now."""
        if self.result is not None:
            return []
        if seat is None:
            if self.decision is None:
                return []
            seat = self.decision.seats[0]
        d = self.decision
        if d is not None and seat in d.seats:
            checks = self._checks_for.get(d.kind, _NO_CHECKS)
        elif self.anytime_open(seat):
            checks = self._checks_for[None]
        else:
            return []
        out = [
            action
            for action in self.candidates(seat)
            if (check := checks.get(action.__class__)) is not None
            and check(self, seat, action) is None
        ]
        self._legal = (len(self.moves), seat, out)
        return out

    def random_action(self, seat: int, rng: Random) -> Action | None:
        """A legal action of ``seat`` drawn uniformly at random (``None`` if it has none).

        Candidates are checked in random order and the first legal one is taken: that is a
        uniform draw over the legal actions, at the cost of a check or two instead of one
        per candidate (what playouts, simulations and random bots need).
        """
        if self.result is not None:
            return None
        d = self.decision
        if d is not None and seat in d.seats:
            checks = self._draw_checks_for.get(d.kind, _NO_CHECKS)
        elif self.anytime_open(seat):
            checks = self._draw_checks_for[None]
        else:
            return None
        action = self._sample(seat, checks, rng)
        if action is not None:
            self._legal = (len(self.moves), seat, (action,))
        return action

    def _sample(
        self, seat: int, checks: Mapping[type[Action], Check | None], rng: Random
    ) -> Action | None:
        """The first of ``seat``'s candidates, in random order, that ``checks`` let through.

        ``checks`` maps each action type that may answer to its check, or to ``None`` for a
        type taken unchecked (:attr:`listed_when_legal`); other types are refused.
        """
        pool = self.candidates(seat)
        left = len(pool)
        if not left:
            return None
        i = int(rng.random() * left)
        action = pool[i]
        check: Check | None = checks.get(action.__class__, _not_an_answer)
        if check is not None and check(self, seat, action) is not None:
            # Rare enough to copy only now: draw again from the rest, without repeats.
            rest = list(pool)
            draw = rng.random
            while True:
                left -= 1
                rest[i] = rest[left]
                if not left:
                    return None
                i = int(draw() * left)
                action = rest[i]
                check = checks.get(action.__class__, _not_an_answer)
                if check is None or check(self, seat, action) is None:
                    break
        return action

    def why_not(self, seat: int, action: Action) -> Message | None:
        """``None`` if ``seat`` may take ``action`` now, else the reason, for a learner."""
        if self.result is not None:
            return msg("why.game_over")
        if not 0 <= seat < self.n:
            return msg("why.no_such_seat", seat=seat)
        rule = self._rules.get(action.__class__)
        if rule is None:
            return msg("why.not_in_game", action=action.kind)
        d = self.decision
        if action.anytime:
            if not self.anytime_open(seat):
                return msg("why.not_now", action=action.kind)
        elif d is None or seat not in d.seats:
            if self.chance_node is not None:
                return msg("why.waiting_for_chance", stream=self.chance_node.stream)
            return msg("why.not_your_turn", waiting=list(d.seats) if d else [])
        elif action.kind not in self.answers.get(d.kind, ()):
            return msg("why.not_this_decision", action=action.kind, decision=d.kind)
        return rule[0](self, seat, action)

    def can(self, seat: int, action: Action) -> bool:
        return self.why_not(seat, action) is None

    def explain(self, message: Event) -> str:
        """Render a message (an event of the log or a reason) in plain English."""
        return self.catalogue.render(self._named(message))

    def _named(self, message: Event) -> Event:
        key, params = message
        if "seat" in params and "name" not in params and isinstance(params["seat"], int):
            seat = params["seat"]
            if 0 <= seat < self.n:
                return key, {**params, "name": self.seats[seat].name}
        return message

    def apply(self, seat: int, action: Action) -> None:
        """Take ``action`` for ``seat``; raises :class:`IllegalActionError` (state unchanged)."""
        listed = self._legal
        if not (
            listed is not None
            and listed[0] == len(self.moves)
            and listed[1] == seat
            and any(map(is_, listed[2], repeat(action)))
        ):
            reason = self.why_not(seat, action)
            if reason is not None:
                raise IllegalActionError(self.explain(reason), reason.key, dict(reason.params))
        self._act(seat, action)

    def _act(self, seat: int, action: Action) -> None:
        """Record and carry out an action already known to be legal, then run the flow on."""
        self.moves.append(new_message(Move, ("action", seat, action, "", ())))
        self.decisions_made += 1
        self._dos[action.__class__](self, seat, action)
        self.run()

    def playout(self, rng: Random, max_decisions: int = 1_000_000) -> None:
        """Play on to the end, each decision a :meth:`random_action` of the first seat asked.

        The same game as applying ``random_action`` in a loop (records, log and ledger
        included), without the per-call checks: for simulations, rollouts and the bench.
        Raises :class:`StuckGameError` if a seat has no legal action or the game never ends.

        A game state holds no reference cycles (a test pins this for every game), so the
        cyclic garbage collector is paused meanwhile: it would otherwise re-scan the growing
        log over and over (about a tenth of the time) to find nothing.
        """
        with cyclic_gc_paused():
            self._playout(rng, max_decisions)

    def _playout(self, rng: Random, max_decisions: int) -> None:
        # The flow of run() and the act of apply(), in one loop: this is the hot path of
        # every simulation, so nothing is looked up twice.
        sample = self._sample
        checks_for = self._draw_checks_for
        dos = self._dos
        steps = self._steps
        moves = self.moves
        agenda = self.agenda
        while True:
            d = self.decision
            if d is None:
                if self.result is not None:
                    return
                if self.chance_node is not None:
                    self.resolve_chance()
                    continue
                try:
                    step = agenda.pop()
                except IndexError:
                    raise RuntimeError(
                        f"{self.game_id}: the flow ran out of steps before the end"
                    ) from None
                steps[step[0]](self, *step[1:])
                continue
            seat = d.seats[0]
            action = sample(seat, checks_for.get(d.kind, _NO_CHECKS), rng)
            if action is None:
                raise StuckGameError(
                    f"{self.game_id}: seat {seat} was asked to decide with no legal move"
                )
            moves.append(new_message(Move, ("action", seat, action, "", ())))
            self.decisions_made += 1
            if self.decisions_made > max_decisions:
                raise StuckGameError(
                    f"{self.game_id}: a random game did not end in {max_decisions} decisions"
                )
            dos[action.__class__](self, seat, action)

    def apply_chance(self, outcome: Outcome) -> None:
        """Resolve the pending chance node with ``outcome`` (recorded in the history)."""
        node = self.chance_node
        if node is None or self.result is not None:
            raise IllegalActionError("there is no chance event to resolve now", "why.no_chance")
        if outcome not in node.population:
            raise IllegalActionError(
                f"{outcome!r} is not a possible outcome of {node.stream}",
                "why.bad_outcome",
                {"stream": node.stream, "outcome": outcome},
            )
        self._legal = None
        self.moves.append(Move("chance", -1, None, node.stream, (outcome,)))
        self._take_outcome(outcome)
        self.run()

    def resolve_chance(self) -> None:
        """Resolve the pending chance node from the forced queue or the seeded source."""
        node = self.chance_node
        if node is None:
            raise IllegalActionError("there is no chance event to resolve now", "why.no_chance")
        self._legal = None
        self._take_outcome(self.chance.resolve(node))
        self.run()

    def force(self, stream: str, outcomes: Sequence[Outcome]) -> None:
        """Queue outcomes on a chance stream (a trainer's stacked deck); recorded in the history."""
        self._legal = None
        self.chance.force(stream, outcomes)
        self.moves.append(Move("force", -1, None, stream, tuple(outcomes)))
        if self.chance_node is not None and self.auto_chance:
            self.run()

    # ----- copies -------------------------------------------------------------------------
    def clone(self, with_history: bool = True) -> GameState:
        """An independent copy; without history it drops the log, postings and moves (search).

        The history only ever grows by appending immutable entries, so a copy with history
        gets new lists holding the same entries instead of copies of them.
        """
        ledger = self.ledger
        saved = self.log, self.moves, ledger.postings, ledger.opening
        self.log, self.moves, ledger.postings = [], [], []
        try:
            copy: GameState = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        finally:
            self.log, self.moves, ledger.postings, ledger.opening = saved
        if with_history:
            copy.log = list(self.log)
            copy.moves = list(self.moves)
            copy.ledger.postings = list(ledger.postings)
            copy.ledger.opening = dict(ledger.opening)
        else:
            copy.ledger.opening = dict(copy.ledger.balances)
        return copy

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        """An upper bound on the distinct outcomes of any chance node (for RL adapters)."""
        return 1_000

    @classmethod
    def max_game_length(cls, options: RuleOptions, players: int) -> int:
        """An upper bound on the moves of a game (for RL adapters)."""
        return 100_000

    def kernel_view(self) -> dict[str, Any]:
        """The parts of a view every game shares."""
        d = self.decision
        node = self.chance_node
        return {
            "game": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "to_move": list(d.seats) if d else [],
            "decision": {"kind": d.kind, **dict(d.data)} if d else None,
            "chance": node.stream if node is not None and self.result is None else None,
            "result": self.result.to_json() if self.result else None,
        }
