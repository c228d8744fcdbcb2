"""What a learner reads in Rut to Riches says the class's own numbers in plain words: no
option value, internal name or Python value shown as it is stored."""

from __future__ import annotations

from moneyboard.games.rut_to_riches.actions import Borrow, BuyShares, Deal, Pass, Roll, SellShares
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.terminal.render import event_lines
from tests.games.rut_to_riches.helpers import act, force, start


def happened(state: RutState) -> list[str]:
    """What happened, as the terminal words it."""
    return event_lines(state, state.log, state.ledger.postings)[0]


def test_a_loan_says_the_interest_at_the_class_rate() -> None:
    """The overdraft's interest is a rule option (10% by the rulebook); the loan's line
    said "10% of it" whatever the class had set."""
    state = start(options={"loan_rate_percent": 5})
    act(state, 0, Borrow(400))
    assert state.players[0].exp["bank"] == 20
    assert (
        "P1 borrows $400 from the bank: overdraft now $400, at $20 interest each Pay Day."
        in happened(state)
    )
    state = start()
    act(state, 0, Borrow(1000))
    assert (
        "P1 borrows $1,000 from the bank: overdraft now $1,000, at $100 interest each Pay Day."
        in happened(state)
    )


def test_the_share_sale_buttons_say_all_or_half_not_the_part_as_a_number() -> None:
    """Selling shares was "Sell shares (1)" and "Sell shares (2)": which one sold them all?"""
    state = start(forced={"deck:shares": ["sh_tkno_1", "sh_tkno_5"], "deck:market": ["mf_calm"]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal("shares"))
    act(state, 0, BuyShares(100))
    act(state, 1, Pass("sh_tkno_1"))
    sells = [
        e["text"] for e in state.seat_actions(0)["legal"] if e["action"]["type"] == "sell_shares"
    ]
    assert sells == ["Sell all your shares", "Sell half your shares"]
    assert state.action_text(SellShares(2)) == "Sell half your shares"


def test_the_dream_square_says_what_is_missing_in_words() -> None:
    """Reaching the Dream without the means read "..., retired: False)"."""
    state = start(dreams=("voyage", "voyage"))
    p = state.players[0]
    state.step_dream(0, "voyage")
    assert happened(state)[-1] == (
        "P1 reaches their Dream but cannot buy it before retiring (and it takes passive"
        f" income of ${p.expenses + 10_000:,}; they have $0)."
    )
    p.retired = True
    p.set_expense("taxes", 0)
    state.step_dream(0, "voyage")
    assert happened(state)[-1] == (
        "P1 reaches their Dream but cannot buy it yet: it takes passive income of"
        f" ${p.expenses + 10_000:,} (total expenses plus $10,000), and they have $0."
    )
    assert not [line for line in happened(state) if "False" in line or "True" in line]
