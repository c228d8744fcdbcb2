"""A broken FinanciaLit record is reported where it is broken: the entry and the field named,
in one line, not at a later move that trips over it and not as a dump of every move kind."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from moneyboard.engine.errors import RecordError
from moneyboard.engine.record import VERSION, parse_record, record_of, replay
from moneyboard.engine.state import GameState
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.registry import get_game
from tests.games.financialit.driver import start

GAME = get_game("financialit")


def record_document() -> dict[str, Any]:
    """A short game's record, as the JSON document a trainer would edit."""
    state = start(seed=1, rounds=2)
    state.playout(random.Random(1))
    document: dict[str, Any] = json.loads(record_of(state).to_json())
    return document


def replay_error(edit: Callable[[dict[str, Any]], None]) -> str:
    document = record_document()
    edit(document)
    with pytest.raises(RecordError) as info:
        replay(parse_record(json.dumps(document)), GAME)
    return str(info.value)


def test_a_bad_stacked_card_is_named_at_forced_not_at_the_move_that_draws_it() -> None:
    def stack(document: dict[str, Any]) -> None:
        document["forced"] = {"deck:luxury": ["yacht"]}

    text = replay_error(stack)
    assert "forced" in text and "yacht" in text
    assert "deck:luxury" in text or "luxury deck" in text  # the stream, as code or in words
    assert "entry" not in text and "move" not in text


def test_a_bad_force_entry_is_named_by_its_number() -> None:
    def force(document: dict[str, Any]) -> None:
        document["moves"].insert(3, {"force": "deck:events", "outcomes": ["meteor"]})

    text = replay_error(force)
    assert "entry 4" in text and "meteor" in text
    assert "deck:events" in text or "events deck" in text


def test_a_move_without_its_action_names_the_entry_and_the_field_only() -> None:
    def drop(document: dict[str, Any]) -> None:
        del document["moves"][5]["action"]

    text = replay_error(drop)
    assert "entry 6, field 'action'" in text
    assert len(text.splitlines()) == 1 and len(text) < 200
    for other in ("timeout", "chance", "force", "directive"):
        assert other not in text  # no dump of the other kinds of entry


def test_an_action_with_a_bad_field_names_the_entry_the_action_and_the_field() -> None:
    def spoil(document: dict[str, Any]) -> None:
        document["moves"][5]["action"] = {"type": "buy_luxury", "slot": "first"}

    text = replay_error(spoil)
    assert "entry 6" in text and "buy_luxury" in text and "slot" in text


RECORDS = Path(__file__).parent / "records"


def test_a_record_from_before_the_book_defaults_replays_as_it_was_played() -> None:
    # Written (record version 2) before the book's defaults for the end (R25, R26): the
    # families ended holding Common Goods that did not count then (they would now), and the
    # farmers sought better employment in three periods running (still allowed by default,
    # R11). Read with the defaults of its day, it replays to the same end; saved again, it
    # names those values and replays the same.
    text = (RECORDS / "before_book_defaults.json").read_text()
    expected = json.loads((RECORDS / "before_book_defaults.final.json").read_text())
    record = parse_record(text)
    assert record.version == 2 and "seek_again_after" not in record.options
    state = replay(record, GAME)
    assert final_of(state) == expected
    again = record_of(state)
    assert again.version == VERSION and "seek_again_after" not in again.options
    said = ("end_counts_goods", "end_loan_choice", "family_cards")
    assert tuple(again.options[name] for name in said) == (False, "if_held", "first")
    assert final_of(replay(parse_record(again.to_json()), GAME)) == expected
    # The same moves under the book's defaults for the end (version 3) end otherwise: the
    # goods left count.
    book = json.loads(text)
    book["version"] = 3
    assert final_of(replay(parse_record(json.dumps(book)), GAME)) != expected


def final_of(state: GameState) -> dict[str, Any]:
    """What a replay of the stored record must reproduce."""
    assert isinstance(state, FinanciaLitState) and state.result is not None
    return {
        "winners": list(state.result.winners),
        "scores": list(state.result.scores),
        "balances": dict(sorted(state.ledger.balances.items())),
        "careers": [len(h.careers) for h in state.homes],
        "goods": [h.goods for h in state.homes],
        "moves": len(state.moves),
    }


def test_a_record_on_the_first_family_cards_replays_as_it_was_played() -> None:
    # Written (record version 3) before the families were retuned for the book's count at the
    # end: four Planners of test_balance.py with the Shopkeepers, the Newlyweds, the Two-Job
    # Family and the Single Parent. A record does not hold the cards; read with the defaults
    # of its day, it is dealt the first set and replays to the same end. Saved again, it names
    # that set and replays the same.
    text = (RECORDS / "first_family_cards.json").read_text()
    expected = json.loads((RECORDS / "first_family_cards.final.json").read_text())
    record = parse_record(text)
    assert record.version == 3 and record.options == {}
    state = replay(record, GAME)
    assert isinstance(state, FinanciaLitState) and state.options.family_cards == "first"
    assert final_of(state) == expected
    again = record_of(state)
    assert again.version == VERSION and again.options == {"family_cards": "first"}
    assert final_of(replay(parse_record(again.to_json()), GAME)) == expected
    # The same moves on the second set end otherwise (the Two-Job Family starts less happy).
    today = json.loads(text)
    today["version"] = VERSION
    state = replay(parse_record(json.dumps(today)), GAME)
    assert isinstance(state, FinanciaLitState) and state.options.family_cards == "second"
    assert final_of(state) != expected


def test_a_new_game_deals_the_second_family_cards_and_its_record_round_trips() -> None:
    content = GAME.state_class.content  # type: ignore[attr-defined]
    second = {f.id: f for f in content.family_sets["second"]}
    first = {f.id: f for f in content.family_sets["first"]}
    state = start(None, seats=4, seed=5)
    assert state.options.family_cards == "second"
    for home in state.homes:
        assert home.family == second[home.family.id]
    assert any(home.family != first[home.family.id] for home in state.homes)
    state.playout(random.Random(5))
    record = record_of(state)
    assert record.version == VERSION and "family_cards" not in record.options
    again = replay(parse_record(record.to_json()), GAME)
    assert final_of(again) == final_of(state)
    assert record_of(again).to_json() == record.to_json()
    # A new game may still be dealt the first cards: its record says so and replays on them.
    old = start(None, seats=4, seed=5, family_cards="first")
    assert [h.family for h in old.homes] == [first[h.family.id] for h in state.homes]
    old.playout(random.Random(5))
    said = record_of(old)
    assert said.options == {"family_cards": "first"}
    assert final_of(replay(parse_record(said.to_json()), GAME)) == final_of(old)
