"""The decisions that mattered: where a seat's choice most changed how it was likely to end.

For every move where a seat had a real choice (more than one legal action when it was asked),
the position before the move is kept. Each choice is then judged by simulated finishes from
there (:mod:`moneyboard.debrief.playouts`, random bots, the debrief's own dice), in two passes
so that a whole game costs a few seconds:

1. **Screening**: every option of every decision is played a short way ahead (about one round
   of decisions) on the same dice; the decisions whose options end furthest apart are the
   promising ones.
2. **Measuring**, in order of promise while the budget lasts: the choice and the best-looking
   alternatives are each played to the end several times to find the best alternative, then
   the choice and that alternative are played to the end again on fresh dice (so picking the
   best of several does not flatter it) to estimate the difference.

A seat's result is its *standing* at the end: its score plus half its net worth, each as a
share of the largest at the table at the end of the recorded game (as the bots weigh them).
A decision is a turning point when the difference is clear of the noise (more than twice its
standard error); the largest ones, either way, are listed.

The budget is turned into a number of simulated decisions at a fixed nominal rate, so the
result depends only on the record, the seed and the budget, never on the machine's speed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from statistics import fmean, stdev
from typing import Any

from moneyboard.debrief.playouts import Finish, random_finish, rng_for
from moneyboard.debrief.words import (
    a_percent,
    action_words,
    difference,
    joined,
    money_difference,
    percent,
    typed_form,
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
    state: GameState
    #: The action played first, then the other legal ones.
    options: list[Action]
    #: Decisions left in the recorded game after this move.
    remaining: int
    #: Per option, the mean (score, net worth) after the short look ahead.
    screened: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    spread: float = 0.0


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
            "money": round(self.money, 2),
            "win_chance": {
                "chosen": round(self.win_chosen, 4),
                "alternative": round(self.win_alternative, 4),
            },
            "weight": round(self.weight, 4),
            "error": round(self.error, 4),
            "finishes": self.finishes,
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
                random_finish(
                    c.state, c.seat, action, rng_for(seed, f"screen:{c.entry}", i), the_plan.horizon
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


def measure_cost(c: Candidate) -> float:
    """Simulated decisions it takes to measure one decision."""
    options = min(len(c.options), MEASURED_OPTIONS)
    return (options * SELECT_FINISHES + 2 * MEASURE_FINISHES) * (c.remaining + COPY_COST)


def measure(
    c: Candidate, seed: int, scales: Scales, unit: str, money_is_score: bool
) -> TurningPoint:
    """Find the best alternative to the choice, then estimate the difference on fresh dice."""
    chosen = c.options[0]
    ranked = sorted(
        range(1, len(c.options)),
        key=lambda i: (-scales.standing(*c.screened[i]), i),
    )[: MEASURED_OPTIONS - 1]

    def mean_standing(i: int) -> float:
        finishes = [
            random_finish(c.state, c.seat, c.options[i], rng_for(seed, f"select:{c.entry}", k))
            for k in range(SELECT_FINISHES)
        ]
        return fmean(scales.standing(f.scores[c.seat], f.worths[c.seat]) for f in finishes)

    best = max(ranked, key=lambda i: (mean_standing(i), -i))
    mine: list[Finish] = []
    theirs: list[Finish] = []
    for k in range(MEASURE_FINISHES):
        mine.append(random_finish(c.state, c.seat, chosen, rng_for(seed, f"measure:{c.entry}", k)))
        theirs.append(
            random_finish(c.state, c.seat, c.options[best], rng_for(seed, f"measure:{c.entry}", k))
        )
    s = c.seat
    diffs = [
        scales.standing(a.scores[s], a.worths[s]) - scales.standing(b.scores[s], b.worths[s])
        for a, b in zip(mine, theirs, strict=True)
    ]
    weight = fmean(diffs)
    error = stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    effect = fmean(a.scores[s] - b.scores[s] for a, b in zip(mine, theirs, strict=True))
    money = fmean(a.worths[s] - b.worths[s] for a, b in zip(mine, theirs, strict=True))
    win_mine = fmean(f.wins[s] for f in mine)
    win_theirs = fmean(f.wins[s] for f in theirs)
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
        effect=effect,
        money=money,
        win_chosen=win_mine,
        win_alternative=win_theirs,
        weight=weight,
        error=error,
        finishes=MEASURE_FINISHES,
        sentence="",
    )
    said = sentence(point, unit, money_is_score, c.state.money_text, c.state.period)
    return dataclasses.replace(point, sentence=said)


def sentence(
    p: TurningPoint,
    unit: str,
    money_is_score: bool,
    money_text: Callable[[int | float], str],
    period: str = "round",
) -> str:
    """The turning point in one sentence a learner understands (net worth in the game's
    currency, by ``money_text``; its rounds by the game's word, ``period``)."""
    # What the alternative would have changed, at the end of the game.
    # (A difference that rounds to nothing is left out: "about $0 more" says nothing.)
    parts = []
    if abs(p.effect) > 1e-9:
        effect = -p.effect
        parts.append(
            money_difference(effect, money_text) if money_is_score else difference(effect, unit)
        )
    if not money_is_score:
        parts.append(money_difference(-p.money, money_text))
    changed = joined([part for part in parts if part]) or "about the same result"
    chances = (
        f", with {a_percent(p.win_alternative)} chance of winning instead of "
        f"{percent(p.win_chosen)}"
        if percent(p.win_alternative) != percent(p.win_chosen)
        else ""
    )
    where = f"In {period} {p.round}, {p.name} chose “{p.chosen_text}”"
    based = f" (estimated from {p.finishes} simulated finishes of the game)"
    if p.good_call:
        return (
            f"{where}, a good call: the best other choice, “{p.alternative_text}”, would "
            f"probably have left {p.name} with {changed} at the end{chances}{based}."
        )
    return (
        f"{where}; choosing “{p.alternative_text}” instead would probably have left "
        f"{p.name} with {changed} at the end{chances}{based}."
    )


def select(points: Sequence[TurningPoint], limit: int = LIMIT) -> list[TurningPoint]:
    """The clear turning points, largest first (either way), at most ``limit``."""
    clear = [p for p in points if abs(p.weight) >= MIN_WEIGHT and abs(p.weight) > 2 * p.error]
    clear.sort(key=lambda p: (-abs(p.weight), p.entry))
    return clear[:limit]


#: Decisions measured however small the budget.
MIN_MEASURED = 3


def to_measure(candidates: Sequence[Candidate], left: float) -> list[Candidate]:
    """The most promising decisions (widest spread first) that the budget left can measure."""
    ranked = sorted(candidates, key=lambda c: (-c.spread, c.entry))
    chosen: list[Candidate] = []
    for c in ranked:
        cost = measure_cost(c)
        if len(chosen) >= MIN_MEASURED and cost > left:
            break
        chosen.append(c)
        left -= cost
    return chosen
