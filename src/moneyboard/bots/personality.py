"""Personality bots: households that weigh money, debt and wellbeing differently.

A personality bot looks one step ahead: for each legal action it plays the action on a copy
of the game without history (the copy gets a fresh chance source from the bot's own random
source, so the bot never peeks at the real dice or a stacked deck), lets the game run to the
next decision, and reads the seat's common metrics. It scores the change in each metric with
its personality weights and explains the choice by the metric that decided it.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from moneyboard.bots.base import Choice
from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceSource
from moneyboard.engine.state import GameState

#: Metrics measured in money, compared on one common scale.
MONEY_METRICS = ("cash", "savings", "debt", "assets", "income")
#: Metrics with their own units, each compared on its own scale.
OTHER_METRICS = ("wellbeing", "score")

#: After this many of its own moves in a row, a bot avoids repeating a move ...
STREAK_LIMIT = 12
#: ... that it has already made this many times in the run.
REPEAT_LIMIT = 3
#: Amounts never matter below this (guards the scale against float noise).
_EPSILON = 1e-9


@dataclasses.dataclass(frozen=True, slots=True)
class Personality:
    """A named set of metric weights (positive: wants more; negative: wants less)."""

    kind: str
    weights: Mapping[str, float]
    summary: str


SAVER = Personality(
    "saver",
    {
        "cash": 1.0,
        "savings": 1.3,
        "debt": -2.0,
        "assets": 0.2,
        "income": 0.4,
        "wellbeing": 0.15,
        "score": 0.2,
    },
    "keeps cash and savings, avoids debt",
)
SPENDER = Personality(
    "spender",
    {
        "cash": 0.15,
        "savings": 0.05,
        "debt": -0.3,
        "assets": 0.1,
        "income": 0.1,
        "wellbeing": 2.0,
        "score": 0.2,
    },
    "spends on wellbeing now",
)
INVESTOR = Personality(
    "investor",
    {
        "cash": 0.3,
        "savings": 0.3,
        "debt": -0.6,
        "assets": 1.5,
        "income": 2.0,
        "wellbeing": 0.1,
        "score": 0.3,
    },
    "buys assets and income",
)
PERSONALITIES: tuple[Personality, ...] = (SAVER, SPENDER, INVESTOR)


def _amount(x: float) -> str:
    """A money amount or count for a sentence: whole numbers without decimals.

    >>> _amount(4.0), _amount(2.25), _amount(-3.0)
    ('4', '2.2', '3')
    """
    x = abs(x)
    return str(round(x)) if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def describe_gain(metric: str, delta: float) -> str:
    """Plain words for "this choice gives ``delta`` more of ``metric`` than the next best".

    >>> describe_gain("savings", 4)
    'keeps 4 more units in savings'
    >>> describe_gain("debt", -2)
    'avoids 2 units of debt'
    """
    n = _amount(delta)
    more = delta > 0
    phrases = {
        "cash": ("keeps {n} more units in cash", "spends {n} units of cash"),
        "savings": ("keeps {n} more units in savings", "takes {n} units out of savings"),
        "debt": ("takes on {n} units of debt", "avoids {n} units of debt"),
        "assets": ("adds {n} units of assets", "gives up {n} units of assets"),
        "income": ("raises income by {n}", "lowers income by {n}"),
        "wellbeing": ("adds {n} wellbeing", "costs {n} wellbeing"),
        "score": ("adds {n} to the score", "costs {n} of the score"),
    }
    gain, loss = phrases.get(metric, (f"raises {metric} by {{n}}", f"lowers {metric} by {{n}}"))
    return (gain if more else loss).format(n=n)


class PersonalityBot:
    """Chooses by one-step lookahead scored with a personality's weights; bounded work per move."""

    def __init__(
        self,
        personality: Personality,
        rng: random.Random,
        *,
        samples: int = 2,
        max_evaluations: int = 48,
    ):
        self.personality = personality
        self.kind = personality.kind
        self.rng = rng
        self.samples = samples
        self.max_evaluations = max_evaluations
        #: Own moves since another seat last moved, and the decision count after the last one.
        self._streak: Counter[Action] = Counter()
        self._streak_end = -1

    def choose(self, state: GameState, seat: int) -> Choice:
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{state.game_id}: seat {seat} has no legal action")
        if len(legal) == 1:
            return self._chose(state, Choice(legal[0], "it was the only possible move"))
        if state.decisions_made != self._streak_end:
            self._streak.clear()
        if sum(self._streak.values()) >= STREAK_LIMIT:
            # A long run of its own moves: stop repeating, so no loop of moves goes on forever.
            legal = [a for a in legal if self._streak[a] < REPEAT_LIMIT] or legal
            if len(legal) == 1:
                return self._chose(
                    state, Choice(legal[0], "its other moves had been repeated enough")
                )
        rng = self.rng
        if len(legal) > self.max_evaluations:
            legal = rng.sample(legal, self.max_evaluations)
        samples = max(1, min(self.samples, self.max_evaluations // len(legal)))
        # The same chance seeds for every action, so actions are compared on equal luck.
        seeds = [rng.getrandbits(64) for _ in range(samples)]
        before = state.metrics(seat)
        deltas = [self._average_delta(state, seat, action, seeds, before) for action in legal]
        values = self._values(deltas)
        noisy = [v + rng.uniform(0.0, 1e-3) for v in values]
        best = max(range(len(legal)), key=noisy.__getitem__)
        runner_up = max((i for i in range(len(legal)) if i != best), key=noisy.__getitem__)
        why = self._why(deltas, best, runner_up, legal[runner_up])
        return self._chose(state, Choice(legal[best], why))

    def _chose(self, state: GameState, choice: Choice) -> Choice:
        """Remember the move for the streak guard (assuming it is played next)."""
        self._streak[choice.action] += 1
        self._streak_end = state.decisions_made + 1
        return choice

    def _average_delta(
        self,
        state: GameState,
        seat: int,
        action: Action,
        seeds: Sequence[int],
        before: Mapping[str, float],
    ) -> dict[str, float]:
        total = dict.fromkeys(before, 0.0)
        for seed in seeds:
            copy = state.clone(with_history=False)
            copy.chance = ChanceSource(seed)
            copy.auto_chance = True
            copy.apply(seat, action)
            after = copy.metrics(seat)
            for key, value in before.items():
                total[key] += after.get(key, value) - value
        return {key: value / len(seeds) for key, value in total.items()}

    def _values(self, deltas: Sequence[Mapping[str, float]]) -> list[float]:
        """Weighted sum of each action's metric changes, each group on a scale of 0..1."""
        weights = self.personality.weights
        money_scale = max((abs(d.get(k, 0.0)) for d in deltas for k in MONEY_METRICS), default=0.0)
        scales = {k: money_scale for k in MONEY_METRICS}
        for k in OTHER_METRICS:
            scales[k] = max((abs(d.get(k, 0.0)) for d in deltas), default=0.0)
        values = []
        for d in deltas:
            value = 0.0
            for key, weight in weights.items():
                scale = scales.get(key, 0.0)
                if scale > _EPSILON:
                    value += weight * d.get(key, 0.0) / scale
            values.append(value)
        return values

    def _why(
        self,
        deltas: Sequence[Mapping[str, float]],
        best: int,
        runner_up: int,
        other: Action,
    ) -> str:
        """Name the metric whose weighted difference to the next best action decided."""
        weights = self.personality.weights
        chosen, alternative = deltas[best], deltas[runner_up]
        decisive, margin = "", 0.0
        for key, weight in weights.items():
            diff = chosen.get(key, 0.0) - alternative.get(key, 0.0)
            if abs(diff) > 0.05 and weight * diff > margin:
                decisive, margin = key, weight * diff
        if not decisive:
            return f"the moves looked equally good to the {self.kind}"
        diff = chosen[decisive] - alternative[decisive]
        return f"{describe_gain(decisive, diff)} (compared with '{other}')"
