"""Properties of every game: money is accounted for, nothing negative where the rules forbid
it, every game ends after its years, records replay byte for byte, views are JSON."""

from __future__ import annotations

import json
import random

import pytest

from moneyboard.engine.errors import IllegalActionError
from moneyboard.engine.record import record_of, replay
from moneyboard.engine.state import Seat
from moneyboard.games.financity import GAME, FinanCityState
from moneyboard.games.financity.actions import BuyShopping, Deposit

SEEDS = range(12)


def random_game(seed: int, players: int, **options: object) -> FinanCityState:
    state = GAME.new_state([Seat(f"P{i}") for i in range(players)], seed, options)
    assert isinstance(state, FinanCityState)
    rng = random.Random(seed)
    while not state.terminal:
        seat = state.to_move()[0]
        action = state.random_action(seat, rng)
        assert action is not None
        state.apply(seat, action)
        check_invariants(state)
    return state


def check_invariants(state: FinanCityState) -> None:
    for seat, p in enumerate(state.players):
        assert state.cash(seat) >= 0
        assert state.savings_total(seat) == sum(p.savings) >= 0
        assert 0 <= p.loans <= state.options.max_loan_cards
        assert p.wellbeing >= 0 and p.tokens >= 0


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_books_and_end_after_ten_years(seed: int) -> None:
    players = 2 + seed % 5
    state = random_game(seed, players)
    state.ledger.audit()
    assert state.year == 10
    assert sum(1 for key, _ in state.log if key == "event.revealed") == 10
    assert state.result is not None and len(state.result.scores) == players


@pytest.mark.parametrize("seed", range(4))
def test_records_replay_byte_for_byte(seed: int) -> None:
    state = random_game(seed, 3, manual_claims=["wellbeing_bonus"], champion_formula="advanced")
    record = record_of(state)
    again = replay(record, GAME)
    first = json.dumps(state.full_view(), sort_keys=True)
    assert json.dumps(again.full_view(), sort_keys=True) == first
    from moneyboard.engine.record import parse_record

    text = record.model_dump_json()
    assert json.dumps(replay(parse_record(text), GAME).full_view(), sort_keys=True) == first


def test_seat_public_and_full_views_are_json_and_public_hides_the_decks() -> None:
    state = random_game(5, 4)
    for seat in (None, 0, 3):
        json.dumps(state.view(seat))
    public = state.view(None)
    assert isinstance(public["decks"]["events"], int)
    full = state.full_view()
    assert "postings" in full and isinstance(full["decks"]["events"], list)


def test_an_illegal_action_changes_nothing() -> None:
    state = GAME.new_state([Seat("A"), Seat("B")], 3)
    before = json.dumps(state.full_view(), sort_keys=True)
    for seat, action in ((0, Deposit(100)), (1, BuyShopping("gym")), (5, Deposit(100))):
        with pytest.raises(IllegalActionError):
            state.apply(seat, action)
    assert json.dumps(state.full_view(), sort_keys=True) == before


def test_every_logged_event_has_an_english_template() -> None:
    keys = set()
    for seed in range(6):
        state = random_game(seed, 4, manual_claims=["wellbeing_bonus", "expense_discount"])
        keys |= {key for key, _ in state.log}
        for entry in state.log[-50:]:
            text = state.explain(entry)
            assert "{" not in text, text
    missing = {k for k in keys if k not in FinanCityState.catalogue and not k.startswith("test.")}
    assert not missing


def test_every_message_key_in_the_rules_has_a_template() -> None:
    """Reasons, events and postings named in the game's code all have English words."""
    import re
    from pathlib import Path

    import moneyboard.games.financity as package

    prefixes = (
        "why|describe|loan|event|savings|income|zone|sale|end|plan|cards|claim|pay|"
        "expenses|investment|shopping|insurance|reorganise|setup|year"
    )
    keys: set[str] = set()
    for source in Path(package.__file__).parent.glob("*.py"):
        keys |= set(re.findall(rf'"((?:{prefixes})\.[a-z_.]+)"', source.read_text()))
    keys = {k for k in keys if not k.endswith(".toml")}
    assert keys
    assert sorted(k for k in keys if k not in FinanCityState.catalogue) == []
