"""FinanCity's events as a learner reads them: zones by the rulebook's names, a Done by what
was finished, expenses with their parts named."""

from __future__ import annotations

from moneyboard.games.financity.actions import DONE, Place
from moneyboard.games.financity.base import ZONE_NAMES, ZONES
from tests.games.financity.driver import SHARED, at, drive, start


def texts(state: object, key: str) -> list[str]:
    return [state.explain(e) for e in state.log if e[0] == key]  # type: ignore[attr-defined]


def test_placing_the_home_token_names_the_zone_as_the_rulebook_does() -> None:
    state = start()
    seat = state.to_move()[0]
    state.apply(seat, Place("extra_jobs"))
    assert texts(state, "plan.placed") == ["Ana puts the home token on Zone 4: Extra Jobs."]
    assert set(ZONE_NAMES) == set(ZONES)


def test_done_says_what_the_family_finished_doing() -> None:
    state = start()
    for _ in range(200):
        if state.decision is not None and state.decision.kind == "savings":
            break
        seat = state.to_move()[0]
        kind = state.decision.kind if state.decision else ""
        state.apply(seat, Place("free_time") if kind == "plan" else state.legal_actions(seat)[0])
    else:
        raise AssertionError("no savings decision was reached")
    seat = state.to_move()[0]
    name = state.seats[seat].name
    state.apply(seat, DONE)
    assert texts(state, "zone.passed")[-1] == f"{name} is done saving."


def test_expenses_name_their_parts() -> None:
    state = start()
    state.players[1].shopping = ["internet_plan", "bus_pass"]  # +40 and -20
    drive(state, until=at("plan", 2))
    home = SHARED.expenses
    assert texts(state, "expenses.paid")[1] == (
        f"Ben pays ${home + 20:,} of expenses (the home ${home:,}, shopping cards adding $40 "
        "and taking off $20)."
    )


def test_the_place_buttons_name_each_zone_as_the_rulebook_does_and_decks_keep_theirs() -> None:
    state = start()
    seat = state.to_move()[0]
    labels = {state.action_label(Place(zone)) for zone in ZONES}
    assert "Place the home token on Zone 4: Extra Jobs" in labels
    assert "Place the home token on the Loans Zone (LZ)" in labels
    # "shopping" names a deck as well: there it stays the deck's word.
    turned = [state.explain(e) for e in state.log if e[0] == "cards.turned_up"]
    assert any(t.startswith("New face-up shopping card: ") for t in turned), turned
    assert state.legal_actions(seat)
