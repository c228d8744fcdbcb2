"""What if: the alternatives at a move, playing on from there, and the errors a person can make."""

from __future__ import annotations

import importlib
import json
import re
from statistics import fmean
from typing import Any

import pytest

from moneyboard.debrief import DebriefError, alternatives, build_debrief, what_if
from moneyboard.debrief.records import moves_in_words
from moneyboard.debrief.what_if import action_from_text
from moneyboard.debrief.words import typed_form
from moneyboard.engine.errors import MoneyboardError, RecordError
from moneyboard.engine.record import ActionMove, GameRecord, record_of
from moneyboard.engine.state import Seat
from moneyboard.registry import get_game, replay_record
from tests.debrief.conftest import KINDS_OF, RIGGED_ENTRY, cached_record, rigged_record
from tests.engine.toygame import GAME as TOY
from tests.engine.toygame import KEEP


def action_entries(record: GameRecord) -> list[int]:
    return [i for i, m in enumerate(record.moves) if isinstance(m, ActionMove)]


def test_alternatives_are_the_legal_actions_there_with_the_one_played_marked() -> None:
    record = cached_record("financialit")
    game = get_game("financialit")
    for entry in action_entries(record)[10:200:37]:
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        listed = alternatives(record, entry)
        legal = state.legal_actions(move.seat)
        assert [game.codec.from_json(a["action"]) for a in listed] == legal
        assert all(a["text"] for a in listed)
        chosen = [a["action"] for a in listed if a["chosen"]]
        assert chosen == [move.action]


def test_what_if_with_the_move_played_agrees_with_the_real_game() -> None:
    record = cached_record("monitics")
    entries = action_entries(record)
    entry = entries[len(entries) * 2 // 3]
    move = record.moves[entry]
    assert isinstance(move, ActionMove)
    result = what_if(record, entry, move.action, games=20, seed=1)
    assert result.alternative == result.chosen
    assert result.chosen_results == result.alternative_results  # one branch, played once
    assert result.players == KINDS_OF["monitics"]
    final = replay_record(record)
    assert final.result is not None
    real = [final.metrics(seat)["score"] for seat in range(final.n)]
    assert list(result.actual.scores) == real
    # The real game is one more game of the same bots from there: it falls inside what the
    # simulated games span, for every seat but at most one, and near their middle on average.
    inside = 0
    for seat, score in enumerate(real):
        simulated = [f.scores[seat] for f in result.chosen_finishes]
        inside += min(simulated) <= score <= max(simulated)
    assert inside >= final.n - 1
    below = [
        sum(f.scores[seat] < real[seat] for f in result.chosen_finishes) / 20
        for seat in range(final.n)
    ]
    assert 0.1 <= fmean(below) <= 0.9
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) >= {
        "entry",
        "seat",
        "chosen",
        "alternative",
        "actual",
        "alternative_results",
        "sentence",
    }
    assert len(data["alternative_results"]) == final.n
    for seat in data["alternative_results"]:
        for figure in ("score", "money"):
            spread = seat[figure]
            assert spread["low"] <= spread["mean"] <= spread["high"]


def test_what_if_with_another_move_changes_the_branch() -> None:
    rigged = rigged_record()
    # Keeping the second 6 instead of gambling it: Ana ends with 1 + 6 + 6 for sure.
    result = what_if(rigged, RIGGED_ENTRY, "keep", games=12)
    assert result.chosen.kind == "gamble" and result.alternative == KEEP
    assert [f.scores[0] for f in result.alternative_finishes] == [13.0] * 12
    gambled = [f.scores[0] for f in result.chosen_finishes]
    assert all(3 <= s <= 8 for s in gambled) and len(set(gambled)) > 1
    assert result.actual.scores[0] == 3.0
    assert result.alternative_results[0].wins == 1.0
    assert "Ana" in result.sentence and "round 2" in result.sentence
    assert "With “Keep (cash +6)” instead" in result.sentence
    # And in a real game: another legal move gives other finishes than the one played.
    record = cached_record("financity")
    for entry in action_entries(record)[5:]:
        options = alternatives(record, entry)
        others = [a["action"] for a in options if not a["chosen"]]
        if others:
            break
    played = what_if(record, entry, others[0], games=6, seed=2, bots="random")
    assert played.players == ("random",) * len(record.seats)
    assert played.alternative_finishes != played.chosen_finishes


def test_what_if_is_the_same_for_the_same_seed() -> None:
    rigged = rigged_record()
    assert (
        what_if(rigged, 4, "borrow", games=5, seed=9).to_json()
        == what_if(rigged, 4, "borrow", games=5, seed=9).to_json()
    )


def test_an_action_may_be_typed_as_the_alternatives_list_it() -> None:
    record = cached_record("rut-to-riches")
    for entry in action_entries(record):
        texts = {
            str(get_game(record.game).codec.from_json(a["action"])): a["action"]
            for a in alternatives(record, entry)
        }
        loans = [t for t in texts if t.startswith("borrow ")]
        if loans:
            break
    action = action_from_text(record, entry, loans[0].upper())
    assert action.to_json() == texts[loans[0]]


def paused_record() -> GameRecord:
    state = TOY.new_state([Seat("Ana"), Seat("Ben")], 2, {"gamble_fee": 5})
    state.apply(0, KEEP)
    state.direct("pause")
    state.direct("resume")
    state.apply(1, KEEP)
    return record_of(state)


@pytest.mark.parametrize(
    ("entry", "action", "message"),
    [
        (9, "keep", "entry 9 is not in the record: its entries are numbered 0 to 3"),
        (1, "keep", "entry 1 is not a seat's move"),
        (0, "fly", "unknown action type 'fly'"),
        (0, "gamble", "Ana could not play 'gamble' at entry 0"),
        (0, {"type": "keep", "extra": 1}, "has no field 'extra'"),
    ],
)
def test_a_what_if_that_cannot_be_played_says_why(entry: int, action: object, message: str) -> None:
    record = paused_record()
    with pytest.raises(DebriefError) as raised:
        what_if(record, entry, action, games=2)  # type: ignore[arg-type]
    assert message in str(raised.value)


def test_bad_game_counts_and_stand_ins_are_refused() -> None:
    record = paused_record()
    with pytest.raises(DebriefError, match="1 to 500 games, not 0"):
        what_if(record, 0, "keep", games=0)
    with pytest.raises(DebriefError, match="unknown stand-in kind 'search'"):
        what_if(record, 0, "keep", stand_in="search")
    with pytest.raises(DebriefError, match="unknown bot kind 'genius'; choose one of random"):
        what_if(record, 0, "keep", bots="genius")


def test_broken_records_give_a_clear_message() -> None:
    good = rigged_record().document()
    broken: list[tuple[object, str]] = [
        ("{not json", "record is not valid JSON"),
        ({**good, "seats": []}, "field 'seats'"),
        ({**good, "game": "chess"}, "unknown game 'chess'"),
        (
            {**good, "moves": [*good["moves"][:3], {"seat": 0, "action": {"type": "fly"}}]},
            "entry 3 of the record does not replay: unknown action type 'fly'",
        ),
        (
            {**good, "moves": [{"seat": 1, "action": {"type": "keep"}}]},
            "entry 0 of the record does not replay",
        ),
        (42, "a record must be a record document, not int"),
    ]
    for record, message in broken:
        with pytest.raises(RecordError) as raised:
            build_debrief(record, budget_seconds=0.1)  # type: ignore[arg-type]
        assert message in str(raised.value)
        assert isinstance(raised.value, MoneyboardError)
    with pytest.raises(RecordError, match="entry 3 of the record does not replay"):
        alternatives(broken[3][0], 3)  # type: ignore[arg-type]


def test_the_move_played_is_played_once_for_several_alternatives_at_one_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The package's ``what_if`` is the function; its module is reached by name.
    module = importlib.import_module("moneyboard.debrief.what_if")
    rigged = rigged_record()
    calls: list[str] = []
    original = module._play_branch

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(str(args[2]))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, "_BRANCHES", {})
    monkeypatch.setattr(module, "_play_branch", counting)
    first = what_if(rigged, RIGGED_ENTRY, "keep", games=4, seed=5)
    second = what_if(rigged, RIGGED_ENTRY, "borrow", games=4, seed=5)
    again = what_if(rigged, RIGGED_ENTRY, "keep", games=4, seed=5)
    assert calls == ["keep", "gamble", "borrow"]
    assert first.chosen_finishes == second.chosen_finishes
    assert again.to_json() == first.to_json()


def test_a_what_if_in_a_game_scored_by_net_worth_says_it_in_dollars() -> None:
    record = cached_record("monitics")
    entry = next(e for e in action_entries(record)[3:] if len(alternatives(record, e)) > 1)
    other = next(a["action"] for a in alternatives(record, entry) if not a["chosen"])
    result = what_if(record, entry, other, games=3, seed=1, bots="random")
    assert " of net worth on average ($" in result.sentence, result.sentence
    assert "net worth net worth" not in result.sentence


@pytest.mark.parametrize("game", ["financialit", "financity", "monitics", "rut-to-riches"])
def test_the_typed_form_the_debrief_suggests_names_that_very_move(game: str) -> None:
    """``--what-if ENTRY TEXT`` with the text the debrief prints gives back the same move:
    labels as the learner saw them (slots from 1), amounts by their short text."""
    record = cached_record(game)
    for entry in action_entries(record)[5:120:23]:
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        for action in state.legal_actions(move.seat):
            typed = typed_form(state, move.seat, action)
            assert action_from_text(record, entry, typed) == action, typed


def test_a_luxury_is_suggested_by_the_slot_the_learner_saw() -> None:
    record = cached_record("financialit")
    for entry in action_entries(record):
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        seat = move.seat
        buys = [a for a in state.legal_actions(seat) if a.kind == "buy_luxury"]
        if buys:
            break
    typed = typed_form(state, seat, buys[-1])
    assert typed == state.action_label(buys[-1])
    assert f"slot {buys[-1].to_json()['slot'] + 1}" in typed


def test_a_label_several_amounts_share_is_refused_with_each_amount() -> None:
    record = cached_record("rut-to-riches")
    for entry in action_entries(record):
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        borrows = [a for a in state.legal_actions(move.seat) if a.kind == "borrow"]
        if len(borrows) > 1:
            break
    label = state.action_label(borrows[0])
    with pytest.raises(DebriefError, match="is more than one move at entry") as caught:
        action_from_text(record, entry, label)
    said = str(caught.value)  # each amount in the game's words, never the short text
    assert state.action_text(borrows[1]) in said and str(borrows[1]) not in said


def _monitics_entry_with_savings_steps() -> tuple[GameRecord, int, list[str]]:
    """A Monitics move where saving was on offer in several amounts, and their texts."""
    record = cached_record("monitics")
    for entry in action_entries(record):
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        saves = [a for a in state.legal_actions(move.seat) if a.kind == "save"]
        if len(saves) > 1:
            return record, entry, [state.action_text(a) for a in saves]
    raise AssertionError("no move with several savings amounts")


def test_a_move_not_on_offer_says_so_and_lists_what_was_with_amounts() -> None:
    record, entry, saves = _monitics_entry_with_savings_steps()
    with pytest.raises(DebriefError) as caught:
        action_from_text(record, entry, "Buy a castle")
    said = str(caught.value)
    assert said.startswith("'Buy a castle' was not on offer to ") and f"at entry {entry}." in said
    assert "unknown action type" not in said
    for text in saves:  # each amount once, by its own text (not 'Put money in savings' x5)
        assert said.count(text + ";") + said.endswith(text) == 1, (text, said)


def test_a_refused_amount_ends_in_one_full_stop() -> None:
    record, entry, _ = _monitics_entry_with_savings_steps()
    with pytest.raises(DebriefError) as caught:
        action_from_text(record, entry, '{"type": "save", "amount": 100000}')
    assert ".." not in str(caught.value) and ". On offer there: " in str(caught.value)


def test_a_what_if_says_which_bots_played_on() -> None:
    # The turning points play on at random, a what-if by default as each seat's own bot: the
    # figures differ, and the sentence says why.
    record = rigged_record()
    own = what_if(record, RIGGED_ENTRY, "gamble", games=2, seed=1, stand_in="saver")
    assert "Every seat played on as a saver bot. The turning points play every seat on at " in (
        own.sentence
    )
    fast = what_if(record, RIGGED_ENTRY, "gamble", games=2, seed=1, bots="random")
    assert "Every seat played on at random, as in the turning points." in fast.sentence


#: An internal id: a snake_case word ("pay_bills", "buy_luxury").
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")


@pytest.mark.parametrize("game", ["financialit", "financity", "monitics", "rut-to-riches"])
def test_every_move_is_named_in_the_games_words(game: str) -> None:
    """The moves a trainer picks from for "what if" read as the game says them, with the
    amount where the label leaves it out: never an action's id or short text."""
    record = cached_record(game)
    moves = moves_in_words(record)
    assert [entry for entry, _, _ in moves] == action_entries(record)
    codec = get_game(game).codec
    for entry, seat, text in moves[::7]:  # each one checked against a replay: a sample
        move = record.moves[entry]
        assert isinstance(move, ActionMove) and move.seat == seat
        state = replay_record(record, upto=entry)
        assert text == state.action_text(codec.from_json(move.action))
    played = [record.moves[entry] for entry, _, _ in moves]
    short = {str(codec.from_json(m.action)) for m in played if isinstance(m, ActionMove)}
    for _, _, text in moves:
        assert not RAW_ID.search(text) and text not in short, text


@pytest.mark.parametrize("game", ["monitics", "rut-to-riches"])
def test_a_suggested_amount_is_in_the_games_words(game: str) -> None:
    """Where the steps of an amount share a label, the suggested --what-if names the step by
    the game's words and its amount ("Borrow from the bank ($500)"), not "borrow 500"."""
    record = cached_record(game)
    for entry in action_entries(record):
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        legal = state.legal_actions(move.seat)
        labels = [state.action_label(a) for a in legal]
        shared = [a for a, label in zip(legal, labels, strict=True) if labels.count(label) > 1]
        if shared:
            break
    else:
        raise AssertionError("no move with several amounts")
    for action in shared:
        typed = typed_form(state, move.seat, action)
        assert typed == state.action_text(action) and not RAW_ID.search(typed)
        assert action_from_text(record, entry, typed) == action


def test_a_kind_of_move_that_needs_more_asks_which_one() -> None:
    """``--what-if 15 buy`` where several assets are on offer lists them, in words (it named
    the action's inner field); where one is, it is that one."""
    record = cached_record("monitics")
    for entry in action_entries(record):
        move = record.moves[entry]
        assert isinstance(move, ActionMove)
        state = replay_record(record, upto=entry)
        buys = [a for a in state.legal_actions(move.seat) if a.kind == "buy"]
        if len(buys) < 2:
            continue
        with pytest.raises(DebriefError) as refused:
            action_from_text(record, entry, "buy")
        said = str(refused.value)
        assert "which one?" in said and "field" not in said, said
        assert all(state.action_text(a) in said for a in buys)
        return
    raise AssertionError("no entry with several assets to buy")
