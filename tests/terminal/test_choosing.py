"""How a person chooses at the terminal: numbers that stay put while a decision goes on,
moves typed in words with an amount of one's own, and prompts that read well."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from rich.console import Console

from moneyboard import registry
from moneyboard.engine.actions import Action
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.financialit.actions import Place
from moneyboard.games.rut_to_riches.actions import Borrow
from moneyboard.terminal import InputEndedError, PlaySession
from moneyboard.terminal.session import HELP
from tests.games.financialit.driver import run
from tests.games.financialit.driver import start as financialit_start
from tests.games.monitics.driver import STOCK_BOX, roll_to, set_money
from tests.games.monitics.driver import start as monitics_start
from tests.games.rut_to_riches.helpers import act, set_cash, start


def session(state: GameState, *typed: str) -> PlaySession:
    answers: Iterator[str] = iter(typed)
    return PlaySession(state, Console(record=True, width=120), lambda: next(answers, None))


def output(s: PlaySession) -> str:
    return s.console.export_text()


def play_until(
    game: str, seed: int, wanted: Callable[[list[Action]], bool]
) -> tuple[GameState, int, list[Action]]:
    """A game of Ana, Ben and Cy played at random until the seat to move has ``wanted``
    moves: the state, that seat and its moves."""
    state = registry.get_game(game).new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 0)
    rng = random.Random(seed)
    while True:
        if state.is_chance():
            state.resolve_chance()
            continue
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if wanted(legal):
            return state, seat, legal
        state.apply(seat, rng.choice(legal))


T = TypeVar("T")


def walk_until(
    game: str, found: Callable[[GameState, int, list[Action]], T | None], what: str
) -> tuple[GameState, int, T]:
    """A game of Ana, Ben and Cy played at random (seed 0) until ``found`` finds something
    in the seat to move's moves: the state, that seat and what was found."""
    state = registry.get_game(game).new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 0)
    rng = random.Random(0)
    for _ in range(3000):
        if state.is_chance():
            state.resolve_chance()
            continue
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        result = found(state, seat, legal)
        if result is not None:
            return state, seat, result
        state.apply(seat, rng.choice(legal))
    raise AssertionError(f"{game}: no {what} found")


def at_a_renumbering(game: str, kind: str, first: str) -> tuple[GameState, int]:
    """A game played at random up to a ``kind`` decision whose first move (of type
    ``first``) leaves the decision open with a different second move: where the list used
    to be numbered again, so the same number meant another move."""

    def renumbered(state: GameState, seat: int, legal: list[Action]) -> bool | None:
        d = state.decision
        if d is None or d.kind != kind or legal[0].kind != first or len(legal) <= 2:
            return None
        after = state.clone()
        after.apply(seat, legal[0])
        if after.to_move()[:1] == (seat,) and after.legal_actions(seat)[1] != legal[1]:
            return True
        return None

    state, seat, _ = walk_until(game, renumbered, f"{kind} decision")
    return state, seat


@pytest.mark.parametrize(
    ("game", "kind", "first", "then"),
    [
        # FinanCity, Zone 8: repay a card early, then "2" again meant Done; it took a loan.
        ("financity", "repay", "repay_loan", "done"),
        # FinanciaLit, the Market: common goods, then "3" again meant Done; it bought a luxury.
        ("financialit", "market", "buy_goods", "done"),
    ],
)
def test_a_move_keeps_its_number_while_the_decision_goes_on(
    game: str, kind: str, first: str, then: str
) -> None:
    state, seat = at_a_renumbering(game, kind, first)
    legal = state.legal_actions(seat)
    done = next(n for n, a in enumerate(legal, 1) if a.kind == then)
    before = len(state.moves)
    play = session(state, "1", str(done))
    with pytest.raises(InputEndedError):  # the next person has no answers left
        play.run()
    mine = [m.action.kind for m in state.moves[before:] if m.seat == seat and m.action]
    assert mine == [first, then]
    text = output(play)
    # The move that went is said to be gone, and its number is not given to another move.
    listed_again = text.split(f"your move (1-{len(legal)}, ? for help): 1")[1]
    assert " is no longer possible ('why " in listed_again.split("your move")[0]
    assert f"  {done}. {state.action_label(legal[done - 1])}" in listed_again
    # The next decision (another person's) is numbered from 1 again.
    assert "\n  1. " in listed_again.split(f"help): {done}")[1]


def test_a_number_no_longer_listed_says_why_and_plays_nothing() -> None:
    state, _ = at_a_renumbering("financity", "repay", "repay_loan")
    before = len(state.moves)
    play = session(state, "1", "1", "q")
    assert not play.run()
    assert len(state.moves) == before + 1  # the second "1" is explained, not played
    text = output(play)
    assert "Move 1 is no longer possible ('why 1' says why)" in text
    assert "'Repay a loan card' is not allowed: " in text


def at_an_amount_dropped(game: str, first: str) -> tuple[GameState, int, Action, Action]:
    """A game played at random up to a decision where a ``first`` move leaves the decision
    open and one of the amounts listed drops out of the list although it is still allowed
    (a loan taken: the most goods one can pay for is a larger number): the state, the seat,
    that move and the amount that drops out."""

    def dropped_after(
        state: GameState, seat: int, legal: list[Action]
    ) -> tuple[Action, Action] | None:
        for move in (a for a in legal if a.kind == first):
            after = state.clone()
            after.apply(seat, move)
            if after.to_move()[:1] != (seat,):
                continue
            still = set(after.legal_actions(seat))
            for dropped in legal:
                if dropped not in still and after.why_not(seat, dropped) is None:
                    return move, dropped
        return None

    state, seat, (move, dropped) = walk_until(game, dropped_after, f"amount dropped after {first}")
    return state, seat, move, dropped


def test_an_amount_still_allowed_keeps_its_number_after_the_list_changes() -> None:
    """FinanciaLit's Market: after a loan the most goods one can pay for is a larger number,
    so the smaller top amount listed before left the list; the terminal said that move was
    "no longer possible", 'why' called it allowed, and typing its number played nothing.
    It is still allowed: it stays listed under its number, and its number plays it."""
    state, seat, loan, dropped = at_an_amount_dropped("financialit", "take_loan")
    legal = state.legal_actions(seat)
    first, then = legal.index(loan) + 1, legal.index(dropped) + 1
    label = state.action_label(dropped)
    before = len(state.moves)
    play = session(state, str(first), f"why {then}", str(then), "q")
    with contextlib.suppress(InputEndedError):  # another person next: no answers left
        play.run()
    mine = [m.action for m in state.moves[before:] if m.seat == seat]
    assert mine[:2] == [loan, dropped]
    text = output(play)
    again = text.split(f"help): {first}")[1].split(f"help): {then}\n")[0]
    assert "no longer possible" not in again
    assert f"\n  {then}. {label}" in again
    assert f"help): why {then}\n'{label}" in again and "' is allowed now." in again


def test_moves_gone_after_a_pay_off_are_named_together_and_each_says_why() -> None:
    """Rut to Riches: paying a debt off leaves less cash, and the larger repayments and
    pay-offs listed before are gone. The line read "Moves 8, 11, 14 or 17 are no longer
    possible ('why 8' says why)": "or", and one number's reason for all of them; 'why'
    alone lists each gone move with its own reason (here, the most the cash now covers)."""
    state = start()
    set_cash(state, 0, 800)
    act(state, 0, Borrow(1000))  # an overdraft to repay, and $1,800 in cash
    legal = state.legal_actions(0)
    pay_off = next(a for a in legal if str(a) == "pay_off credit_card 1000")
    repay = next(a for a in legal if str(a) == "repay 1000")
    first, then = legal.index(pay_off) + 1, legal.index(repay) + 1
    play = session(state, str(first), "why", "q")
    assert not play.run()
    text = output(play).split(f"help): {first}")[1]
    gone = re.search(r"Moves ([\d, ]+ and \d+) are no longer possible \('why' says why\)", text)
    assert gone is not None and str(then) in gone.group(1).replace(",", "").split()
    assert (
        f"  {then}. Repay the bank overdraft ($1,000): The amount must be between $100 and"
        " $800." in text.split("help): why")[1]
    )


def test_a_single_choice_is_asked_plainly() -> None:
    state = monitics_start(players=2)  # Roll the die, or pay the tax first
    play = session(state, "2", "q")
    assert not play.run()
    text = output(play)
    assert "(1-1" not in text
    assert "Ada, your move (type 1, or ? for help): q" in text


def test_moves_refused_alike_share_a_line() -> None:
    """Monitics, after the turn's two actions: each amount of 'Put money in savings' had its
    own line, five identical lines without their amounts."""
    state = monitics_start(players=2)
    set_money(state, 0, 400)
    roll_to(state, STOCK_BOX, 2)
    save = next(a for a in state.legal_actions(0) if a.kind == "save")
    state.apply(0, save)
    state.apply(0, save)
    play = session(state)
    play.answer(0, state.legal_actions(0), "?")
    text = output(play)
    assert text.count("Put money in savings") == 1
    assert "-14. Put money in savings: You have used your 2 actions this turn." in text


def rut_turn() -> tuple[GameState, int]:
    """Rut to Riches, a turn where the bank lends in listed steps ($100, $500...)."""
    state = registry.get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], 1)
    rng = random.Random(0)
    for _ in range(2):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, state.to_move()[0]


@pytest.mark.parametrize(
    "typed",
    [
        "Borrow from the bank ($400)",  # the listed words with another amount
        "borrow from the bank $400",
        "Borrow from the bank (400)",
        "borrow from the bank 400",
        "borrow 400",
    ],
)
def test_the_listed_words_take_an_amount_of_ones_own(typed: str) -> None:
    state, seat = rut_turn()
    legal = state.legal_actions(seat)
    assert not any(str(a) == "borrow 400" for a in legal)  # $400 is not listed
    chosen = session(state).answer(seat, legal, typed)
    assert chosen is not None and str(chosen) == "borrow 400"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Borrow $400 from the bank", "borrow 400"),  # the amount where it is said
        ("borrow from bank 400", "borrow 400"),  # a small word left out
        ("Borrow from the bank: $400", "borrow 400"),
        # The line as listed, with what the list says it brings, and an amount of one's own.
        ("Borrow from the bank ($400) (cash +$400, debt +$400, Pay Day −$40)", "borrow 400"),
        ("pay off credit card debt $300", "pay_off credit_card 300"),
    ],
)
def test_a_move_with_an_amount_is_understood_as_people_write_it(typed: str, meant: str) -> None:
    """These were answered "is not one of the moves here"."""
    state, seat = rut_turn()
    chosen = session(state).answer(seat, state.legal_actions(seat), typed)
    assert chosen is not None and str(chosen) == meant


def test_an_amount_out_of_range_says_the_range() -> None:
    state, seat = rut_turn()
    play = session(state)
    assert play.answer(seat, state.legal_actions(seat), "Borrow $100,000,000 from the bank") is None
    assert "is not allowed: The amount must be between $100 and $" in output(play)


def test_a_refused_amount_is_named() -> None:
    state, seat = rut_turn()
    play = session(state)
    assert play.answer(seat, state.legal_actions(seat), "Borrow from the bank ($1,050)") is None
    assert "'Borrow from the bank ($1,050)' is not allowed: The amount must be a multiple" in (
        output(play)
    )


def test_an_amount_inside_the_listed_words_may_be_changed() -> None:
    """FinanCity lists 'Deposit $100 into savings': those words take another amount, with
    or without the "$" ('deposit 300 into savings' was not understood)."""
    state, seat, legal = play_until(
        "financity", 1, lambda moves: len([a for a in moves if a.kind == "deposit"]) > 2
    )
    play = session(state)
    for typed in ("Deposit $300 into savings", "deposit 300 into savings", "deposit $300"):
        chosen = play.answer(seat, legal, typed)
        assert chosen is not None and str(chosen) == "deposit 300", typed


def test_a_move_s_words_without_their_bracket_are_enough() -> None:
    # FinanciaLit's Market with a Beach Holiday in slot 2: "Buy Beach Holiday (slot 2)".
    state = financialit_start(rounds=1, forced={"deck:luxury": ["bicycle", "holiday"]})
    state.apply(0, Place("market"))
    run(state, until=lambda s: s.decision is not None and s.decision.kind == "market")
    seat = 0
    legal = state.legal_actions(seat)
    chosen = session(state).answer(seat, legal, "buy beach holiday")
    beach = [a for a in legal if state.action_label(a).startswith("Buy Beach Holiday")]
    assert beach and chosen == beach[0]


def test_the_help_says_an_amount_of_ones_own_may_be_typed() -> None:
    assert "with an amount of your own" in HELP
    assert "keeps its number until you finish the decision" in HELP


def test_an_offer_takes_a_price_of_ones_own_in_its_listed_words() -> None:
    """Monitics lists card offers at example prices ('Offer Ana $30 for an Option card'):
    the same words with another price, "$" or not, make that offer."""
    state, seat, legal = play_until(
        "monitics", 0, lambda moves: any(a.kind == "propose" for a in moves)
    )
    offer = next(a for a in legal if a.kind == "propose")
    listed = state.action_label(offer)
    price = state.money_text(offer.price)  # type: ignore[attr-defined]
    assert price in listed
    play = session(state)
    for typed in (listed.replace(price, "$7"), listed.replace(price, "7").lower()):
        chosen = play.answer(seat, legal, typed)
        assert chosen is not None and getattr(chosen, "price", None) == 7, typed
        assert str(chosen).rpartition(" ")[0] == str(offer).rpartition(" ")[0]
