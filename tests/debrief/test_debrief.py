"""The debrief of a recorded bot game of every registered game: timeline, turning points,
summary and charts; and the rigged game whose costly move must show."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

import pytest

from moneyboard import registry
from moneyboard.debrief import Debrief, DebriefError, build_debrief, charts_svg
from moneyboard.debrief.records import undone_entries
from moneyboard.debrief.timeline import seat_values
from moneyboard.engine.record import ActionMove, ChanceMove, GameRecord, record_of
from moneyboard.engine.state import Seat
from moneyboard.registry import replay_record
from moneyboard.sim.play import round_of
from tests.debrief.conftest import BUDGET, RIGGED_ENTRY, cached_record
from tests.engine.toygame import GAMBLE, KEEP
from tests.engine.toygame import GAME as TOY

GAMES = list(registry.game_ids())

_debriefs: dict[str, Debrief] = {}


def debrief_of(game_id: str) -> Debrief:
    if game_id not in _debriefs:
        _debriefs[game_id] = build_debrief(cached_record(game_id), budget_seconds=BUDGET)
    return _debriefs[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_timeline_has_every_round_and_seat_as_a_replay_shows_them(game_id: str) -> None:
    record = cached_record(game_id)
    debrief = debrief_of(game_id)
    n = len(record.seats)
    rows = debrief.timeline
    assert len(rows) % n == 0
    rounds = debrief.rounds()
    assert len(rows) == n * len(rounds)
    assert len(rounds) >= 2
    for i, number in enumerate(rounds):
        group = rows[i * n : (i + 1) * n]
        assert [row.seat for row in group] == list(range(n))
        assert {row.round for row in group} == {number}
        entries = group[0].entry
        if entries == 0:  # the start: the figures before the first move
            assert i == 0 and number == 0
            for row in group:
                assert row.values == seat_values(replay_record(record, upto=0), row.seat)
            continue
        # The round is over after ``entries`` entries: the game shows the next round or ended.
        state = replay_record(record, upto=entries)
        before = replay_record(record, upto=entries - 1)
        assert round_of(before) == number
        assert round_of(state) != number or state.result is not None
        for row in group:
            assert row.values == seat_values(state, row.seat)
    final = replay_record(record)
    assert final.result is not None
    assert rows[-1].entry == len(record.moves)


@pytest.mark.parametrize("game_id", GAMES)
def test_json_has_the_promised_shape_and_turning_points_name_seat_and_round(
    game_id: str,
) -> None:
    debrief = debrief_of(game_id)
    data = json.loads(json.dumps(debrief.to_json()))
    assert data["game"] == game_id
    assert data["seats"] == [s.name for s in cached_record(game_id).seats]
    names = [m["name"] for m in data["metrics"]]
    assert names and all(m["label"] for m in data["metrics"])
    assert set(names) <= set(data["timeline"][0]["values"])
    assert data["summary"] and all(line.endswith(".") for line in data["summary"])
    money = registry.get_game(game_id).state_class.currency  # amounts in its currency
    for line in data["summary"]:
        if ("net worth grew" in line and not line.startswith("Nobody")) or "largest debt" in line:
            assert re.search(rf"{re.escape(money[0])}[\d,]+(\.\d\d)?{re.escape(money[1])}", line)
        assert "after round 0" not in line  # the first row is the start: "at the start"
    assert debrief.decisions > 0 and debrief.measured >= 1
    for point in data["turning_points"]:
        assert set(point) >= {"entry", "seat", "round", "chosen", "better", "effect", "sentence"}
        name = data["seats"][point["seat"]]
        assert name in point["sentence"]
        period = registry.get_game(game_id).state_class.period  # "round", FinanCity's "year"
        assert f"In {period} {point['round']}, " in point["sentence"]
        # Net worth, where a sentence names it, is money in the game's currency.
        for figure in re.findall(
            r"about (\S+(?: units)?) (?:more|less) net worth", point["sentence"]
        ):
            assert figure.startswith(money[0]) and figure.endswith(money[1].strip()), figure
        assert (point["better"] is None) == (point["weight"] > 0)
        entry = cached_record(game_id).moves[point["entry"]]
        assert getattr(entry, "action", None) == point["chosen"]["action"]


@pytest.mark.parametrize("game_id", GAMES)
def test_charts_are_one_accessible_svg_per_metric(game_id: str) -> None:
    debrief = debrief_of(game_id)
    charts = charts_svg(debrief)
    assert list(charts) == list(debrief.metrics)
    for metric, svg in charts.items():
        root = ElementTree.fromstring(svg)
        ns = "{http://www.w3.org/2000/svg}"
        assert root.get("role") == "img"
        title, desc = root.find(f"{ns}title"), root.find(f"{ns}desc")
        assert title is not None and desc is not None
        assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
        assert debrief.labels[metric] in (title.text or "")
        texts = [t.text for t in root.iter(f"{ns}text")]
        period = registry.get_game(game_id).state_class.period  # FinanCity's axis: "Year"
        assert debrief.period == period and debrief.to_json()["period"] == period
        assert period.capitalize() in texts and debrief.labels[metric] in texts
        for name in debrief.seats:  # every seat is in the legend and the description
            assert name[:13] in " ".join(str(t) for t in texts)
            assert name in (desc.text or "")
        assert len(root.findall(f"{ns}g/{ns}polyline")) == len(debrief.seats)


def test_turning_points_are_deterministic_for_a_record_and_seed() -> None:
    record = cached_record("financialit")
    first = build_debrief(record, seed=3, budget_seconds=BUDGET).to_json()
    again = build_debrief(record, seed=3, budget_seconds=BUDGET).to_json()
    assert first == again
    assert first["timeline"] == debrief_of("financialit").to_json()["timeline"]


def test_the_rigged_costly_move_is_a_costly_turning_point(rigged: GameRecord) -> None:
    debrief = build_debrief(rigged, budget_seconds=1.0)
    points = {p.entry: p for p in debrief.turning_points}
    assert RIGGED_ENTRY in points, [p.sentence for p in debrief.turning_points]
    costly = points[RIGGED_ENTRY]
    assert not costly.good_call
    assert costly.seat == 0 and costly.round == 2
    # Better: keep the 6, or first take the toy's free loan of 3 (which the future may not).
    assert costly.chosen.kind == "gamble" and costly.alternative.kind in ("keep", "borrow")
    # Keeping the 6 gives 6; gambling pays 5 for a roll worth 3.5 on average: about 7.5 lost.
    assert -10 < costly.effect < -4
    assert costly.sentence.startswith("In round 2, Ana chose “Gamble”; choosing “")
    # It is the decision that mattered most, by far.
    assert debrief.turning_points[0] is costly
    assert all(abs(p.weight) < abs(costly.weight) / 2 for p in debrief.turning_points[1:])
    assert re.search(r"\b[1-9] costly\b", " ".join(debrief.summary))


def test_an_unfinished_game_is_debriefed_up_to_where_its_record_stops() -> None:
    record = cached_record("monitics")
    part = record.model_copy(update={"moves": record.moves[:60]})
    debrief = build_debrief(part, budget_seconds=0.2)
    assert not debrief.finished
    assert debrief.timeline[-1].entry == 60
    assert debrief.summary[0].startswith("The game was not finished")


def test_a_classroom_record_with_directives_and_an_undo_is_debriefed() -> None:
    # Ana gambles her 6 away, the trainer takes it back, and she keeps it this time.
    seats = [Seat("Ana"), Seat("Ben")]
    forced = {"die": [6, 2, 6, 6, 2]}
    state = TOY.new_state(seats, 1, {"rounds": 2, "gamble_fee": 5}, forced=forced)
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    state.direct("pause")
    state.direct("resume")
    state.apply(0, GAMBLE)
    state.direct("undo", count=1)
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    assert state.result is not None
    # As the server hands it out: the record's JSON data, directives with every field.
    data = record_of(state).model_dump(mode="json")
    debrief = build_debrief(data, budget_seconds=0.5)
    assert debrief.finished
    assert undone_entries(record_of(state)) == {4}
    assert 4 not in {p.entry for p in debrief.turning_points}
    last = {row.seat: row.values["cash"] for row in debrief.timeline[-2:]}
    final = replay_record(record_of(state))
    assert last == {0: 13.0, 1: final.metrics(1)["cash"]}  # Ana kept both sixes


def test_a_pause_after_the_moves_taken_back_is_not_marked_undone() -> None:
    # The trainer pauses to discuss Ana's gamble, then takes it back: the pause stays in
    # force (the game is still paused), the gamble is undone.
    state = TOY.new_state([Seat("Ana"), Seat("Ben")], 1, {"rounds": 2}, forced={"die": [6] * 6})
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    state.apply(0, GAMBLE)
    state.direct("pause")
    state.direct("undo", count=1)
    record = record_of(state)
    pause = next(n for n, e in enumerate(record.moves) if getattr(e, "directive", "") == "pause")
    gamble = max(n for n, e in enumerate(record.moves[:pause]) if isinstance(e, ActionMove))
    undone = undone_entries(record)
    assert gamble in undone
    assert pause not in undone
    assert state.status.paused


def test_a_record_with_chance_outcomes_from_outside_is_debriefed() -> None:
    # As OpenSpiel plays: chance is left pending and each outcome is applied as an entry.
    state = TOY.new_state([Seat("Ana"), Seat("Ben")], 3, {"rounds": 2}, auto_chance=False)
    rolls = iter([5, 2, 1, 4, 3, 6])
    while state.result is None:
        if state.is_chance():
            state.apply_chance(next(rolls))
        else:
            state.apply(state.to_move()[0], KEEP)
    record = record_of(state)
    assert any(isinstance(m, ChanceMove) for m in record.moves)
    debrief = build_debrief(record, budget_seconds=0.3)
    final = replay_record(record)
    assert [row.values["cash"] for row in debrief.timeline[-2:]] == [
        final.metrics(seat)["cash"] for seat in range(2)
    ]
    assert debrief.rounds() == [0, 1, 2]


def test_a_bad_budget_or_limit_is_refused(rigged: GameRecord) -> None:
    with pytest.raises(DebriefError, match="budget is a number of seconds, not -1"):
        build_debrief(rigged, budget_seconds=-1)
    with pytest.raises(DebriefError, match="not nan"):
        build_debrief(rigged, budget_seconds=float("nan"))
    with pytest.raises(DebriefError, match="zero or more turning points, not -2"):
        build_debrief(rigged, limit=-2)
    assert build_debrief(rigged, budget_seconds=0, limit=0).turning_points == ()
