"""Rut to Riches' personality bots play as their one-line summaries say.

The spender: Rut to Riches has no wellbeing, so its weights were left mostly the score
(passive income over expenses); it paid its debts off and bought what paid, and won 68% of
simulated games: a class read "spending wins". There it now takes the treats it may turn
down (a cruise, a newer car, a kitchen), buys no assets and pays no debt off.

The insurer "insures against bad luck" but let every insurance card go: one step ahead its
premium only lowers income."""

from __future__ import annotations

from moneyboard.bots import make_bot
from moneyboard.bots.hints import RUT_INSURANCE, RUT_TREATS
from moneyboard.bots.personality import PERSONALITIES, SPENDER
from moneyboard.games.rut_to_riches.actions import BUY, Deal, Roll
from moneyboard.games.rut_to_riches.base import CONTENT
from moneyboard.games.rut_to_riches.state import RutState
from tests.games.rut_to_riches.helpers import act, force, set_cash, start


def expense(card: str, cash: int) -> RutState:
    """P1, holding ``cash``, has drawn the optional Expenses card ``card``."""
    state = start(jobs=("doctor", "teacher"), forced={"deck:expenses": [card]})
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.decision is not None and state.decision.kind == "expense"
    set_cash(state, 0, cash)
    return state


def opportunity(card: str, cash: int) -> RutState:
    """P1, holding ``cash``, has turned over the opportunity card ``card``."""
    deck = "personal" if card.startswith("pe_") else "real_estate"
    state = start(jobs=("doctor", "teacher"), forced={f"deck:{deck}": [card]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal(deck))
    assert state.decision is not None and state.decision.kind == "opportunity"
    set_cash(state, 0, cash)
    return state


def test_the_hinted_cards_are_the_games_treats_and_insurance_cards() -> None:
    # The hints name cards by id: a card added to the game must be added to them.
    optional = {card for card, e in CONTENT.expenses.items() if e.optional}
    insurance = {card for card, o in CONTENT.opportunities.items() if o.kind == "insurance"}
    assert set(RUT_TREATS) == optional
    assert set(RUT_INSURANCE) == insurance


def test_the_spender_weighs_financialit_and_financity_as_before() -> None:
    for game_id in ("financialit", "financity"):
        assert SPENDER.weights_in(game_id) == SPENDER.weights
    rut = SPENDER.weights_in("rut-to-riches")
    assert rut["score"] == 0.0 and rut["assets"] == 0.0


def test_no_personality_borrows_for_nothing_in_rut_to_riches() -> None:
    # Debt weighs more than cash for the spender: at equal weights a $100 loan tied with
    # the dice, and the spender borrowed at random "to keep $90 more in cash".
    for p in PERSONALITIES:
        weights = p.weights_in("rut-to-riches")
        assert -weights["debt"] >= weights["cash"], p.kind
    rut = SPENDER.weights_in("rut-to-riches")
    assert -rut["debt"] > rut["cash"]


def test_the_rut_spender_takes_the_treats_and_says_why() -> None:
    for card, cash in (("ex_cruise", 5000), ("ex_kitchen", 0), ("ex_new_car", 5000)):
        state = expense(card, cash)
        choice = make_bot("spender", 3, 0).choose(state, 0)
        title = CONTENT.expenses[card].title
        assert choice.action == BUY, (card, choice)
        assert choice.why == (
            f"did not choose 'Pass on {title}' because a spender would rather enjoy a treat "
            "now than let it go"
        )


def test_the_rut_saver_still_turns_a_treat_down() -> None:
    state = expense("ex_cruise", 5000)
    assert make_bot("saver", 3, 0).choose(state, 0).action != BUY


def test_the_rut_spender_buys_no_asset_it_could_pay_for() -> None:
    # Before: it bought the condo (the score, passive income over expenses, led its weights).
    for seed in range(3):
        state = opportunity("re_condo_2br", 20000)
        assert state.opportunity_problem(0, state.opp("re_condo_2br")) is None
        choice = make_bot("spender", seed, 0).choose(state, 0)
        assert choice.action != BUY, choice


def test_the_rut_spender_pays_no_debt_off_with_cash_in_hand() -> None:
    state = start(jobs=("doctor", "teacher"))
    set_cash(state, 0, 30000)
    bot = make_bot("spender", 5, 0)
    moves: list[tuple[str, str]] = []
    while state.decision is not None and 0 in state.to_move() and len(moves) < 8:
        choice = bot.choose(state, 0)
        moves.append((choice.action.kind, choice.why))
        if choice.action.kind == "roll":
            break
        state.apply(0, choice.action)
    assert moves[-1][0] == "roll", moves
    assert not any(kind in ("pay_off", "pay_off_all", "repay", "borrow") for kind, _ in moves)


def test_the_rut_insurer_takes_an_insurance_card_and_says_why() -> None:
    for card in RUT_INSURANCE:
        state = opportunity(card, 3000)
        choice = make_bot("insurer", 3, 0).choose(state, 0)
        title = CONTENT.opportunities[card].title
        assert choice.action == BUY, (card, choice)
        assert choice.why == (
            f"did not choose 'Pass on {title}' because insurance keeps one bad card from "
            "ruining the family"
        )
