"""Balance figures behind R25: careful play beats careless play, Circumstances and Crash teach.

Seeded games between the scripted players of ``policies.py`` (default options). The margins
asserted are wide; RULINGS.md R25 gives the figures measured with the shipped bots.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict

from moneyboard.engine.state import Seat
from moneyboard.games.monitics import GAME, MoniticsState
from tests.games.monitics.policies import Policy, careful, careless, random_player

GAMES = 60


def league(
    names: list[str], policies: dict[str, Policy], games: int
) -> dict[str, dict[str, float]]:
    """Play ``games`` seeded games, rotating seats; per policy: win share, median net worth,
    the mean change in net worth per Circumstance landed on, and the share of net worth a
    Crash takes (negative)."""
    wins: dict[str, float] = defaultdict(float)
    worth: dict[str, list[float]] = defaultdict(list)
    circumstance: dict[str, list[int]] = defaultdict(list)
    crash: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for seed in range(games):
        shift = seed % len(names)
        seats = names[shift:] + names[:shift]
        state = GAME.new_state([Seat(f"P{i}") for i in range(len(seats))], seed)
        assert isinstance(state, MoniticsState)
        rng = random.Random(seed)
        while not state.terminal:
            seat = state.to_move()[0]
            assert state.decision is not None
            if state.decision.kind != "roll":
                state.apply(seat, policies[seats[seat]](state, seat, rng))
                continue
            # From the roll to the turn's actions: what the box did to the player.
            before, start = state.net_worth(seat), len(state.log)
            state.apply(seat, policies[seats[seat]](state, seat, rng))
            while (
                not state.terminal
                and state.decision is not None
                and (state.decision.kind not in ("turn", "roll"))
            ):
                other = state.to_move()[0]
                state.apply(other, policies[seats[other]](state, other, rng))
            keys = {key for key, _ in state.log[start:]}
            change = state.net_worth(seat) - before
            if "circumstance.drawn" in keys:
                circumstance[seats[seat]].append(change)
            if "crash.hit" in keys:
                crash[seats[seat]].append((change, before))
        assert state.result is not None
        for seat, name in enumerate(seats):
            worth[name].append(state.result.scores[seat])
            if seat in state.result.winners:
                wins[name] += 1 / len(state.result.winners)
    return {
        name: {
            "wins": wins[name] / games / names.count(name),
            "median": statistics.median(worth[name]),
            "circumstance": statistics.mean(circumstance[name]),
            # The share of net worth a Crash takes, over every Crash landed on.
            "crash": sum(c for c, _ in crash[name]) / max(1, sum(b for _, b in crash[name])),
        }
        for name in set(names)
    }


def test_a_careful_player_usually_beats_careless_ones_and_the_boxes_teach() -> None:
    """Careful play against random play (what a learner who does not plan does)."""
    table = league(
        ["careful", "random", "random", "random"],
        {"careful": careful, "random": random_player},
        GAMES,
    )
    good, bad = table["careful"], table["random"]
    assert good["wins"] > 0.5  # a fair share would be 0.25
    assert good["median"] > bad["median"] + 150
    # Savings, an asset and a business turn the Circumstances into income.
    assert good["circumstance"] > 0 > bad["circumstance"]
    # Insurance, savings and a cash reserve soften the Crash.
    assert good["crash"] > bad["crash"]


def test_reckless_borrowing_to_buy_is_ruined_by_a_crash() -> None:
    table = league(
        ["careful", "reckless", "reckless"], {"careful": careful, "reckless": careless}, GAMES
    )
    assert table["careful"]["crash"] > table["reckless"]["crash"] + 0.2
    assert table["careful"]["circumstance"] > table["reckless"]["circumstance"]
