"""Chance as explicit, recorded outcomes from one seeded source, any of which can be forced.

A chance node names a *stream* (``"die"``, ``"deck:events"``, ``"income:2"``) and the
population it draws from: equally likely entries, duplicates allowed (a deck with two Fire
cards lists ``"fire"`` twice). Forcing queues outcomes per stream: a stacked deck, a set die,
a trainer's chosen card. Nothing in the engine calls a global random.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

Outcome = Hashable


class ChanceNode(NamedTuple):
    """A pending chance event: draw one of ``population`` (uniformly) on ``stream``.

    ``then`` is the game's step that takes the outcome.
    """

    stream: str
    population: Sequence[Outcome]
    then: tuple[Any, ...] = ()

    def outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """Distinct outcomes with exact probabilities, in first-seen order.

        >>> ChanceNode("deck", ("a", "b", "a")).outcomes()
        [('a', Fraction(2, 3)), ('b', Fraction(1, 3))]
        """
        counts = Counter(self.population)
        total = len(self.population)
        return [(o, Fraction(n, total)) for o, n in counts.items()]


class ChanceSource:
    """The one seeded random source of a game, with per-stream queues of forced outcomes."""

    __slots__ = ("forced", "initial", "rng", "seed")

    def __init__(self, seed: int, forced: Mapping[str, Iterable[Outcome]] | None = None):
        self.seed = seed
        self.rng = random.Random(seed)
        self.forced: dict[str, deque[Outcome]] = {}
        #: Outcomes forced before the game began (a stacked deck), as a record keeps them.
        self.initial: dict[str, list[Outcome]] = {
            stream: list(outcomes) for stream, outcomes in (forced or {}).items()
        }
        for stream, outcomes in self.initial.items():
            self.force(stream, outcomes)

    def force(self, stream: str, outcomes: Iterable[Outcome]) -> None:
        """Queue outcomes that the next draws on ``stream`` must produce, in order."""
        self.forced.setdefault(stream, deque()).extend(outcomes)

    def pending_forced(self) -> dict[str, list[Outcome]]:
        return {s: list(q) for s, q in self.forced.items() if q}

    def resolve(self, node: ChanceNode, skipped: list[Outcome] | None = None) -> Outcome:
        """The first forced outcome of the stream still in the population, else a seeded draw.

        Forced outcomes that can no longer be drawn (the card left the deck meanwhile) are
        dropped and appended to ``skipped``.
        """
        queue = self.forced.get(node.stream)
        population = node.population
        while queue:
            outcome = queue.popleft()
            if outcome in population:
                return outcome
            if skipped is not None:
                skipped.append(outcome)
        return population[int(self.rng.random() * len(population))]

    def copy(self) -> ChanceSource:
        new = ChanceSource.__new__(ChanceSource)
        new.seed = self.seed
        new.initial = {s: list(o) for s, o in self.initial.items()}
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.forced = {s: deque(q) for s, q in self.forced.items()}
        return new
