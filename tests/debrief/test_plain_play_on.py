"""The turning points' play-on after a choice is plain (a move that leaves a decision open is
followed by one that closes it, the seat's own move first); a what-if says whether its
difference is clear of chance; a turning point says part of why where the game tells it."""

from __future__ import annotations

import itertools
import random

import pytest

from moneyboard.debrief import playouts
from moneyboard.debrief import turning_points as tp
from moneyboard.debrief.playouts import Position, opens, plain_finish, rng_for
from moneyboard.debrief.records import seat_of, state_before
from moneyboard.debrief.turning_points import sentence
from moneyboard.debrief.what_if import what_if
from moneyboard.engine.actions import Action
from moneyboard.engine.record import GameRecord
from moneyboard.engine.state import GameState
from tests.debrief.conftest import RIGGED_ENTRY, cached_record, point
from tests.engine.toygame import KEEP


def _turn_with_a_loan() -> tuple[GameState, int, Action, Action]:
    """A Rut to Riches turn where the seat could borrow or roll: the position, the seat, a
    loan (which leaves the turn open) and "Roll the die" (which closes it)."""
    record = cached_record("rut-to-riches")
    for entry, move in enumerate(record.moves):
        seat = seat_of(move)
        if seat is None or entry < 40:
            continue
        state = state_before(record, entry)
        legal = state.legal_actions(seat) if seat in state.to_move() else []
        loans = [a for a in legal if a.kind == "borrow"]
        rolls = [a for a in legal if a.kind == "roll"]
        if loans and rolls:
            return state, seat, loans[0], rolls[0]
    raise AssertionError("no turn with a loan on offer in the recorded game")


def test_an_open_move_is_followed_by_the_seats_own_closing_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Borrowing is judged as "borrow, then roll the die as in the game", and no seat makes
    two moves that leave its decision open in a row (random play borrowed again and again)."""
    state, seat, loan, roll = _turn_with_a_loan()
    played: list[tuple[int, Action, str | None]] = []
    determinized = playouts.determinized

    def watched(state: GameState, rng: random.Random) -> GameState:
        game = determinized(state, rng)
        play = game.play

        def record_play(mover: int, action: Action) -> None:
            kind = game.decision.kind if game.decision is not None else None
            played.append((mover, action, kind))
            play(mover, action)

        game.play = record_play  # type: ignore[method-assign,assignment]
        return game

    monkeypatch.setattr(playouts, "determinized", watched)
    for number in range(4):
        played.clear()
        plain_finish(state, seat, loan, rng_for(0, "test", number), 400, then=roll)
        assert played[0][:2] == (seat, loan) and played[1][:2] == (seat, roll)
        for (a, move, kind), (b, after, same) in itertools.pairwise(played):
            assert not (a == b and kind == same and opens(move) and opens(after)), played


def test_a_what_if_says_whether_its_difference_is_clear_of_chance(rigged: object) -> None:
    """The paired difference comes with its standard error, and the sentence says "clear of
    chance: between … and …" or "too close to call with N games", as the turning points do."""
    one = what_if(rigged, RIGGED_ENTRY, KEEP, games=1, bots="random")  # type: ignore[arg-type]
    data = one.to_json()
    assert data["difference"]["error"] is None and data["difference"]["clear"] is False
    if "about the same as" not in one.sentence:
        assert "too close to call with 1 game" in one.sentence, one.sentence
    many = what_if(rigged, RIGGED_ENTRY, KEEP, games=200, bots="random")  # type: ignore[arg-type]
    mean, error = many.difference()
    assert many.to_json()["difference"]["clear"] == (abs(mean) > 2 * error)
    if many.to_json()["difference"]["clear"]:
        assert "That difference is clear of chance: between " in many.sentence, many.sentence
    else:
        assert "too close to call with 200 games" in many.sentence, many.sentence


def test_a_turning_point_says_the_other_moves_effect_at_once() -> None:
    """Why, where the game tells it: the better move's own effect on net worth at once,
    named only where it points the same way as the difference at the end."""
    costly = sentence(point(at_once=25.0), "happiness points", False, "${:,}".format)
    assert "the other move itself puts net worth $25 higher at once" in costly
    good = point(effect=4.0, money=40.0, weight=0.2, at_once=-30.0)
    said = sentence(good, "happiness points", False, "${:,}".format)
    assert "the other move itself would have put net worth $30 lower at once" in said
    against = sentence(point(at_once=-25.0), "happiness points", False, "${:,}".format)
    unclear = sentence(point(at_once=25.0, money_error=30.0), "happiness points", False, str)
    assert "at once" not in against and "at once" not in unclear


@pytest.mark.parametrize("game_id", ["financialit", "financity", "monitics", "rut-to-riches"])
def test_a_finish_from_a_kept_position_is_the_finish_from_the_state(game_id: str) -> None:
    """A position kept once for many finishes (copied by unpickling) plays exactly as the
    live state it was kept from (copied by a clone)."""
    record = cached_record(game_id)
    entry = next(
        number
        for number, move in enumerate(record.moves)
        if number >= len(record.moves) // 2 and seat_of(move) is not None
    )
    state = state_before(record, entry)
    seat = seat_of(record.moves[entry])
    assert seat is not None and seat in state.to_move()
    kept = Position(state)
    for action in state.legal_actions(seat)[:3]:
        for number in range(3):
            rng = rng_for(0, "kept", number)
            live = plain_finish(state, seat, action, rng_for(0, "kept", number))
            assert plain_finish(kept, seat, action, rng) == live


@pytest.mark.parametrize(("others", "selects"), [(1, 0), (2, 2 * tp.SELECT_FINISHES)])
def test_one_alternative_is_measured_without_first_picking_it(
    rigged: GameRecord, monkeypatch: pytest.MonkeyPatch, others: int, selects: int
) -> None:
    """With one alternative the best one is known: only the paired finishes are played; with
    more, each is first played :data:`SELECT_FINISHES` times to pick the best."""
    state = state_before(rigged, RIGGED_ENTRY)
    chosen, *rest = state.legal_actions(0)
    assert len(rest) >= others
    candidate = tp.Candidate(
        entry=RIGGED_ENTRY,
        seat=0,
        round=2,
        name="Ana",
        position=Position(state),
        options=[chosen, *rest[:others]],
        remaining=3,
        screened=[(0.0, 0.0)] * (1 + others),
    )
    labels: list[str] = []

    def counted(seed: int, label: str, number: int) -> random.Random:
        labels.append(label)
        return rng_for(seed, label, number)

    monkeypatch.setattr(tp, "rng_for", counted)
    tp.measure(candidate, 0, tp.Scales(1.0, 1.0), "points", money_is_score=False)
    assert sum(label.startswith("select:") for label in labels) == selects
    assert sum(label.startswith("measure:") for label in labels) == 2 * tp.MEASURE_FINISHES
