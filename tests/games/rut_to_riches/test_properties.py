"""Property tests: random games under random rule options keep every invariant."""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from moneyboard.engine import Seat
from moneyboard.engine.record import parse_record, record_of, replay
from moneyboard.games.rut_to_riches import GAME
from moneyboard.games.rut_to_riches.actions import PayOff
from moneyboard.games.rut_to_riches.money import payment_still_owed
from moneyboard.games.rut_to_riches.state import RutState
from tests.games.rut_to_riches.helpers import act, assert_totals_kept, set_cash, start

OPTIONS = st.fixed_dictionaries(
    {
        "turn_limit": st.integers(2, 12),
        "manual_claims": st.sampled_from([[], ["payday"]]),
        "auditor": st.booleans(),
        "audit_every": st.integers(1, 4),
        "dice": st.integers(1, 2),
        "share_cards": st.integers(1, 3),
        "personal_may_decline": st.booleans(),
        "rounding": st.sampled_from(["cut", "figure"]),
        "loan_multiple_rut": st.sampled_from([0, 8, 20]),
        "bankrupt_turns": st.integers(0, 3),
        "passive_goal": st.sampled_from([2000, 20000]),
    }
)


def play(seed: int, players: int, options: dict[str, Any], check_legal: bool) -> RutState:
    state = GAME.new_state([Seat(f"P{i}", "random") for i in range(players)], seed, options)
    assert isinstance(state, RutState)
    rng = random.Random(seed)
    while not state.terminal:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} has no move at {state.decision}"
        if check_legal:
            for action in legal:
                assert state.why_not(seat, action) is None, action
        state.apply(seat, rng.choice(legal))
        assert_totals_kept(state)
        assert state.decisions_made < 50_000
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), OPTIONS)
def test_random_games_keep_every_invariant(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    state = play(seed, players, options, check_legal=True)
    state.ledger.audit()
    for seat in range(players):
        assert state.cash(seat) >= 0
    assert state.round <= options["turn_limit"] + 1
    assert state.result is not None
    for key, _ in state.log:
        assert key in state.catalogue, key
    for key in {p.key for p in state.ledger.postings}:
        assert key in state.catalogue, key
    for view in (state.view(None), state.view(0), state.full_view()):
        json.dumps(view)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), OPTIONS)
def test_replaying_the_record_gives_the_same_game(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    state = play(seed, players, options, check_legal=False)
    record = parse_record(record_of(state).to_json())
    again = replay(record, GAME)
    assert json.dumps(again.full_view(), sort_keys=True) == json.dumps(
        state.full_view(), sort_keys=True
    )
    assert again.ledger.balances == state.ledger.balances


def test_every_key_in_the_source_has_an_english_sentence() -> None:
    """Every event, posting and reason key the rules use (dynamic ones listed) renders."""
    folder = resources.files("moneyboard.games.rut_to_riches")
    text = "".join(
        f.read_text(encoding="utf-8") for f in folder.iterdir() if f.name.endswith(".py")
    )
    found = set(re.findall(r'"((?:why\.)?rut\.[a-z_]+)"', text)) - {"rut.declined_"}
    found |= {"rut.declined_expense", "rut.declined_mentor"}
    missing = sorted(k for k in found if k not in RutState.catalogue)
    assert not missing
    assert len(found) > 90


def test_views_and_metrics_work_before_the_jobs_are_dealt() -> None:
    state = GAME.new_state([Seat("A"), Seat("B")], 3, auto_chance=False)
    assert state.is_chance()
    assert state.metrics(1)["cash"] == 0.0
    json.dumps(state.view(0))
    json.dumps(state.full_view())


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 4000).map(lambda fifties: fifties * 50),
    st.integers(1, 300).map(lambda tens: tens * 10),
    st.lists(st.integers(1, 40).map(lambda fifties: fifties * 50), min_size=1, max_size=12),
)
def test_a_pay_off_split_into_parts_leaves_the_payment_paying_at_once_leaves(
    owed: int, payment: int, parts: list[int]
) -> None:
    """R11: however a pay-off is split into $50 parts, the payment it leaves is the one the
    same total paid at once leaves; it never rises, and paying the rest clears it."""
    sliced, once = start(), start()
    for state in (sliced, once):
        p = state.players[0]
        p.debt["car"] = owed
        p.set_expense("car", payment)
        set_cash(state, 0, owed)
    paid, last = 0, payment
    for part in parts:
        if paid + part > owed:
            break
        act(sliced, 0, PayOff("car", part))
        paid += part
        now = sliced.players[0].exp["car"]
        assert now <= last
        last = now
    if paid:
        act(once, 0, PayOff("car", paid))
    assert sliced.players[0].exp["car"] == once.players[0].exp["car"]
    assert once.players[0].exp["car"] == payment_still_owed(owed, payment, owed - paid)
    if paid < owed:
        act(sliced, 0, PayOff("car", owed - paid))
    assert sliced.players[0].debt["car"] == 0 and sliced.players[0].exp["car"] == 0
    assert_totals_kept(sliced)
