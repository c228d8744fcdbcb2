"""How clearly the search bot beats each personality bot, in every game.

For each game and each personality P, a duel tournament: the search bot against P (two
seats; games for three or more players seat P in every other chair), every seating played
on the same seeds. The margin is the search bot's win rate minus P's per-seat win rate,
paired by game, with a 95% interval.

Run (one worker, 6 seeds per seating, 50 simulations a decision)::

    .venv/bin/python benchmarks/tournament_margins.py --games 6 --budget 50 --jobs 1

It prints a Markdown table (kept in benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import time

from moneyboard.bots.personality import PERSONALITIES
from moneyboard.registry import game_ids, get_game
from moneyboard.sim.tournament import run_tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeds per seating")
    parser.add_argument("--budget", type=int, default=50, help="search simulations a decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--only", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument(
        "--opponents", nargs="*", default=None, help="personality kinds (default: all)"
    )
    args = parser.parse_args()
    search = f"search:{args.budget}"
    print("| game | opponent | games | search win rate | opponent win rate (per seat) "
          "| margin [95% interval] | seconds |")
    print("|---|---|---|---|---|---|---|")
    for game_id in args.only or game_ids():
        game = get_game(game_id)
        for personality in PERSONALITIES:
            if args.opponents is not None and personality.kind not in args.opponents:
                continue
            kinds = [search] + [personality.kind] * (max(2, game.min_players) - 1)
            start = time.perf_counter()
            try:
                result = run_tournament(game_id, kinds, args.games, workers=args.jobs)
            except Exception as exc:  # a game still being written may fail: say so, go on
                print(f"| {game_id} | {personality.kind} | failed: {exc} | | | | |", flush=True)
                continue
            seconds = time.perf_counter() - start
            rates = result.rates.set_index("bot")["win_rate"]
            margin = result.margins
            row = margin[(margin["bot"] == search) & (margin["over"] == personality.kind)].iloc[0]
            print(
                f"| {game_id} | {personality.kind} | {len(result.run.outcomes)} "
                f"| {rates[search]:.2f} | {rates[personality.kind]:.2f} "
                f"| {row['margin']:+.2f} [{row['low']:+.2f}, {row['high']:+.2f}] "
                f"| {seconds:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
