"""How clearly the search bot beats each personality bot, in every game.

For each game and each personality P, a duel tournament: the search bot against P (two
seats; games for three or more players seat P in every other chair), every seating played
on the same seeds. The measure is first place (the winners; when nobody met the winning
conditions, the best final score, as in FinanCity). The margin is the search bot's
first-place rate minus P's per-seat rate, paired by game, with a normal 95% interval, and
beside it an exact binomial test of the search bot's first places against its fair share,
one game in as many as there are seats (what it would take if it played like P; games where
it shared first place are left out). With two seats this is the sign test; with three, a
search bot that wins half the games wins twice its share, which a sign test (its wins
against P's) would call level. The exact test stays honest on a handful of games, where
the normal interval is too narrow (six wins in six give it zero width).

Every finished game is appended to a CSV file as soon as it ends, so a long run can be
stopped, extended with more seeds (``--seed``) and summarised at any time::

    .venv/bin/python benchmarks/tournament_margins.py --budget 200 --games 5 \\
        --csv margins.csv
    .venv/bin/python benchmarks/tournament_margins.py --summarize margins.csv [more.csv ...]

The summary is a Markdown table (kept in benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections import defaultdict
from pathlib import Path

from moneyboard.bots.evaluation import first_place
from moneyboard.bots.personality import PERSONALITIES
from moneyboard.registry import game_ids, get_game
from moneyboard.sim.play import GameJob, play_game
from moneyboard.sim.stats import mean_interval
from moneyboard.sim.tournament import seatings

FIELDS = (
    "game",
    "search",
    "opponent",
    "seating",
    "seed",
    "search_first",
    "opponent_first",
    "seconds",
)


def play(game_id: str, search: str, opponent: str, seeds: range, out: Path) -> None:
    """Every seating of the duel on ``seeds``, one CSV row per game, appended as it ends."""
    game = get_game(game_id)
    kinds = [search] + [opponent] * (max(2, game.min_players) - 1)
    for seed in seeds:
        for seating in seatings(kinds):
            start = time.perf_counter()
            outcome = play_game(GameJob(game_id, seating, seed))
            shares = first_place(
                [s.score for s in outcome.seats], [s.seat for s in outcome.seats if s.winner]
            )
            mine = sum(f for f, k in zip(shares, seating, strict=True) if k == search)
            theirs = sum(f for f, k in zip(shares, seating, strict=True) if k == opponent)
            row = {
                "game": game_id,
                "search": search,
                "opponent": opponent,
                "seating": ",".join(seating),
                "seed": seed,
                "search_first": mine,
                "opponent_first": theirs / (len(kinds) - 1),
                "seconds": round(time.perf_counter() - start, 1),
            }
            new = not out.exists()
            with out.open("a", newline="") as f:
                writer = csv.DictWriter(f, FIELDS)
                if new:
                    writer.writeheader()
                writer.writerow(row)


def first_place_test(wins: int, losses: int, seats: int) -> float:
    """Two-sided exact binomial test: how likely a count of first places at least this far
    from the fair share (one in ``seats``) is for a player no better than the others.

    >>> round(first_place_test(6, 0, 2), 4), first_place_test(3, 3, 2)
    (0.0312, 1.0)
    >>> round(first_place_test(20, 20, 3), 3)  # half of the games for three: twice the share
    0.043
    """
    n = wins + losses
    share = 1 / seats

    def chance(k: int) -> float:
        return math.comb(n, k) * share**k * (1 - share) ** (n - k)

    upper = sum(chance(k) for k in range(wins, n + 1))
    lower = sum(chance(k) for k in range(wins + 1))
    return min(1.0, 2 * min(upper, lower))


def summarize(paths: list[Path]) -> str:
    """The Markdown table of every (game, search budget, opponent) in the CSV files."""
    groups: dict[tuple[str, str, str], list[dict[str, str]]] = defaultdict(list)
    seen: set[tuple[str, ...]] = set()
    for path in paths:
        with path.open(newline="") as f:
            for row in csv.DictReader(f):
                key = (row["game"], row["search"], row["opponent"], row["seating"], row["seed"])
                if key not in seen:  # the same game in two files (a rerun) counts once
                    seen.add(key)
                    groups[row["game"], row["search"], row["opponent"]].append(row)
    lines = [
        "| game | search | opponent | games | search first place | opponent first place "
        "(per seat) | margin [95% interval] | search first / not (exact test p) "
        "| seconds a game |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    order = {g: i for i, g in enumerate(game_ids())}
    for (game, search, opponent), rows in sorted(
        groups.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1], kv[0][2])
    ):
        mine = [float(r["search_first"]) for r in rows]
        theirs = [float(r["opponent_first"]) for r in rows]
        diff, low, high = mean_interval([a - b for a, b in zip(mine, theirs, strict=True)])
        seconds = sum(float(r["seconds"]) for r in rows) / len(rows)
        wins = sum(a == 1.0 for a in mine)
        losses = sum(a == 0.0 for a in mine)
        seats = len(rows[0]["seating"].split(","))
        p = first_place_test(wins, losses, seats)
        lines.append(
            f"| {game} | {search} | {opponent} | {len(rows)} | {sum(mine) / len(rows):.2f} "
            f"| {sum(theirs) / len(rows):.2f} | {diff:+.2f} [{low:+.2f}, {high:+.2f}] "
            f"| {wins} / {losses} (p = {p:.3f}) | {seconds:.0f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="seeds per seating")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--budget", default="200", help="search budget: 200 or 50ms")
    parser.add_argument("--only", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument(
        "--opponents", nargs="*", default=None, help="personality kinds (default: all)"
    )
    parser.add_argument("--csv", type=Path, default=Path("margins.csv"), help="rows go here")
    parser.add_argument(
        "--summarize", type=Path, nargs="+", default=None, help="print the table of CSV files"
    )
    args = parser.parse_args()
    if args.summarize is not None:
        missing = [str(p) for p in args.summarize if not p.is_file()]
        if missing:
            parser.error(f"no such CSV file: {', '.join(missing)}")
        print(summarize(args.summarize))
        return
    search = f"search:{args.budget}"
    for game_id in args.only or game_ids():
        for personality in PERSONALITIES:
            if args.opponents is not None and personality.kind not in args.opponents:
                continue
            play(
                game_id,
                search,
                personality.kind,
                range(args.seed, args.seed + args.games),
                args.csv,
            )


if __name__ == "__main__":
    main()
