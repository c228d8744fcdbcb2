"""The kernel's own cost per decision: a game with one action and no rules.

Run with ``.venv/bin/python benchmarks/kernel_overhead.py``. What a real game adds on top of
this figure is its rules; compare with ``moneyboard bench GAME`` to see where time goes.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections.abc import Sequence
from typing import ClassVar

from moneyboard.engine import Action, GameState, Message, RuleOptions, Seat, msg

DECISIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000


@dataclasses.dataclass(frozen=True, slots=True)
class Go(Action):
    """The only action: take a step."""

    kind: ClassVar[str] = "go"


GO = Go()


class NullGame(GameState):
    """One seat answers the same decision until the count is reached."""

    game_id = "null"
    action_types = (Go,)
    answers: ClassVar[dict[str, frozenset[str]]] = {"go": frozenset({"go"})}

    def setup(self) -> None:
        self.count = 0
        self.ask(0, "go")

    def candidates(self, seat: int) -> Sequence[Action]:
        return (GO,)

    def check_go(self, seat: int, action: Go) -> Message | None:
        return None

    def do_go(self, seat: int, action: Go) -> None:
        self.count += 1
        if self.count >= DECISIONS:
            self.end([0], [0.0], msg("null.done"))
        else:
            self.ask(0, "go")


def main() -> None:
    state = NullGame(RuleOptions(), [Seat("solo")], seed=1)
    start = time.perf_counter()
    state.playout(random.Random(1))
    seconds = time.perf_counter() - start
    per = seconds / DECISIONS * 1e6
    print(f"kernel alone: {DECISIONS / seconds:,.0f} decisions/s ({per:.2f} us each)")


if __name__ == "__main__":
    main()
