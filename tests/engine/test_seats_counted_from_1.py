"""Options that name a seat count from 1 for the trainer (``first_seat``, ``income_by_seat``);
their old names counted from 0 and are still read that way, so old records replay exactly.

The records in ``records/`` were written, with their final states beside them, while the
options were still ``first_player`` and ``income_chosen`` (0 for Seat 1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_options
from moneyboard.engine.record import load_record, record_of, replay
from moneyboard.engine.state import GameState
from moneyboard.registry import get_game

RECORDS = Path(__file__).parent / "records"
#: Each stored record and the old option it sets.
OLD = {
    "financity": ("first_player", 2),
    "monitics": ("first_player", 1),
    "financialit": ("income_chosen", {"1": ["bonus", "short_hours"], "2": ["sick_days"]}),
}


def final_state(state: GameState, start: GameState) -> dict[str, Any]:
    """What a replay must reproduce: who moved first, the result, every balance."""
    assert state.result is not None
    return {
        "first_to_move": list(start.to_move()),
        "winners": list(state.result.winners),
        "scores": list(state.result.scores),
        "balances": dict(sorted(state.ledger.balances.items())),
        "postings": len(state.ledger.postings),
        "moves": len(state.moves),
    }


@pytest.mark.parametrize("game_id", sorted(OLD))
def test_a_record_with_an_old_seat_option_replays_as_before(game_id: str) -> None:
    record = load_record(RECORDS / f"{game_id}_counted_from_0.json")
    expected = json.loads((RECORDS / f"{game_id}_counted_from_0.final.json").read_text())
    name, value = OLD[game_id]
    assert record.options[name] == value  # the record still says it the old way
    game = get_game(game_id)
    state = replay(record, game)
    assert final_state(state, replay(record, game, upto=0)) == expected
    # Saved again, it says the same under the new name, and replays the same.
    again = record_of(state)
    assert name not in again.options
    assert final_state(replay(again, game), replay(again, game, upto=0)) == expected


@pytest.mark.parametrize(
    ("game_id", "old", "new", "value", "said"),
    [
        ("financity", "first_player", "first_seat", 0, 1),
        ("monitics", "first_player", "first_seat", 5, 6),
        ("financialit", "income_chosen", "income_by_seat", {"0": ["bonus"]}, {1: ("bonus",)}),
    ],
)
def test_an_old_name_is_read_from_0_and_given_under_the_new_name(
    game_id: str, old: str, new: str, value: Any, said: Any
) -> None:
    game = get_game(game_id)
    assert getattr(game.options({old: value}), new) == said
    listed = describe_options(game.options_model, game.state_class.automations)
    assert old not in {row["name"] for row in listed}
    with pytest.raises(OptionsError) as both:
        game.options({old: value, new: said})
    assert str(both.value) == (
        f"option '{old}' is the old name of '{new}' (counting seats from 0, where '{new}'"
        f" counts from 1): give only '{new}'"
    )


@pytest.mark.parametrize("value", [-1, True, "x"])
def test_an_old_name_with_a_value_that_is_no_seat_is_refused_under_the_name_written(
    value: Any,
) -> None:
    with pytest.raises(OptionsError) as info:
        get_game("financity").options({"first_player": value})
    text = str(info.value)
    assert text.startswith("option 'first_player' counts seats from 0 (0 for Seat 1)")
    assert text.endswith("its new name 'first_seat' counts from 1")
