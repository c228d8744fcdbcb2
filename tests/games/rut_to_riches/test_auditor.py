"""The Auditor (bookkeeping mode): learners write their totals; the engine audits them."""

from __future__ import annotations

import random

import pytest

from moneyboard.engine import Action, Seat
from moneyboard.engine.record import record_of, replay
from moneyboard.games.rut_to_riches import GAME
from moneyboard.games.rut_to_riches.actions import Borrow, Record, Roll
from moneyboard.games.rut_to_riches.audit import Mistake, original_mistakes
from moneyboard.games.rut_to_riches.state import RutState
from tests.games.rut_to_riches.helpers import act, force, keys, start


def played_turn(mistake: int = 0) -> RutState:
    """Seat 0 collects Pay Day, pays a $100 fine and writes totals (cash off by ``mistake``)."""
    state = start(
        options={"auditor": True, "audit_every": 1}, forced={"deck:expenses": ["ex_fines"]}
    )
    state.players[0].position = 5
    state.players[1].lost_turns = 1
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.decision is not None and state.decision.kind == "books"
    assert state.decision.seats == (0,)
    cash, income, expenses, payday = state.totals(0)
    act(state, 0, Record(cash + mistake, income, expenses, payday))
    return state


def test_correct_books_cost_nothing() -> None:
    state = played_turn()
    assert state.round == 2
    assert "rut.audit_mistake" not in keys(state)
    assert state.cash(0) == 560 + 700 - 100


def test_an_original_mistake_is_charged_once_and_the_sheet_corrected() -> None:
    state = played_turn(mistake=50)
    assert keys(state).count("rut.audit_mistake") == 1
    assert state.cash(0) == 560 + 700 - 100 - 100
    assert state.players[0].entered == state.totals(0)
    mistake = next(p for key, p in state.log if key == "rut.audit_mistake")
    assert mistake["line"] == "cash" and mistake["written"] == 1210


def test_the_auditor_is_the_player_on_the_right_and_claims_the_penalty() -> None:
    """R27: seat 0's Auditor is the player on their right (the last seat): the $100 for the
    original mistake goes to that player, not to the bank."""
    state = start(
        jobs=("janitor", "teacher", "nurse"),
        options={"auditor": True, "audit_every": 1},
        forced={"deck:expenses": ["ex_fines"]},
    )
    assert [state.auditor_of(s) for s in range(3)] == [2, 0, 1]
    state.players[0].position = 5
    state.players[1].lost_turns = 1
    state.players[2].lost_turns = 1
    auditor_cash = state.cash(2)
    force(state, "die", 1)
    act(state, 0, Roll())
    cash, income, expenses, payday = state.totals(0)
    act(state, 0, Record(cash + 50, income, expenses, payday))
    assert state.round == 2
    audited = next(p for key, p in state.log if key == "rut.audited" and p["seat"] == 0)
    assert audited["auditor"] == 2 and audited["charged"] == 100
    assert state.cash(2) == auditor_cash + 100
    assert state.view(0)["players"][0]["auditor"] == 2


def test_an_out_players_auditing_passes_to_the_next_player_on_the_right() -> None:
    state = start(jobs=("janitor", "teacher", "nurse"), options={"auditor": True})
    state.players[2].out = True
    assert state.auditor_of(0) == 1
    assert state.auditor_of(1) == 0


def test_errors_that_follow_from_an_earlier_one_are_not_charged() -> None:
    base = ((1000, 2000, 1500, 500), (1000, 2000, 1500, 500))
    entries = [
        ((1500, 2000, 1500, 500), (1400, 2000, 1500, 500)),  # cash: original mistake
        ((1800, 2000, 1700, 300), (1700, 2000, 1700, 300)),  # carries the same error
        ((1800, 2200, 1700, 500), (1700, 2100, 1700, 400)),  # income: a new mistake
    ]
    assert original_mistakes(base, entries) == [
        Mistake(1, "cash", 1400, 1500),
        Mistake(3, "income", 2100, 2200),
    ]


def test_pay_day_is_checked_against_the_learners_own_totals() -> None:
    base = ((0, 100, 50, 50), (0, 100, 50, 50))
    consistent = [((0, 200, 50, 150), (0, 190, 50, 140))]
    assert [m.line for m in original_mistakes(base, consistent)] == ["income"]
    inconsistent = [((0, 200, 50, 150), (0, 200, 50, 100))]
    assert [m.line for m in original_mistakes(base, inconsistent)] == ["payday"]


def test_a_correction_is_not_a_mistake() -> None:
    base = ((0, 100, 50, 50), (0, 100, 50, 50))
    entries = [((10, 100, 50, 50), (20, 100, 50, 50)), ((10, 100, 50, 50), (10, 100, 50, 50))]
    assert [m.entry for m in original_mistakes(base, entries)] == [1]


def test_views_show_what_the_learner_wrote_and_the_full_view_the_truth() -> None:
    state = start(
        options={"auditor": True, "audit_every": 5}, forced={"deck:expenses": ["ex_fines"]}
    )
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    cash, income, expenses, payday = state.totals(0)
    act(state, 0, Record(cash + 100, income, expenses, payday))
    public = state.view(1)["players"][0]["cash_sheet"]
    assert public["cash"] == cash + 100 and public["written"]
    assert state.full_view()["players"][0]["cash_sheet"]["cash"] == cash


def test_without_the_auditor_the_engine_keeps_the_sheets() -> None:
    state = start(forced={"deck:expenses": ["ex_fines"]})
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.decision is not None and state.decision.kind == "turn"
    sheet = state.view(0)["players"][0]["cash_sheet"]
    assert sheet["cash"] == state.cash(0) and not sheet["written"]


def test_a_game_with_the_auditor_copies_and_replays_with_its_books() -> None:
    state = start(options={"auditor": True})
    act(state, 0, Borrow(1000))
    for copy in (state.clone(), replay(record_of(state), GAME)):
        assert type(copy) is RutState
        assert copy.decision == state.decision
        assert copy.decision is not None and copy.decision.kind == "books"


def test_a_loan_is_written_down_before_the_turn_goes_on() -> None:
    state = start(options={"auditor": True})
    assert state.decision is not None and state.decision.kind == "turn"
    act(state, 0, Borrow(1000))
    assert state.decision is not None
    assert (state.decision.kind, state.decision.seats) == ("books", (0,))
    cash, income, expenses, payday = state.totals(0)
    act(state, 0, Record(cash, income, expenses, payday))
    assert state.decision is not None
    assert (state.decision.kind, state.decision.seats) == ("turn", (0,))
    assert state.players[0].entries[-1][0] == state.totals(0)


@pytest.mark.parametrize("seed", range(6))
def test_every_decision_finds_every_sheet_written_up(seed: int) -> None:
    """After each change, the players it touched write their totals before anything else."""
    state = GAME.new_state(
        [Seat(f"P{i}") for i in range(3)], seed, {"auditor": True, "audit_every": 2}
    )
    assert isinstance(state, RutState)
    rng = random.Random(seed)
    books = 0
    while not state.terminal and state.decisions_made < 1500:
        d = state.decision
        assert d is not None
        behind = state.behind()
        if d.kind == "books":
            books += 1
            assert set(d.seats) <= set(behind)
        elif d.kind != "dream":
            assert behind == [], (d.kind, behind)
        seat = d.seats[0]
        if d.kind == "books" and rng.random() < 0.8:
            action: Action = Record(*state.totals(seat))  # mostly careful learners
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    assert books > 20
    assert replay(record_of(state), GAME).full_view() == state.full_view()
