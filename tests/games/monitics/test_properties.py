"""Properties of random Monitics games: money, legality, messages, the end, and replay.

Hypothesis draws a seed, 2-6 seats and rule options from their valid ranges; a seeded random
player makes legal moves to the end, and every position is checked.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from moneyboard.engine.actions import Action
from moneyboard.engine.errors import IllegalActionError
from moneyboard.engine.messages import Event
from moneyboard.engine.record import parse_record, record_of, replay
from moneyboard.games.monitics import GAME, MoniticsState
from tests.games.monitics.driver import start

PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*[^{}]*\}")

OPTION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "start_cash": st.integers(0, 1500),
    "actions_per_turn": st.integers(0, 4),
    "asset_market": st.sampled_from(["box_kind", "any_asset_box", "any_time"]),
    "tax_counts_as_action": st.booleans(),
    "major_expense": st.integers(0, 200),
    "forced_sale_min_value": st.integers(0, 200),
    "forced_sale_loss_pct": st.integers(0, 100),
    "habits_savings_min": st.integers(0, 100),
    "habits_reward": st.integers(0, 100),
    "habits_penalty": st.integers(0, 100),
    "ownership_reward": st.integers(0, 200),
    "ownership_penalty": st.integers(0, 200),
    "ownership_counts_cards": st.booleans(),
    "wahala_loss_pct": st.integers(0, 100),
    "business_grant": st.integers(0, 300),
    "business_penalty": st.integers(0, 200),
    "insurance_covers_cash_loss": st.booleans(),
    "voluntary_tax": st.integers(0, 100),
    "tax_penalty": st.integers(0, 300),
    "tax_debt_surcharge": st.integers(0, 50),
    "taxman_catches_on": st.integers(1, 6),
    "crash_cash_loss_pct": st.integers(0, 100),
    "crash_options_needed": st.integers(1, 3),
    "crash_reach": st.sampled_from(["lander", "asset_holders"]),
    "after_top_loan": st.sampled_from(["stay", "restart"]),
    "friend_loan_interest_pct": st.integers(0, 100),
    "option_price": st.integers(0, 200),
    "insurance_price": st.integers(0, 300),
    "bank_options": st.integers(0, 10),
    "bank_insurance": st.integers(0, 10),
    "max_insurance": st.integers(1, 3),
    "max_options": st.integers(1, 5),
    "insurance_ends_turn": st.booleans(),
    "transactions_per_turn": st.integers(0, 3),
    "final_turns": st.integers(0, 3),
    "final_turns_grant": st.sampled_from(["finisher_chooses", "always", "never"]),
    "bankruptcy": st.sampled_from(["player_out", "game_ends"]),
    "loan_ladder": st.sampled_from([((200, 240),), ((100, 100), (300, 400)), ((50, 80),) * 3]),
    "amount_steps": st.sampled_from([(10,), (5, 50, 500), (25, 100)]),
}


def rendered(state: MoniticsState, message: Event) -> str:
    """The message in words; its key must be catalogued and every placeholder filled."""
    text = state.explain(message)
    assert message[0] in state.catalogue, message[0]
    assert not PLACEHOLDER.search(text), text
    return text


def snapshot(state: MoniticsState) -> str:
    """The whole state as canonical JSON text (for byte-for-byte comparisons)."""
    return json.dumps(state.full_view(), sort_keys=True)


def check_position(state: MoniticsState, rng: random.Random, space: tuple[Action, ...]) -> None:
    """The invariants that hold between any two moves."""
    state.ledger.audit()
    owned = {}
    for seat, p in enumerate(state.players):
        assert state.cash(seat) >= 0 and state.savings(seat) >= 0
        assert p.options >= 0 and p.insurance >= 0 and p.tax_debt >= 0
        assert all(v > 0 for v in p.debts.values())
        for asset in p.assets:
            owned[asset] = seat
    assert owned == state.owners
    o = state.options
    held_options = sum(p.options for p in state.players)
    held_insurance = sum(p.insurance for p in state.players)
    assert held_options + state.stock["option"] == o.bank_options
    assert held_insurance + state.stock["insurance"] == o.bank_insurance
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        assert legal, "a seat is asked with nothing to do"
        for action in legal:
            assert action in space, action
            assert state.why_not(seat, action) is None
        refused = [a for a in space if a not in legal and not typed_amount(a, legal)]
        for action in rng.sample(refused, min(4, len(refused))):
            reason = state.why_not(seat, action)
            assert reason is not None, (seat, action)
            rendered(state, reason)


def typed_amount(action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is another amount of a listed action: the list holds the ladder's
    amounts (and a balance below its smallest step), a person may type any in the range."""
    if not action.amounts:
        return False

    def rest(a: Action) -> dict[str, object]:
        return {k: v for k, v in a.to_json().items() if k not in a.amounts}

    return any(rest(a) == rest(action) for a in legal)


def try_illegal(state: MoniticsState, rng: random.Random, space: tuple[Action, ...]) -> None:
    """An illegal move raises and leaves the whole state as it was."""
    seat = rng.randrange(state.n)
    legal = state.legal_actions(seat)
    refused = [a for a in space if a not in legal and not typed_amount(a, legal)]
    before = snapshot(state)
    action = rng.choice(refused)
    try:
        state.apply(seat, action)
    except IllegalActionError as exc:
        assert str(exc)
        assert exc.key in state.catalogue
    else:
        raise AssertionError(f"{action} by seat {seat} was accepted but not listed as legal")
    assert snapshot(state) == before


def play(state: MoniticsState, seed: int) -> int:
    """Play randomly to the end, checking every position; returns the number of moves."""
    rng = random.Random(seed)
    space = state.action_space(state.options, state.n)
    seen = 0
    moves = 0
    while not state.terminal:
        for message in state.log[seen:]:
            rendered(state, message)
        seen = len(state.log)
        check_position(state, rng, space)
        if moves % 11 == 5:
            try_illegal(state, rng, space)
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
        assert moves < 20_000, "the game does not end"
    for message in state.log[seen:]:
        rendered(state, message)
    check_position(state, rng, space)
    return moves


SETTINGS = settings(
    max_examples=30,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    options=st.fixed_dictionaries({}, optional=OPTION_VALUES),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    state = start(players, seed=seed, **options)
    play(state, seed)
    assert state.result is not None and len(state.result.scores) == players
    assert list(state.result.scores) == [state.net_worth(s) for s in range(players)]
    standing = [s for s in range(players) if not state.players[s].out]
    assert set(state.result.winners) <= set(standing)
    best = max(state.result.scores[s] for s in standing)
    assert all(state.result.scores[w] == best for w in state.result.winners)


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    options=st.fixed_dictionaries({}, optional=OPTION_VALUES),
)
def test_records_replay_byte_for_byte(seed: int, players: int, options: dict[str, Any]) -> None:
    state = start(players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    expected = snapshot(state)
    record = record_of(state)
    assert snapshot(replay(record, GAME)) == expected  # type: ignore[arg-type]
    assert snapshot(replay(parse_record(record.to_json()), GAME)) == expected  # type: ignore[arg-type]


def test_a_game_with_timed_out_turns_replays() -> None:
    state = start(3, seed=5)
    while not state.terminal:
        state.timeout(state.to_move()[0])
    assert snapshot(replay(record_of(state), GAME)) == snapshot(state)  # type: ignore[arg-type]


def test_a_set_die_is_recorded_and_replayed() -> None:
    state = start(2, seed=9)
    state.force("die", [6, 6, 6])
    rng = random.Random(1)
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    rolls = [p["roll"] for k, p in state.log if k == "turn.rolled"]
    assert rolls[:3] == [6, 6, 6]
    assert snapshot(replay(record_of(state), GAME)) == snapshot(state)  # type: ignore[arg-type]


def test_a_die_face_that_does_not_exist_is_refused() -> None:
    state = start()
    try:
        state.force("die", [7])
    except IllegalActionError as exc:
        assert "7" in str(exc)
    else:
        raise AssertionError("a 7 was accepted on a six-sided die")
