"""Bots: legal, repeatable, harmless to the game's chance, bounded, and sensible."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from moneyboard import registry
from moneyboard.bots import (
    Choice,
    PersonalityBot,
    UnknownBotError,
    bot_kinds,
    hints,
    make_bot,
)
from moneyboard.bots.hints import Hint
from moneyboard.bots.personality import PERSONALITIES, SAVER, describe_gain
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.financialit.actions import Place

#: Every bot kind, the search bot on a small budget (its default of 1,000 simulations a
#: decision is timed by the bench; here it only has to play legally and repeatably).
KINDS = [f"{kind}:20" if kind == "search" else kind for kind in bot_kinds()]


def play_out(game_id: str, kinds: list[str], seed: int, limit: int = 100_000) -> GameState:
    """Play a game where every seat is a bot of the given kind (at most ``limit`` decisions)."""
    game = registry.get_game(game_id)
    seats = [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]
    state = game.new_state(seats, seed)
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    while not state.terminal and state.decisions_made < limit:
        seat = min(state.to_move())
        choice = bots[seat].choose(state, seat)
        assert choice.action in state.legal_actions(seat)
        assert choice.why and "\n" not in choice.why
        state.apply(seat, choice.action)
    return state


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_plays_the_toy_game_to_the_end_with_legal_moves(kind: str) -> None:
    for seed in range(5):
        assert play_out("toy", [kind, "random", kind], seed).terminal


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_gives_the_same_game(kind: str) -> None:
    a = play_out("toy", [kind, kind], 11)
    b = play_out("toy", [kind, kind], 11)
    assert a.moves == b.moves


def snapshot(state: GameState) -> tuple[Any, ...]:
    return (state.full_view(), len(state.log), len(state.moves), state.chance.rng.getstate())


@pytest.mark.parametrize("kind", KINDS)
def test_thinking_changes_neither_the_state_nor_its_chance(kind: str) -> None:
    game = registry.get_game("toy")
    state = game.new_state([Seat("A"), Seat("B")], 5)
    state.chance.force("die", [1])
    before = snapshot(state)
    forced = state.chance.pending_forced()
    make_bot(kind, 5, 0).choose(state, min(state.to_move()))
    assert snapshot(state) == before
    assert state.chance.pending_forced() == forced


def test_unknown_kind_names_the_known_ones() -> None:
    with pytest.raises(UnknownBotError, match="saver"):
        make_bot("genius", 0, 0)


def test_bots_of_different_seats_think_differently() -> None:
    assert make_bot("random", 1, 0).rng.random() != make_bot("random", 1, 1).rng.random()  # type: ignore[attr-defined]


def test_lookahead_work_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get_game("toy")
    state = game.new_state([Seat("A"), Seat("B")], 2)
    clones = 0
    original = GameState.clone

    def counting_clone(self: GameState, with_history: bool = True) -> GameState:
        nonlocal clones
        clones += 1
        copy: GameState = original(self, with_history)
        return copy

    monkeypatch.setattr(GameState, "clone", counting_clone)
    bot = PersonalityBot(SAVER, random.Random(0), samples=10, max_evaluations=4)
    choice = bot.choose(state, 0)
    assert isinstance(choice, Choice)
    assert 0 < clones <= 4


def test_saver_keeps_more_cash_than_random_on_the_toy_game() -> None:
    # Deterministic (fixed seeds and bot sources); the margin is wide: about +2 units a game.
    saver = random_ = 0.0
    games = 80
    for seed in range(games):
        state = play_out("toy", ["saver", "random"], seed)
        saver += state.metrics(0)["cash"]
        random_ += state.metrics(1)["cash"]
    assert saver / games > random_ / games + 0.75


def rolled(die: int, seed: int = 4) -> GameState:
    """A toy game where seat 0 has rolled ``die`` and may only keep it or gamble."""
    game = registry.get_game("toy")
    state = game.new_state([Seat("A"), Seat("B")], seed, forced={"die": [die]})
    state.borrowed[0] = True  # type: ignore[attr-defined]
    return state


def test_why_names_the_deciding_metric() -> None:
    assert describe_gain("cash", 3) == "keeps 3 units more in cash"
    assert describe_gain("cash", 420, "${:,.0f}".format) == "keeps $420 more in cash"
    assert describe_gain("wellbeing", -1.5) == "wellbeing about −2"
    assert describe_gain("wellbeing", 2, name="Happiness") == "Happiness +2"
    assert describe_gain("income", 2) == "leaves income 2 units higher"
    # A six in hand is worth more than a paid re-roll (at most 5 on average): the saver keeps
    # it and says by how much cash, compared with gambling.
    choice = make_bot("saver", 4, 0).choose(rolled(6), 0)
    assert str(choice.action) == "keep"
    assert re.fullmatch(r"keeps [\d.,]+ more in cash, compared with 'Gamble'", choice.why)


def test_the_cautious_insurer_keeps_a_sure_roll_that_the_saver_gambles_away() -> None:
    # A three kept is 3 units; a re-roll costs 1 and averages 3.5: about the same money, but
    # the re-roll swings with luck. The saver weighs only money; the insurer weighs the luck.
    saver = make_bot("saver", 4, 0).choose(rolled(3), 0)
    insurer = make_bot("insurer", 4, 0).choose(rolled(3), 0)
    assert str(saver.action) == "gamble"
    assert str(insurer.action) == "keep"
    assert insurer.why == "plays it safe: the result depends less on luck than 'Gamble'"


def test_the_risk_taker_gambles_a_four_that_the_insurer_keeps() -> None:
    taker = make_bot("risk-taker", 4, 0).choose(rolled(4), 0)
    insurer = make_bot("insurer", 4, 0).choose(rolled(4), 0)
    assert (str(taker.action), str(insurer.action)) == ("gamble", "keep")
    assert taker.why == (
        "takes the chance: the result swings more with luck than with 'Keep', "
        "so it could turn out better"
    )


def test_a_game_hint_can_decide_and_is_given_as_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    hint = Hint("gamble", 5.0, "this household loves a second roll")
    monkeypatch.setitem(hints.HINTS, "toy", {"saver": (hint,)})
    choice = make_bot("saver", 4, 0).choose(rolled(6), 0)
    assert str(choice.action) == "gamble"
    assert choice.why == "chose 'Gamble' because this household loves a second roll"


def test_hints_match_an_action_by_the_start_of_its_text() -> None:
    hint = Hint("place insurance", 1.0, "")
    assert hint.matches(Place("insurance"))
    assert not hint.matches(Place("insurance_broker"))
    assert not hint.matches(Place("market"))


def test_the_personalities_are_different_households() -> None:
    kinds = {"saver", "spender", "investor", "insurer", "risk-taker"}
    assert kinds <= set(bot_kinds())
    weights = [(*tuple(sorted(p.weights.items())), p.risk) for p in PERSONALITIES]
    assert len(set(weights)) == len(weights)


def real_games() -> list[str]:
    return [g for g in registry.game_ids() if g != "toy"]


@pytest.mark.parametrize("game_id", real_games())
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_makes_legal_moves_in_every_game(game_id: str, kind: str) -> None:
    game = registry.get_game(game_id)
    kinds = [kind, *["random"] * (game.min_players - 1)]
    state = play_out(game_id, kinds, seed=3, limit=120)
    assert state.terminal or state.decisions_made == 120


def test_saver_ends_with_more_cash_than_random_bots_in_financialit() -> None:
    # Deterministic (fixed seeds); savers end several times richer in cash than random
    # players (about 16 units against 3 over these seeds), so the margin is wide.
    games = 6
    saver = others = 0.0
    for seed in range(games):
        state = play_out("financialit", ["saver", "random", "random"], seed, limit=20_000)
        assert state.terminal
        saver += state.metrics(0)["cash"]
        others += (state.metrics(1)["cash"] + state.metrics(2)["cash"]) / 2
    assert saver / games > 2 * (others / games) + 2


def test_a_bot_does_not_repeat_a_move_forever() -> None:
    # Borrowing in the toy game is allowed once; a game that allowed it without end would
    # let a bot that likes cash borrow forever. The streak guard stops that generically.
    game = registry.get_game("toy")
    state = game.new_state([Seat("A"), Seat("B")], 1)
    bot = make_bot("saver", 1, 0)
    assert isinstance(bot, PersonalityBot)
    seat = min(state.to_move())
    chosen = []
    for _ in range(40):
        state.borrowed[seat] = False  # type: ignore[attr-defined]
        action = bot.choose(state, seat).action
        chosen.append(str(action))
        if str(action) != "borrow":
            break
        state.apply(seat, action)
    assert chosen[-1] != "borrow"
    assert len(chosen) < 20
