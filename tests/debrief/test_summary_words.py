"""The debrief's summary, charts and table in a learner's words: the start of the game, a
player who went bankrupt and left, a debt that lasted, time called by the trainer, a record
without moves, FinanCity's score by its own name, and the "nothing clear" sentence said once."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from moneyboard import registry
from moneyboard.bots import make_bot
from moneyboard.debrief import build_debrief, charts_svg
from moneyboard.debrief.command import run_debrief
from moneyboard.debrief.debrief import Debrief, summarize
from moneyboard.debrief.report import report_html
from moneyboard.debrief.timeline import TimelineRow, debrief_label, score_unit, seat_values
from moneyboard.engine.record import GameRecord, record_of
from moneyboard.engine.state import Seat
from moneyboard.registry import get_game, replay_record
from moneyboard.sim.play import round_of
from tests.debrief.conftest import BUDGET, bot_record, cached_record

GAMES = [g for g in registry.game_ids() if g != "toy"]


def played(
    game_id: str, kinds: tuple[str, ...], seed: int, options: dict[str, object]
) -> GameRecord:
    """A whole game of bots under ``options``, as its record."""
    seats = [Seat(f"{kind.capitalize()} {i + 1}", kind) for i, kind in enumerate(kinds)]
    state = get_game(game_id).new_state(seats, seed, options)
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    while state.result is None:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat).action)
    return record_of(state)


def terminal(record: GameRecord, tmp_path: Path, debrief: Debrief | None = None) -> str:
    """What ``moneyboard debrief`` prints for ``record`` (or for ``debrief`` built from it)."""
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    out = io.StringIO()
    if debrief is None:
        run_debrief(path, Console(file=out, width=300), budget=0.0, out=tmp_path / "r.html")
        return out.getvalue()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("moneyboard.debrief.command.build_debrief", lambda *a, **k: debrief)
        run_debrief(path, Console(file=out, width=300), budget=0.0, out=tmp_path / "r.html")
    return out.getvalue()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_starts_its_timeline_with_the_figures_before_the_first_move(
    game_id: str,
) -> None:
    record = cached_record(game_id)
    debrief = build_debrief(record, budget_seconds=0.0)
    start = replay_record(record, upto=0)
    assert debrief.rounds()[0] == 0
    rows = [row for row in debrief.timeline if row.round == 0]
    if game_id != "rut-to-riches":  # Rut to Riches' round 0 ends after the opening rolls
        assert [row.values for row in rows] == [seat_values(start, s) for s in range(start.n)]
    grew = next(line for line in debrief.summary if "net worth grew" in line)
    assert " at the start to " in grew and " after " not in grew
    chart = charts_svg(debrief)["net_worth"]
    assert ">Start</text>" in chart and "at the start and at the end of each" in chart
    assert "<td>Start</td>" in report_html(debrief)


def test_monitics_starts_every_family_with_its_starting_cash() -> None:
    debrief = build_debrief(cached_record("monitics"), budget_seconds=0.0)
    start_cash = [row.values["cash"] for row in debrief.timeline if row.round == 0]
    assert start_cash == [500.0] * 3
    assert "from $500 at the start to " in " ".join(debrief.summary)


def test_a_rut_to_riches_player_who_went_bankrupt_and_left_is_said_and_their_lines_stop() -> None:
    record = bot_record("rut-to-riches", 3, ("saver", "random", "investor"))
    debrief = build_debrief(record, budget_seconds=BUDGET)
    (setback,) = debrief.setbacks
    assert (setback.seat, setback.bankrupt, setback.left) == (1, 21, 21)
    assert "Random 2 went bankrupt in round 21 and left the game." in debrief.summary
    # No figures of Random's once out: their income did not boom, their debt did not vanish.
    assert max(row.round for row in debrief.timeline if row.seat == 1) == 20
    assert max(row.round for row in debrief.timeline if row.seat != 1) == 40
    (_, income), *_ = [s for s in debrief.series("income") if s[0] == "Random 2"]
    assert income[-1] is None and income[debrief.rounds().index(20)] is not None
    chart = charts_svg(debrief)["income"]
    assert ">out</text>" in chart and "then out of the game after round 20" in chart
    page = report_html(debrief)
    assert '<tr><td>21</td><th scope="row">Random 2</th><td colspan="' in page.replace("\n", "")
    assert page.count("Random 2 went bankrupt in round 21 and left the game.") == 2


def test_a_monitics_family_out_of_the_game_is_said_and_its_lines_stop() -> None:
    record = played("monitics", ("random",) * 3, 1, {"bankruptcy": "player_out", "start_cash": 100})
    debrief = build_debrief(record, budget_seconds=0.0)
    (setback,) = debrief.setbacks
    assert setback.seat == 1 and setback.left is not None
    said = f"Random 2 went bankrupt in round {setback.left} and left the game."
    assert said in debrief.summary
    assert all(row.round < setback.left for row in debrief.timeline if row.seat == 1)


def with_debt(debrief: Debrief, debts: dict[int, list[float]]) -> Debrief:
    """``debrief`` with its timeline's debts replaced: per seat, one per round."""
    rows = []
    for row in debrief.timeline:
        values = dict(row.values)
        values["debt"] = debts.get(row.seat, [0.0] * 99)[debrief.rounds().index(row.round)]
        rows.append(TimelineRow(row.round, row.seat, values, row.entry))
    return dataclasses.replace(debrief, timeline=tuple(rows))


def debt_line(debrief: Debrief, record: GameRecord, upto: int | None = None) -> str:
    final = replay_record(record, upto=upto)
    return next(line for line in summarize(debrief, final, "points") if "largest debt" in line)


def test_the_largest_debt_at_the_start_and_a_debt_that_lasted_are_said_so(
    rigged: GameRecord,
) -> None:
    debrief = build_debrief(rigged, budget_seconds=0.0)
    assert debrief.rounds() == [0, 1, 2]
    at_start = with_debt(debrief, {1: [8.0, 3.0, 0.0]})
    assert debt_line(at_start, rigged) == "The largest debt was Ben's: 8 at the start."
    from_start = with_debt(debrief, {1: [8.0, 8.0, 8.0]})
    assert debt_line(from_start, rigged).endswith(": 8 from the start to the end of the game.")
    lasted = with_debt(debrief, {2: [0.0, 5.0, 5.0]})
    assert debt_line(lasted, rigged) == (
        "The largest debt was Cleo's: 5 from round 1 to the end of the game."
    )
    paid = with_debt(debrief, {2: [0.0, 5.0, 2.0]})
    assert debt_line(paid, rigged).endswith(": 5 at the end of round 1.")
    unfinished = dataclasses.replace(lasted, finished=False)
    assert debt_line(unfinished, rigged, upto=len(rigged.moves) - 1).endswith(
        ": 5 from round 1 until the record stops."
    )


def test_an_unfinished_record_says_when_the_record_stops_not_at_the_end() -> None:
    record = cached_record("financialit")
    part = record.model_copy(update={"moves": record.moves[:40]})
    debrief = build_debrief(part, budget_seconds=0.0)
    assert debrief.summary[0].startswith("The game was not finished: the record stops in round")
    grew = next(line for line in debrief.summary if "net worth grew" in line)
    assert grew.endswith(" when the record stops.") and " at the end." not in grew


def test_time_called_gives_the_standings_then() -> None:
    kinds = ("saver", "spender", "investor", "random")
    seats = [Seat(f"{kind.capitalize()} {i + 1}", kind) for i, kind in enumerate(kinds)]
    state = get_game("rut-to-riches").new_state(seats, 11)
    bots = [make_bot(kind, 11, seat) for seat, kind in enumerate(kinds)]
    for _ in range(16):
        mover = state.to_move()[0]
        state.apply(mover, bots[mover].choose(state, mover).action)
    called_in = round_of(state)
    state.direct("call_time")
    assert state.result is None  # scored when the next turn begins (R25)
    debrief = build_debrief(record_of(state), budget_seconds=0.0)
    assert debrief.time_called == called_in
    first = debrief.summary[0]
    assert first.startswith(
        f"The trainer called time in round {called_in}; the standings then: 1. "
    )
    assert "not finished" not in first
    for seat in seats:
        assert seat.name in first
    assert re.search(r"\(0% of expenses covered by passive income, net worth −?\$[\d,]+\)", first)


def test_a_record_without_moves_says_no_move_has_been_made_yet(tmp_path: Path) -> None:
    record = cached_record("financialit").model_copy(update={"moves": []})
    debrief = build_debrief(record, budget_seconds=0.0)
    assert debrief.moves == 0 and debrief.rounds() == [0]
    text = terminal(record, tmp_path)
    assert "No move has been made yet in this record." in text
    assert "offered a real choice" not in text
    assert "No move has been made yet in this record." in report_html(debrief)


def test_nothing_clear_of_chance_is_said_once(tmp_path: Path) -> None:
    record = cached_record("financity")
    debrief = build_debrief(record, budget_seconds=BUDGET)
    quiet = dataclasses.replace(debrief, turning_points=(), measured=3)
    quiet = dataclasses.replace(
        quiet, summary=tuple(summarize(quiet, replay_record(record), "points"))
    )
    sentence = "None of the 3 most promising of"
    assert not any(sentence in line for line in quiet.summary)
    assert terminal(record, tmp_path, quiet).count(sentence) == 1
    assert report_html(quiet).count(sentence) == 1


def test_financity_names_its_score_as_its_end_table_does() -> None:
    assert debrief_label("financity", "score") == "Score (champion score less loans)"
    assert score_unit("financity") == "points of score"
    debrief = build_debrief(cached_record("financity"), budget_seconds=BUDGET)
    assert debrief.labels["score"] == "Score (champion score less loans)"
    page = report_html(debrief)
    assert "Champion score" not in page and "champion score points" not in page
    assert "Score (champion score less loans)</th>" in page
