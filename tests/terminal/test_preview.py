"""A move's preview says what the move itself does; what the game does after it by itself
(a period's bills and income) is set apart, so a learner does not take it for the move's."""

from __future__ import annotations

import random

from moneyboard import registry
from moneyboard.engine.state import GameState, Seat
from moneyboard.terminal.render import action_text, preview, previews


def financialit_at_the_last_done(seed: int = 3) -> tuple[GameState, int]:
    """A FinanciaLit game played at random until a family's 'Done here' ends the round's
    payments, so that the round's bills and the next round's income follow it."""
    state = registry.get_game("financialit").new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 3)
    rng = random.Random(seed)
    for _ in range(2000):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        done = [a for a in legal if a.kind == "done"]
        paying = state.view(None).get("phase") == "payments"
        if done and paying and previews(state, seat, done[0])[1]:
            return state, seat
        state.apply(seat, rng.choice(legal))
    raise AssertionError("no round's last 'Done here' came up")


def test_the_periods_payments_after_a_move_are_set_apart_from_it() -> None:
    """'Done here' pays nothing: the bills and income that follow it read as what follows
    at the end of the round (they read as the move's own: 'Done here (debt −4 units, ...)')."""
    state, seat = financialit_at_the_last_done()
    done = next(a for a in state.legal_actions(seat) if a.kind == "done")
    text = action_text(state, seat, done)
    assert text.startswith("Done here (then, at the end of the round: "), text
    assert preview(state, seat, done) == ""  # the move itself changes nothing


def test_a_move_that_pays_says_its_own_part_first() -> None:
    """A loan taken says what it brings now; chance's share comes after, apart."""
    state = registry.get_game("financialit").new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 3)
    seat = state.to_move()[0]
    loan = next(a for a in state.legal_actions(seat) if a.kind == "take_loan")
    own, following = previews(state, seat, loan)
    assert own == "cash +5 units, debt +8 units"
    assert following == ""  # the next decision is another family's, in the same round
