"""How long the classroom debrief takes to build for a long finished game of each game.

Plays a four-seat game to its end with seeded bots (saver, spender, investor, random), then
times what the debrief page builds: ``build_debrief`` at the default budget and the charts,
wide and narrow. Prints the wall clock and the processor time of this process (what one
core delivers, busy machine or not)::

    .venv/bin/python benchmarks/debrief_build.py                 # every game, seed 3
    .venv/bin/python benchmarks/debrief_build.py rut-to-riches --seed 5 --profile

``--profile`` prints where the time of the build goes (cProfile, by cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from moneyboard.debrief import build_debrief, charts_svg
from moneyboard.debrief.charts import NARROW
from moneyboard.engine.record import GameRecord, parse_record
from moneyboard.sim.play import GameJob, play_game

GAMES = ("financialit", "financity", "monitics", "rut-to-riches")
KINDS = ("saver", "spender", "investor", "random")


def bot_game(game_id: str, seed: int, kinds: tuple[str, ...] = KINDS) -> GameRecord:
    """A whole game of ``game_id`` played by seeded bots of ``kinds``, as its record (the
    game ``moneyboard simulate`` would play with this seed and seating)."""
    played = play_game(GameJob(game_id, kinds, seed, keep_record=True))
    assert played.record is not None
    return parse_record(played.record)


def build(record: GameRecord) -> None:
    """What the debrief page builds: the debrief, its JSON and its charts, wide and narrow."""
    debrief = build_debrief(record)
    debrief.to_json()
    charts_svg(debrief)
    charts_svg(debrief, NARROW)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--seats", type=int, default=len(KINDS), help="bots of KINDS in turn")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print("| game | moves | wall clock | CPU |")
    print("|---|---|---|---|")
    for game_id in args.games:
        kinds = tuple(KINDS[i % len(KINDS)] for i in range(args.seats))
        record = bot_game(game_id, args.seed, kinds)
        profile = cProfile.Profile() if args.profile else None
        wall, cpu = time.perf_counter(), time.process_time()
        if profile is not None:
            profile.enable()
        build(record)
        if profile is not None:
            profile.disable()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"| {game_id} | {len(record.moves)} | {wall:.1f} s | {cpu:.1f} s |", flush=True)
        if profile is not None:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
