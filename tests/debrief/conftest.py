"""Recorded games for the debrief tests: one per registered game, played by seeded bots, and
a rigged toy game where one move is plainly costly."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from moneyboard import registry
from moneyboard.bots import make_bot
from moneyboard.debrief.turning_points import TurningPoint
from moneyboard.engine.record import GameRecord, record_of
from moneyboard.engine.state import Seat
from moneyboard.registry import get_game
from tests.engine.toygame import GAMBLE, KEEP
from tests.engine.toygame import GAME as TOY

#: Bots of the recorded games: two personalities and a random bot.
KINDS = ("saver", "random", "spender")
#: Where the spender buys no assets (Monitics: cover for the year; Rut to Riches: treats),
#: nobody's net worth or passive income grows with it, and the tests read a debrief where
#: someone's does: an investor takes its seat.
KINDS_OF = {
    "monitics": ("saver", "random", "investor"),
    "rut-to-riches": ("saver", "random", "investor"),
}
#: Seeds of the recorded games other than 5: Rut to Riches' seed 1 has a decision that
#: mattered (a turning point) with a figure to say, and nobody leaves it.
SEED_OF = {"rut-to-riches": 1}
#: Budget of the debriefs in the tests (seconds at the nominal rate).
BUDGET = 0.6


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._loaded, TOY.id, TOY)


def bot_record(game_id: str, seed: int = 5, kinds: tuple[str, ...] = KINDS) -> GameRecord:
    """A whole game of ``game_id`` played by seeded bots, as its record."""
    game = get_game(game_id)
    seats = [Seat(f"{kind.capitalize()} {i + 1}", kind) for i, kind in enumerate(kinds)]
    state = game.new_state(seats, seed)
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    while state.result is None:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat).action)
    return record_of(state)


_cache: dict[str, GameRecord] = {}


def cached_record(game_id: str) -> GameRecord:
    """The bot record of ``game_id``, made once per test run."""
    if game_id not in _cache:
        kinds = KINDS_OF.get(game_id, KINDS)
        _cache[game_id] = bot_record(game_id, SEED_OF.get(game_id, 5), kinds)
    return _cache[game_id]


#: Where the rigged game's costly move is: Ana gambles away a roll of 6.
RIGGED_ENTRY = 3


def rigged_record() -> GameRecord:
    """Two rounds of the toy game at a gamble fee of 5, dice set: Ana keeps a 6, then in
    round 2 rolls 6 again and gambles it (pays 5 for a reroll that comes up 1)."""
    seats = [Seat("Ana"), Seat("Ben"), Seat("Cleo")]
    forced = {"die": [6, 3, 3, 6, 1, 3, 3]}
    state = TOY.new_state(seats, 1, {"rounds": 2, "gamble_fee": 5}, forced=forced)
    for seat, action in ((0, KEEP), (1, KEEP), (2, KEEP), (0, GAMBLE), (1, KEEP), (2, KEEP)):
        state.apply(seat, action)
    assert state.result is not None
    return record_of(state)


@pytest.fixture
def rigged() -> Iterator[GameRecord]:
    yield rigged_record()


def point(**changes: Any) -> TurningPoint:
    """A costly turning point of Ana's in round 2 (gamble, where keeping was better)."""
    base = TurningPoint(
        entry=3,
        seat=0,
        round=2,
        name="Ana",
        chosen=GAMBLE,
        chosen_text="Gamble",
        alternative=KEEP,
        alternative_text="Keep",
        alternative_typed="Keep",
        effect=-4.0,
        money=-4.0,
        win_chosen=0.25,
        win_alternative=0.5,
        weight=-0.2,
        error=0.05,
        finishes=32,
        sentence="",
    )
    return dataclasses.replace(base, **changes)
