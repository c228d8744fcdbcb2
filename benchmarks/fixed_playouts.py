"""A fixed workload for measuring speed by instruction count instead of wall clock.

Wall-clock figures on a shared machine swing by a quarter; instruction counts do not. Run
the same seeded random playouts under callgrind before and after a change::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/fixed_playouts.py financialit 20

and subtract a run with ``0`` games (imports and set-up only); divide by the decisions
printed. Any change that keeps the games the same must keep the decisions the same.
"""

from __future__ import annotations

import random
import sys

from moneyboard.engine import Seat
from moneyboard.registry import get_game


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "financialit"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    game = get_game(game_id)
    options = game.options()
    seats = [Seat(f"P{i + 1}") for i in range(4)]
    decisions = 0
    for seed in range(games):
        state = game.new_state(seats, seed, options)
        state.playout(random.Random(seed))
        decisions += state.decisions_made
    print(decisions)


if __name__ == "__main__":
    main()
