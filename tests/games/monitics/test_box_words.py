"""Every box reads by the rulebook's name: in the move's sentence, a player's box in the views
(pages and terminal), and "Start" before the first roll."""

from __future__ import annotations

from moneyboard.games.monitics.content import load_content
from moneyboard.sim.play import round_of
from tests.games.monitics.driver import RENT_BOX, STOCK_BOX, TAX_BOX, roll_to, start

CONTENT = load_content()


def test_each_kind_of_box_has_a_plain_name() -> None:
    names = {box.label: box.words(CONTENT.bill) for box in CONTENT.boxes}
    assert names["asset:stock"] == "Stock market"
    assert names["asset:property"] == "Property market"
    assert names["bill:rent"] == f"Bill: {CONTENT.bill['rent'].name}"
    assert names["tax"] == "Tax authority"
    assert names["crash"] == "Market crash"
    assert names["circumstances"] == "Circumstances"
    assert names["finish"] == "Finish"
    assert all(":" not in name or name.startswith("Bill: ") for name in names.values())


def test_the_move_says_the_box_by_its_name() -> None:
    state = start()
    roll_to(state, TAX_BOX, 3)
    texts = [state.explain(e) for e in state.log]
    assert f"Ada moves to box {TAX_BOX} (Tax authority)." in texts


def test_a_players_box_is_worded_for_its_field_only() -> None:
    """The view keeps the box's identifier; the game's words name it for the ``box`` field,
    so the same identifier elsewhere (a crash that insurance stops) keeps its own word."""
    state = start()
    assert state.view(None)["players"][0]["box"] == "start"
    assert state.catalogue.word("start", "box") == "Start"
    roll_to(state, STOCK_BOX, 2)
    box = state.view(None)["players"][0]["box"]
    assert box == "asset:stock" and state.catalogue.word(box, "box") == "Stock market"
    assert state.catalogue.word("crash", "box") == "Market crash"
    assert state.catalogue.word("crash") == "crash"
    rent = CONTENT.boxes[RENT_BOX - 1]
    assert state.catalogue.word(rent.label, "box") == f"Bill: {CONTENT.bill['rent'].name}"


def test_a_round_is_everyones_turn_of_that_number() -> None:
    """The debrief and the tables count Monitics by rounds: round k holds every player's k-th
    turn (it counted every player's turn as a round of its own)."""
    state = start(players=3)
    turns = [(state.turn.seat, round_of(state))]
    while len(turns) < 7 and not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        if state.turn.seat != turns[-1][0]:
            turns.append((state.turn.seat, round_of(state)))
    assert turns[:7] == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3)]
