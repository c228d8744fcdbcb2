"""Rule options, variant files, records and action parsing: clear errors for bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from moneyboard.engine import MalformedInputError, OptionsError, RecordError, Seat
from moneyboard.engine.game import GameDef
from moneyboard.engine.options import describe_options, read_overrides
from moneyboard.engine.record import VERSION, load_record, parse_record, record_of
from moneyboard.registry import get_game, replay_record
from tests.engine.toygame import KEEP, ToyOptions


def test_unknown_option_is_named() -> None:
    with pytest.raises(OptionsError, match="unknown option 'roundz'"):
        get_game("toy").options({"roundz": 3})


def test_bad_value_is_named() -> None:
    with pytest.raises(OptionsError, match="option 'rounds'"):
        get_game("toy").options({"rounds": 0})


def test_variant_file_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "v.toml"
    toml.write_text("[options]\nrounds = 5\n")
    assert read_overrides(toml) == {"rounds": 5}
    js = tmp_path / "v.json"
    js.write_text('{"gamble_fee": 2}')
    assert read_overrides(js) == {"gamble_fee": 2}
    broken = tmp_path / "b.toml"
    broken.write_text("rounds = = 5")
    with pytest.raises(OptionsError, match="not valid TOML"):
        read_overrides(broken)
    with pytest.raises(OptionsError, match="cannot read"):
        read_overrides(tmp_path / "missing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\x00\xff\xfe")
    with pytest.raises(OptionsError, match="is not a text file"):
        read_overrides(binary)


def test_a_variant_file_with_options_both_inside_and_outside_its_table_is_refused(
    tmp_path: Path,
) -> None:
    """With an [options] table, a key outside it would be silently ignored: refused, named."""
    mixed = tmp_path / "mixed.toml"
    mixed.write_text('rounds = 2\ntitle = "x"\n[options]\ngamble_fee = 4\n')
    with pytest.raises(OptionsError, match=r"'rounds', 'title' outside the \[options\] table"):
        read_overrides(mixed)
    extra = tmp_path / "extra.toml"
    extra.write_text("[options]\ngamble_fee = 4\n[extra]\nfoo = 1\n")
    with pytest.raises(OptionsError, match="'extra' outside"):
        read_overrides(extra)


def test_true_or_false_for_a_number_is_refused_and_text_digits_are_read() -> None:
    with pytest.raises(OptionsError, match="option 'rounds' is a number, not true"):
        get_game("toy").options({"rounds": True})
    with pytest.raises(OptionsError, match="option 'rounds' is a number, not false"):
        get_game("financialit").options({"rounds": False})
    # A form field sends text: "3" is still three rounds.
    assert get_game("toy").options({"rounds": "3"}).overrides() == {}  # the default, 3


def test_a_check_across_options_reads_as_its_own_sentence() -> None:
    with pytest.raises(OptionsError) as caught:
        get_game("financialit").options({"event_order": ["fire", "flood_of_doom"]})
    text = str(caught.value)
    assert "flood_of_doom" in text
    assert "(top level)" not in text and "Value error" not in text and "(got {" not in text


@pytest.mark.parametrize(
    ("overrides", "said"),
    [
        ({"rounds": "x"}, "option 'rounds' must be a whole number (not 'x')"),
        ({"rounds": 1.5}, "option 'rounds' must be a whole number (not 1.5)"),
        ({"rounds": -1}, "option 'rounds' must be at least 1 (not -1)"),
        ({"event_order": "fire"}, "option 'event_order' must be a list (not 'fire')"),
        (
            {"income_draw": "sometimes"},
            "option 'income_draw' must be 'each', 'one_for_all' or 'none' (not 'sometimes')",
        ),
    ],
)
def test_a_wrong_value_is_named_in_plain_words(overrides: dict[str, object], said: str) -> None:
    with pytest.raises(OptionsError) as caught:
        get_game("financialit").options(overrides)
    assert str(caught.value) == said  # not pydantic's "Input should be a valid integer, ..."


@pytest.mark.parametrize("written", ["none", "None", " NONE "])
def test_none_in_words_sets_an_option_that_may_be_none_back_to_none(written: str) -> None:
    # TOML has no null: a rules file could not turn the Monitics clock off (R23 variant).
    monitics = get_game("monitics")
    assert monitics.options({"turn_seconds": 120}).turn_seconds == 120  # type: ignore[attr-defined]
    assert monitics.options({"turn_seconds": written}).turn_seconds is None  # type: ignore[attr-defined]
    # An option that may not be none keeps "none" as a word of its own.
    assert get_game("financialit").options(
        {"income_draw": written.strip().lower()}
    ).overrides() == {"income_draw": "none"}


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("off", "option 'turn_seconds' must be a whole number (not 'off'), or \"none\""),
        (0, "option 'turn_seconds' must be at least 10 (not 0), or \"none\""),
        (False, "option 'turn_seconds' is a number or \"none\", not false"),
    ],
)
def test_a_refused_value_of_an_option_that_may_be_none_says_none_is_allowed(
    value: object, said: str
) -> None:
    with pytest.raises(OptionsError) as caught:
        get_game("monitics").options({"turn_seconds": value})
    assert str(caught.value) == said


def test_describe_options_says_what_to_write_without_python_types() -> None:
    game = get_game("financialit")
    rows = {r["name"]: r for r in describe_options(game.options_model)}
    assert rows["goods_max"]["accepts"] == 'a whole number from 0 to 50, or "none"'
    assert rows["income_draw"]["accepts"] == "one of: each, one_for_all, none"
    assert rows["event_counts"]["accepts"] == 'a table of ids and whole numbers, or "none"'
    assert "fire" in rows["event_counts"]["ids"] and "fire" in rows["event_order"]["ids"]
    assert "farmers" in rows["families"]["ids"]
    assert rows["rounds"]["ids"] == []
    jargon = ("tuple", "dict", "Literal", "None", "int", "str")
    for row in rows.values():
        assert not any(word in row["accepts"].split() for word in jargon), row
        assert "``" not in row["meaning"] and "\n" not in row["meaning"]
        assert "  " not in row["meaning"]
    # Nothing to claim in FinanciaLit, so the option is not offered at all.
    assert "manual_claims" not in rows
    claims = describe_options(game.options_model, ["payday", "bonus"])[0]
    assert claims["name"] == "manual_claims" and claims["ids"] == ["bonus", "payday"]


def test_a_record_that_is_not_an_object_says_so() -> None:
    with pytest.raises(RecordError, match="it must be a table of fields, not a list"):
        parse_record("[1, 2, 3]")


def test_describe_options_lists_defaults_and_meaning() -> None:
    rows = {r["name"]: r for r in describe_options(ToyOptions)}
    assert rows["rounds"]["default"] == 3
    assert "rounds the game lasts" in rows["rounds"]["meaning"]


def test_wrong_seat_count_is_refused(toy_game: GameDef) -> None:
    with pytest.raises(OptionsError, match="2 to 4 players"):
        toy_game.new_state([Seat("solo")])


def test_codec_errors_name_the_problem(toy_game: GameDef) -> None:
    codec = toy_game.codec
    assert codec.from_json({"type": "keep"}) == KEEP
    assert codec.from_json("keep") == KEEP
    with pytest.raises(MalformedInputError, match="unknown action type 'fly'"):
        codec.from_json({"type": "fly"})
    with pytest.raises(MalformedInputError, match="no field"):
        codec.from_json({"type": "keep", "extra": 1})
    with pytest.raises(MalformedInputError, match="'type'"):
        codec.from_json(42)


def test_a_field_of_the_wrong_kind_is_named_in_words_a_person_reads() -> None:
    """A hand-edited record's ``"amount": "lots"`` says what the field must be in JSON's
    words ("a whole number"), not Python's ("int")."""
    codec = get_game("financity").codec
    with pytest.raises(MalformedInputError) as info:
        codec.from_json({"type": "deposit", "amount": "lots"})
    assert str(info.value) == "action 'deposit' field 'amount' must be a whole number (not 'lots')"
    with pytest.raises(MalformedInputError, match="needs the field 'amount'"):
        codec.from_json({"type": "deposit"})


def _played(toy_game: GameDef, seed: int) -> str:
    state = toy_game.new_state([Seat("A"), Seat("B"), Seat("C", "random")], seed=seed)
    rng = random.Random(seed)
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return record_of(state).to_json()


def test_record_replays_byte_for_byte(toy_game: GameDef, tmp_path: Path) -> None:
    for seed in range(10):
        text = _played(toy_game, seed)
        path = tmp_path / f"{seed}.json"
        path.write_text(text)
        state = replay_record(load_record(path))
        again = replay_record(parse_record(text))
        assert json.dumps(state.full_view(), sort_keys=True) == json.dumps(
            again.full_view(), sort_keys=True
        )
        assert record_of(state).to_json() == text


def test_records_of_every_version_so_far_load_and_a_later_one_is_refused() -> None:
    """A record is written with today's version (4: FinanciaLit's second Family cards); every
    earlier version still loads, and one from a later moneyboard is refused by name."""
    assert VERSION == 4
    document = {"game": "toy", "seats": [{"name": "a"}]}
    for version in range(1, VERSION + 1):
        assert parse_record(json.dumps({**document, "version": version})).version == version
    assert parse_record(json.dumps(document)).version == VERSION
    with pytest.raises(RecordError) as later:
        parse_record(json.dumps({**document, "version": VERSION + 1}))
    assert "field 'version' must be 1, 2, 3 or 4 (not 5)" in str(later.value)


def test_record_errors_are_clear(toy_game: GameDef, tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        parse_record("{nope")
    with pytest.raises(RecordError, match="field 'seats'"):
        parse_record(json.dumps({"game": "toy"}))
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay_record(parse_record(json.dumps({"game": "chess", "seats": [{"name": "a"}]})))
    bad_move = {
        "game": "toy",
        "seats": [{"name": "a"}, {"name": "b"}],
        "moves": [{"seat": 1, "action": {"type": "keep"}}],
    }
    with pytest.raises(RecordError, match="entry 1 of the record does not replay: It is not your"):
        replay_record(parse_record(json.dumps(bad_move)))
    with pytest.raises(RecordError, match="only with the seed, rule options and seats") as now:
        replay_record(parse_record(json.dumps(bad_move)))
    assert "earlier moneyboard" not in str(now.value)
    # A record older than a change to the rules may not replay: it says so.
    with pytest.raises(RecordError) as older:
        replay_record(parse_record(json.dumps({**bad_move, "version": 2})))
    assert str(older.value).endswith(
        "this one was written by an earlier moneyboard (record version 2), and the game's"
        " rules have changed since: see its RULINGS.md)"
    )
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x00\xff\xfe")
    with pytest.raises(RecordError, match="is not a text file"):
        load_record(binary)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"moves": [{"seat": 0}]}, "entry 1, field 'action' is missing"),
        ({"moves": [{"what": 1}]}, "entry 1: an entry must be an action"),
        ({"moves": [{"directive": "undo"}]}, "directive 'undo' needs count"),
        ({"moves": [{"directive": "nap"}]}, "entry 1, field 'directive'"),
        ({"forced": {"die": [9]}}, "the record's 'forced': 9 is not one of the outcomes of die"),
        (
            {"forced": {"deck": ["x"]}},
            "the record's 'forced': this game has no cards or dice called 'deck'",
        ),
        ({"options": {"rounds": 0}}, "the record's 'options': option 'rounds'"),
        (
            {"moves": [{"seat": 0, "action": {"type": "keep", "x": 1}}]},
            "entry 1 of the record does not replay: action 'keep' has no field 'x'",
        ),
    ],
)
def test_a_bad_record_names_the_entry_and_the_field(
    toy_game: GameDef, change: dict[str, object], expected: str
) -> None:
    record = {"game": "toy", "seats": [{"name": "a"}, {"name": "b"}], **change}
    with pytest.raises(RecordError) as info:
        replay_record(parse_record(json.dumps(record)))
    assert expected in str(info.value)
    assert len(str(info.value)) < 300  # one clear line, not a dump of every entry kind
