"""What a learner reads in the terminal's board panel, family figures and end screen: seats
by their names, the game's words for its places, phases and metrics, bookkeeping left out,
and a result that says who won and why, with money in the currency."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from rich.console import Console

from moneyboard.engine.kernel import Result
from moneyboard.engine.messages import msg
from moneyboard.engine.state import GameState, Seat
from moneyboard.registry import get_game
from moneyboard.terminal.render import (
    SEAT_FIELDS,
    board_rows,
    families_table,
    metric_text,
    preview,
    result_lines,
    result_reason,
    result_renderable,
)
from moneyboard.terminal.text import metric_label, number, word

GAMES = ("financialit", "financity", "rut-to-riches", "monitics")
NAMES = ("Ana", "Ben", "Cy", "Dee")
#: "credit_card", "this_turn": an identifier as the code spells it.
IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
#: A list of bare numbers ("0, 2"): seats shown by their numbers.
NUMBERS = re.compile(r"\b\d+(?:, \d+)+\b")


def new_game(game_id: str, seed: int, players: int = 3) -> GameState:
    return get_game(game_id).new_state([Seat(name) for name in NAMES[:players]], seed=seed)


def played(game_id: str, seed: int, decisions: int) -> GameState:
    """A game after ``decisions`` random legal moves (or at its end)."""
    state = new_game(game_id, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.result is not None:
            break
        seat = state.to_move()[0]
        action = state.random_action(seat, rng)
        assert action is not None
        state.apply(seat, action)
    return state


def finished(game_id: str, seed: int) -> GameState:
    state = new_game(game_id, seed)
    state.playout(random.Random(seed))
    assert state.result is not None
    return state


def rendered(thing: object) -> str:
    console = Console(record=True, width=160)
    console.print(thing)
    return console.export_text()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_panel_names_seats_and_says_places_and_phases_in_words(game_id: str) -> None:
    for seed in (1, 2):
        for decisions in (0, 15, 40, 90):
            state = played(game_id, seed, decisions)
            view = state.view(state.to_move()[0] if state.to_move() else None)
            rows = board_rows(state, view)
            names = {seat.name for seat in state.seats}
            for heading, text in rows:
                assert not IDENTIFIER.search(heading), heading
                assert not IDENTIFIER.search(text), (heading, text)
                assert not NUMBERS.search(text), (heading, text)
                # Bookkeeping is summarised, never dumped ("seat: 0; number: 1; ...").
                assert "; " not in text or ":" not in text, (heading, text)
            shown = dict(rows)
            for key in SEAT_FIELDS & set(view):
                seat = view[key]
                if isinstance(seat, int):  # "first player: Ben", not "first 1"
                    assert state.seats[seat].name in shown.values(), (key, shown)
            board = view.get("board")
            if isinstance(board, dict):
                for seats in board.values():
                    if seats:  # a zone's tokens by the families' names
                        who = {state.seats[s].name for s in seats}
                        assert any(set(t.split(", ")) == who for t in shown.values()), shown
                # Every row that lists families lists only their names.
                listed = [t for t in shown.values() if set(t.split(", ")) <= names]
                assert len(listed) >= sum(1 for seats in board.values() if seats)


def test_each_game_says_its_own_fields_as_a_learner_reads_them() -> None:
    lit = played("financialit", 1, 40)
    view = lit.view(None)
    rows = dict(board_rows(lit, view))
    assert rows["round"] == f"{view['round']} of {view['rounds']}"  # not "round 2", "rounds 8"
    assert (
        rows["phase"]
        == {
            "income": "Income Phase",
            "actions": "Action Phase",
            "payments": "Payments & Events Phase",
            "upkeep": "Upkeep Phase",
        }[view["phase"]]
    )
    assert rows["first player"] == lit.seats[view["first"]].name
    placed = {zone: seats for zone, seats in view["board"].items() if seats}
    assert placed  # the pawns are out after 40 moves
    locations = {"pay_bills": "Payable Bills", "investments": "Investing Opportunities"}
    for zone, seats in placed.items():
        name = locations.get(zone) or word(lit, zone)
        assert rows[f"pawns on {name}"] == ", ".join(lit.seats[s].name for s in seats)
    assert f"{view['decks']['short']} Short-Term Investments" in rows["cards left in the decks"]

    city = played("financity", 1, 40)
    view = city.view(None)
    rows = dict(board_rows(city, view))
    assert rows["year"] == f"{view['year']} of {view['years']}"
    assert rows["play marker"].startswith(f"Zone {view['zone']}: ")  # "Zone 3: Savings"
    for zone, seats in view["board"].items():
        if seats:
            heading = "the Loans Zone (LZ)" if zone == "LZ" else f"Zone {zone}: "
            (text,) = [t for h, t in rows.items() if h.startswith(f"home tokens in {heading}")]
            assert text == ", ".join(city.seats[s].name for s in seats)

    rut = played("rut-to-riches", 1, 40)
    view = rut.view(None)
    rows = dict(board_rows(rut, view))
    assert rows["round"] == f"{view['round']} of {view['turn_limit']}"
    assert rows["whose turn"] == rut.seats[view["current"]].name
    assert rows["first player"] == rut.seats[view["first"]].name

    monitics = played("monitics", 1, 40)
    view = monitics.view(None)
    rows = dict(board_rows(monitics, view))
    assert rows["whose turn"] == monitics.seats[view["this_turn"]["seat"]].name
    assert rows["actions left this turn"] == str(view["this_turn"]["actions_left"])
    assert rows["phase"] == "the year, week by week"
    # The turn's counter, its deals and its flags steer the rules: not shown; a finisher
    # not yet known is no news, nor a die not yet rolled.
    assert not {"this turn", "number", "deals", "stopped", "finisher"} & set(rows)
    assert ("die roll this turn" in rows) == bool(view["this_turn"]["roll"])


def _with_view(state: GameState) -> tuple[GameState, dict[str, object]]:
    return state, state.view(None)


def test_the_games_words_name_its_zones_and_metrics() -> None:
    city = new_game("financity", 1)
    assert word(city, "3", "zone") == "Zone 3: Savings"
    assert word(city, "LZ", "zone") == "the Loans Zone (LZ)"
    assert word(city, "loans", "zone") == "the Loans Zone (LZ)"  # the catalogue's own words
    lit = new_game("financialit", 1)
    assert metric_label(lit, "wellbeing") == "Happiness"
    # FinanCity's rulebook calls it wellbeing too; games without a name keep the kernel's.
    assert metric_label(city, "wellbeing") == "wellbeing"
    assert metric_label(new_game("monitics", 1), "score") == "net worth"
    assert metric_label(new_game("monitics", 1), "cash") == "cash"


def test_financialit_previews_say_happiness_and_financity_wellbeing() -> None:
    for game_id, metric, other in (
        ("financialit", "Happiness", "wellbeing"),
        ("financity", "wellbeing", "Happiness"),
    ):
        state = new_game(game_id, 3)
        rng = random.Random(3)
        seen = False
        for _ in range(400):
            seat = state.to_move()[0]
            for legal in state.legal_actions(seat)[:12]:
                text = preview(state, seat, legal)
                assert other not in text, text
                seen = seen or f"{metric} +" in text or f"{metric} −" in text
            if seen:
                break
            move = state.random_action(seat, rng)
            assert move is not None
            state.apply(seat, move)
        assert seen, f"{game_id}: no preview named {metric}"


def test_the_families_table_shows_a_figure_once_by_its_name_and_flags_as_yes_or_no() -> None:
    lit = played("financialit", 1, 40)
    text = rendered(families_table(lit, lit.view(None)))
    row_labels = [line.split("│")[1].strip() for line in text.splitlines() if "│" in line]
    assert row_labels.count("Happiness") == 1  # wellbeing, score and happiness: one figure
    assert "wellbeing" not in row_labels and "score" not in row_labels
    rut = played("rut-to-riches", 1, 40)
    rows = {
        line.split("│")[1].strip(): line
        for line in rendered(families_table(rut, rut.view(None))).splitlines()
        if "│" in line
    }
    assert "no" in rows["in the Inner Circle"] and " 0 " not in rows["retired"]
    assert f"{rut.metrics(0)['score']:.1%}" in rows["out of the Rut"]
    assert "progress" not in rows and "wellbeing" not in rows and "savings" not in rows
    monitics = played("monitics", 1, 40)
    rows = {
        line.split("│")[1].strip(): line
        for line in rendered(families_table(monitics, monitics.view(None))).splitlines()
        if "│" in line
    }
    assert "$" in rows["net worth"] and "income" not in rows and "wellbeing" not in rows


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_screen_has_no_empty_column(game_id: str) -> None:
    for seed in (1, 2, 3):
        state = finished(game_id, seed)
        text = rendered(result_renderable(state))
        head, _, table = text.partition("\n")
        assert head.startswith(("Winner", "No winner")), head
        assert "{" not in head and "nobody" not in head
        header = next(line for line in table.splitlines() if line.startswith("┃"))
        assert all(cell.strip() for cell in header.strip("┃").split("┃")), header
        body = [line for line in table.splitlines() if line.startswith("│")]
        columns = len(header.strip("┃").split("┃"))
        for column in range(columns):
            assert any(line.strip("│").split("│")[column].strip() for line in body), column


def test_a_game_nobody_won_says_so_once_in_the_heading() -> None:
    """FinanCity can end with no family meeting every criterion: the heading is "No winner"
    and the game's reason, not "Winner: nobody - Nobody met ..."."""
    state = finished("financity", 1)
    assert state.result is not None
    state.result = dataclasses.replace(state.result, winners=())
    head = rendered(result_renderable(state)).partition("\n")[0]
    assert head.startswith("No winner - ") and "nobody" not in head.lower(), head


def test_monitics_scores_are_money_and_the_net_worth_adds_up() -> None:
    for seed in (1, 2, 3, 4):
        state = finished("monitics", seed)
        assert state.result is not None
        text = rendered(result_renderable(state))
        assert "net worth" in text
        for seat, score in enumerate(state.result.scores):
            assert metric_text(state, "score", score) == state.money_text(score)
            assert state.money_text(score) in text
            if not state.view(None)["players"][seat]["out"]:
                m = state.metrics(seat)
                assert m["cash"] + m["savings"] + m["assets"] - m["debt"] == score
                (line,) = result_lines(state, seat)
                assert line.startswith(f"cash {state.money_text(m['cash'])} + savings")


def test_rut_to_riches_scores_say_how_far_out_of_the_rut() -> None:
    state = finished("rut-to-riches", 1)
    assert state.result is not None
    text = rendered(result_renderable(state))
    assert "out of the Rut" in text
    for seat, score in enumerate(state.result.scores):
        assert f"{score:.1%}" in text
        if not state.view(None)["players"][seat]["out"]:
            m = state.metrics(seat)
            assert result_lines(state, seat) == [
                f"passive income {state.money_text(m['passive'])} covers {score:.1%} of "
                f"expenses {state.money_text(m['expenses'])}"
            ]
        else:
            assert result_lines(state, seat) == ["out of the game"]


def test_a_reason_about_the_winner_names_the_winner_and_its_figures() -> None:
    """Rut to Riches ends a passive-income win with the reason's key alone."""
    state = finished("rut-to-riches", 1)
    state.result = Result((1,), state.result.scores if state.result else (), msg("rut.win_passive"))
    passive = state.money_text(state.metrics(1)["passive"])
    assert result_reason(state) == f"Ben reaches {passive} of passive income and wins!"


def test_financity_says_which_winner_criteria_each_family_met_or_missed() -> None:
    for seed in (1, 2, 3, 4, 5):
        state = finished("financity", seed)
        view = state.view(None)
        for seat in range(state.n):
            lines = result_lines(state, seat)
            criteria = [line for line in lines if line.startswith(("met: ", "missed: "))]
            assert len(criteria) == 4, lines
            # The same verdict as the game's own (meets_criteria, in the view).
            all_met = all(line.startswith("met: ") for line in criteria)
            assert all_met == view["players"][seat]["meets_winner_criteria"]
            assert (seat in state.result.winners) == all_met  # type: ignore[union-attr]
            p = view["players"][seat]
            assert any(f"{p['wellbeing']} wellbeing" in line for line in criteria)
            assert any(state.money_text(p["savings"]) in line for line in criteria)
            # The rulebook's "no loan cards", not "0 loan cards (at most 0 allowed)".
            (loans,) = [line for line in criteria if "loan card" in line]
            assert "at most 0" not in loans and "the 0 allowed" not in loans
            held = p["loan_cards"]
            assert loans in (
                "met: no loan cards held (none allowed)",
                f"missed: {held} loan card{'s' * (held != 1)} held, where none are allowed",
            )
            (champion,) = [line for line in lines if line.startswith("champion score ")]
            assert champion.startswith(f"champion score {number(_champion(state, seat))}:")


def _champion(state: GameState, seat: int) -> float:
    p = state.view(None)["players"][seat]
    return float(2 * p["wellbeing"] + p["cash"] + p["savings"])


def test_number_keeps_the_first_digits_of_a_small_share() -> None:
    assert number(0.0011) == "0.0011"  # was "0."
    assert number(0.05) == "0.05"
    assert number(1.5) == "1.5"


def test_rut_to_riches_families_table_shows_holdings_not_its_sheets_fields() -> None:
    """The sheets' totals are the metrics above them: the table names the cards a family
    holds and leaves out bookkeeping ("score sheet", "cash sheet", "pending move -")."""
    state = played("rut-to-riches", 2, 120)
    text = rendered(families_table(state, state.view(0)))
    labels = [line.split("│")[1].strip() for line in text.splitlines() if "│" in line]
    assert "cards held" in labels and "children" in labels
    for gone in ("score sheet", "cash sheet", "pending move", "lost turns", "turns", "square"):
        assert gone not in labels, gone
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
