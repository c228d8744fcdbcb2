"""The core of every game state: the agenda of steps, decisions, chance, moves and results.

A game writes its flow as *steps* (methods ``step_<name>``) pushed on an agenda (a stack of
tuples, so a state is plain data: copyable, picklable and replayable). A step does
bookkeeping, pushes further steps, asks one or more seats for a decision (:meth:`Kernel.ask`)
or asks chance for an outcome (:meth:`Kernel.draw`).

Every action kind has one validation path used three ways: ``check_<kind>`` returns ``None``
or the reason as a :class:`Message` ("can I?" / "why not?"), and ``do_<kind>`` acts. The
kernel ends a decision when its answer is applied (docs/kernel.md has the whole contract).
The offers, claims, directives, views and random play built on this core live in their own
modules; :class:`moneyboard.engine.state.GameState` puts them together.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, NamedTuple

from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceNode, ChanceSource, Outcome
from moneyboard.engine.errors import IllegalActionError
from moneyboard.engine.labels import money_text, remembered_label, show_value
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
#: The step :meth:`Kernel.play_alone` puts under a move's own steps.
_HOLD: Step = ("hold",)


class _FlowHeld(Exception):  # noqa: N818 (a signal, not an error)
    """Raised by the hold step: a move's own steps are done (:meth:`Kernel.play_alone`)."""


Check = Callable[[Any, int, Any], Message | None]
Do = Callable[[Any, int, Any], None]
_NO_CHECKS: dict[Any, Any] = {}


@dataclasses.dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a person's name, or a bot kind such as ``"saver"``."""

    name: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


class Decision(NamedTuple):
    """Who must decide now and what about (``kind``).

    ``seats`` are the seats still to answer; ``asked`` every seat the decision was put to.
    A ``sealed`` decision holds each answer (``held``) unseen until the last seat is in.
    """

    seats: tuple[int, ...]
    kind: str
    data: Mapping[str, Any]
    asked: tuple[int, ...] = ()
    sealed: bool = False
    held: tuple[tuple[int, Action], ...] = ()


class Move(NamedTuple):
    """One entry of a game's history.

    ``kind`` is ``"action"`` (seat, action), ``"timeout"`` (the seat's time ran out and the
    game took ``action`` for it), ``"force"`` (queue ``outcomes`` on ``stream``),
    ``"chance"`` (an outcome applied from outside, e.g. by OpenSpiel) or ``"directive"``
    (a trainer's directive named ``stream`` with ``args``).
    """

    kind: str
    seat: int
    action: Action | None
    stream: str
    outcomes: tuple[Outcome, ...]
    args: Mapping[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        kind = self.kind
        if kind == "action":
            assert self.action is not None
            return {"seat": self.seat, "action": self.action.to_json()}
        if kind == "timeout":
            return {"timeout": self.seat}
        if kind == "directive":
            return {"directive": self.stream, **(self.args or {})}
        return {kind: self.stream, "outcomes": list(self.outcomes)}


def action_move(seat: int, action: Action) -> Move:
    """The history entry of a seat's action."""
    move: Move = new_message(Move, ("action", seat, action, "", (), None))
    return move


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


class Offer(NamedTuple):
    """Terms one seat puts to another (see :mod:`moneyboard.engine.offers`)."""

    seat: int
    to: int
    deal: str
    item: str
    price: int

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


@dataclasses.dataclass(slots=True)
class TableStatus:
    """The kernel's rarely-changing state: pause, turns, offers, claims, the class period."""

    first_seats: tuple[Seat, ...]
    paused: bool = False
    time_called: bool = False
    turn: int = 0
    turn_seat: int | None = None
    offers_made: int = 0
    offer: Offer | None = None
    #: Claims a learner may still make: (seat, automation name, step to run).
    claims: list[tuple[int, str, Step]] = dataclasses.field(default_factory=list)
    #: (moves so far, seat, legal actions): lets apply() skip re-checking an action it has
    #: just listed as legal for the very same position.
    listed: tuple[int, int, Sequence[Action]] | None = None
    #: Whether the history holds every change since the start (a copy for search drops it).
    history: bool = True
    #: (history length, chance nodes resolved by :meth:`Kernel.resolve_chance` since then).
    resolved: tuple[int, int] = (0, 0)


def _shown(outcome: Any) -> str:
    """An outcome as the trainer typed it (JSON), to name it in a refusal."""
    try:
        return json.dumps(outcome)
    except (TypeError, ValueError):
        return str(outcome)


def _with_amounts(check: Check) -> Check:
    """``check`` preceded by the range and step check of the action's amounts, so that every
    path (why not, legal actions, random draws) refuses an amount out of range."""

    def checked(state: Any, seat: int, action: Action) -> Message | None:
        reason: Message | None = state.amount_problem(seat, action)
        if reason is None:
            return check(state, seat, action)
        if reason.key == "why.amount_unavailable":  # the game's own reason says more
            return check(state, seat, action) or reason
        return reason

    return checked


def _not_an_answer(state: Any, seat: int, action: Action) -> Message:
    """The check of an action type that does not answer the decision asked."""
    return msg(
        "why.not_this_decision",
        action=action.kind,
        label=state.action_label(action),
        decision=state.decision.kind,
    )


class StuckGameError(RuntimeError):
    """A game that offered a seat no move, or never ended (a bug in the game, not a person's)."""


class Kernel:
    """Kernel state shared by every game. Subclasses add their own fields and steps."""

    game_id: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: For each decision kind, the action kinds that answer it. Anytime action types may be
    #: taken during any decision as well; list one here only where it *answers* the
    #: decision (a loan that covers a payment), since an answer ends the decision.
    answers: ClassVar[Mapping[str, frozenset[str]]] = {}
    #: Action types that :meth:`candidates` lists only when they are legal (or whose check
    #: always passes): random draws take them without checking again. ``legal_actions`` and
    #: ``why_not`` still check them; a test per game pins that they pass.
    listed_when_legal: ClassVar[frozenset[type[Action]]] = frozenset()
    #: Message templates; games merge their own over the kernel's.
    catalogue: ClassVar[Catalogue] = load_catalogue("moneyboard.engine")
    #: How the game writes money: text before and after the number (``("$", "")``).
    currency: ClassVar[tuple[str, str]] = ("", "")
    #: What the game calls one pass of every seat's turns, as its rounds are counted in the
    #: debrief and the simulation's tables ("round"; FinanCity's are years).
    period: ClassVar[str] = "round"
    #: The metrics (:meth:`metrics`) and per-family view fields that are sums of money,
    #: written in the currency (the terminal's families table).
    money_metrics: ClassVar[frozenset[str]] = frozenset(
        {"cash", "savings", "debt", "assets", "income"}
    )

    _rules: ClassVar[dict[type[Action], tuple[Check, Do]]]
    _checks: ClassVar[dict[type[Action], Check]]
    _dos: ClassVar[dict[type[Action], Do]]
    _checks_for: ClassVar[dict[str | None, dict[type[Action], Check]]]
    _draw_checks_for: ClassVar[dict[str | None, dict[type[Action], Check | None]]]
    #: For each decision kind, the action types whose answer ends the seat's part in it.
    _ends: ClassVar[dict[str, frozenset[type[Action]]]]
    _steps: ClassVar[dict[str, Callable[..., None]]]
    #: Whether the game works out figures of its open decisions (:meth:`decision_figures`);
    #: a game that does not pays nothing for the hook.
    _has_figures: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._steps = {name[5:]: getattr(cls, name) for name in dir(cls) if name.startswith("step_")}
        rules: dict[type[Action], tuple[Check, Do]] = {}
        for t in cls.action_types:
            check = getattr(cls, f"check_{t.kind}", None)
            do = getattr(cls, f"do_{t.kind}", None)
            if check is None or do is None:
                raise TypeError(f"{cls.__name__} needs check_{t.kind} and do_{t.kind}")
            rules[t] = (_with_amounts(check) if t.amounts else check, do)
        answers = dict(cls.answers)
        if any(t.kind == "propose" for t in cls.action_types):
            answers.setdefault("offer", frozenset({"accept", "decline"}))
        cls.answers = answers
        cls._rules = rules
        cls._checks = {t: rule[0] for t, rule in rules.items()}
        cls._dos = {t: rule[1] for t, rule in rules.items()}
        # For each decision kind, the checks of the action types that may answer it (anytime
        # ones included); ``None`` for a seat not being asked: only anytime actions.
        cls._checks_for = {
            kind: {t: c for t, c in cls._checks.items() if t.anytime or t.kind in kinds}
            for kind, kinds in answers.items()
        }
        cls._checks_for[None] = {t: c for t, c in cls._checks.items() if t.anytime}
        # The same for random draws, with ``None`` for the types taken without a check.
        cls._draw_checks_for = {
            kind: {t: None if t in cls.listed_when_legal else c for t, c in checks.items()}
            for kind, checks in cls._checks_for.items()
        }
        cls._ends = {
            kind: frozenset(t for t in cls.action_types if t.kind in kinds and not t.keeps_decision)
            for kind, kinds in answers.items()
        }
        cls._has_figures = cls.decision_figures is not Kernel.decision_figures

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
        #: The decision the action being carried out answers (read it in ``do_`` methods).
        self.asked: Decision | None = None
        self.chance_node: ChanceNode | None = None
        self.auto_chance = auto_chance
        self.result: Result | None = None
        self.decisions_made = 0
        self.status = TableStatus(self.seats)
        self.setup()
        for stream, outcomes in self.chance.initial.items():
            self.check_forced(stream, outcomes)
        self.run()

    @property
    def seed(self) -> int:
        """The seed of the game's one random source."""
        return self.chance.seed

    @property
    def initial_forced(self) -> dict[str, list[Outcome]]:
        """Outcomes forced before the game began (a stacked deck); kept for its record."""
        return self.chance.initial

    @property
    def version(self) -> int:
        """The number of entries in the game's history: it grows with every change."""
        return len(self.moves)

    # ----- hooks a game implements -------------------------------------------------------
    def setup(self) -> None:
        """Open accounts, deal, and push the first steps."""
        raise NotImplementedError

    def candidates(self, seat: int) -> Sequence[Action]:
        """Actions worth checking for ``seat`` now (a superset of the legal ones, no repeats)."""
        raise NotImplementedError

    def decision_figures(self, decision: Decision) -> Mapping[str, Any] | None:
        """The figures of the open ``decision`` (entries of its data) as they are now, or
        ``None`` (the default) for none that change while it is open.

        A game asks a decision with its figures; the kernel calls this for the decision open
        after each action (and for one asked again after an interjection) and puts changed
        figures in its data, so that a question left open by an anytime action or another
        seat's answer tells the cash, counts and ways held now on every screen.
        """
        return None

    def _refresh_figures(self) -> None:
        """Bring the open decision's figures up to date (:meth:`decision_figures`). The
        callers call it only for a game that has figures and while a decision is open, so
        the other games pay nothing."""
        d = self.decision
        assert d is not None
        now = self.decision_figures(d)
        if now:
            data = d.data
            for key, value in now.items():
                if key not in data or data[key] != value:
                    changed = (d.seats, d.kind, {**data, **now}, d.asked, d.sealed, d.held)
                    self.decision = new_message(Decision, changed)  # faster than _replace
                    return

    def anytime_open(self, seat: int) -> bool:
        """Whether ``seat`` may take ``anytime`` actions now (default: while the game runs)."""
        return self.result is None

    def stream_outcomes(self, stream: str) -> Iterable[Outcome] | None:
        """Every outcome chance ``stream`` can ever give (``None``: the game has no such stream).

        Forced outcomes (a stacked deck, a set die, a chosen card) are checked against it.
        """
        return None

    def stream_left(self, stream: str) -> Sequence[Outcome] | None:
        """What the next draw of ``stream`` would draw from now, with repeats (a deck: the
        cards still in it). ``None`` (the default): any of :meth:`stream_outcomes`, every
        time (a die). A trainer's chosen card is checked against it when chosen."""
        return None

    def chance_streams(self) -> list[str]:
        """The chance streams a trainer may stack from now on (a chosen card, a set die), in
        the order a console lists them; each gives :meth:`stream_outcomes`. By default those
        drawn so far: a game lists every stream it will still draw from."""
        seen = dict.fromkeys(p["stream"] for key, p in self.log if key == "chance.drawn")
        return [stream for stream in seen if self.stream_outcomes(stream) is not None]

    def describe_draw(self, stream: str, outcome: Outcome) -> Message | None:
        """A chance draw in the game's own words (the card's name, not its id).

        ``None`` (the default): the kernel's generic sentence naming the stream and outcome.
        """
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON view for ``seat`` (what that learner may see), or the public view for ``None``."""
        raise NotImplementedError

    def fallback_action(self, seat: int) -> Action | None:
        """What ``seat`` does if its time to decide runs out (``None``: the game waits).

        The table driver calls :meth:`timeout` when a limit it enforces is reached.
        """
        return None

    def time_limit(self) -> float | None:
        """Seconds a seat has for each decision under the rule options (``None``: no limit)."""
        return None

    def turn_time_limit(self) -> float | None:
        """Seconds a seat has for a whole turn (:meth:`begin_turn`) (``None``: no limit)."""
        return None

    def period_minutes(self) -> float | None:
        """Minutes in the class period under the rule options (``None``: no limit).

        When they are up, the table driver gives the ``call_time`` directive once.
        """
        return None

    def call_time(self) -> None:
        """The class period is over: the game ends as its rules say."""
        raise self._refuse(msg("why.no_period"))

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

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        """An upper bound on the distinct outcomes of any chance node (for RL adapters)."""
        return 1_000

    @classmethod
    def max_game_length(cls, options: RuleOptions, players: int) -> int:
        """An upper bound on the moves of a game (for RL adapters)."""
        return 100_000

    # ----- flow helpers for steps ---------------------------------------------------------
    def then(self, *steps: Step) -> None:
        """Run ``steps`` next, in the given order, before anything already on the agenda."""
        if len(steps) == 1:
            self.agenda.append(steps[0])
        else:
            self.agenda.extend(reversed(steps))

    def ask(self, seats: int | tuple[int, ...], kind: str, /, **data: Any) -> None:
        """Stop the flow until ``seats`` answer a decision of ``kind``."""
        if seats.__class__ is int:
            seats = (seats,)
        self.decision = new_message(Decision, (seats, kind, data, seats, False, ()))

    def ask_sealed(self, seats: tuple[int, ...], kind: str, /, **data: Any) -> None:
        """Ask every seat once; the answers stay unseen and are carried out when all are in."""
        self.decision = Decision(tuple(seats), kind, data, tuple(seats), True, ())

    def interject(self, seats: int | tuple[int, ...], kind: str, /, **data: Any) -> None:
        """Ask a decision that suspends the open one, which is asked again afterwards."""
        open_decision = self.decision
        if open_decision is not None:
            self.agenda.append(("resume", open_decision))
        self.ask(seats, kind, **data)

    def step_resume(self, decision: Decision) -> None:
        """Ask a decision an interjection suspended, as it was (its figures as they are
        now)."""
        self.decision = decision
        if self._has_figures and self.decision is not None:
            self._refresh_figures()

    def drop_suspended(self, kind: str) -> bool:
        """End the latest decision of ``kind`` an interjection suspended, instead of asking
        it again (an accepted offer sold the very card it was about). ``False``: none."""
        for i in range(len(self.agenda) - 1, -1, -1):
            step = self.agenda[i]
            if step[0] == "resume" and step[1].kind == kind:
                del self.agenda[i]
                return True
        return False

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
                outcome = self._forced_or_drawn(stream, population)
            else:
                outcome = population[int(chance.rng.random() * len(population))]
            self.log.append(("chance.drawn", {"stream": stream, "outcome": outcome}))
            self._steps[then[0]](self, *then[1:], outcome)
            return
        self.chance_node = ChanceNode(stream, population, then)

    def _forced_or_drawn(self, stream: str, population: Sequence[Outcome]) -> Outcome:
        """The first forced outcome of ``stream`` still available, else a seeded draw.

        A forced outcome that can no longer be drawn (the card left the deck meanwhile) is
        dropped, and the log says so.
        """
        skipped: list[Outcome] = []
        outcome = self.chance.resolve(ChanceNode(stream, population), skipped)
        for dropped in skipped:
            self.log.append(("chance.force_skipped", {"stream": stream, "outcome": dropped}))
        return outcome

    def check_forced(self, stream: str, outcomes: Iterable[Outcome]) -> None:
        """Refuse outcomes that ``stream`` can never give, naming the stream and what it can
        give. The type counts too: a die's ``6.0`` or ``true`` is not its ``6`` or ``1``."""
        possible = self.stream_outcomes(stream)
        if possible is None:
            streams = ", ".join(self.stream_text(s) for s in self.chance_streams())
            raise IllegalActionError(
                f"this game has no cards or dice called {stream!r}"
                + (f"; it has: {streams}" if streams else ""),
                "why.no_such_stream",
                {"stream": stream},
            )
        possible = tuple(possible)
        allowed = {(type(o), o) for o in possible}
        for outcome in outcomes:
            try:
                known = (type(outcome), outcome) in allowed
            except TypeError:  # a list or an object: never an outcome
                known = False
            if not known:
                raise IllegalActionError(
                    f"{_shown(outcome)} is not one of the outcomes of {self.stream_text(stream)}"
                    f"; it can give {self._listed(possible)}",
                    "why.bad_outcome",
                    {"stream": stream, "outcome": _shown(outcome)},
                )

    def _listed(self, outcomes: Sequence[Outcome], most: int = 12) -> str:
        """A stream's outcomes in words (a card by its name), the first ``most`` of them,
        for a refusal to list."""
        word = self.catalogue.word
        shown = ", ".join(word(o) if isinstance(o, str) else _shown(o) for o in outcomes[:most])
        return shown if len(outcomes) <= most else f"{shown}, … ({len(outcomes)} in all)"

    def forced_problem(self, stream: str, outcomes: Sequence[Outcome]) -> str | None:
        """Why a trainer's chosen ``outcomes`` cannot come up on the next draws of ``stream``
        (a card already drawn, or queued already as often as the deck holds it), else
        ``None``. Asked when the trainer chooses, not on replay: a record keeps a choice
        that came to nothing, as the game did."""
        left = self.stream_left(stream)
        if left is None:
            return None
        available = Counter(left)
        available.subtract(self.chance.forced.get(stream, ()))
        word = self.catalogue.word
        where = self.stream_text(stream)
        queued = len(self.chance.forced.get(stream, ()))
        for number, outcome in enumerate(outcomes, queued + 1):
            if number > len(left):
                break  # beyond the cards left: the deck is made up again by then
            try:
                if available[outcome] > 0:
                    available[outcome] -= 1
                    continue
            except TypeError:  # a list or an object: check_forced names it
                return None
            name = word(outcome) if isinstance(outcome, str) else _shown(outcome)
            holds = sorted({word(o) if isinstance(o, str) else _shown(o) for o in left})
            if outcome in left:
                return f"{name} is already chosen as often as the {where} holds it"
            return f"{name} is no longer in the {where}; it holds {', '.join(holds) or 'nothing'}"
        return None

    def event(self, key: str, /, **params: Any) -> None:
        """Append an event for the log (explained to learners through the catalogue)."""
        self.log.append((key, params))

    def pay(self, source: str, target: str, amount: int, key: str, /, **params: Any) -> None:
        """Move ``amount`` between two ledger accounts and log why, with the same ``key`` and
        ``params`` (plus ``amount``) on the posting and the event. Nothing happens for 0."""
        if amount > 0:
            params["amount"] = amount
            self.ledger.post(source, target, amount, key, params)
            self.log.append((key, params))

    def end(self, winners: Sequence[int], scores: Sequence[float], reason: Message) -> None:
        self.result = Result(tuple(winners), tuple(scores), reason)
        self.decision = None
        self.agenda.clear()
        self.event("game.over", winners=list(winners), reason=reason.key)

    def begin_turn(self, seat: int) -> None:
        """A seat's turn starts: count it, reset the offers made, end the previous claims."""
        status = self.status
        status.turn += 1
        status.turn_seat = seat
        status.offers_made = 0
        if status.claims:
            for claimant, name, _ in status.claims:
                self.event("claim.lost", seat=claimant, claim=name)
            status.claims.clear()

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
                self._take_outcome(self._forced_or_drawn(node.stream, node.population))
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
        self.agenda.append((*node.then, outcome))

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

    def all_candidates(self, seat: int) -> Sequence[Action]:
        """The game's candidates plus the claims ``seat`` may still make."""
        pool = self.candidates(seat)
        claims = self.status.claims
        if claims:
            from moneyboard.engine.claims import Claim

            mine = [Claim(name) for claimant, name, _ in claims if claimant == seat]
            if mine:
                return [*pool, *dict.fromkeys(mine)]
        return pool

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the first seat to move) may take now."""
        if self.result is not None or self.status.paused:
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
            for action in self.all_candidates(seat)
            if (check := checks.get(action.__class__)) is not None
            and check(self, seat, action) is None
        ]
        self.status.listed = (len(self.moves), seat, out)
        return out

    def why_not(self, seat: int, action: Action) -> Message | None:
        """``None`` if ``seat`` may take ``action`` now, else the reason, for a learner."""
        if self.result is not None:
            return msg("why.game_over")
        if self.status.paused:
            return msg("why.paused")
        if not 0 <= seat < self.n:
            return msg("why.no_such_seat", seat=seat)
        rule = self._rules.get(action.__class__)
        if rule is None:
            return msg("why.not_in_game", action=action.kind, label=self.action_label(action))
        d = self.decision
        if action.anytime and not (
            d is not None and seat in d.seats and action.kind in self.answers.get(d.kind, ())
        ):
            if not self.anytime_open(seat):
                return msg("why.not_now", action=action.kind, label=self.action_label(action))
        elif d is None or seat not in d.seats:
            if self.chance_node is not None:
                return msg("why.waiting_for_chance", stream=self.chance_node.stream)
            return msg("why.not_your_turn", waiting=list(d.seats) if d else [])
        elif action.kind not in self.answers.get(d.kind, ()):
            return msg(
                "why.not_this_decision",
                action=action.kind,
                label=self.action_label(action),
                decision=d.kind,
            )
        return rule[0](self, seat, action)

    def amount_problem(self, seat: int, action: Action) -> Message | None:
        """Overridden by the amounts support (:mod:`moneyboard.engine.amounts`)."""
        return None

    def can(self, seat: int, action: Action) -> bool:
        return self.why_not(seat, action) is None

    def money_text(self, amount: int | float) -> str:
        """An amount in the game's currency, as every client shows it (``$1,200``)."""
        return money_text(amount, self.currency)

    def action_label(self, action: Action, chosen_later: str | None = None) -> str:
        """``action`` in the game's words (its ``label.<kind>`` template), the same in the
        terminal, the pages, the class vote and the debrief. ``chosen_later``: an amount
        field the person has yet to choose (shown as ``…``)."""
        names = tuple([seat.name for seat in self.seats])
        return remembered_label(action, self.catalogue, names, self.currency, chosen_later)

    def explain(self, message: Event) -> str:
        """Render a message (an event of the log or a reason) in plain English; a chance draw
        in the game's words where it has them (:meth:`describe_draw`)."""
        if message[0] == "chance.drawn":
            message = self._drawn(message[1])
        elif message[0] == "chance.force_skipped":
            message = message[0], self._stream_in_words(message[1])
        return self.catalogue.render(self._named(message), self._seat_name, self.money_text)

    def _drawn(self, params: Mapping[str, Any]) -> Event:
        """A chance draw as the game words it, else the kernel's sentence with the stream in
        words (:meth:`stream_text`)."""
        stream, outcome = params.get("stream"), params.get("outcome")
        if not isinstance(stream, str):
            return "chance.drawn", params
        described = self.describe_draw(stream, outcome)
        if described is not None:
            return described
        return "chance.drawn", {**params, "stream": self.stream_text(stream)}

    def _stream_in_words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A chance message's stream and outcome as a trainer reads them ("events deck",
        "Sick Pet"), not as the game stores them."""
        stream, outcome = params.get("stream"), params.get("outcome")
        shown = dict(params)
        if isinstance(stream, str):
            shown["stream"] = self.stream_text(stream)
        if isinstance(outcome, str):
            shown["outcome"] = self.catalogue.word(outcome)
        return shown

    def stream_text(self, stream: str) -> str:
        """A chance stream in words: "deck:real_estate" as "real estate deck", a seat's own
        stream "income:1" as "income (Ben)", "returns:bond_fund" as "returns: Bond Fund"."""
        kind, _, which = stream.partition(":")
        word = self.catalogue.word
        if kind == "deck":
            return f"{word(which)} deck"
        if which.isdecimal() and int(which) < self.n:
            return f"{word(kind)} ({self.seats[int(which)].name})"
        return f"{word(kind)}: {word(which)}" if which else word(kind)

    def _seat_name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < self.n else f"seat {seat}"

    def _named(self, message: Event) -> Event:
        """The message with what a template shows in words: the ``name`` of its ``seat`` and
        its ``decision`` kind as words ("buy_or_pass" as "buy or pass")."""
        key, params = message
        if "decision" in params and isinstance(params["decision"], str):
            params = {**params, "decision": show_value(params["decision"])}
        if "seat" in params and "name" not in params and isinstance(params["seat"], int):
            seat = params["seat"]
            if 0 <= seat < self.n:
                params = {**params, "name": self.seats[seat].name}
        return key, params

    def _refuse(self, reason: Message) -> IllegalActionError:
        return IllegalActionError(self.explain(reason), reason.key, dict(reason.params))

    def _check_version(self, version: int | None) -> None:
        if version is not None and version != len(self.moves):
            raise self._refuse(msg("why.stale", seen=version, now=len(self.moves)))

    def apply(self, seat: int, action: Action, version: int | None = None) -> None:
        """Take ``action`` for ``seat``; raises :class:`IllegalActionError` (state unchanged).

        ``version`` is the :attr:`version` the client saw: an action made on an older view
        (a double tap, two phones of one team) is refused. Whatever goes wrong inside, the
        state, its history and its log are left exactly as they were.
        """
        self._check_version(version)
        listed = self.status.listed
        if not (
            listed is not None
            and listed[0] == len(self.moves)
            and listed[1] == seat
            and any(map(is_, listed[2], repeat(action)))
        ):
            reason = self.why_not(seat, action)
            if reason is not None:
                raise self._refuse(reason)
        with self.all_or_nothing():
            self._act(seat, action)

    def _act(self, seat: int, action: Action) -> None:
        """Record and carry out an action already known to be legal, then run the flow on."""
        self.moves.append(action_move(seat, action))
        self.decisions_made += 1
        self._carry_out(seat, action)
        if self._has_figures and self.decision is not None:
            self._refresh_figures()
        self.run()

    def _carry_out(self, seat: int, action: Action) -> None:
        """End (or keep) the decision the action answers, then do it."""
        d = self.decision
        if d is not None and seat in d.seats:
            if d.sealed:
                self._hold(seat, action, d)
                return
            if action.__class__ in self._ends[d.kind]:
                seats = d.seats
                self.decision = (
                    None
                    if len(seats) == 1
                    else d._replace(seats=tuple(s for s in seats if s != seat))
                )
            self.asked = d
        else:
            self.asked = None
        self._dos[action.__class__](self, seat, action)

    def _hold(self, seat: int, action: Action, d: Decision) -> None:
        """Keep a sealed answer unseen; when the last one is in, carry them all out."""
        held = (*d.held, (seat, action))
        seats = tuple(s for s in d.seats if s != seat)
        if seats:
            self.decision = d._replace(seats=seats, held=held)
            return
        self.decision = None
        self.asked = d._replace(seats=(), held=held)
        self.event("decision.revealed", kind=d.kind, answers=len(held))
        for answerer, answer in sorted(held, key=lambda pair: d.asked.index(pair[0])):
            self._dos[answer.__class__](self, answerer, answer)

    def timeout(self, seat: int) -> Action | None:
        """Apply ``seat``'s fallback action because its time ran out; returns what was done."""
        if self.status.paused:
            raise self._refuse(msg("why.paused"))
        if seat not in self.to_move():
            raise IllegalActionError("that seat is not being asked to decide", "why.not_your_turn")
        action = self.fallback_action(seat)
        if action is None:
            return None
        reason = self.why_not(seat, action)
        if reason is not None:
            raise self._refuse(reason)
        with self.all_or_nothing():
            self.event(
                "turn.timed_out", seat=seat, action=action.kind, label=self.action_label(action)
            )
            self.moves.append(Move("timeout", seat, action, "", (), None))
            self.decisions_made += 1
            self._carry_out(seat, action)
            if self._has_figures and self.decision is not None:
                self._refresh_figures()
            self.run()
        return action

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
        with self.all_or_nothing():
            self.moves.append(Move("chance", -1, None, node.stream, (outcome,), None))
            self._take_outcome(outcome)
            self.run()

    def resolve_chance(self) -> None:
        """Resolve the pending chance node from the forced queue or the seeded source."""
        node = self.chance_node
        if node is None:
            raise IllegalActionError("there is no chance event to resolve now", "why.no_chance")
        with self.all_or_nothing():
            status = self.status
            entries = len(self.moves)
            count = status.resolved[1] + 1 if status.resolved[0] == entries else 1
            status.resolved = (entries, count)
            self._take_outcome(self._forced_or_drawn(node.stream, node.population))
            self.run()

    def force(self, stream: str, outcomes: Sequence[Outcome]) -> None:
        """Queue outcomes on a chance stream (a trainer's chosen card, a set die).

        Each outcome is checked against what the stream can ever give; the force is
        recorded in the history.
        """
        self.check_forced(stream, outcomes)
        with self.all_or_nothing():
            self.chance.force(stream, outcomes)
            self.moves.append(Move("force", -1, None, stream, tuple(outcomes), None))
            if self.chance_node is not None and self.auto_chance:
                self.run()

    # ----- all or nothing -----------------------------------------------------------------
    @contextmanager
    def all_or_nothing(self) -> Iterator[None]:
        """Run a change so that, if anything inside raises, the state is exactly as before.

        A game with its whole history costs nothing for this: on failure it is rebuilt from
        the history (a game replays exactly). A copy without history is snapshotted first.
        """
        status = self.status
        status.listed = None
        if status.history:
            entries = len(self.moves)
            try:
                yield
            except BaseException:
                self._rebuild(entries)
                raise
            return
        snapshot = self._snapshot()
        try:
            yield
        except BaseException:
            self._restore(snapshot)
            raise

    def _rebuild(self, entries: int) -> None:
        """Become the game as it was after the first ``entries`` entries of its history."""
        resolved = self.status.resolved
        fresh = self.rebuilt(self.moves[:entries])
        if not self.auto_chance and resolved[0] == entries:
            for _ in range(resolved[1]):
                fresh.resolve_chance()
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def rebuilt(self, history: Sequence[Move], run: bool = True) -> Any:
        """A new state of this game (same options, seats, seed and stacked decks) that has
        played ``history``, with this state's way of resolving chance (``run``: and has
        resolved what it resolves by itself)."""
        fresh = self.__class__(
            self.options,
            self.status.first_seats,
            self.seed,
            forced=self.initial_forced,
            auto_chance=False,
        )
        for move in history:
            fresh.replay_move(move)
        fresh.auto_chance = self.auto_chance
        if run:
            fresh.run()
        return fresh

    def replay_move(self, move: Move) -> None:
        """Apply one history entry as the live game did (overridden with directives)."""
        raise NotImplementedError

    def play(self, seat: int, action: Action) -> None:
        """Carry out an action known to be legal, without checks or the all-or-nothing
        guarantee: for search and simulation on copies, never for a person's input."""
        self._act(seat, action)

    def play_alone(self, seat: int, action: Action) -> bool:
        """Carry out a legal action and only the steps it starts, stopping before the flow
        scheduled earlier (a period's payments that follow whatever is chosen): what the move
        itself does, for a preview on a copy. True when that flow is still to come
        (:meth:`play_on` runs it); False when the move's own steps ended the game or asked a
        decision, where :meth:`play` would have stopped too."""
        self.agenda.append(_HOLD)
        try:
            self.play(seat, action)
        except _FlowHeld:
            return True
        if _HOLD in self.agenda:  # (not when the game has cleared its agenda: it ended)
            self.agenda.remove(_HOLD)
        return False

    def play_on(self) -> None:
        """After :meth:`play_alone`, run the flow on to the next decision."""
        self.run()

    def step_hold(self) -> None:
        """The mark :meth:`play_alone` puts under a move's own steps: reached, they are done."""
        raise _FlowHeld

    def _snapshot(self) -> tuple[bytes, list[Event], int, list[Move], int, list[Any], int]:
        log, moves, ledger = self.log, self.moves, self.ledger
        postings = ledger.postings
        self.log, self.moves, ledger.postings = [], [], []
        try:
            blob = pickle.dumps(self, pickle.HIGHEST_PROTOCOL)
        finally:
            self.log, self.moves, ledger.postings = log, moves, postings
        return blob, log, len(log), moves, len(moves), postings, len(postings)

    def _restore(
        self, snapshot: tuple[bytes, list[Event], int, list[Move], int, list[Any], int]
    ) -> None:
        blob, log, n_log, moves, n_moves, postings, n_postings = snapshot
        del log[n_log:], moves[n_moves:], postings[n_postings:]
        saved = pickle.loads(blob)
        saved.log, saved.moves, saved.ledger.postings = log, moves, postings
        self.__dict__.clear()
        self.__dict__.update(saved.__dict__)

    # ----- copies -------------------------------------------------------------------------
    def clone(self, with_history: bool = True) -> Any:
        """An independent copy; without history it drops the log, postings and moves (search).

        The history only ever grows by appending immutable entries, so a copy with history
        gets new lists holding the same entries instead of copies of them.
        """
        ledger = self.ledger
        saved = self.log, self.moves, ledger.postings, ledger.opening
        self.log, self.moves, ledger.postings = [], [], []
        try:
            copy = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        finally:
            self.log, self.moves, ledger.postings, ledger.opening = saved
        if with_history:
            copy.log = list(self.log)
            copy.moves = list(self.moves)
            copy.ledger.postings = list(ledger.postings)
            copy.ledger.opening = dict(ledger.opening)
        else:
            copy.ledger.opening = dict(copy.ledger.balances)
            copy.status.history = False
        return copy
