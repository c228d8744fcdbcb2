"""Monitics' personality bots play as their one-line summaries say.

The spender: Monitics has no wellbeing, so its weights were left mostly net worth with
little fear of debt; it bought every asset it could and won 65% of 200 simulated games,
and a class learned "spending wins". In Monitics it now spends its cash on what it can use
this year (Insurance and Option cards) and leaves assets and savings alone.

The insurer "insures against bad luck" but never bought an Insurance card: one step ahead
the card only costs money."""

from __future__ import annotations

from moneyboard.bots import make_bot
from moneyboard.bots.personality import PERSONALITIES, SPENDER
from moneyboard.engine.state import Seat
from moneyboard.games.monitics.state import MoniticsState
from moneyboard.registry import get_game
from tests.games.monitics.driver import STOCK_BOX, roll_to, set_money, start


def test_the_spender_weighs_other_games_as_before() -> None:
    # Rut to Riches has its own (tests/bots/test_rut_to_riches_personalities.py).
    for game_id in ("financialit", "financity"):
        assert SPENDER.weights_in(game_id) == SPENDER.weights
    assert SPENDER.weights_in("monitics")["score"] == 0.0


def test_no_personality_values_cash_above_debt_in_any_game() -> None:
    # A unit of cash worth more than a unit of debt makes any loan a gain in itself.
    for p in PERSONALITIES:
        for game_id in ("financialit", "financity", "rut-to-riches", "monitics"):
            weights = p.weights_in(game_id)
            assert -weights["debt"] >= weights["cash"], (p.kind, game_id)


def turn_on_a_market(state: MoniticsState, kind: str) -> list[tuple[str, str]]:
    """Seat 0's moves on the market it stands on, played by a ``kind`` bot (at most six),
    each with the bot's reason."""
    bot = make_bot(kind, 3, 0)
    moves: list[tuple[str, str]] = []
    while state.decision is not None and state.decision.kind == "turn" and len(moves) < 6:
        choice = bot.choose(state, 0)
        moves.append((str(choice.action), choice.why))
        state.apply(0, choice.action)
    return moves


def test_on_a_market_the_monitics_spender_buys_cover_not_assets_and_says_why() -> None:
    state = start(players=2)
    set_money(state, 0, 400)
    roll_to(state, STOCK_BOX, 2)
    assert state.decision is not None and state.decision.kind == "turn"
    assert any(a.kind == "buy" for a in state.legal_actions(0))
    moves = turn_on_a_market(state, "spender")
    kinds = [move.split()[0] for move, _ in moves]
    assert "buy" not in kinds and "save" not in kinds, moves
    bought = [why for move, why in moves if move.startswith("buy_card")]
    assert any("a spender buys what it can use this year" in why for why in bought), moves


def play(seed: int, kinds: tuple[str, ...]) -> MoniticsState:
    """One Monitics game between personality bots, to its end."""
    state = get_game("monitics").new_state([Seat(k, k) for k in kinds], seed)
    assert isinstance(state, MoniticsState)
    state.auto_chance = True
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    while state.result is None:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat).action)
    return state


def test_over_several_games_the_spender_holds_fewer_assets_than_the_investor() -> None:
    # Before: the spender ended with more assets than the investor (seeds 0 to 3).
    kinds = ("saver", "spender", "investor", "insurer")
    spender = investor = 0
    for seed in range(4):
        state = play(seed, kinds)
        spender += state.asset_value(1)
        investor += state.asset_value(2)
        assert state.savings(1) == 0
    assert spender * 4 < investor, (spender, investor)


def test_the_monitics_insurer_buys_an_insurance_card_and_says_why() -> None:
    state = start(players=2)
    set_money(state, 0, 400)
    roll_to(state, STOCK_BOX, 2)
    moves = turn_on_a_market(state, "insurer")
    assert (
        "buy_card insurance",
        "chose 'Buy an Insurance card from the bank' because an Insurance card protects "
        "against bad luck",
    ) in moves, moves
    assert state.players[0].insurance == 1
