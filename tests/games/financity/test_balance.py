"""The authored economy: a sensible player usually meets the winner criteria, a careless one
usually does not, and no home card is hopeless or dominant (figures in RULINGS.md)."""

from __future__ import annotations

import random
from collections import Counter

from moneyboard.engine.state import Seat
from moneyboard.games.financity import GAME, FinanCityState
from tests.games.financity.planner import choose

GAMES = 60


def sensible_game(seed: int) -> FinanCityState:
    state = GAME.new_state([Seat(f"P{i}") for i in range(4)], seed)
    assert isinstance(state, FinanCityState)
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, choose(state, seat))
    return state


def careless_game(seed: int) -> FinanCityState:
    state = GAME.new_state([Seat(f"P{i}") for i in range(4)], seed)
    assert isinstance(state, FinanCityState)
    state.playout(random.Random(seed))
    return state


def test_sensible_players_usually_meet_the_criteria_on_every_home() -> None:
    met: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    champions: Counter[str] = Counter()
    for seed in range(GAMES):
        state = sensible_game(seed)
        assert state.result is not None
        for seat, p in enumerate(state.players):
            assert p.home is not None
            seen[p.home.id] += 1
            met[p.home.id] += state.meets_criteria(seat)
        if state.result.winners:
            champion = state.players[state.result.reason.params["champion"]].home
            assert champion is not None
            champions[champion.id] += 1
    assert sum(met.values()) / sum(seen.values()) >= 0.8
    for home in seen:
        assert met[home] / seen[home] >= 0.65, (home, met[home], seen[home])
        # Neither hopeless nor dominant: each home's share of champions stays near its
        # share of seats (a quarter in four-player games).
        assert 0.05 <= champions[home] / seen[home] <= 0.5, (home, champions, seen)


def test_careless_players_usually_do_not() -> None:
    met = sum(
        careless_game(seed).meets_criteria(seat) for seed in range(GAMES) for seat in range(4)
    )
    assert met / (GAMES * 4) <= 0.05
