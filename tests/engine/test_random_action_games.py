"""``random_action`` against ``legal_actions`` in every registered game, at many positions."""

from __future__ import annotations

import gc
import random

import pytest

from moneyboard import registry
from moneyboard.engine import GameState, Seat


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_random_action_draws_exactly_the_legal_actions(game_id: str) -> None:
    game = registry.get_game(game_id)
    seats = [Seat(f"P{i}") for i in range(game.min_players)]
    state = game.new_state(seats, 7, game.options())
    rng = random.Random(7)
    checked = 0
    while not state.terminal and checked < 150:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        drawn = {state.random_action(seat, rng) for _ in range(12 * len(legal))}
        assert drawn <= set(legal)
        if len(legal) <= 4:
            assert drawn == set(legal)
        state.apply(seat, rng.choice(legal))
        checked += 1
    assert checked == 150 or (state.terminal and checked > 20)  # a short game is all checked


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_playout_matches_random_actions_and_leaves_no_cyclic_garbage(game_id: str) -> None:
    """playout() is random_action + apply in a loop; it pauses the cyclic collector, which is
    only sound because a finished game leaves no reference cycles behind."""
    game = registry.get_game(game_id)
    seats = [Seat(f"P{i}") for i in range(game.min_players)]
    looped = game.new_state(seats, 3, game.options())
    rng = random.Random(3)
    while not looped.terminal:
        seat = looped.to_move()[0]
        action = looped.random_action(seat, rng)
        assert action is not None
        looped.apply(seat, action)
    gc.collect()
    assert gc.isenabled()
    played = game.new_state(seats, 3, game.options())
    played.playout(random.Random(3))
    assert gc.isenabled()
    assert played.moves == looped.moves
    assert played.log == looped.log
    assert played.ledger.postings == looped.ledger.postings
    assert played.result == looped.result
    del played, looped
    gc.disable()
    try:
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_unchecked_draws_match_fully_checked_ones(game_id: str) -> None:
    """Types in ``listed_when_legal`` are drawn without a check: they must be legal whenever
    listed, so the draw is the one a fully checked draw would make, random numbers and all."""
    game = registry.get_game(game_id)
    for players in (game.min_players, game.max_players):
        state = game.new_state([Seat(f"P{i}") for i in range(players)], players, game.options())
        rng = random.Random(players)
        while not state.terminal and state.decisions_made < 400:
            seat = state.to_move()[0]
            assert state.decision is not None
            for action in state.candidates(seat):
                if action.__class__ in state.listed_when_legal:
                    assert state.why_not(seat, action) is None, action
            fast, full = random.Random(state.decisions_made), random.Random(state.decisions_made)
            checks = state._checks_for[state.decision.kind]
            expected = GameState._sample(state, seat, checks, full)
            assert state.random_action(seat, fast) == expected
            assert fast.getstate() == full.getstate()
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_game_states_keep_their_attributes_inline(game_id: str) -> None:
    """CPython 3.11 keeps at most 29 instance attributes inline; past that every ``self.x``
    on the hot path becomes a dictionary lookup (random play gets about 5% slower)."""
    game = registry.get_game(game_id)
    state = game.new_state([Seat(f"P{i}") for i in range(game.max_players)], 1, game.options())
    assert len(vars(state)) < 30, sorted(vars(state))
