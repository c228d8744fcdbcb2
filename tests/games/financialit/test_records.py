"""A broken FinanciaLit record is reported where it is broken: the entry and the field named,
in one line, not at a later move that trips over it and not as a dump of every move kind."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from moneyboard.engine.errors import RecordError
from moneyboard.engine.record import parse_record, record_of, replay
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
