"""Random play: a uniform legal action without checking every candidate, and whole playouts.

This is the hot path of every simulation, rollout and bench, so its speed tricks live here,
pinned by tests, and games stay plain: candidates are checked in random order and the first
legal one is taken (a uniform draw over the legal actions at the cost of a check or two), and
``playout`` runs the flow and the answers in one loop.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from random import Random

from moneyboard.engine.actions import Action
from moneyboard.engine.kernel import (
    _NO_CHECKS,
    Check,
    Kernel,
    Move,
    StuckGameError,
    _not_an_answer,
)
from moneyboard.engine.messages import new_message


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


class RandomPlay(Kernel):
    """Uniform random legal actions and random playouts."""

    def random_action(self, seat: int, rng: Random) -> Action | None:
        """A legal action of ``seat`` drawn uniformly at random (``None`` if it has none).

        Candidates are checked in random order and the first legal one is taken: that is a
        uniform draw over the legal actions, at the cost of a check or two instead of one
        per candidate (what playouts, simulations and random bots need).
        """
        if self.result is not None or self.status.paused:
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
            self.status.listed = (len(self.moves), seat, (action,))
        return action

    def _sample(
        self, seat: int, checks: Mapping[type[Action], Check | None], rng: Random
    ) -> Action | None:
        """The first of ``seat``'s candidates, in random order, that ``checks`` let through.

        ``checks`` maps each action type that may answer to its check, or to ``None`` for a
        type taken unchecked (:attr:`listed_when_legal`); other types are refused.
        """
        pool = self.candidates(seat)
        if self.status.claims:  # rare: only when a class claims by hand
            pool = self.all_candidates(seat)
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
        ends = self._ends
        dos = self._dos
        steps = self._steps
        moves = self.moves
        agenda = self.agenda
        figures = self._has_figures
        while True:
            d = self.decision
            if d is None:
                if self.result is not None:
                    return
                node = self.chance_node
                if node is not None:
                    self._take_outcome(self._forced_or_drawn(node.stream, node.population))
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
            moves.append(new_message(Move, ("action", seat, action, "", (), None)))
            self.decisions_made += 1
            if self.decisions_made > max_decisions:
                raise StuckGameError(
                    f"{self.game_id}: a random game did not end in {max_decisions} decisions"
                )
            if d.sealed or len(d.seats) > 1:
                self._carry_out(seat, action)
            else:
                if action.__class__ in ends[d.kind]:
                    self.decision = None
                self.asked = d
                dos[action.__class__](self, seat, action)
            if figures and self.decision is not None:  # as apply() does
                self._refresh_figures()
