"""The families table in a learner's words: cards and loans named, money in the currency,
no record syntax, no counts from 0 and no bookkeeping fields."""

from __future__ import annotations

from rich.console import Console

from moneyboard.engine.state import GameState, Seat
from moneyboard.registry import get_game
from moneyboard.terminal.render import families_table

NAMES = ("Ana", "Ben", "Cy")


def new_game(game_id: str) -> GameState:
    return get_game(game_id).new_state([Seat(name) for name in NAMES], seed=1)


def rows(state: GameState) -> dict[str, list[str]]:
    """The families table's rows: label -> the cells, one per family."""
    console = Console(record=True, width=220)
    console.print(families_table(state, state.view(None)))
    out: dict[str, list[str]] = {}
    for line in console.export_text().splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells and cells[0]:
            out[cells[0]] = cells[1:]
    return out


def test_financialit_names_careers_investments_insurance_and_counts_loans() -> None:
    state = new_game("financialit")
    ana = state.homes[0]  # type: ignore[attr-defined]
    ana.careers = [["second_job", False], ["better_firm", True]]
    ana.investments = [["education_fund", 4], ["pension_plan", 1]]
    ana.insurance = ["basic", "legal"]
    ana.loans = [None, 1, 2]
    table = rows(state)
    assert table["careers"][0] == "A Steady Second Job (from next period), A Job at a Bigger Firm"
    assert table["investments"][0] == (
        "Children's Education Fund (pays out in 4 periods), "
        "Private Pension Plan (pays out next period)"
    )
    assert table["insurance"][0] == "Basic Insurance, Legal expenses clause"
    # Three loans of 2 repayments each, one taken this round, two part repaid: 5 left.
    assert table["loans"][0] == "3 loans, 5 repayments left"
    assert table["loans"][1] == "-"
    text = " ".join(" ".join([k, *v]) for k, v in table.items())
    for raw in ("(card", "slot", "active", "career away", "placed"):
        assert raw not in text, raw
    # Where the pawns are: said once.
    assert table["pawns on"] == ["No pawn on the board yet"] * 3


def test_financialit_loans_count_one_loan_in_the_singular() -> None:
    state = new_game("financialit")
    state.homes[0].loans = [None]  # type: ignore[attr-defined]
    assert rows(state)["loans"][0] == "1 loan, 2 repayments left"


def test_monitics_shows_the_bank_loan_in_dollars_and_no_bookkeeping() -> None:
    state = new_game("monitics")
    p = state.players[1]  # type: ignore[attr-defined]
    p.loan, p.next_loan = 0, 0
    state.players[2].next_loan = 1  # type: ignore[attr-defined]
    state.players[0].assets["studio_flat"] = 0  # type: ignore[attr-defined]
    table = rows(state)
    assert table["bank loan"] == ["none (next: $200)", "$200 (repay $240)", "none (next: $300)"]
    assert table["assets held"][0] == "Studio flat"
    for gone in ("position", "turns", "out", "done", "loan", "next loan"):
        assert gone not in table, gone


def test_monitics_says_who_is_out_only_when_someone_is() -> None:
    state = new_game("monitics")
    state.players[2].out = True  # type: ignore[attr-defined]
    assert rows(state)["out of the game"] == ["no", "no", "yes"]


def test_financity_savings_cards_are_money() -> None:
    state = new_game("financity")
    state.players[0].savings = [500, 100]  # type: ignore[attr-defined]
    table = rows(state)
    assert table["savings cards"][0] == "$500, $100"
    assert "next year income change" not in table  # nothing to tell yet
    state.players[0].next_income = -50  # type: ignore[attr-defined]
    assert rows(state)["income change next year"][0] == "−$50"


def test_a_family_out_of_the_game_is_said_to_be_out_in_the_end_table() -> None:
    """Rut to Riches' table at the end (the metrics alone, no view) showed a player who went
    out with a salary and a Pay Day as if still earning, and nothing said they were out."""
    state = new_game("rut-to-riches")
    cy = state.players[2]  # type: ignore[attr-defined]
    cy.set_expense("general", cy.exp["general"] + 10_000)
    state.step_bankruptcy(2)  # type: ignore[attr-defined]
    console = Console(record=True, width=220)
    console.print(families_table(state))
    text = console.export_text()
    heads = [line for line in text.splitlines() if "┃" in line]
    assert any(line.split("┃")[4].strip() == "(out of the game)" for line in heads), heads
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells and cells[0]:
            table[cells[0]] = cells[1:]
    assert table["active income"][2] == table["Pay Day"][2] == table["expenses"][2] == "$0"
    assert table["active income"][0] != "$0"
