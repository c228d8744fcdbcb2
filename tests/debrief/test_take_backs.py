"""A trainer's take backs, within a round and across rounds: the debrief follows the game as
it stands after them (its charts, sentences and decisions never show a round taken back)."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moneyboard import registry
from moneyboard.debrief import DebriefError, build_debrief, charts_svg, what_if
from moneyboard.debrief import turning_points as tp
from moneyboard.debrief.records import undone_entries
from moneyboard.debrief.report import report_html
from moneyboard.debrief.timeline import seat_values
from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.record import ActionMove, GameRecord, record_of
from moneyboard.engine.state import GameState, Seat
from moneyboard.registry import get_game, replay_record
from moneyboard.sim.play import round_of
from tests.engine.toygame import GAMBLE, KEEP
from tests.engine.toygame import GAME as TOY

GAMES = list(registry.game_ids())


def crossed_back_record() -> GameRecord:
    """Round 1 of the toy game, Ana's first move of round 2, then a take back of two moves
    (back into round 1: Ben's move is played again, another way), and the game played out."""
    state = TOY.new_state(
        [Seat("Ana"), Seat("Ben")], 1, {"rounds": 2, "gamble_fee": 0}, forced={"die": [3] * 9}
    )
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    assert round_of(state) == 2
    state.apply(0, GAMBLE)
    state.take_back(2)
    assert round_of(state) == 1
    state.apply(1, GAMBLE)
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    assert state.result is not None
    return record_of(state)


def check_timeline_follows_the_game(record: GameRecord) -> None:
    """The debrief builds, its charts and report draw, and its timeline has each round once,
    in order, with every seat's figures as the game stood when the round closed."""
    debrief = build_debrief(record, budget_seconds=0.05)
    charts = charts_svg(debrief)
    assert set(charts) == set(debrief.metrics)
    assert "<svg" in report_html(debrief)
    n = len(record.seats)
    rounds = debrief.rounds()
    assert rounds == sorted(set(rounds))
    # Every seat has a row each round, but a seat that left the game has none from the round
    # it left in (the round the summary names).
    gone = {s.seat: s.left for s in debrief.setbacks if s.left is not None}
    assert len(debrief.timeline) == sum(
        1 for seat in range(n) for number in rounds if seat not in gone or number < gone[seat]
    )
    for seat, left in gone.items():
        assert max(row.round for row in debrief.timeline if row.seat == seat) == left - 1
    for metric in debrief.metrics:
        assert all(len(ys) == len(rounds) for _, ys in debrief.series(metric))
    for row in debrief.timeline[:-n]:
        state = replay_record(record, upto=row.entry)
        assert round_of(state) > row.round or state.result is not None
        assert row.values == seat_values(state, row.seat)
    final = replay_record(record)
    assert rounds[-1] == round_of(final)
    taken_back = undone_entries(record)
    assert not {p.entry for p in debrief.turning_points} & taken_back


def test_a_take_back_into_the_round_before_drops_that_round_from_the_charts() -> None:
    record = crossed_back_record()
    check_timeline_follows_the_game(record)
    debrief = build_debrief(record, budget_seconds=0.05)
    assert debrief.rounds() == [0, 1, 2]  # the start, then each round
    # Round 1 closes once, after Ben's second try (he gambled this time).
    closing = [row.entry for row in debrief.timeline if row.round == 1]
    assert closing == [len(record.moves) - 2] * 2


def test_a_take_back_after_a_seat_left_keeps_the_round_it_left_in() -> None:
    """Cleo goes bankrupt and leaves in round 10, and later take backs (which rebuild the
    game's log) do not move her bankruptcy and leaving to the round of the take back (the
    summary said round 31, for every seat's bankruptcy)."""
    record = random_game_with_take_backs("rut-to-riches", 9045414, 396)
    check_timeline_follows_the_game(record)
    debrief = build_debrief(record, budget_seconds=0.0)
    cleo = next(s for s in debrief.setbacks if s.seat == 2)
    assert (cleo.bankrupt, cleo.left) == (10, 10)
    assert "Cleo went bankrupt in round 10 and left the game." in debrief.summary


def test_a_what_if_on_a_move_taken_back_is_refused_plainly() -> None:
    record = crossed_back_record()
    gone = min(undone_entries(record))
    assert isinstance(record.moves[gone], ActionMove)
    with pytest.raises(DebriefError, match=f"entry {gone} is a move the trainer took back"):
        what_if(record, gone, KEEP.to_json(), games=1)


def random_game_with_take_backs(game_id: str, seed: int, moves: int) -> GameRecord:
    """Up to ``moves`` random moves of ``game_id`` with take backs of 1 to 12 moves now and
    then (by ``take_back`` as the trainer's console does, or a bare ``undo`` directive), and
    always one just after the first round ends, so one goes back across rounds."""
    rng = random.Random(seed)
    state: GameState = get_game(game_id).new_state([Seat("Ana"), Seat("Ben"), Seat("Cleo")], seed)
    crossed = False
    played = 0
    while played < moves or not crossed:
        played += 1
        if state.result is not None and (crossed or played > 10 * moves) and rng.random() < 0.5:
            break
        start = round_of(state)
        if state.result is None:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not crossed and round_of(state) > start and state.result is None:
            state.take_back(rng.randint(1, 3))
            assert round_of(state) == start  # back into the round just ended
            crossed = True
        elif rng.random() < 0.08 or state.result is not None:
            count = rng.randint(1, 12)
            # Fewer moves than that to take back is refused: then play on.
            with contextlib.suppress(MoneyboardError):
                if rng.random() < 0.7:
                    state.take_back(count)
                else:
                    state.direct("undo", count=count)
    assert crossed
    return record_of(state)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), moves=st.integers(40, 400))
def test_any_game_with_take_backs_is_debriefed(game_id: str, seed: int, moves: int) -> None:
    record = random_game_with_take_backs(game_id, seed, moves)
    # Fewer simulated finishes: the take backs are on trial here, not the estimates.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tp, "SELECT_FINISHES", 2)
        patch.setattr(tp, "MEASURE_FINISHES", 3)
        patch.setattr(tp, "CONFIRM_FINISHES", 3)
        check_timeline_follows_the_game(record)
