"""The kernel's decision/chance/validation machinery, exercised through the toy game."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from moneyboard.engine import IllegalActionError, Seat
from moneyboard.engine.game import GameDef
from moneyboard.engine.state import GameState
from tests.engine.toygame import BORROW, GAMBLE, KEEP, ToyState

SEATS = [Seat("Ana"), Seat("Ben")]


def play_randomly(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_first_decision_follows_a_die_roll(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=1, forced={"die": [4]})
    assert state.to_move() == (0,)
    assert state.decision is not None and state.decision.data["value"] == 4
    assert state.log[0][0] == "chance.drawn"


def test_chance_node_is_explicit_without_auto_chance(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=1, auto_chance=False)
    assert state.is_chance() and state.to_move() == ()
    assert state.chance_node is not None
    assert state.chance_node.outcomes() == [(v, Fraction(1, 6)) for v in range(1, 7)]
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        state.apply_chance(7)
    state.apply_chance(6)
    assert state.to_move() == (0,)


def test_illegal_action_names_the_reason_and_changes_nothing(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=2, forced={"die": [1]})
    before = json.dumps(state.full_view(), sort_keys=True)
    with pytest.raises(IllegalActionError) as info:
        state.apply(1, KEEP)
    assert info.value.key == "why.not_your_turn"
    assert "not your turn" in str(info.value)
    assert json.dumps(state.full_view(), sort_keys=True) == before


def test_why_not_matches_legal_actions(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=3, forced={"die": [2]})
    # Seat 0 has no cash to gamble with... it starts with 1 unit, so gambling is allowed.
    assert state.why_not(0, GAMBLE) is None
    for action in state.legal_actions(0):
        assert state.why_not(0, action) is None
    # The seat that is not deciding may still borrow (an "anytime" action), nothing else.
    assert state.legal_actions(1) == [BORROW]
    assert state.why_not(1, KEEP) is not None


def test_anytime_action_does_not_pass_the_turn(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=4)
    state.apply(1, BORROW)
    assert state.to_move() == (0,)
    assert state.ledger.balance("cash:1") == 3
    reason = state.why_not(1, BORROW)
    assert reason is not None and reason.key == "toy.borrowed"


def test_forced_outcome_that_is_impossible_is_refused(toy_game: GameDef) -> None:
    with pytest.raises(IllegalActionError, match="9 is not one of the outcomes"):
        toy_game.new_state(SEATS, seed=1, forced={"die": [9]})


def test_trainer_can_force_the_next_roll_mid_game(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=5, forced={"die": [3]})
    state.force("die", [6])
    state.apply(0, KEEP)
    assert state.decision is not None and state.decision.data["value"] == 6
    assert state.moves[0].kind == "force"


def test_game_ends_with_result_and_balanced_ledger(toy_game: GameDef) -> None:
    for seed in range(30):
        state = toy_game.new_state(SEATS, seed=seed)
        play_randomly(state, seed)
        assert state.result is not None
        state.ledger.audit()
        assert state.legal_actions(0) == []
        reason = state.why_not(0, KEEP)
        assert reason is not None and reason.key == "why.game_over"


def test_same_seed_same_game(toy_game: GameDef) -> None:
    views = []
    for _ in range(2):
        state = toy_game.new_state(SEATS, seed=11)
        play_randomly(state, 7)
        views.append(json.dumps(state.full_view(), sort_keys=True))
    assert views[0] == views[1]


def test_clone_is_independent(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=6)
    copy = state.clone()
    copy.apply(0, KEEP)
    assert state.to_move() == (0,) and copy.to_move() == (1,)
    bare = state.clone(with_history=False)
    assert bare.log == [] and bare.moves == []
    bare.ledger.audit()
    play_randomly(bare, 1)
    bare.ledger.audit()


def test_subclass_missing_rule_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="check_keep and do_keep"):

        class Broken(GameState):
            action_types = ToyState.action_types

        del Broken


def test_timeout_applies_the_fallback_and_says_so(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=8, forced={"die": [5]})
    assert state.timeout(0) == KEEP
    assert state.ledger.balance("cash:0") == 1 + 5
    assert any(key == "turn.timed_out" for key, _ in state.log)
    assert "Time is up for Ana" in state.explain(
        next(m for m in state.log if m[0] == "turn.timed_out")
    )
    with pytest.raises(IllegalActionError):
        state.timeout(0)  # seat 1 is deciding now


def test_random_action_is_uniform_over_the_legal_actions(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=3, forced={"die": [2]})
    legal = state.legal_actions(0)
    assert set(legal) == {KEEP, GAMBLE, BORROW}
    rng = random.Random(0)
    counts = {a: 0 for a in legal}
    for _ in range(3000):
        action = state.random_action(0, rng)
        assert action is not None
        counts[action] += 1
    assert all(900 < c < 1100 for c in counts.values()), counts


def test_random_action_skips_illegal_candidates_and_can_be_applied(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=3, forced={"die": [2]})
    state.apply(0, BORROW)
    rng = random.Random(1)
    drawn = {state.random_action(0, rng) for _ in range(200)}
    assert drawn == {KEEP, GAMBLE}
    action = state.random_action(0, rng)
    assert action is not None
    state.apply(0, action)
    assert state.moves[-1].action is action


def test_random_action_is_none_when_the_seat_has_nothing_to_do(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, seed=3, forced={"die": [2]})
    state.apply(1, BORROW)  # the one anytime action of seat 1 is used up
    assert state.random_action(1, random.Random(0)) is None
    play_randomly(state, 0)
    assert state.random_action(0, random.Random(0)) is None
