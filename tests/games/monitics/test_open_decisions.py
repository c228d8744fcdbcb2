"""A Monitics decision that stays open while the player acts tells its figures as they are
now: the actions left after a voluntary tax that counts as one."""

from __future__ import annotations

from moneyboard.games.monitics.actions import PAY_TAX
from moneyboard.terminal.render import decision_line
from tests.games.monitics.driver import STOCK_BOX, act, kind, roll_to, start


def test_the_turn_question_counts_the_actions_left_after_a_tax_that_is_one() -> None:
    state = start(tax_counts_as_action=True)
    roll_to(state, STOCK_BOX, 2)
    assert "2 actions left this turn" in decision_line(state, 0)
    act(state, PAY_TAX)
    assert kind(state) == "turn"
    assert "1 action left this turn" in decision_line(state, 0)
    assert state.view(0)["decision"]["left"] == 1
