"""The decisions that mattered: where a seat's choice most changed how it was likely to end.

For every move where a seat had a real choice (more than one legal action when it was asked),
the position before the move is kept. Each choice is then judged by simulated finishes from
there (:mod:`moneyboard.debrief.playouts`: random play that closes a decision left open
plainly, :func:`~moneyboard.debrief.playouts.plain_finish`; the debrief's own dice), in three steps
so that a whole game costs a few seconds:

1. **Screening**: every option of every decision is played a short way ahead (about one round
   of decisions) on the same dice; the decisions whose options end furthest apart are the
   promising ones.
2. **Measuring**, in order of promise while the budget lasts: the choice and the best-looking
   alternatives are each played to the end several times to find the best alternative, then
   the choice and that alternative are played to the end again on fresh dice (so picking the
   best of several does not flatter it) to estimate the difference.
3. **Confirming**: a difference that looks clear is played again on more fresh dice, and
   only that larger, untouched sample is reported (a first look picked as clear out of
   dozens flatters itself, and sixteen finishes are too few to teach from).

A seat's result is its *standing* at the end: its score plus half its net worth, each as a
share of the largest at the table at the end of the recorded game (as the bots weigh them).
A decision is a turning point when the difference is clear of the noise (more than twice its
standard error) both at the first look and when confirmed; the largest ones, either way, are
listed. Its sentence names a difference in score, net worth or chance of winning only where
that difference too is clear of the noise.

The budget is turned into a number of simulated decisions at a fixed nominal rate, so the
result depends only on the record, the seed and the budget, never on the machine's speed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from statistics import fmean, stdev
from typing import Any

from moneyboard.debrief.playouts import Finish, Position, plain_finish, rng_for, worth_at_once
from moneyboard.debrief.words import (
    a_percent,
    action_words,
    amount,
    difference,
    joined,
    money_difference,
    percent,
    percentage_points,
    says_something,
    share_difference,
    typed_form,
    with_unit,
)
from moneyboard.engine.actions import Action
from moneyboard.engine.state import GameState

#: Simulated decisions per second the budget assumes (measured on one core, see docs/debrief.md).
NOMINAL_RATE = 60_000
#: A copy of a position costs about as much as this many simulated decisions.
COPY_COST = 40
#: Share of the budget screening may take.
SCREEN_SHARE = 0.4
#: Options played to the end per decision: the choice and the best-looking alternatives.
MEASURED_OPTIONS = 5
#: Finishes per option to find the best alternative, then per side to measure the difference.
SELECT_FINISHES = 8
MEASURE_FINISHES = 16
#: Finishes per side that confirm a difference that looked clear (the ones reported).
CONFIRM_FINISHES = 32
#: Turning points listed at most.
LIMIT = 5
#: Differences in standing smaller than this are not worth a sentence.
MIN_WEIGHT = 0.01
#: Weight of net worth against score in a standing (as in moneyboard.bots.evaluation).
WORTH_WEIGHT = 0.5


@dataclasses.dataclass
class Candidate:
    """A move where a seat had a real choice, with the position before it."""

    entry: int
    seat: int
    round: int
    name: str
    #: The position before the move, which every finish of it starts from.
    position: Position
    #: The action played first, then the other legal ones.
    options: list[Action]
    #: Decisions left in the recorded game after this move.
    remaining: int
    #: Per option, the mean (score, net worth) after the short look ahead.
    screened: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    spread: float = 0.0

    @property
    def state(self) -> GameState:
        """The position before the move, to read from (never to play on)."""
        return self.position.state


@dataclasses.dataclass(frozen=True, slots=True)
class Scales:
    """What a standing divides score and net worth by: the largest at the table at the end."""

    score: float
    worth: float

    def standing(self, score: float, worth: float) -> float:
        return score / self.score + WORTH_WEIGHT * worth / self.worth


@dataclasses.dataclass(frozen=True, slots=True)
class TurningPoint:
    """A decision that mattered: the choice, the best alternative and the estimated effect.

    Differences are the choice's expected result less the alternative's: positive means the
    choice was the better one (a good call), negative a costly one.
    """

    entry: int
    seat: int
    round: int
    name: str
    chosen: Action
    chosen_text: str
    alternative: Action
    alternative_text: str
    #: How to name the alternative for ``--what-if`` (:func:`words.typed_form`).
    alternative_typed: str
    #: Expected final score, net worth, share of the win and standing: choice less alternative.
    effect: float
    money: float
    win_chosen: float
    win_alternative: float
    weight: float
    error: float
    finishes: int
    sentence: str
    #: Standard errors of ``effect``, ``money`` and the difference in the share of wins.
    effect_error: float = 0.0
    money_error: float = 0.0
    win_error: float = 0.0
    #: ``effect`` as a badge shows it (terminal, report and page), in the game's words, or
    #: ``""`` where the sentence does not name it (:func:`effect_text`).
    effect_text: str = ""
    #: Net worth the alternative's move itself gives at once, less the choice's (the why).
    at_once: float = 0.0

    @property
    def good_call(self) -> bool:
        return self.weight > 0

    def to_json(self) -> dict[str, Any]:
        better = None if self.good_call else self.alternative
        better_text = None if self.good_call else self.alternative_text
        return {
            "entry": self.entry,
            "seat": self.seat,
            "round": self.round,
            "chosen": {"action": self.chosen.to_json(), "text": self.chosen_text},
            "better": None if better is None else {"action": better.to_json(), "text": better_text},
            "best_alternative": {
                "action": self.alternative.to_json(),
                "text": self.alternative_text,
            },
            "effect": round(self.effect, 4),
            "effect_text": self.effect_text,
            "money": round(self.money, 2),
            "win_chance": {
                "chosen": round(self.win_chosen, 4),
                "alternative": round(self.win_alternative, 4),
            },
            "weight": round(self.weight, 4),
            "error": round(self.error, 4),
            "effect_error": round(self.effect_error, 4),
            "money_error": round(self.money_error, 2),
            "win_error": round(self.win_error, 4),
            "finishes": self.finishes,
            "at_once": round(self.at_once, 2),
            "sentence": self.sentence,
        }


@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """How the budget is spent: the screening's depth, finishes and options per decision."""

    horizon: int
    finishes: int
    options: int
    #: Simulated decisions left for measuring.
    left: float


def plan(candidates: Sequence[Candidate], horizon: int, budget_seconds: float) -> Plan:
    """Spend ``budget_seconds`` (as simulated decisions): screening takes at most
    :data:`SCREEN_SHARE` of it (fewer finishes, then fewer options, if it must), measuring
    the rest."""
    budget = max(budget_seconds, 0.0) * NOMINAL_RATE
    most = max((len(c.options) for c in candidates), default=1)
    finishes, options = 2, most

    def cost(finishes: int, options: int) -> float:
        return sum(
            min(len(c.options), options) * finishes * (min(horizon, c.remaining) + COPY_COST)
            for c in candidates
        )

    while cost(finishes, options) > SCREEN_SHARE * budget:
        if finishes > 1:
            finishes -= 1
        elif options > 3:
            options -= 1
        else:
            break
    return Plan(horizon, finishes, options, budget - cost(finishes, options))


def screen(candidates: Sequence[Candidate], seed: int, the_plan: Plan, scales: Scales) -> None:
    """Play every (screened) option of every decision a short way ahead on the same dice."""
    for c in candidates:
        options = thinned(c.options, the_plan.options)
        results = []
        for action in options:
            finishes = [
                plain_finish(
                    c.position,
                    c.seat,
                    action,
                    rng_for(seed, f"screen:{c.entry}", i),
                    the_plan.horizon,
                    then=c.options[0],
                )
                for i in range(the_plan.finishes)
            ]
            results.append(
                (
                    fmean(f.scores[c.seat] for f in finishes),
                    fmean(f.worths[c.seat] for f in finishes),
                )
            )
        by_option = dict(zip(options, results, strict=True))
        # Options left out of the screening count as the average of those screened.
        middle = (fmean(r[0] for r in results), fmean(r[1] for r in results))
        c.screened = [by_option.get(a, middle) for a in c.options]
        standings = [scales.standing(*r) for r in results]
        c.spread = max(standings) - min(standings)


def thinned(options: Sequence[Action], keep: int) -> list[Action]:
    """The first option (the choice) and others spread evenly over the list, ``keep`` in all.

    >>> thinned(list("abcdefg"), 4)
    ['a', 'b', 'd', 'f']
    """
    if len(options) <= keep:
        return list(options)
    rest = options[1:]
    step = len(rest) / (keep - 1)
    return [options[0], *(rest[int(i * step)] for i in range(keep - 1))]


def measure_cost(c: Candidate, confirmed: bool = False) -> float:
    """Simulated decisions it takes to measure one decision (and to confirm it)."""
    options = min(len(c.options), MEASURED_OPTIONS)
    finishes = options * SELECT_FINISHES + 2 * MEASURE_FINISHES
    finishes += 2 * CONFIRM_FINISHES if confirmed else 0
    return finishes * (c.remaining + COPY_COST)


@dataclasses.dataclass(frozen=True, slots=True)
class Estimate:
    """Paired differences (the choice's finish less the alternative's, on the same dice):
    their means and standard errors."""

    weight: float
    error: float
    effect: float
    effect_error: float
    money: float
    money_error: float
    win_chosen: float
    win_alternative: float
    win_error: float
    finishes: int

    @property
    def clear(self) -> bool:
        """Whether the difference in standing stands out of the noise."""
        return abs(self.weight) >= MIN_WEIGHT and abs(self.weight) > 2 * self.error


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (infinite for a single value)."""
    error = stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return fmean(values), error


def estimate(
    seat: int, scales: Scales, mine: Sequence[Finish], theirs: Sequence[Finish]
) -> Estimate:
    """The differences between two branches played on the same dice, pair by pair."""
    pairs = list(zip(mine, theirs, strict=True))
    weight, error = _mean_and_error(
        [
            scales.standing(a.scores[seat], a.worths[seat])
            - scales.standing(b.scores[seat], b.worths[seat])
            for a, b in pairs
        ]
    )
    effect, effect_error = _mean_and_error([a.scores[seat] - b.scores[seat] for a, b in pairs])
    money, money_error = _mean_and_error([a.worths[seat] - b.worths[seat] for a, b in pairs])
    _, win_error = _mean_and_error([a.wins[seat] - b.wins[seat] for a, b in pairs])
    return Estimate(
        weight=weight,
        error=error,
        effect=effect,
        effect_error=effect_error,
        money=money,
        money_error=money_error,
        win_chosen=fmean(a.wins[seat] for a in mine),
        win_alternative=fmean(b.wins[seat] for b in theirs),
        win_error=win_error,
        finishes=len(pairs),
    )


def measure(
    c: Candidate,
    seed: int,
    scales: Scales,
    unit: str,
    money_is_score: bool,
    *,
    share: bool = False,
) -> TurningPoint:
    """Find the best alternative to the choice, then estimate the difference on fresh dice
    (``share``: the score is a share of expenses, said in percentage points)."""
    chosen = c.options[0]
    ranked = sorted(
        range(1, len(c.options)),
        key=lambda i: (-scales.standing(*c.screened[i]), i),
    )[: MEASURED_OPTIONS - 1]

    def mean_standing(i: int) -> float:
        finishes = [
            plain_finish(
                c.position,
                c.seat,
                c.options[i],
                rng_for(seed, f"select:{c.entry}", k),
                then=chosen,
            )
            for k in range(SELECT_FINISHES)
        ]
        return fmean(scales.standing(f.scores[c.seat], f.worths[c.seat]) for f in finishes)

    # One alternative is the best one without playing it (the choice is not played here).
    best = ranked[0] if len(ranked) == 1 else max(ranked, key=lambda i: (mean_standing(i), -i))

    def paired(label: str, count: int) -> Estimate:
        """``count`` finishes of the choice and of the best alternative, pair by pair on the
        same dice (fresh for each ``label``), and their differences."""
        rngs = [(rng_for(seed, label, k), rng_for(seed, label, k)) for k in range(count)]
        mine = [plain_finish(c.position, c.seat, chosen, a) for a, _ in rngs]
        theirs = [
            plain_finish(c.position, c.seat, c.options[best], b, then=chosen) for _, b in rngs
        ]
        return estimate(c.seat, scales, mine, theirs)

    found = paired(f"measure:{c.entry}", MEASURE_FINISHES)
    if found.clear:  # confirmed on fresh dice: only the confirming sample is reported
        found = paired(f"confirm:{c.entry}", CONFIRM_FINISHES)
    point = TurningPoint(
        entry=c.entry,
        seat=c.seat,
        round=c.round,
        name=c.name,
        chosen=chosen,
        chosen_text=action_words(c.state, c.seat, chosen),
        alternative=c.options[best],
        alternative_text=action_words(c.state, c.seat, c.options[best]),
        alternative_typed=typed_form(c.state, c.seat, c.options[best]),
        effect=found.effect,
        money=found.money,
        win_chosen=found.win_chosen,
        win_alternative=found.win_alternative,
        weight=found.weight,
        error=found.error,
        finishes=found.finishes,
        sentence="",
        effect_error=found.effect_error,
        money_error=found.money_error,
        win_error=found.win_error,
        at_once=worth_at_once(
            c.position, c.seat, c.options[best], rng_for(seed, f"now:{c.entry}", 0)
        )
        - worth_at_once(c.position, c.seat, chosen, rng_for(seed, f"now:{c.entry}", 0)),
    )
    said = sentence(point, unit, money_is_score, c.state.money_text, c.state.period, share=share)
    badge = effect_text(
        point, unit, money_is_score=money_is_score, money_text=c.state.money_text, share=share
    )
    return dataclasses.replace(point, sentence=said, effect_text=badge)


def effect_text(
    p: TurningPoint,
    unit: str,
    *,
    money_is_score: bool,
    money_text: Callable[[int | float], str],
    share: bool = False,
) -> str:
    """The difference the choice made to the score, signed (``+`` a good call) and rounded as
    the sentences round it: in the game's currency where the score is net worth, in
    percentage points where it is a ``share`` of expenses, else in the score's ``unit``
    ("−0.91 happiness points", never a bare "−0.91").

    ``""`` (a badge without a figure) where the sentence does not stand behind the figure: a
    difference the noise could explain (the sentence leaves it out), one against the call (a
    good call that lowered the score, the standing gained by net worth: "a good call: −133"
    reads as a contradiction) or one that rounds to nothing."""
    if not _clear(p.effect, p.effect_error) or (p.effect > 0) != p.good_call:
        return ""
    if money_is_score:
        figure = money_text(round(abs(p.effect)))
    elif share:
        figure = with_unit(percentage_points(p.effect), "percentage points")
    else:
        figure = amount(p.effect)
    if not says_something(figure):
        return ""
    if not money_is_score and not share:
        figure = with_unit(figure, unit)
    return ("+" if p.effect > 0 else "−") + figure


def badge(p: TurningPoint) -> str:
    """The tag before a turning point's sentence in the terminal and the report: the call,
    and its figure where the sentence stands behind one ("Costly: −$120", "Good call")."""
    call = "Good call" if p.good_call else "Costly"
    return f"{call}: {p.effect_text}" if p.effect_text else call


def sentence(
    p: TurningPoint,
    unit: str,
    money_is_score: bool,
    money_text: Callable[[int | float], str],
    period: str = "round",
    *,
    share: bool = False,
) -> str:
    """The turning point in one sentence a learner understands (net worth in the game's
    currency, by ``money_text``; its rounds by the game's word, ``period``; a score that is
    a ``share`` of expenses in percentage points of it)."""
    # What the alternative would have changed, at the end of the game: only the differences
    # clear of the noise (more than twice their standard error), never one that rounds to
    # nothing ("about $0 more" says nothing).
    parts = []
    if _clear(p.effect, p.effect_error):
        effect = -p.effect
        if money_is_score:
            parts.append(money_difference(effect, money_text))
        elif share:
            parts.append(share_difference(effect, unit))
        else:
            parts.append(difference(effect, unit))
    if not money_is_score and _clear(p.money, p.money_error):
        parts.append(money_difference(-p.money, money_text))
    changed = joined([part for part in parts if part]) or ("about the same result" if parts else "")
    if not changed:  # the standing is clear, neither part alone: say so
        better = "a better" if p.weight < 0 else "a worse"
        changed = (
            f"{better} result overall (its score and net worth together, though neither "
            "alone stands out of chance)"
        )
    chances = (
        f", with {a_percent(p.win_alternative)} chance of winning instead of "
        f"{percent(p.win_chosen)}"
        if percent(p.win_alternative) != percent(p.win_chosen)
        and _clear(p.win_chosen - p.win_alternative, p.win_error)
        else ""
    )
    where = f"In {period} {p.round}, {p.name} chose “{p.chosen_text}”"
    why = at_once_clause(p, money_text)
    based = f"{why} (estimated from {p.finishes} finishes of the game played on at random)"
    if p.good_call:
        return (
            f"{where}, a good call: the best other choice, “{p.alternative_text}”, would "
            f"probably have left {p.name} with {changed} at the end{chances}{based}."
        )
    return (
        f"{where}; choosing “{p.alternative_text}” instead would probably have left "
        f"{p.name} with {changed} at the end{chances}{based}."
    )


def at_once_clause(p: TurningPoint, money_text: Callable[[int | float], str]) -> str:
    """Part of why, where the game tells it cheaply: the other move's own effect on net worth
    at once (a purchase below its value, a surcharge), named only where it points the same
    way as the difference in net worth at the end, and that difference is clear of chance."""
    if not _clear(p.money, p.money_error) or p.at_once * -p.money <= 0:
        return ""
    figure = money_text(round(abs(p.at_once)))
    if not says_something(figure):
        return ""
    if p.at_once > 0:
        return f"; the other move itself puts net worth {figure} higher at once"
    return f"; the other move itself would have put net worth {figure} lower at once"


def _clear(mean: float, error: float) -> bool:
    """Whether a difference stands out of the noise: more than twice its standard error."""
    return abs(mean) > 1e-9 and abs(mean) > 2 * error


def select(points: Sequence[TurningPoint], limit: int = LIMIT) -> list[TurningPoint]:
    """The clear turning points, largest first (either way), at most ``limit``: each clear
    of the noise on a confirming sample (never a first look of a few finishes)."""
    clear = [
        p
        for p in points
        if abs(p.weight) >= MIN_WEIGHT
        and abs(p.weight) > 2 * p.error
        and p.finishes >= CONFIRM_FINISHES
    ]
    clear.sort(key=lambda p: (-abs(p.weight), p.entry))
    return clear[:limit]


#: Decisions measured however small the budget.
MIN_MEASURED = 3


def to_measure(
    candidates: Sequence[Candidate], left: float, judge: Callable[[Candidate], TurningPoint]
) -> list[TurningPoint]:
    """The most promising decisions (widest spread first), each measured by ``judge``, while
    the budget left lasts (a confirmation spends from it too; at least :data:`MIN_MEASURED`)."""
    ranked = sorted(candidates, key=lambda c: (-c.spread, c.entry))
    measured: list[TurningPoint] = []
    for c in ranked:
        if len(measured) >= MIN_MEASURED and measure_cost(c) > left:
            break
        point = judge(c)
        measured.append(point)
        left -= measure_cost(c, confirmed=point.finishes == CONFIRM_FINISHES)
    return measured
